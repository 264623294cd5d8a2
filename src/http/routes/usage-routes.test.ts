// GET /api/v2/usage: the caller's own history, newest first, cursor paging, filters by endpoint, time and status.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Service } from '../../main.js';
import { signedUpUser, testService } from '../../test-support/test-service.js';
import { testSource } from '../../test-support/test-source.js';
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

    it('kind=screening keeps catalog and history reads out; failed screenings are errors with their subject', async () => {
      const me = await signedUpUser(service);
      const h = { 'x-api-key': me.key };
      await service.app.inject({ url: '/api/v2/lists', headers: h });
      // No list has loaded here: screening answers 503.
      await service.app.inject({
        method: 'POST',
        url: '/api/v2/bulk-search',
        headers: h,
        payload: { names: 'Jane Doe, John Roe' },
      });
      await service.app.inject({ url: '/api/v2/lists', headers: h });
      const res = await service.app.inject({ url: '/api/v2/usage?kind=screening', headers: h });
      expect(res.statusCode).toBe(200);
      expect(res.json().records).toEqual([
        expect.objectContaining({
          endpoint: '/api/v2/bulk-search',
          status: 503,
          outcome: { kind: 'error', count: null },
          subject: { text: 'Jane Doe', count: 2 },
        }),
      ]);
      // Without it, the catalog reads show, with no outcome.
      const all = (await service.app.inject({ url: '/api/v2/usage', headers: h })).json().records;
      expect(all.map((r: { endpoint: string }) => r.endpoint)).toEqual([
        '/api/v2/lists',
        '/api/v2/bulk-search',
        '/api/v2/lists',
      ]);
      expect(all[0]).toMatchObject({ outcome: null, subject: null });
      const bad = await service.app.inject({ url: '/api/v2/usage?kind=catalog', headers: h });
      expect(bad.statusCode).toBe(400);
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

describe('usage history outcomes on loaded lists', () => {
  let service: Service;
  let dir: string;
  let key: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'usage-outcome-'));
    fs.mkdirSync(path.join(dir, 'test_list'));
    fs.writeFileSync(
      path.join(dir, 'test_list', 'names.txt'),
      ['uid|name|aliases', '1|Rustam KARIMOV|', '2|Rustam KARIMOVA|'].join('\n'),
    );
    service = await testService(await testBackends()[0]!.open(), { LISTS_DIR: dir }, [testSource()]);
    await service.listService.idle();
    key = (await signedUpUser(service)).key;
  });
  afterAll(async () => {
    await service.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const screen = async (url: string, payload: object) => {
    const res = await service.app.inject({ method: 'POST', url, headers: { 'x-api-key': key }, payload });
    const history = await service.app.inject({ url: '/api/v2/usage?limit=1', headers: { 'x-api-key': key } });
    const [record] = history.json().records;
    expect(record.id).toBe(res.json().api_usage_id);
    return { record: record as { outcome: unknown; subject: unknown }, body: res.json() };
  };
  const matchRows = (body: { results: Array<{ row_type: string }> }) =>
    body.results.filter((r) => r.row_type === 'match').length;

  it('says what each screening found: matches, clear, not screened, never a not-screened name as clear', async () => {
    const hit = await screen('/api/v2/search', { prompt: 'Rustam Karimov' });
    expect(hit.body['search results'].length).toBeGreaterThan(0);
    expect(hit.record).toMatchObject({
      outcome: { kind: 'matches', count: hit.body['search results'].length },
      subject: { text: 'Rustam Karimov', count: 1 },
    });
    expect((await screen('/api/v2/search', { prompt: 'Jane Nobody' })).record).toMatchObject({
      outcome: { kind: 'clear', count: 1 },
    });
    expect((await screen('/api/v2/bulk-search', { names: 'Jane Nobody, !!!' })).record).toMatchObject({
      outcome: { kind: 'not_screened', count: 1 },
      subject: { text: 'Jane Nobody', count: 2 },
    });
    const mixed = await screen('/api/v2/bulk-search', { names: '!!!, Rustam Karimov' });
    expect(mixed.record).toMatchObject({ outcome: { kind: 'matches', count: matchRows(mixed.body) } });
  });

  it('keeps the outcome of a response too large to store whole', async () => {
    const small = await testService(
      await testBackends()[0]!.open(),
      { LISTS_DIR: dir, SCREENING_USAGE_MAX_STORED_BYTES: '4096' },
      [testSource()],
    );
    try {
      await small.listService.idle();
      const k = (await signedUpUser(small)).key;
      const names = Array.from({ length: 200 }, (_, i) => (i === 199 ? 'Rustam Karimov' : `Person ${i}`));
      const res = await small.app.inject({
        method: 'POST',
        url: '/api/v2/bulk-search',
        headers: { 'x-api-key': k },
        payload: { names: names.join(', ') },
      });
      expect(res.statusCode).toBe(200);
      const history = await small.app.inject({ url: '/api/v2/usage?limit=1', headers: { 'x-api-key': k } });
      const [record] = history.json().records;
      expect(record.response.truncated).toBe(true);
      expect(matchRows(res.json())).toBeGreaterThan(0);
      expect(record.outcome).toEqual({ kind: 'matches', count: matchRows(res.json()) });
      expect(record.subject).toEqual({ text: 'Person 0', count: 200 });
    } finally {
      await small.close();
    }
  });
});
