// Every metered call writes its usage record before the response leaves, errors included; on SQLite and PostgreSQL.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Service } from '../main.js';
import type { Store } from '../store/store.js';
import { signedUpUser, testService } from '../test-support/test-service.js';
import { testBackends } from '../test-support/test-stores.js';

for (const backend of testBackends()) {
  describe(`usage records (${backend.name})`, () => {
    let service: Service;
    let store: Store;
    let creds: Awaited<ReturnType<typeof signedUpUser>>;

    beforeEach(async () => {
      store = await backend.open();
      service = await testService(store);
      creds = await signedUpUser(service, undefined, { keyLimit: 2 });
    });
    afterEach(() => service.close());

    const post = (
      url: string,
      payload: unknown,
      headers: Record<string, string> = { 'x-api-key': creds.key },
    ) => service.app.inject({ method: 'POST', url, headers, payload: payload as object });

    it('a success (200) is recorded with request, response, caller and call info', async () => {
      const res = await service.app.inject({ url: '/api/v2/lists', headers: { 'x-api-key': creds.key } });
      expect(res.statusCode).toBe(200);
      const id = res.json().api_usage_id as string;
      const rec = await store.findUsage(id);
      expect(rec).not.toBeNull();
      expect(rec!.status).toBe(200);
      expect(rec!.userId).toBe(creds.userId);
      expect(rec!.apiKeyId).toBe(creds.keyId);
      expect(rec!.endpoint).toBe('/api/v2/lists');
      expect(JSON.parse(rec!.response!)).toEqual(res.json());
      expect(rec!.durationMs).toBeGreaterThan(0);
    });

    it('a 400 is recorded with the body sent and additional_call_info', async () => {
      const res = await post('/api/v2/search', {
        prompt: 'x',
        search_type: 'nope',
        additional_call_info: { ticket: 'KYC-42', 'customer ref': 'ü-1' },
      });
      expect(res.statusCode).toBe(400);
      const rec = await store.findUsage(res.json().api_usage_id);
      expect(rec!.status).toBe(400);
      expect(rec!.searchType).toBe('nope');
      expect(JSON.parse(rec!.request!)).toMatchObject({ prompt: 'x', search_type: 'nope' });
      expect(JSON.parse(rec!.additionalCallInfo!)).toEqual({ ticket: 'KYC-42', 'customer ref': 'ü-1' });
      expect(JSON.parse(rec!.response!).error).toMatch(/search_type must be one of/);
    });

    it('a 401 with an unknown key is recorded without an owner', async () => {
      const res = await post('/api/v2/search', { prompt: 'x' }, { 'x-api-key': 'sk_unknown' });
      expect(res.statusCode).toBe(401);
      const rec = await store.findUsage(res.json().api_usage_id);
      expect(rec).toMatchObject({ status: 401, userId: null, apiKeyId: null, endpoint: '/api/v2/search' });
    });

    it('a 429 is recorded against the key', async () => {
      await post('/api/v2/search', { prompt: 'a' });
      await post('/api/v2/search', { prompt: 'b' });
      const res = await post('/api/v2/search', { prompt: 'c' });
      expect(res.statusCode).toBe(429);
      const rec = await store.findUsage(res.json().api_usage_id);
      expect(rec).toMatchObject({ status: 429, apiKeyId: creds.keyId, userId: creds.userId });
    });

    it('a 500 is recorded and the body reveals no internals', async () => {
      service.app.log.level = 'silent';
      // An internal component failing unexpectedly: the wallet index throws.
      service.wallets.missing = [];
      service.wallets.lookupIndex = {
        lookup() {
          throw new Error('disk on fire at /var/secret/path');
        },
      };
      const res = await post('/api/v2/wallet-search', { address: '0xabc' });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toMatch(/disk|secret|stack/);
      expect(res.json().error).toMatch(/internal error/);
      const rec = await store.findUsage(res.json().api_usage_id);
      expect(rec).toMatchObject({ status: 500, apiKeyId: creds.keyId });
    });

    it('a 503 (lists not loaded) is recorded', async () => {
      const res = await post('/api/v2/bulk-search', { names: 'a, b' });
      expect(res.statusCode).toBe(503);
      expect((await store.findUsage(res.json().api_usage_id))!.status).toBe(503);
    });

    it('entry details is not metered; v1 is metered but has no api_usage_id', async () => {
      const before = await store.countUsage();
      const entry = await post('/api/entry-details', { name: 'x' });
      expect(entry.json().api_usage_id).toBeUndefined();
      expect(await store.countUsage()).toBe(before);
      const v1 = await post('/api/v1/search', { prompt: 'x' });
      expect(v1.json().api_usage_id).toBeUndefined();
      expect(await store.countUsage()).toBe(before + 1);
    });

    it('when the record cannot be written the call fails with 500 instead of answering unrecorded', async () => {
      service.app.log.level = 'silent';
      const original = store.insertUsage.bind(store);
      store.insertUsage = async () => {
        throw new Error('database is down');
      };
      const res = await service.app.inject({ url: '/api/v2/lists', headers: { 'x-api-key': creds.key } });
      store.insertUsage = original;
      expect(res.statusCode).toBe(500);
      expect(res.json().lists).toBeUndefined();
      expect(res.json().error).toMatch(/could not be recorded/);
    });
  });
}
