// CORS only for the origins the operator lists: their calls (errors too) name them and their preflights are
// answered; any other origin, and every origin when none is listed, gets no CORS header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import type { Service } from '../main.js';
import { signedUpUser, testService } from '../test-support/test-service.js';
import { testBackends } from '../test-support/test-stores.js';
import { CORS_ALLOWED_HEADERS, CORS_ALLOWED_METHODS } from './cors.js';

const LISTED = 'https://app.example.com';
const OTHER = 'https://evil.example.net';
const corsHeaders = (h: Record<string, unknown>) =>
  Object.keys(h).filter((k) => k.startsWith('access-control-'));

describe('CORS', () => {
  let service: Service;
  let key: string;
  beforeAll(async () => {
    service = await testService(await testBackends()[0]!.open(), {
      SCREENING_CORS_ORIGINS: `${LISTED}, http://localhost:5173`,
    });
    ({ key } = await signedUpUser(service));
  });
  afterAll(async () => {
    await service.close();
  });

  it('answers a listed origin’s preflight with 204, the methods and headers, before authentication', async () => {
    const res = await service.app.inject({
      method: 'OPTIONS',
      url: '/api/v2/search',
      headers: {
        origin: LISTED,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, x-api-key',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(LISTED);
    expect(res.headers['access-control-allow-methods']).toBe(CORS_ALLOWED_METHODS);
    expect(res.headers['access-control-allow-headers']).toBe(CORS_ALLOWED_HEADERS);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('names a listed origin on its calls, errors included, and exposes the request id and limit headers', async () => {
    for (const [status, res] of [
      [
        200,
        await service.app.inject({ url: '/api/v2/lists', headers: { origin: LISTED, 'x-api-key': key } }),
      ],
      [401, await service.app.inject({ url: '/api/v2/lists', headers: { origin: LISTED } })],
      [404, await service.app.inject({ url: '/api/v2/nope', headers: { origin: LISTED } })],
    ] as const) {
      expect(res.statusCode).toBe(status);
      expect(res.headers['access-control-allow-origin']).toBe(LISTED);
      expect(String(res.headers['access-control-expose-headers'])).toMatch(/x-request-id.*retry-after/);
      expect(String(res.headers.vary)).toMatch(/Origin/);
    }
    const local = await service.app.inject({
      url: '/api/v2/lists',
      headers: { origin: 'http://localhost:5173', 'x-api-key': key },
    });
    expect(local.headers['access-control-allow-origin']).toBe('http://localhost:5173');
  });

  it('gives another origin, a near miss or a non-API path no CORS header, and its preflight a 404', async () => {
    for (const origin of [
      OTHER,
      `${LISTED}/`,
      'https://app.example.com:8443',
      'http://app.example.com',
      'null',
    ]) {
      const call = await service.app.inject({ url: '/api/v2/lists', headers: { origin, 'x-api-key': key } });
      expect(call.statusCode, origin).toBe(200);
      expect(corsHeaders(call.headers), origin).toEqual([]);
      expect(String(call.headers.vary), origin).toMatch(/Origin/);
      const pre = await service.app.inject({
        method: 'OPTIONS',
        url: '/api/v2/search',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(pre.statusCode, origin).toBe(404);
      expect(corsHeaders(pre.headers), origin).toEqual([]);
    }
    const health = await service.app.inject({ url: '/healthz', headers: { origin: LISTED } });
    expect(corsHeaders(health.headers)).toEqual([]);
  });

  it('takes only exact origins in SCREENING_CORS_ORIGINS, naming the variable', () => {
    expect(loadConfig({ SCREENING_CORS_ORIGINS: `${LISTED},${LISTED}` }).corsOrigins).toEqual([LISTED]);
    expect(loadConfig({}).corsOrigins).toEqual([]);
    for (const bad of [
      '*',
      `${LISTED}/`,
      `${LISTED}/app`,
      'app.example.com',
      'ftp://app.example.com',
      ' , ',
    ]) {
      expect(() => loadConfig({ SCREENING_CORS_ORIGINS: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ SCREENING_CORS_ORIGINS: bad }), bad).toThrow(/SCREENING_CORS_ORIGINS/);
    }
  });
});
