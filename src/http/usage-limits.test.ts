// What a hostile but fair client found: history reads that copied the history, audit rows written without limit,
// and keys that multiplied a user's budget. On SQLite and PostgreSQL.
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Service } from '../main.js';
import type { Store } from '../store/store.js';
import { signedUpUser, testService } from '../test-support/test-service.js';
import { testBackends } from '../test-support/test-stores.js';

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

for (const backend of testBackends()) {
  describe(`usage records and budgets (${backend.name})`, () => {
    let service: Service;
    let store: Store;

    const open = async (env: Record<string, string> = {}) => {
      store = await backend.open();
      service = await testService(store, env);
    };
    beforeEach(() => open());
    afterEach(() => service.close());

    const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
      service.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

    it('a history read is recorded without copying the history into it, so reads never grow', async () => {
      const { key } = await signedUpUser(service, undefined, { keyLimit: 1000 });
      const h = { 'x-api-key': key };
      for (let i = 0; i < 5; i++) await call('GET', '/api/v2/lists', h);
      const sizes: number[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await call('GET', '/api/v2/usage?endpoint=/api/v2/usage&limit=500', h);
        expect(res.statusCode).toBe(200);
        sizes.push(res.body.length);
        const rec = await store.findUsage(res.json().api_usage_id);
        const stored = JSON.parse(rec!.response!);
        expect(stored.not_stored).toMatch(/history read/);
        expect(stored.bytes).toBe(Buffer.byteLength(res.body));
        expect(stored.sha256).toBe(sha256(res.body));
      }
      // Each read adds one small record: the sixth response is a few hundred bytes longer than the fifth, not double.
      expect(sizes[5]! - sizes[4]!).toBeLessThan(1_000);
      expect(sizes[5]! - sizes[4]!).toBeCloseTo(sizes[4]! - sizes[3]!, -2);
    });

    it('stores a 4.5 MB additional_call_info once, in its own field, not again inside the request', async () => {
      const { key } = await signedUpUser(service);
      const blob = 'x'.repeat(4_500_000);
      const res = await call(
        'POST',
        '/api/v2/search',
        { 'x-api-key': key },
        {
          prompt: 'Jane Doe',
          additional_call_info: { ref: 'KYC-1', blob },
        },
      );
      const rec = await store.findUsage(res.json().api_usage_id);
      expect(JSON.parse(rec!.request!)).toEqual({ prompt: 'Jane Doe', search_type: 'fuzzy_search' });
      expect(JSON.parse(rec!.additionalCallInfo!)).toEqual({ ref: 'KYC-1', blob });
      // The history shows it once too.
      const page = await call('GET', '/api/v2/usage?limit=1', { 'x-api-key': key });
      expect(page.json().records[0].request).toEqual({ prompt: 'Jane Doe', search_type: 'fuzzy_search' });
      expect(page.json().records[0].additional_call_info.ref).toBe('KYC-1');
    });

    it('cuts bodies past SCREENING_USAGE_MAX_STORED_BYTES, keeping their size, SHA-256 and opening part', async () => {
      await service.close();
      await open({ SCREENING_USAGE_MAX_STORED_BYTES: '4096' });
      const { key } = await signedUpUser(service);
      const names = Array.from({ length: 400 }, (_, i) => `Person Number${i}`).join(', ');
      const res = await call('POST', '/api/v2/bulk-search', { 'x-api-key': key }, { names });
      const rec = await store.findUsage(res.json().api_usage_id);
      const request = JSON.parse(rec!.request!);
      const sent = JSON.stringify({ names, search_type: 'permissive_match' });
      expect(request).toMatchObject({
        truncated: true,
        bytes: Buffer.byteLength(sent),
        sha256: sha256(sent),
      });
      expect(sent.startsWith(request.head)).toBe(true);
      // A small body is kept as it is.
      const small = await call('POST', '/api/v2/search', { 'x-api-key': key }, { prompt: 'Jane' });
      expect(JSON.parse((await store.findUsage(small.json().api_usage_id))!.response!)).toEqual(small.json());
    });

    it('throttled calls are one record per burst: the rest name it, and a closing record counts them', async () => {
      const { key, keyId } = await signedUpUser(service, undefined, { keyLimit: 2 });
      const h = { 'x-api-key': key };
      for (let i = 0; i < 2; i++) expect((await call('GET', '/api/v2/lists', h)).statusCode).toBe(200);
      const before = await store.countUsage();
      const ids = new Set<string>();
      for (let i = 0; i < 50; i++) {
        const res = await call('POST', '/api/v2/search', h, { prompt: `n${i}` });
        expect(res.statusCode).toBe(429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        ids.add(res.json().api_usage_id);
      }
      expect(ids.size).toBe(1);
      expect(await store.countUsage()).toBe(before + 1);
      const first = await store.findUsage([...ids][0]!);
      expect(first).toMatchObject({ status: 429, apiKeyId: keyId, endpoint: '/api/v2/search' });
      // Closing the server closes the burst: one more record, with the count.
      await service.app.close();
      expect(await store.countUsage()).toBe(before + 2);
      const page = await store.listUsage({ userId: first!.userId!, limit: 1 });
      expect(JSON.parse(page[0]!.request!).throttled_burst).toMatchObject({
        first_record: first!.id,
        calls: 50,
      });
    });

    it('refused credentials spend a per-address budget (60 a minute by default), then 429 in one burst', async () => {
      const { key } = await signedUpUser(service);
      const before = await store.countUsage();
      for (let i = 0; i < 60; i++) {
        const res = await call('POST', '/api/v2/search', { 'x-api-key': `sk_made_up_${i}` }, { prompt: 'x' });
        expect(res.statusCode).toBe(401);
      }
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++)
        statuses.push((await call('POST', '/api/v2/search', {}, { prompt: 'x' })).statusCode);
      expect(new Set(statuses)).toEqual(new Set([429]));
      expect(await store.countUsage()).toBe(before + 61);
      // A caller with a valid key from the same address is not held up.
      expect(
        (await call('POST', '/api/v2/search', { 'x-api-key': key }, { prompt: 'x' })).statusCode,
      ).not.toBe(429);
    });

    it("a user's keys share one budget (the default, 60), which an admin can raise", async () => {
      const u = await signedUpUser(service);
      const keys = [u.key];
      for (let i = 0; i < 4; i++)
        keys.push(
          (await service.core.accounts.createApiKey({ userId: u.userId, isAdmin: false }, { name: `k${i}` }))
            .key,
        );
      let ok = 0;
      let last = null as null | Awaited<ReturnType<typeof call>>;
      for (let i = 0; i < 100; i++) {
        last = await call('GET', '/api/v2/lists', { 'x-api-key': keys[i % keys.length]! });
        if (last.statusCode === 200) ok++;
      }
      expect(ok).toBe(60);
      expect(last!.statusCode).toBe(429);
      expect(last!.json().error).toMatch(/60 requests per minute for this user's keys and sessions together/);
      // Bearer calls draw on the same user budget.
      expect((await call('GET', '/api/v2/lists', { authorization: `Bearer ${u.token}` })).statusCode).toBe(
        429,
      );
      await service.core.accounts.setUserRateLimit(u.email, 500);
      const raised = await call('GET', '/api/v2/lists', { 'x-api-key': keys[1]! });
      expect(raised.statusCode).toBe(200);
      expect(raised.headers['ratelimit-limit']).toBe('60'); // the key's own budget is now the tighter one
    });
  });
}
