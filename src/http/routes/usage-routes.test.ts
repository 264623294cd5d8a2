// GET /api/v2/usage: the caller's own history, newest first, cursor paging, filters by endpoint, time and status.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Service } from '../../main.js';
import { signedUpUser, testService } from '../../test-support/test-service.js';
import { testBackends } from '../../test-support/test-stores.js';

for (const backend of testBackends()) {
  describe(`usage history (${backend.name})`, () => {
    let service: Service;
    beforeEach(async () => {
      service = await testService(await backend.open());
    });
    afterEach(() => service.close());

    it('pages through the caller’s records newest first, and only theirs', async () => {
      const me = await signedUpUser(service);
      const other = await signedUpUser(service);
      const sent: string[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await service.app.inject({
          method: 'POST',
          url: i % 2 ? '/api/v2/search' : '/api/v2/bulk-search',
          headers: { 'x-api-key': me.key },
          payload: i % 2 ? { prompt: `p${i}`, additional_call_info: { n: i } } : { names: `n${i}` },
        });
        sent.push(res.json().api_usage_id);
      }
      await service.app.inject({
        method: 'POST',
        url: '/api/v2/search',
        headers: { 'x-api-key': other.key },
        payload: { prompt: 'x' },
      });

      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res: {
          statusCode: number;
          json(): { records: Array<{ id: string }>; next_cursor: string | null };
        } = await service.app.inject({
          url: `/api/v2/usage?limit=3${cursor ? `&before=${cursor}` : ''}`,
          headers: { authorization: `Bearer ${me.token}` },
        });
        expect(res.statusCode).toBe(200);
        const body: { records: Array<{ id: string }>; next_cursor: string | null } = res.json();
        expect(body.records.length).toBeLessThanOrEqual(3);
        seen.push(...body.records.map((r: { id: string }) => r.id));
        cursor = body.next_cursor;
      } while (cursor);
      expect(seen).toEqual([...sent].reverse());

      const first = await service.app.inject({
        url: '/api/v2/usage?limit=1&endpoint=/api/v2/search',
        headers: { 'x-api-key': me.key },
      });
      const rec = first.json().records[0];
      expect(rec).toMatchObject({
        endpoint: '/api/v2/search',
        method: 'POST',
        search_type: 'fuzzy_search',
        status: 503,
        additional_call_info: { n: 5 },
        // The request as validated: defaults filled in, so the record shows which search type ran.
        // additional_call_info is kept once, in its own field, not again inside the request.
        request: { prompt: 'p5', search_type: 'fuzzy_search' },
      });
      expect(rec.request.additional_call_info).toBeUndefined();
      expect(rec.response.api_usage_id).toBe(rec.id);

      // The history reads were recorded too; they show when asked for.
      const reads = await service.app.inject({
        url: '/api/v2/usage?endpoint=/api/v2/usage',
        headers: { 'x-api-key': me.key },
      });
      expect(reads.json().records.length).toBeGreaterThanOrEqual(4);
      expect(reads.json().records[0].method).toBe('GET');
    });

    it('filters by endpoint, status and time window', async () => {
      const me = await signedUpUser(service);
      const h = { 'x-api-key': me.key };
      await service.app.inject({
        method: 'POST',
        url: '/api/v2/search',
        headers: h,
        payload: { prompt: 'a' },
      });
      await service.app.inject({ method: 'POST', url: '/api/v2/search', headers: h, payload: { prompt: 1 } });
      await service.app.inject({
        method: 'POST',
        url: '/api/v2/bulk-search',
        headers: h,
        payload: { names: 'a' },
      });
      const get = async (q: string) =>
        (await service.app.inject({ url: `/api/v2/usage?${q}`, headers: h })).json().records as Array<{
          endpoint: string;
          status: number;
        }>;
      expect((await get('endpoint=/api/v2/search')).map((r) => r.status)).toEqual([400, 503]);
      expect((await get('status=400')).length).toBe(1);
      expect(await get('from=2000-01-01T00:00:00Z&to=2000-01-02T00:00:00Z')).toEqual([]);
      const now = new Date(Date.now() + 60_000).toISOString();
      expect((await get(`from=2000-01-01T00:00:00Z&to=${now}&endpoint=/api/v2/bulk-search`)).length).toBe(1);
    });

    it('rejects bad paging input with 400', async () => {
      const me = await signedUpUser(service);
      const h = { 'x-api-key': me.key };
      for (const q of ['limit=0', 'limit=501', 'limit=abc', 'before=xyz', 'from=yesterday', 'bogus=1']) {
        const res = await service.app.inject({ url: `/api/v2/usage?${q}`, headers: h });
        expect(res.statusCode, q).toBe(400);
        expect(res.json().error.length).toBeGreaterThan(5);
      }
    });
  });
}
