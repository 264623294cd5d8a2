// Qualifiers over HTTP (our extension): birth_date, country and entity_type on search, bulk records and monitored
// subjects, checked against the facts each list publishes; facts coverage in the catalog; 400s naming the field.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntryFacts } from '../../domain/facts.js';
import type { ListEntry, ListSource } from '../../lists/list-source.js';
import type { Service } from '../../main.js';
import { signedUpUser, testService } from '../../test-support/test-service.js';
import { testSource } from '../../test-support/test-source.js';
import { testBackends } from '../../test-support/test-stores.js';

const NAMES = [
  'uid|name|aliases',
  '1|PETROV, Ivan|',
  '2|PETROV, Ivan|',
  '3|OCEAN STAR|',
  '4|Olga Factless|',
].join('\n');

const FACTS: Record<string, EntryFacts> = {
  '1': { birthDates: ['1970-05-02'], countries: ['RU'] },
  '2': { birthDates: ['1985'], countries: ['BY'] },
  '3': { birthDates: [], countries: ['IR'] },
  '4': { birthDates: [], countries: [] },
};

/** The test list with facts, and uid 3 a vessel. */
function factsSource(): ListSource {
  const base = testSource('facts_list');
  return {
    ...base,
    factsOf: (record) => FACTS[String(record['uid'])]!,
    async *parse(files) {
      for await (const e of base.parse(files))
        yield (e.sourceUid === '3' ? { ...e, kind: 'vessel' } : e) as ListEntry;
    },
  };
}

interface M {
  id: string;
  match_score: number;
  explanation?: Record<string, unknown>;
}

describe('qualifiers over HTTP', () => {
  let service: Service;
  let dir: string;
  let key: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qualifiers-'));
    fs.mkdirSync(path.join(dir, 'facts_list'));
    fs.writeFileSync(path.join(dir, 'facts_list', 'names.txt'), NAMES);
    service = await testService(await testBackends()[0]!.open(), { LISTS_DIR: dir }, [factsSource()]);
    await service.listService.idle();
    key = (await signedUpUser(service)).key;
  });
  afterAll(async () => {
    await service.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const post = (url: string, payload: object) =>
    service.app.inject({ method: 'POST', url, headers: { 'x-api-key': key }, payload });
  const search = async (body: object): Promise<M[]> => {
    const res = await post('/api/v2/search', { search_type: 'standard_match', ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json()['search results'] as M[];
  };
  const scores = (ms: M[]) => Object.fromEntries(ms.map((m) => [m.id, m.match_score]));

  it('without qualifiers both namesakes match; with them the one born elsewhere and then falls away', async () => {
    expect(scores(await search({ prompt: 'Ivan Petrov' }))).toEqual({
      'facts_list:1': 100,
      'facts_list:2': 100,
    });
    // 2: 1985 is 15 years from 1970 (-25) and BY is not RU (-15): 60, under standard_match's 80.
    expect(scores(await search({ prompt: 'Ivan Petrov', birth_date: '1970', country: 'Russia' }))).toEqual({
      'facts_list:1': 100,
    });
    // A year either side still agrees; a country among several given agrees.
    expect(
      scores(await search({ prompt: 'Ivan Petrov', birth_date: '1986-01', country: ['FR', 'BLR'] })),
    ).toEqual({ 'facts_list:2': 100 });
  });

  it('lowers without dropping where the search type is more tolerant, and explains every check', async () => {
    const ms = await search({
      prompt: 'Ivan Petrov',
      search_type: 'permissive_match',
      birth_date: '1970-05-02',
      country: 'Iranian',
      entity_type: 'person',
      explain: true,
    });
    const one = ms.find((m) => m.id === 'facts_list:1')!;
    expect(one.match_score).toBe(85); // country contradicts: 100 - 15
    expect(one.explanation).toMatchObject({
      facts: { birth_dates: ['1970-05-02'], countries: ['RU'], entity_type: 'person' },
      qualifiers: {
        name_score: 100,
        adjustment: -15,
        checks: [
          { fact: 'birth_date', outcome: 'match', effect: 0 },
          { fact: 'country', outcome: 'contradicts', effect: -15 },
          { fact: 'entity_type', outcome: 'match', effect: 0 },
        ],
      },
    });
    expect(ms.find((m) => m.id === 'facts_list:2')).toBeUndefined(); // 100 - 25 - 15 = 60 < 70
  });

  it('a person against a vessel contradicts; a fact the listing lacks changes nothing', async () => {
    expect(await search({ prompt: 'Ocean Star' })).toHaveLength(1);
    expect(await search({ prompt: 'Ocean Star', entity_type: 'person' })).toEqual([]);
    expect(scores(await search({ prompt: 'Olga Factless', birth_date: '1901', country: 'JP' }))).toEqual({
      'facts_list:4': 100,
    });
  });

  it('bulk takes records with their own qualifiers; the rows stay the spec rows', async () => {
    const res = await post('/api/v2/bulk-search', {
      search_type: 'standard_match',
      records: [
        { name: 'Ivan Petrov', birth_date: '1985', country: 'BY' },
        { name: 'Ivan Petrov' },
        { name: '!!!' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().results as Array<Record<string, unknown>>;
    expect(
      rows.filter((r) => r['row_type'] === 'summary').map((r) => [r['search_term'], r['total_matches']]),
    ).toEqual([
      ['Ivan Petrov', 1],
      ['Ivan Petrov', 2],
      ['!!!', 0],
    ]);
    expect(rows[1]).toMatchObject({ row_type: 'match', id: 'facts_list:2', match_score: 100 });
    expect(Object.keys(rows[1]!).sort()).toEqual([
      'id',
      'list',
      'match_score',
      'name',
      'row_type',
      'search_term',
      'source_uid',
    ]);
  });

  it.each([
    [{ prompt: 'Ivan Petrov', birth_date: '1970-13' }, 'birth_date'],
    [{ prompt: 'Ivan Petrov', birth_date: '1970-02-30' }, 'birth_date'],
    [{ prompt: 'Ivan Petrov', country: 'Atlantis' }, 'Atlantis'],
    [{ prompt: 'Ivan Petrov', entity_type: 'ship' }, 'entity_type'],
  ])('search answers 400 naming the field for %j', async (body, named) => {
    const res = await post('/api/v2/search', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(named);
  });

  it.each([
    [{ names: 'Ivan Petrov', records: [{ name: 'Ivan Petrov' }] }, 'either names or records'],
    [{}, 'either names or records'],
    [{ records: [{ name: 'Ivan Petrov', country: ['RU', 'Narnia'] }] }, 'records[0].country'],
    [{ records: [{ name: 'A' }, { name: ' ' }] }, 'records[1].name'],
  ])('bulk answers 400 naming the field for %j', async (body, named) => {
    const res = await post('/api/v2/bulk-search', { search_type: 'standard_match', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(named);
  });

  it('monitored subjects keep their qualifiers and are screened with them', async () => {
    const res = await post('/api/v2/subjects', {
      subjects: [
        { name: 'Ivan Petrov', reference: 'c-1', birth_date: '1970', country: 'ru', entity_type: 'person' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subjects[0]).toMatchObject({
      birth_date: '1970',
      country: ['RU'],
      entity_type: 'person',
    });
    const alerts = await service.app.inject({
      method: 'GET',
      url: '/api/v2/alerts',
      headers: { 'x-api-key': key },
    });
    const listed = alerts.json().alerts as Array<{ id: string; match: { id: string } }>;
    expect(listed.map((a) => a.match.id)).toEqual(['facts_list:1']);
    // The alert's explanation shows the listed facts and every qualifier check.
    const one = await service.app.inject({
      method: 'GET',
      url: `/api/v2/alerts/${listed[0]!.id}`,
      headers: { 'x-api-key': key },
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().match.explanation).toMatchObject({
      facts: { birth_dates: ['1970-05-02'], countries: ['RU'], entity_type: 'person' },
      qualifiers: {
        adjustment: 0,
        checks: [
          { fact: 'birth_date', outcome: 'match' },
          { fact: 'country', outcome: 'match' },
          { fact: 'entity_type', outcome: 'match' },
        ],
      },
    });
    const bad = await post('/api/v2/subjects', { subjects: [{ name: 'X Y', birth_date: '70' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('birth_date');
  });

  it('the catalog counts the entries carrying each fact', async () => {
    const res = await service.app.inject({
      method: 'GET',
      url: '/api/v2/lists',
      headers: { 'x-api-key': key },
    });
    const row = (res.json().lists as Array<{ slug: string; facts_coverage: unknown }>).find(
      (l) => l.slug === 'facts_list',
    )!;
    expect(row.facts_coverage).toEqual({ entries: 4, birth_date: 2, country: 3, entity_type: 4 });
  });
});

describe('qualifiers on bulk records answered by the worker thread', () => {
  it("applies them to the worker's matches as the main thread would", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qualifiers-w-'));
    fs.mkdirSync(path.join(dir, 'facts_list'));
    fs.writeFileSync(path.join(dir, 'facts_list', 'names.txt'), NAMES);
    const service = await testService(
      await testBackends()[0]!.open(),
      { LISTS_DIR: dir, SCREENING_BULK_WORKER: 'true' },
      [factsSource()],
    );
    try {
      await service.listService.idle();
      const { key } = await signedUpUser(service, undefined, { keyLimit: 100_000 });
      const searcher = service.lists.searcher!;
      let mainThreadSearches = 0;
      const search = searcher.search.bind(searcher);
      searcher.search = (...args) => {
        mainThreadSearches++;
        return search(...args);
      };
      let rows: Array<Record<string, unknown>> = [];
      // The worker builds its index after the main thread: poll until it serves (main-thread count stays 0).
      for (let i = 0; i < 100; i++) {
        mainThreadSearches = 0;
        const res = await service.app.inject({
          method: 'POST',
          url: '/api/v2/bulk-search',
          headers: { 'x-api-key': key },
          payload: {
            search_type: 'standard_match',
            explain: true,
            records: [
              { name: 'Ivan Petrov', birth_date: '1970-05', country: 'RUS' },
              { name: 'Ivan Petrov' },
            ],
          },
        });
        expect(res.statusCode, res.body).toBe(200);
        rows = res.json().results;
        if (mainThreadSearches === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(mainThreadSearches).toBe(0);
      expect(rows.map((r) => [r['row_type'], r['id'] ?? r['total_matches']])).toEqual([
        ['summary', 1],
        ['match', 'facts_list:1'],
        ['summary', 2],
        ['match', 'facts_list:1'],
        ['match', 'facts_list:2'],
      ]);
      expect(rows[1]!['explanation']).toMatchObject({
        qualifiers: {
          adjustment: 0,
          checks: [{ fact: 'birth_date', outcome: 'match' }, { fact: 'country' }],
        },
      });
    } finally {
      await service.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
