// Name screening over HTTP on lists ingested from a folder: v2 single and bulk, v1 shapes, explanations,
// and every returned name resolving through entry details.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../main.js';
import { signedUpUser, testService } from '../../test-support/test-service.js';
import { testSource } from '../../test-support/test-source.js';
import { testBackends } from '../../test-support/test-stores.js';

const SANCTIONS = [
  'uid|name|aliases',
  '100|PUTIN, Vladimir Vladimirovich|Владимир Путин',
  '101|ACME TRADING LLC|Acme Trading Company',
  '102|Muammar al-Qadhafi|Moammar Gadhafi;Muammar Qaddafi',
  '103|KIM, Jong Un|',
].join('\n');
const OTHER = ['uid|name|aliases', '7|Vladimir Putin|', '8|Jane Ordinary|'].join('\n');

describe('name screening over HTTP', () => {
  let service: Service;
  let dir: string;
  let key: string;
  let token: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'screen-'));
    fs.mkdirSync(path.join(dir, 'ofac_sdn'));
    fs.mkdirSync(path.join(dir, 'debar_list'));
    fs.writeFileSync(path.join(dir, 'ofac_sdn', 'names.txt'), SANCTIONS);
    fs.writeFileSync(path.join(dir, 'debar_list', 'names.txt'), OTHER);
    // A legacy (v1) list and a later one, each a real source read from the folder.
    service = await testService(await testBackends()[0]!.open(), { LISTS_DIR: dir }, [
      { ...testSource('ofac_sdn'), legacy: true },
      testSource('debar_list'),
    ]);
    await service.listService.idle();
    const creds = await signedUpUser(service);
    key = creds.key;
    token = creds.token;
  });
  afterAll(async () => {
    await service.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const post = (url: string, payload: object, headers: Record<string, string> = { 'x-api-key': key }) =>
    service.app.inject({ method: 'POST', url, headers, payload });

  it('v2 search finds a listed party written differently, with the spec shape', async () => {
    const res = await post('/api/v2/search', { prompt: 'Vladimir Putin', search_type: 'standard_match' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const ids = body['search results'].map((m: { id: string }) => m.id);
    expect(ids).toContain('ofac_sdn:100');
    expect(ids).toContain('debar_list:7');
    for (const m of body['search results']) {
      expect(Object.keys(m).sort()).toEqual(['id', 'list', 'match_score', 'name', 'source_uid']);
      expect(m.match_score).toBeGreaterThan(0);
      expect(m.match_score).toBeLessThanOrEqual(100);
    }
    expect(body.api_usage_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('another script finds the listed Latin form with fuzzy_search (the default)', async () => {
    const body = (await post('/api/v2/search', { prompt: 'Владимир Путин' })).json();
    expect(body['search results'].map((m: { id: string }) => m.id)).toContain('ofac_sdn:100');
  });

  it('every returned name resolves through entry details', async () => {
    const body = (
      await post('/api/v2/search', { prompt: 'Moammar Gaddafi', search_type: 'permissive_match' })
    ).json();
    expect(body['search results'].length).toBeGreaterThan(0);
    for (const m of body['search results']) {
      const details = await post('/api/entry-details', { name: m.name });
      expect(details.statusCode).toBe(200);
      expect(details.json().entryData[m.list]).toBeDefined();
    }
  });

  it('a clean name is clear (an empty list, not an error)', async () => {
    const body = (
      await post('/api/v2/search', { prompt: 'Blue Ocean Bakery', search_type: 'standard_match' })
    ).json();
    expect(body['search results']).toEqual([]);
  });

  it('explanations appear only when asked for', async () => {
    const plain = (
      await post('/api/v2/search', { prompt: 'Acme Trading', search_type: 'standard_match' })
    ).json();
    expect(plain['search results'][0].explanation).toBeUndefined();
    const explained = (
      await post('/api/v2/search', { prompt: 'Acme Trading', search_type: 'standard_match', explain: true })
    ).json();
    expect(explained['search results'][0].explanation).toBeDefined();
  });

  it('bulk: one summary row per submitted name, then its match rows; total_matches equals them', async () => {
    const res = await post(
      '/api/v2/bulk-search',
      { names: 'Vladimir Putin, Nobody Atall, ACME Trading LLC' },
      { authorization: `Bearer ${token}` },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.param).toBe('permissive_match');
    const rows = body.results as Array<{ row_type: string; search_term: string; total_matches?: number }>;
    const summaries = rows.filter((r) => r.row_type === 'summary');
    expect(summaries.map((r) => r.search_term)).toEqual([
      'Vladimir Putin',
      'Nobody Atall',
      'ACME Trading LLC',
    ]);
    for (const s of summaries) {
      const matches = rows.filter((r) => r.row_type === 'match' && r.search_term === s.search_term);
      expect(s.total_matches).toBe(matches.length);
    }
    expect(summaries[1]!.total_matches).toBe(0);
    expect(summaries[0]!.total_matches).toBeGreaterThan(0);
  });

  it('v1 sees only the original lists, in the v1 shape', async () => {
    const res = await post('/api/v1/search', { prompt: 'Vladimir Putin', search_type: 'standard_match' });
    expect(res.statusCode).toBe(200);
    const items = res.json()['search results'] as Array<{ search_result: { source_lists: string[] } }>;
    expect(items.length).toBeGreaterThan(0);
    for (const i of items) expect(i.search_result.source_lists).toEqual(['ofac_sdn']);
    expect(res.json().api_usage_id).toBeUndefined();
  });

  it('a large bulk call does not hold up a single-name call made while it runs', async () => {
    const names = Array.from({ length: 10_000 }, (_, i) => `Person Number ${i}`).join(', ');
    const done: string[] = [];
    const bulk = post('/api/v2/bulk-search', { names }).then((r) => {
      done.push('bulk');
      return r;
    });
    // Let the bulk call start screening before the single call arrives.
    await new Promise((r) => setTimeout(r, 20));
    const single = post('/api/v2/search', { prompt: 'Vladimir Putin' }).then((r) => {
      done.push('single');
      return r;
    });
    const [b, s1] = await Promise.all([bulk, single]);
    expect(b.statusCode).toBe(200);
    expect(s1.statusCode).toBe(200);
    expect(b.json().results.filter((r: { row_type: string }) => r.row_type === 'summary')).toHaveLength(
      10_000,
    );
    expect(done).toEqual(['single', 'bulk']);
  });

  // A name with nothing to screen must never come back "clear": 400 alone, flagged in its row in bulk.
  const NOTHING = ['...', '🙂🙂', '\u0000\u0000', '\u200b\u200d', '\u0301\u0308', '— / —'];

  it('answers 400 "no letters or digits to screen" for a name of punctuation, emoji, NULs, zero-width or combining marks', async () => {
    for (const prompt of NOTHING) {
      for (const url of ['/api/v2/search', '/api/v1/search']) {
        const res = await post(url, { prompt, search_type: 'standard_match' });
        expect(res.statusCode, `${url} ${JSON.stringify(prompt)}`).toBe(400);
        expect(res.json().error).toMatch(/no letters or digits to screen/);
      }
    }
    // A letter in any script, or a digit, is something to screen.
    for (const prompt of ['Ж', '7', 'é']) {
      const res = await post('/api/v2/search', { prompt, search_type: 'standard_match' });
      expect(res.statusCode, prompt).toBe(200);
    }
  });

  it('bulk flags a name with nothing to screen in its own summary row and screens the rest', async () => {
    const res = await post('/api/v2/bulk-search', {
      names: `Vladimir Putin, 🙂🙂, ..., ACME Trading`,
      search_type: 'standard_match',
    });
    expect(res.statusCode).toBe(200);
    const summaries = res.json().results.filter((r: { row_type: string }) => r.row_type === 'summary');
    expect(summaries.map((r: { search_term: string }) => r.search_term)).toEqual([
      'Vladimir Putin',
      '🙂🙂',
      '...',
      'ACME Trading',
    ]);
    expect(summaries[0].total_matches).toBeGreaterThan(0);
    expect(summaries[0].error).toBeUndefined();
    for (const row of summaries.slice(1, 3)) {
      expect(row.total_matches).toBe(0);
      expect(row.error).toBe('no letters or digits to screen');
    }
    expect(summaries[3].total_matches).toBeGreaterThan(0);
    const v1 = await post('/api/v1/bulk-search', {
      names: 'Vladimir Putin, ?!',
      search_type: 'standard_match',
    });
    expect(v1.statusCode).toBe(200);
    const items = v1.json()['search results'];
    expect(items[1]).toEqual({
      search_term: '?!',
      'search results': [],
      error: 'no letters or digits to screen',
    });
    expect(items[0].error).toBeUndefined();
  });

  it('counts bulk names from 1 and states the limit; entry details takes at most 512 characters', async () => {
    const long = 'x'.repeat(513);
    const bulk = await post('/api/v2/bulk-search', { names: `Jane, ${long}` });
    expect(bulk.statusCode).toBe(400);
    expect(bulk.json().error).toBe('name 2 is longer than 512 characters (513); at most 512');
    const details = await post('/api/entry-details', { name: 'x'.repeat(5_000_000 / 1000) });
    expect(details.statusCode).toBe(400);
    expect(details.json().error).toMatch(/name is longer than 512 characters; at most 512/);
  });
});

describe('bulk screening on the worker thread', () => {
  it('answers bulk calls from the worker’s copy of the current index, the same as the main thread', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'screen-w-'));
    fs.mkdirSync(path.join(dir, 'ofac_sdn'));
    fs.writeFileSync(path.join(dir, 'ofac_sdn', 'names.txt'), SANCTIONS);
    const service = await testService(
      await testBackends()[0]!.open(),
      { LISTS_DIR: dir, SCREENING_BULK_WORKER: 'true' },
      [{ ...testSource('ofac_sdn'), legacy: true }],
    );
    try {
      await service.listService.idle();
      const { key } = await signedUpUser(service, undefined, { keyLimit: 100_000 });
      const searcher = service.lists.searcher!;
      const inProcess = ['Vladimir Putin', 'Acme Trading', 'Nobody'].map((t) =>
        searcher.search(t, 'permissive_match', { lists: null, explain: false }),
      );
      let mainThreadSearches = 0;
      const search = searcher.search.bind(searcher);
      searcher.search = (...args) => {
        mainThreadSearches++;
        return search(...args);
      };
      // The worker builds its index after the main thread: poll until it serves (main-thread count stays 0).
      let body: { results: Array<Record<string, unknown>> } | null = null;
      for (let i = 0; i < 100; i++) {
        mainThreadSearches = 0;
        const res = await service.app.inject({
          method: 'POST',
          url: '/api/v2/bulk-search',
          headers: { 'x-api-key': key },
          payload: { names: 'Vladimir Putin, Acme Trading, Nobody' },
        });
        expect(res.statusCode).toBe(200);
        body = res.json();
        if (mainThreadSearches === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(mainThreadSearches).toBe(0);
      const matchRows = (term: string) =>
        body!.results.filter((r) => r.row_type === 'match' && r.search_term === term).map((r) => r.id);
      expect(matchRows('Vladimir Putin')).toEqual(inProcess[0]!.map((m) => m.id));
      expect(matchRows('Acme Trading')).toEqual(inProcess[1]!.map((m) => m.id));
      expect(matchRows('Nobody')).toEqual([]);
    } finally {
      await service.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('splits a large bulk call across worker threads and keeps the submitted order', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'screen-w2-'));
    fs.mkdirSync(path.join(dir, 'ofac_sdn'));
    fs.writeFileSync(path.join(dir, 'ofac_sdn', 'names.txt'), SANCTIONS);
    const service = await testService(
      await testBackends()[0]!.open(),
      { LISTS_DIR: dir, SCREENING_BULK_WORKER: 'true', SCREENING_BULK_WORKER_THREADS: '2' },
      [{ ...testSource('ofac_sdn'), legacy: true }],
    );
    try {
      await service.listService.idle();
      const { key } = await signedUpUser(service, undefined, { keyLimit: 100_000 });
      const searcher = service.lists.searcher!;
      // 450 distinct names: listed ones at both ends, so both slices (225 each) must answer in place.
      const terms = Array.from({ length: 450 }, (_, i) =>
        i === 0 ? 'Vladimir Putin' : i === 449 ? 'Acme Trading' : `Nobody Number ${i}`,
      );
      let mainThreadSearches = 0;
      const search = searcher.search.bind(searcher);
      searcher.search = (...args) => {
        mainThreadSearches++;
        return search(...args);
      };
      let body: { results: Array<Record<string, unknown>> } | null = null;
      for (let i = 0; i < 100; i++) {
        mainThreadSearches = 0;
        const res = await service.app.inject({
          method: 'POST',
          url: '/api/v2/bulk-search',
          headers: { 'x-api-key': key },
          payload: { names: terms.join(', '), search_type: 'permissive_match' },
        });
        expect(res.statusCode).toBe(200);
        body = res.json();
        if (mainThreadSearches === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(mainThreadSearches).toBe(0);
      const summaries = body!.results.filter((r) => r.row_type === 'summary').map((r) => r.search_term);
      expect(summaries).toEqual(terms);
      const ids = (term: string) =>
        body!.results.filter((r) => r.row_type === 'match' && r.search_term === term).map((r) => r.id);
      const expected = (term: string) =>
        search(term, 'permissive_match', { lists: null, explain: false }).map((m) => m.id);
      expect(ids('Vladimir Putin')).toEqual(expected('Vladimir Putin'));
      expect(ids('Vladimir Putin').length).toBeGreaterThan(0);
      expect(ids('Acme Trading')).toEqual(expected('Acme Trading'));
      expect(ids('Acme Trading').length).toBeGreaterThan(0);
    } finally {
      await service.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
