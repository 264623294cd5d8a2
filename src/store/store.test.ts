// One suite for every Store backend: the same assertions run on SQLite and, when configured, PostgreSQL.
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { v7 } from 'uuid';
import type { ApiKey, Session, User } from '../domain/accounts.js';
import type { UsageRecord } from '../domain/usage.js';
import { AppError } from '../errors.js';
import { postgresSkipReason, testBackends } from '../test-support/test-stores.js';
import type { Store } from './store.js';
import { migrations } from './migrations/index.js';

const backends = testBackends();

const T0 = Date.parse('2026-11-22T00:00:00.000Z');
const at = (seconds: number): string => new Date(T0 + seconds * 1000).toISOString();

const user = (over: Partial<User> = {}): User => ({
  id: v7(),
  email: `${v7()}@example.com`,
  passwordHash: 'scrypt$abc',
  isAdmin: false,
  createdAt: at(0),
  rateLimitPerMinute: null,
  ...over,
});

const session = (userId: string, over: Partial<Session> = {}): Session => ({
  id: v7(),
  userId,
  tokenHash: `tok-${v7()}`,
  createdAt: at(0),
  expiresAt: at(3600),
  revokedAt: null,
  ...over,
});

const apiKey = (userId: string, over: Partial<ApiKey> = {}): ApiKey => ({
  id: v7(),
  userId,
  name: 'default',
  prefix: 'sk_abc',
  keyHash: `hash-${v7()}`,
  rateLimitPerMinute: null,
  createdAt: at(0),
  lastUsedAt: null,
  revokedAt: null,
  ...over,
});

const usage = (over: Partial<UsageRecord> = {}): UsageRecord => ({
  id: v7(),
  createdAt: at(0),
  userId: null,
  apiKeyId: null,
  requestId: `req-${v7()}`,
  method: 'POST',
  endpoint: '/api/v2/screen',
  searchType: 'individual',
  request: '{"name":"John Smith"}',
  response: '{"matches":[]}',
  status: 200,
  durationMs: 12,
  additionalCallInfo: null,
  outcome: null,
  subject: null,
  ...over,
});

// Page through a user's history with the `before` cursor until a short page.
async function walk(store: Store, userId: string, limit: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let pages = 0;
  let before: string | undefined;
  for (;;) {
    const page = await store.listUsage({ userId, limit, ...(before === undefined ? {} : { before }) });
    pages += 1;
    ids.push(...page.map((r) => r.id));
    if (page.length < limit) return { ids, pages };
    before = page[page.length - 1]?.id;
  }
}

if (!backends.some((b) => b.name === 'postgres')) {
  describe.skip(postgresSkipReason, () => {
    it('runs the store suite on PostgreSQL', () => {});
  });
}

for (const backend of backends) {
  describe(`${backend.name} store`, () => {
    let store: Store;

    beforeEach(async () => {
      store = await backend.open();
    });

    afterEach(async () => {
      await store.close();
    });

    it('reports its dialect and answers ping', async () => {
      expect(store.dialect).toBe(backend.name);
      await expect(store.ping()).resolves.toBeUndefined();
    });

    describe('migrations', () => {
      it('applies every migration once, then nothing', async () => {
        const fresh = await backend.openUnmigrated();
        try {
          expect(await fresh.migrate()).toEqual(Object.keys(migrations).sort());
          expect(Object.keys(migrations)[0]).toBe('0001-accounts-and-usage');
          expect(await fresh.migrate()).toEqual([]);
          expect(await fresh.countUsers()).toBe(0);
        } finally {
          await fresh.close();
        }
      });

      it('finds nothing to apply on a store open() already migrated', async () => {
        expect(await store.migrate()).toEqual([]);
      });
    });

    describe('users', () => {
      it('inserts and finds by email and by id', async () => {
        const u = user({ email: 'ada@example.com', isAdmin: true, createdAt: '2026-11-22T10:11:12.345Z' });
        await store.insertUser(u);
        expect(await store.findUserByEmail('ada@example.com')).toEqual(u);
        expect(await store.findUserById(u.id)).toEqual(u);
        expect(await store.findUserByEmail('nobody@example.com')).toBeNull();
        expect(await store.findUserById(v7())).toBeNull();
      });

      it('rejects a duplicate email as a conflict and keeps the first user', async () => {
        const first = user({ email: 'dup@example.com' });
        await store.insertUser(first);
        const err: unknown = await store
          .insertUser(user({ email: 'dup@example.com' }))
          .catch((e: unknown) => e);
        expect(err).toBeInstanceOf(AppError);
        expect((err as AppError).code).toBe('conflict');
        expect(await store.countUsers()).toBe(1);
        expect(await store.findUserByEmail('dup@example.com')).toEqual(first);
      });

      it('counts users and toggles admin', async () => {
        expect(await store.countUsers()).toBe(0);
        const a = user();
        await store.insertUser(a);
        await store.insertUser(user());
        expect(await store.countUsers()).toBe(2);
        await store.setUserAdmin(a.id, true);
        expect((await store.findUserById(a.id))?.isAdmin).toBe(true);
        await store.setUserAdmin(a.id, false);
        expect((await store.findUserById(a.id))?.isAdmin).toBe(false);
      });
    });

    describe('sessions', () => {
      it('finds by token hash with the owner admin flag, expired ones included', async () => {
        const u = user();
        await store.insertUser(u);
        const s = session(u.id, { expiresAt: '2000-01-01T00:00:00.000Z' });
        await store.insertSession(s);
        expect(await store.findSessionByTokenHash(s.tokenHash)).toEqual({
          ...s,
          ownerIsAdmin: false,
          ownerRateLimitPerMinute: null,
        });
        await store.setUserAdmin(u.id, true);
        await store.setUserRateLimit(u.id, 600);
        expect(await store.findSessionByTokenHash(s.tokenHash)).toMatchObject({
          ownerIsAdmin: true,
          ownerRateLimitPerMinute: 600,
        });
        expect((await store.findUserById(u.id))?.rateLimitPerMinute).toBe(600);
        await store.setUserRateLimit(u.id, null);
        expect((await store.findUserById(u.id))?.rateLimitPerMinute).toBeNull();
        expect(await store.findSessionByTokenHash('unknown')).toBeNull();
      });

      it('revokes once and keeps the first revocation time', async () => {
        const u = user();
        await store.insertUser(u);
        const s = session(u.id);
        await store.insertSession(s);
        await store.revokeSession(s.id, at(10));
        expect((await store.findSessionByTokenHash(s.tokenHash))?.revokedAt).toBe(at(10));
        await store.revokeSession(s.id, at(20));
        expect((await store.findSessionByTokenHash(s.tokenHash))?.revokedAt).toBe(at(10));
      });

      it('rejects a duplicate token hash and a session for an unknown user', async () => {
        const u = user();
        await store.insertUser(u);
        const s = session(u.id);
        await store.insertSession(s);
        await expect(store.insertSession(session(u.id, { tokenHash: s.tokenHash }))).rejects.toThrow();
        await expect(store.insertSession(session(v7()))).rejects.toThrow();
      });
    });

    describe('api keys', () => {
      let alice: User;
      let bob: User;

      beforeEach(async () => {
        alice = user({ email: 'alice@example.com', isAdmin: true });
        bob = user({ email: 'bob@example.com' });
        await store.insertUser(alice);
        await store.insertUser(bob);
      });

      it('finds by hash with the owner admin flag, and by id', async () => {
        const k = apiKey(alice.id, { name: 'ci', prefix: 'sk_live_12', rateLimitPerMinute: 120 });
        const other = apiKey(bob.id);
        await store.insertApiKey(k);
        await store.insertApiKey(other);
        await store.setUserRateLimit(bob.id, 90);
        expect(await store.findApiKeyByHash(k.keyHash)).toEqual({
          ...k,
          ownerIsAdmin: true,
          ownerRateLimitPerMinute: null,
        });
        expect(await store.findApiKeyByHash(other.keyHash)).toEqual({
          ...other,
          ownerIsAdmin: false,
          ownerRateLimitPerMinute: 90,
        });
        expect(await store.findApiKeyById(k.id)).toEqual(k);
        expect(await store.findApiKeyByHash('unknown')).toBeNull();
        expect(await store.findApiKeyById(v7())).toBeNull();
      });

      it('rejects a duplicate key hash', async () => {
        const k = apiKey(alice.id);
        await store.insertApiKey(k);
        await expect(store.insertApiKey(apiKey(bob.id, { keyHash: k.keyHash }))).rejects.toThrow();
      });

      it("lists only the user's keys, oldest first", async () => {
        const k1 = apiKey(alice.id, { name: 'one', createdAt: at(1) });
        const k2 = apiKey(alice.id, { name: 'two', createdAt: at(2) });
        await store.insertApiKey(k2);
        await store.insertApiKey(k1);
        await store.insertApiKey(apiKey(bob.id));
        expect(await store.listApiKeys(alice.id)).toEqual([k1, k2]);
        expect(await store.listApiKeys(v7())).toEqual([]);
      });

      it('revokes only a live key of its owner, once', async () => {
        const k = apiKey(alice.id);
        await store.insertApiKey(k);
        expect(await store.revokeApiKey(k.id, bob.id, at(5))).toBe(false);
        expect((await store.findApiKeyById(k.id))?.revokedAt).toBeNull();
        expect(await store.revokeApiKey(k.id, alice.id, at(6))).toBe(true);
        expect(await store.revokeApiKey(k.id, alice.id, at(7))).toBe(false);
        expect(await store.revokeApiKey(v7(), alice.id, at(8))).toBe(false);
        // Revoked keys are still found, so authentication can say why they fail.
        expect(await store.findApiKeyByHash(k.keyHash)).toEqual({
          ...k,
          revokedAt: at(6),
          ownerIsAdmin: true,
          ownerRateLimitPerMinute: null,
        });
      });

      it('touches last used times and never moves them backwards', async () => {
        const k1 = apiKey(alice.id);
        const k2 = apiKey(bob.id);
        const k3 = apiKey(bob.id);
        await store.insertApiKey(k1);
        await store.insertApiKey(k2);
        await store.insertApiKey(k3);
        await store.touchApiKeys(
          new Map([
            [k1.id, at(100)],
            [k2.id, at(200)],
            [v7(), at(300)],
          ]),
        );
        expect((await store.findApiKeyById(k1.id))?.lastUsedAt).toBe(at(100));
        expect((await store.findApiKeyById(k2.id))?.lastUsedAt).toBe(at(200));
        expect((await store.findApiKeyById(k3.id))?.lastUsedAt).toBeNull();
        await store.touchApiKeys(
          new Map([
            [k1.id, at(150)],
            [k2.id, at(50)],
          ]),
        );
        expect((await store.findApiKeyById(k1.id))?.lastUsedAt).toBe(at(150));
        expect((await store.findApiKeyById(k2.id))?.lastUsedAt).toBe(at(200));
        await store.touchApiKeys(new Map());
      });
    });

    describe('usage', () => {
      const alice = v7();
      const bob = v7();

      it('inserts one record and finds it field for field', async () => {
        const r = usage({ userId: alice, apiKeyId: v7(), status: 201, durationMs: 987, createdAt: at(42) });
        await store.insertUsage([r]);
        expect(await store.findUsage(r.id)).toEqual(r);
        expect(await store.findUsage(v7())).toBeNull();
        expect(await store.countUsage()).toBe(1);
        await store.insertUsage([]);
        expect(await store.countUsage()).toBe(1);
      });

      it('inserts 5,000 records and pages through all of them newest first without gaps', async () => {
        const records = Array.from({ length: 5000 }, (_, i) => usage({ userId: alice, createdAt: at(i) }));
        await store.insertUsage(records);
        expect(await store.countUsage()).toBe(5000);
        const newestFirst = records.map((r) => r.id).reverse();
        const { ids, pages } = await walk(store, alice, 700);
        expect(pages).toBe(8);
        expect(ids).toEqual(newestFirst);
        expect(new Set(ids).size).toBe(5000);
        const firstPage = await store.listUsage({ userId: alice, limit: 3 });
        expect(firstPage).toEqual([records[4999], records[4998], records[4997]]);
      });

      it('inserts nothing when a batch holds a duplicate id', async () => {
        const existing = [usage({ userId: alice }), usage({ userId: alice })];
        await store.insertUsage(existing);
        const small = [usage(), existing[0]!, usage()];
        await expect(store.insertUsage(small)).rejects.toThrow();
        expect(await store.countUsage()).toBe(2);
        // Large enough to need several statements: the duplicate sits in the last one.
        const large = Array.from({ length: 6000 }, () => usage({ userId: alice }));
        await expect(store.insertUsage([...large, existing[1]!])).rejects.toThrow();
        expect(await store.countUsage()).toBe(2);
        expect(await store.findUsage(large[0]!.id)).toBeNull();
        const within = usage();
        await expect(store.insertUsage([within, usage(), within])).rejects.toThrow();
        expect(await store.countUsage()).toBe(2);
      });

      it('filters by endpoint, time window, status and cursor', async () => {
        const rows = [
          usage({ userId: alice, createdAt: at(0), endpoint: '/api/v2/screen', status: 200 }),
          usage({ userId: alice, createdAt: at(10), endpoint: '/api/v2/wallet', status: 200 }),
          usage({ userId: alice, createdAt: at(20), endpoint: '/api/v2/screen', status: 400 }),
          usage({ userId: alice, createdAt: at(30), endpoint: '/api/v2/wallet', status: 429 }),
          usage({ userId: alice, createdAt: at(40), endpoint: '/api/v2/screen', status: 200 }),
        ];
        await store.insertUsage(rows);
        const ids = async (q: Omit<Parameters<Store['listUsage']>[0], 'userId' | 'limit'>, limit = 50) =>
          (await store.listUsage({ userId: alice, limit, ...q })).map((r) =>
            rows.findIndex((x) => x.id === r.id),
          );

        expect(await ids({})).toEqual([4, 3, 2, 1, 0]);
        expect(await ids({ endpoint: '/api/v2/screen' })).toEqual([4, 2, 0]);
        expect(await ids({ endpoint: '/api/v2/nothing' })).toEqual([]);
        expect(await ids({ excludeEndpoints: ['/api/v2/screen'] })).toEqual([3, 1]);
        expect(await ids({ excludeEndpoints: [] })).toEqual([4, 3, 2, 1, 0]);
        expect(await ids({ endpoints: ['/api/v2/wallet'] })).toEqual([3, 1]);
        expect(await ids({ endpoints: ['/api/v2/wallet', '/api/v2/screen'], status: 200 })).toEqual([
          4, 1, 0,
        ]);
        expect(await ids({ endpoints: [] })).toEqual([]);
        expect(await ids({ from: at(10) })).toEqual([4, 3, 2, 1]);
        expect(await ids({ to: at(30) })).toEqual([2, 1, 0]);
        expect(await ids({ from: at(10), to: at(40) })).toEqual([3, 2, 1]);
        expect(await ids({ status: 200 })).toEqual([4, 1, 0]);
        expect(await ids({ before: rows[3]!.id })).toEqual([2, 1, 0]);
        expect(await ids({ endpoint: '/api/v2/wallet', status: 200 })).toEqual([1]);
        expect(await ids({ endpoint: '/api/v2/screen', before: rows[4]!.id }, 1)).toEqual([2]);
        expect(await ids({}, 2)).toEqual([4, 3]);
        expect(await ids({}, 0)).toEqual([]);
      });

      it("lists only the caller's records; ownerless records belong to nobody", async () => {
        const a = usage({ userId: alice });
        const b1 = usage({ userId: bob });
        const anon = usage({ userId: null, status: 401 });
        const b2 = usage({ userId: bob });
        await store.insertUsage([a, b1, anon, b2]);
        expect(await store.listUsage({ userId: alice, limit: 10 })).toEqual([a]);
        expect(await store.listUsage({ userId: bob, limit: 10 })).toEqual([b2, b1]);
        expect(await store.listUsage({ userId: v7(), limit: 10 })).toEqual([]);
        expect(await store.findUsage(anon.id)).toEqual(anon);
        expect(await store.countUsage()).toBe(4);
      });

      it('round-trips JSON text exactly, unicode and spaced keys included', async () => {
        const request =
          '{"names": "Владимир Путин, 習近平, Muʿammar al-Qadhdhāfī", "search_type" : "individual"}';
        const response =
          '{"search results":[{"search_term":"Ñoño 🚀","search results":[{"name":"O\'Brien \\"Jr\\"","score":0.97}]}],' +
          '"api_usage_id":"x","nested":{"line\\nbreak":"tab\\there","\\u0000":null}}';
        const info = '{ "customer ref" : "ACME-42", "note": "naïve café ☕" }';
        const r = usage({ userId: alice, request, response, additionalCallInfo: info });
        await store.insertUsage([r]);
        const found = await store.findUsage(r.id);
        expect(found?.request).toBe(request);
        expect(found?.response).toBe(response);
        expect(found?.additionalCallInfo).toBe(info);
        expect(JSON.parse(found?.response ?? 'null')).toEqual(JSON.parse(response));
        expect((await store.listUsage({ userId: alice, limit: 1 }))[0]).toEqual(r);
      });

      it('keeps what a screening call found and screened', async () => {
        const found = usage({
          userId: alice,
          outcome: { kind: 'matches', count: 3 },
          subject: { text: 'Владимир Путин', count: 12 },
        });
        const failed = usage({ userId: alice, status: 503, outcome: { kind: 'error', count: null } });
        await store.insertUsage([found, failed]);
        expect(await store.findUsage(found.id)).toEqual(found);
        expect(await store.findUsage(failed.id)).toEqual(failed);
        expect(await store.listUsage({ userId: alice, limit: 2 })).toEqual([failed, found]);
      });

      it('keeps nulls as nulls', async () => {
        const r = usage({
          userId: null,
          apiKeyId: null,
          searchType: null,
          request: null,
          response: null,
          additionalCallInfo: null,
          status: 400,
          durationMs: 0,
        });
        await store.insertUsage([r]);
        const found = await store.findUsage(r.id);
        expect(found).toEqual(r);
        expect(found?.request).toBeNull();
        expect(found?.searchType).toBeNull();
        expect(found?.durationMs).toBe(0);
      });
    });
  });
}
