// Security headers on every response (errors and the API reference included), no CORS by default, and the
// optional token on /metrics.
import type { FastifyPluginAsync, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../main.js';
import { signedUpUser, testService } from '../test-support/test-service.js';
import { testBackends } from '../test-support/test-stores.js';

// A route that fails unexpectedly, for the 500's headers.
const boomRoute: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/test/boom',
    { config: { access: { auth: 'none', metered: false, rateLimit: 'none' } } },
    () => {
      throw new Error('boom');
    },
  );
};

describe('security headers and the metrics token', () => {
  let open: Service;
  let guarded: Service;
  const TOKEN = 'metrics-token-0123456789';
  beforeAll(async () => {
    open = await testService(
      await testBackends()[0]!.open(),
      { SCREENING_UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE: '3' },
      undefined,
      boomRoute,
    );
    guarded = await testService(await testBackends()[0]!.open(), { SCREENING_METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await open.close();
    await guarded.close();
  });

  it('the API reference carries the dashboard protections: CSP without framing, nosniff, no referrer', async () => {
    const page = await open.app.inject({ url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-frame-options']).toBe('DENY');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).not.toMatch(/upgrade-insecure-requests|validator\.swagger\.io/);
    const doc = await open.app.inject({ url: '/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['x-content-type-options']).toBe('nosniff');
  });

  it('every API response, errors included, is nosniff with no referrer and no CORS header', async () => {
    const { key } = await signedUpUser(open);
    const wrongKey = { 'x-api-key': 'not-a-key' };
    const cases: [number, Promise<LightMyRequestResponse>][] = [
      [200, open.app.inject({ url: '/api/v2/lists', headers: { 'x-api-key': key } })],
      [
        400,
        open.app.inject({
          method: 'POST',
          url: '/api/v2/search',
          headers: { 'x-api-key': key },
          payload: {},
        }),
      ],
      [401, open.app.inject({ method: 'POST', url: '/api/v2/search', payload: { prompt: 'x' } })],
      [404, open.app.inject({ url: '/api/v2/nope' })],
      [
        413,
        open.app.inject({
          method: 'POST',
          url: '/api/v2/search',
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          payload: `{"prompt":"${'a'.repeat(6 * 1024 * 1024)}"}`,
        }),
      ],
      [
        415,
        open.app.inject({
          method: 'POST',
          url: '/api/v2/search',
          headers: { 'x-api-key': key, 'content-type': 'text/plain' },
          payload: 'x',
        }),
      ],
      [500, open.app.inject({ url: '/api/test/boom' })],
      [200, open.app.inject({ url: '/healthz' })],
      [503, open.app.inject({ url: '/readyz' })],
      [200, open.app.inject({ url: '/docs/json' })],
      // A preflight is no CORS preflight here: no route answers OPTIONS.
      [
        404,
        open.app.inject({
          method: 'OPTIONS',
          url: '/api/v2/search',
          headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' },
        }),
      ],
    ];
    // The address's budget for refused credentials is 3 a minute here: the 4th wrong key is a 429.
    for (let i = 0; i < 3; i++) await open.app.inject({ url: '/api/v2/lists', headers: wrongKey });
    cases.push([429, open.app.inject({ url: '/api/v2/lists', headers: wrongKey })]);
    for (const [status, pending] of cases) {
      const res = await pending;
      const where = `${res.raw.req.method} ${res.raw.req.url}`;
      expect(res.statusCode, where).toBe(status);
      expect(res.headers['x-content-type-options'], where).toBe('nosniff');
      expect(res.headers['referrer-policy'], where).toBe('no-referrer');
      expect(
        Object.keys(res.headers).filter((h) => h.startsWith('access-control-')),
        where,
      ).toEqual([]);
    }
  });

  it('/metrics is open by default and needs the bearer token when SCREENING_METRICS_TOKEN is set', async () => {
    expect((await open.app.inject({ url: '/metrics' })).statusCode).toBe(200);
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await guarded.app.inject({
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json().error).toMatch(/SCREENING_METRICS_TOKEN/);
    }
    const ok = await guarded.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toMatch(/http_request_duration_seconds/);
  });
});
