// POST /api/v2/compare on lists ingested from a folder: the search's own score, metered and recorded like a
// search, the input checks, and 503 while the index is not there.
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
  '102|Muammar al-Qadhafi|Moammar Gadhafi',
  '103|Vladimir Ivanov|',
].join('\n');

describe('pairwise comparison over HTTP', () => {
  let service: Service;
  let dir: string;
  let key: string;
  let token: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compare-'));
    fs.mkdirSync(path.join(dir, 'ofac_sdn'));
    fs.writeFileSync(path.join(dir, 'ofac_sdn', 'names.txt'), SANCTIONS);
    service = await testService(await testBackends()[0]!.open(), { LISTS_DIR: dir }, [
      testSource('ofac_sdn'),
    ]);
    await service.listService.idle();
    ({ key, token } = await signedUpUser(service));
  });
  afterAll(async () => {
    await service.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const post = (url: string, payload: object, headers: Record<string, string> = { 'x-api-key': key }) =>
    service.app.inject({ method: 'POST', url, headers, payload });

  it('gives the score the search gives the listed name, with the threshold and an explanation', async () => {
    for (const search_type of ['standard_match', 'strict_match', 'fuzzy_search']) {
      const prompt = 'Vladimir Vladimirovich Puttin';
      const search = (await post('/api/v2/search', { prompt, search_type })).json();
      const listed = search['search results'].find((m: { id: string }) => m.id === 'ofac_sdn:100');
      expect(listed.name).toBe('PUTIN, Vladimir Vladimirovich');
      const res = await post('/api/v2/compare', { name_a: prompt, name_b: listed.name, search_type });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual([
        'api_usage_id',
        'explanation',
        'match',
        'score',
        'threshold',
      ]);
      expect(body.score).toBe(listed.match_score);
      expect(body.match).toBe(true);
      expect(body.explanation).toMatchObject({
        matched_name: 'PUTIN, Vladimir Vladimirovich',
        query_tokens: ['vladimir', 'vladimirovich', 'puttin'],
        unmatched_listed: [],
        search_type,
        threshold: body.threshold,
      });
    }
  });

  it('defaults to standard_match and answers no match below the threshold', async () => {
    const body = (
      await post('/api/v2/compare', { name_a: 'Acme Trading', name_b: 'Vladimir Ivanov' })
    ).json();
    expect(body).toMatchObject({ match: false, threshold: 80 });
    expect(body.score).toBeLessThan(80);
    expect(body.explanation.search_type).toBe('standard_match');
  });

  it("checks side A's qualifiers against side B's: a contradiction lowers the score, agreement never lifts it", async () => {
    const names = { name_a: 'Vladimir Putin', name_b: 'PUTIN, Vladimir Vladimirovich' };
    const plain = (await post('/api/v2/compare', names)).json();
    expect(plain.match).toBe(true);
    expect(plain.explanation.qualifiers).toBeUndefined();

    const agree = (
      await post('/api/v2/compare', {
        ...names,
        qualifiers_a: { birth_date: '1952', country: 'Russia' },
        qualifiers_b: { birth_date: '1952-10-07', country: 'RU' },
      })
    ).json();
    expect(agree.score).toBe(plain.score);
    expect(agree.explanation.qualifiers.checks.map((c: { outcome: string }) => c.outcome)).toEqual([
      'match',
      'match',
    ]);

    const born = { birth_date: '1990' };
    const listed = { birth_date: '1952-10-07', entity_type: 'person' };
    const ab = (await post('/api/v2/compare', { ...names, qualifiers_a: born, qualifiers_b: listed })).json();
    const ba = (await post('/api/v2/compare', { ...names, qualifiers_a: listed, qualifiers_b: born })).json();
    expect(ab.score).toBe(Math.max(0, Math.round((plain.score - 25) * 10) / 10));
    expect(ab.match).toBe(ab.score >= ab.threshold);
    expect(ab.explanation.qualifiers).toMatchObject({ name_score: plain.score, adjustment: -25 });
    // The same either way round.
    expect(ba.score).toBe(ab.score);

    const bad = await post('/api/v2/compare', { ...names, qualifiers_b: { country: 'Atlantis' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/qualifiers_b\.country/);
  });

  it('takes a bearer token too, and records the call like a search', async () => {
    const res = await post(
      '/api/v2/compare',
      { name_a: 'Moammar Gaddafi', name_b: 'Muammar al-Qadhafi', additional_call_info: { case: 'C-7' } },
      { authorization: `Bearer ${token}` },
    );
    expect(res.statusCode).toBe(200);
    const id = res.json().api_usage_id;
    const records = (
      await service.app.inject({
        url: '/api/v2/usage?endpoint=/api/v2/compare',
        headers: { 'x-api-key': key },
      })
    ).json().records;
    expect(records[0]).toMatchObject({
      id,
      endpoint: '/api/v2/compare',
      search_type: 'standard_match',
      status: 200,
      additional_call_info: { case: 'C-7' },
    });
  });

  it('refuses blank names, nothing to screen, unknown search types and unknown fields with 400', async () => {
    const cases: [object, RegExp][] = [
      [{ name_a: '  ', name_b: 'Vladimir Ivanov' }, /name_a must not be blank/],
      [{ name_a: 'Vladimir Ivanov', name_b: '' }, /name_b must not be blank/],
      [{ name_a: '!!!', name_b: 'Vladimir Ivanov' }, /name_a: no letters or digits/],
      [{ name_a: 'a', name_b: 'b', search_type: 'loose' }, /search_type/],
      [{ name_a: 'a', name_b: 'b', names: 'c' }, /names/],
      [{ name_a: 'a' }, /name_b/],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/v2/compare', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatch(message);
      expect(res.json().api_usage_id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('needs credentials', async () => {
    const res = await post('/api/v2/compare', { name_a: 'a', name_b: 'b' }, {});
    expect(res.statusCode).toBe(401);
  });

  it('answers 503 while the name index is not there, like a search', async () => {
    const searcher = service.lists.searcher;
    service.lists.searcher = null;
    try {
      const res = await post('/api/v2/compare', { name_a: 'Vladimir Putin', name_b: 'Vladimir Ivanov' });
      expect(res.statusCode).toBe(503);
    } finally {
      service.lists.searcher = searcher;
    }
  });
});
