// Security headers on every response (the API reference included) and the optional token on /metrics.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../main.js';
import { signedUpUser, testService } from '../test-support/test-service.js';
import { testBackends } from '../test-support/test-stores.js';

describe('security headers and the metrics token', () => {
  let open: Service;
  let guarded: Service;
  const TOKEN = 'metrics-token-0123456789';
  beforeAll(async () => {
    open = await testService(await testBackends()[0]!.open());
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

  it('every API response, errors included, is nosniff with no referrer', async () => {
    const { key } = await signedUpUser(open);
    for (const res of [
      await open.app.inject({ url: '/api/v2/lists', headers: { 'x-api-key': key } }),
      await open.app.inject({ method: 'POST', url: '/api/v2/search', payload: { prompt: 'x' } }),
      await open.app.inject({ url: '/healthz' }),
      await open.app.inject({ url: '/api/v2/nope' }),
    ]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
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
