// The spec's auth matrix, route by route: x-api-key everywhere; bearer only on the four routes that allow it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 } from 'uuid';
import type { Service } from '../main.js';
import { hashSecret } from '../services/accounts/secrets.js';
import { signedUpUser, testService } from '../test-support/test-service.js';
import { testBackends } from '../test-support/test-stores.js';

type Route = { method: 'POST' | 'GET'; url: string; body?: unknown; bearer: boolean; v2: boolean };

const ROUTES: Route[] = [
  { method: 'POST', url: '/api/v2/search', body: { prompt: 'Jane Doe' }, bearer: false, v2: true },
  { method: 'POST', url: '/api/v2/bulk-search', body: { names: 'Jane Doe' }, bearer: true, v2: true },
  { method: 'POST', url: '/api/v2/wallet-search', body: { address: '0xabc' }, bearer: false, v2: true },
  { method: 'POST', url: '/api/v2/bulk-wallet-search', body: { addresses: '0xabc' }, bearer: true, v2: true },
  { method: 'POST', url: '/api/v2/adverse-media-search', body: { name: 'Jane Doe' }, bearer: true, v2: true },
  {
    method: 'POST',
    url: '/api/v2/adverse-media-search-raw',
    body: { name: 'Jane Doe' },
    bearer: false,
    v2: true,
  },
  { method: 'POST', url: '/api/entry-details', body: { name: 'Jane Doe' }, bearer: true, v2: false },
  { method: 'POST', url: '/api/v1/search', body: { prompt: 'Jane Doe' }, bearer: false, v2: false },
  { method: 'POST', url: '/api/v1/bulk-search', body: { names: 'Jane Doe' }, bearer: false, v2: false },
];

describe('auth matrix', () => {
  let service: Service;
  let creds: Awaited<ReturnType<typeof signedUpUser>>;
  let revokedKey: string;
  let expiredToken: string;

  beforeAll(async () => {
    service = await testService(await testBackends()[0]!.open());
    creds = await signedUpUser(service);
    const other = await service.core.accounts.createApiKey(
      { userId: creds.userId, isAdmin: false },
      { name: 'old' },
    );
    await service.core.accounts.revokeApiKey(creds.userId, other.id);
    revokedKey = other.key;
    expiredToken = 'st_expired-token-for-test';
    await service.core.store.insertSession({
      id: v7(),
      userId: creds.userId,
      tokenHash: hashSecret(expiredToken),
      createdAt: '2020-01-01T00:00:00.000Z',
      expiresAt: '2020-01-02T00:00:00.000Z',
      revokedAt: null,
    });
  });
  afterAll(() => service.close());

  const call = (r: Route, headers: Record<string, string>) =>
    service.app.inject({ method: r.method, url: r.url, headers, payload: r.body as object });

  for (const r of ROUTES) {
    describe(`${r.method} ${r.url}`, () => {
      it('refuses a call without credentials with 401 {error}', async () => {
        const res = await call(r, {});
        expect(res.statusCode).toBe(401);
        expect(typeof res.json().error).toBe('string');
        if (r.v2) expect(res.json().api_usage_id).toMatch(/^[0-9a-f-]{36}$/);
      });

      it('refuses an unknown and a revoked API key with 401', async () => {
        expect((await call(r, { 'x-api-key': 'sk_not-a-real-key' })).statusCode).toBe(401);
        expect((await call(r, { 'x-api-key': revokedKey })).statusCode).toBe(401);
      });

      it('accepts a valid API key (gets past authentication)', async () => {
        const res = await call(r, { 'x-api-key': creds.key });
        // Lists are not loaded and adverse media is not configured, so screening answers 503 (fail closed).
        expect(res.statusCode).toBe(503);
      });

      it(r.bearer ? 'accepts a valid bearer token' : 'refuses a valid bearer token with 401', async () => {
        const res = await call(r, { authorization: `Bearer ${creds.token}` });
        expect(res.statusCode).toBe(r.bearer ? 503 : 401);
        if (!r.bearer) expect(res.json().error).toMatch(/API key only/);
      });

      if (r.bearer) {
        it('refuses an expired or garbage bearer token with 401', async () => {
          expect((await call(r, { authorization: `Bearer ${expiredToken}` })).statusCode).toBe(401);
          expect((await call(r, { authorization: 'Bearer st_nonsense' })).statusCode).toBe(401);
          expect((await call(r, { authorization: 'Basic abc' })).statusCode).toBe(401);
        });
      }
    });
  }

  it('an invalid x-api-key is refused even when a valid bearer token is also sent', async () => {
    const res = await service.app.inject({
      method: 'POST',
      url: '/api/v2/bulk-search',
      headers: { 'x-api-key': 'sk_wrong', authorization: `Bearer ${creds.token}` },
      payload: { names: 'a' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('a signed-out token is refused', async () => {
    const session = await service.core.accounts.login(creds.email, 'correct horse battery');
    const out = await service.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(out.statusCode).toBe(204);
    const res = await service.app.inject({
      method: 'POST',
      url: '/api/v2/bulk-search',
      headers: { authorization: `Bearer ${session.token}` },
      payload: { names: 'a' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('usage history and the catalog take a key or a bearer token', async () => {
    for (const url of ['/api/v2/usage', '/api/v2/lists']) {
      expect((await service.app.inject({ url })).statusCode).toBe(401);
      expect((await service.app.inject({ url, headers: { 'x-api-key': creds.key } })).statusCode).toBe(200);
      expect(
        (await service.app.inject({ url, headers: { authorization: `Bearer ${creds.token}` } })).statusCode,
      ).toBe(200);
    }
  });
});
