// The auth matrix, generated from the routes the server registers: every /api/ route is checked against its own
// access declaration, and the spec's routes against the spec (x-api-key everywhere; bearer on four of them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { v7 } from 'uuid';
import type { Service } from '../main.js';
import { hashSecret } from '../services/accounts/secrets.js';
import { signedUpUser, testService } from '../test-support/test-service.js';
import { testBackends } from '../test-support/test-stores.js';
import type { DeclaredRoute } from './route-guard.js';

/** The spec's authentication section, route by route: the contract the declarations must honour. */
const SPEC: Record<string, 'key' | 'key_or_bearer'> = {
  'POST /api/v2/search': 'key',
  'POST /api/v2/bulk-search': 'key_or_bearer',
  'POST /api/v2/wallet-search': 'key',
  'POST /api/v2/bulk-wallet-search': 'key_or_bearer',
  'POST /api/v2/adverse-media-search': 'key_or_bearer',
  'POST /api/v2/adverse-media-search-raw': 'key',
  'POST /api/entry-details': 'key_or_bearer',
  'POST /api/v1/search': 'key',
  'POST /api/v1/bulk-search': 'key',
};

// The routes are read from a service built the same way as the one under test (vitest collects tests before
// beforeAll runs, so the list is built at collection time).
const declared: readonly DeclaredRoute[] = await (async () => {
  const probe = await testService(await testBackends()[0]!.open());
  const routes = probe.app.declaredRoutes.filter((r) => r.url.startsWith('/api/'));
  await probe.close();
  return routes;
})();

/** A concrete URL for a route pattern: path parameters get plausible values. */
const concrete = (url: string) => url.replace(/:slug/g, 'ofac_sdn').replace(/:(\w+)/g, () => v7());

describe('auth matrix (generated from the registered routes)', () => {
  let service: Service;
  let creds: Awaited<ReturnType<typeof signedUpUser>>;
  let revokedKey: string;
  let expiredToken: string;

  beforeAll(async () => {
    // Budgets out of the way: this file makes hundreds of calls, many with refused credentials.
    service = await testService(await testBackends()[0]!.open(), {
      SCREENING_UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE: '100000',
      SCREENING_ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000',
    });
    creds = await signedUpUser(service, undefined, { keyLimit: 100_000 });
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

  it('covers every /api/ route, the spec routes, usage and the catalog included', () => {
    const names = declared.map((r) => `${r.method} ${r.url}`);
    for (const route of [...Object.keys(SPEC), 'GET /api/v2/usage', 'GET /api/v2/lists'])
      expect(names).toContain(route);
    for (const r of declared) expect(r.access, `${r.method} ${r.url}`).not.toBeNull();
  });

  it("declares the spec's auth for the spec's routes", () => {
    for (const [route, auth] of Object.entries(SPEC)) {
      const r = declared.find((d) => `${d.method} ${d.url}` === route);
      expect(r?.access?.auth, route).toBe(auth);
    }
  });

  const call = (r: DeclaredRoute, headers: Record<string, string>) =>
    service.app.inject({
      method: r.method as 'GET' | 'POST' | 'DELETE',
      url: concrete(r.url),
      headers,
      ...(r.method === 'POST' ? { payload: {} } : {}),
    });

  for (const r of declared) {
    const auth = r.access!.auth;
    const name = `${r.method} ${r.url}`;
    const takesKey = auth === 'key' || auth === 'key_or_bearer';
    const takesBearer = auth === 'bearer' || auth === 'key_or_bearer';
    if (auth === 'none') {
      it(`${name} is open: no credentials are asked for`, async () => {
        expect((await call(r, {})).statusCode).not.toBe(401);
      });
      continue;
    }
    describe(`${name} (${auth})`, () => {
      it('refuses a call without credentials with 401 {error}', async () => {
        const res = await call(r, {});
        expect(res.statusCode).toBe(401);
        expect(typeof res.json().error).toBe('string');
        if (r.url.startsWith('/api/v2/') && r.access!.metered)
          expect(res.json().api_usage_id).toMatch(/^[0-9a-f-]{36}$/);
      });

      if (takesKey) {
        it('refuses an unknown and a revoked API key with 401, accepts a valid one', async () => {
          expect((await call(r, { 'x-api-key': 'sk_not-a-real-key' })).statusCode).toBe(401);
          expect((await call(r, { 'x-api-key': revokedKey })).statusCode).toBe(401);
          expect((await call(r, { 'x-api-key': creds.key })).statusCode).not.toBe(401);
        });
      } else {
        it('refuses an API key: bearer tokens only', async () => {
          expect((await call(r, { 'x-api-key': creds.key })).statusCode).toBe(401);
        });
      }

      if (takesBearer) {
        it('accepts a valid bearer token and refuses an expired, garbage or non-bearer one', async () => {
          // A fresh session per route: one of them is logout, which ends the session it is called with.
          const { token } = await service.core.accounts.login(creds.email, 'correct horse battery');
          expect((await call(r, { authorization: `Bearer ${token}` })).statusCode).not.toBe(401);
          expect((await call(r, { authorization: `Bearer ${expiredToken}` })).statusCode).toBe(401);
          expect((await call(r, { authorization: 'Bearer st_nonsense' })).statusCode).toBe(401);
          expect((await call(r, { authorization: 'Basic abc' })).statusCode).toBe(401);
        });
      } else {
        it('refuses a valid bearer token with 401 that says API key only', async () => {
          const res = await call(r, { authorization: `Bearer ${creds.token}` });
          expect(res.statusCode).toBe(401);
          expect(res.json().error).toMatch(/API key only/);
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

  it('the screening routes fail closed once past authentication (lists not loaded: 503)', async () => {
    for (const [route] of Object.entries(SPEC)) {
      const [method, url] = route.split(' ') as ['POST', string];
      const body = url.includes('wallet')
        ? { address: '0xabc', addresses: '0xabc' }
        : url.includes('adverse') || url.includes('entry')
          ? { name: 'Jane Doe' }
          : url.includes('bulk')
            ? { names: 'Jane Doe' }
            : { prompt: 'Jane Doe' };
      const payload = Object.fromEntries(
        Object.entries(body).filter(([k]) =>
          url.includes('bulk-wallet') ? k === 'addresses' : k !== 'addresses',
        ),
      );
      const res = await service.app.inject({ method, url, headers: { 'x-api-key': creds.key }, payload });
      expect(res.statusCode, route).toBe(503);
    }
  });
});

describe('a route without an access declaration', () => {
  it('stops the server from starting, naming the route', async () => {
    const store = await testBackends()[0]!.open();
    try {
      await expect(
        testService(store, {}, undefined, async (app) => {
          app.get('/api/v2/forgotten', async () => ({ secret: true }));
        }),
      ).rejects.toThrow(/route GET \/api\/v2\/forgotten has no access declaration/);
    } finally {
      await store.close();
    }
  });

  it('is allowed outside /api/ (pages, health), where nothing is screened or recorded', async () => {
    const service = await testService(await testBackends()[0]!.open(), {}, undefined, async (app) => {
      app.get('/hello', async () => ({ hello: true }));
    });
    try {
      expect((await service.app.inject({ url: '/hello' })).json()).toEqual({ hello: true });
    } finally {
      await service.close();
    }
  });
});
