import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListEntry } from '../../list-source.js';
import { dirFileSet, pathFileSet } from '../../formats/local-file-set.js';
import { collect } from '../../../test-support/collect.js';
import { crawlToMemory } from '../../../test-support/loopback-crawl.js';
import { memoryFileSet } from '../../../test-support/memory-file-set.js';
import { loopbackServer, type LoopbackServer } from '../../../test-support/loopback-server.js';
import { sharedListFile, sharedListsDir, sharedListsSkipReason } from '../../../test-support/shared-lists.js';
import {
  INTERPOL_RED_URL,
  RED_NOTICES_DETAILS_FILE,
  RED_NOTICES_FILE,
  createInterpolRedNoticesSource,
  interpolRedNoticesSource,
} from './interpol_red_notices-source.js';
import { detailId, normaliseDob } from './red-notice-to-entry.js';

const fixtures = path.join(import.meta.dirname, 'fixtures');
const KEYS = [
  'notice_id',
  'name',
  'forename',
  'family_name',
  'date_of_birth',
  'nationalities',
  'sex_id',
  'place_of_birth',
  'country_of_birth_id',
  'arrest_warrants',
  'physical',
  'links',
];
const listOnly = (v: unknown) => memoryFileSet(new Map([[RED_NOTICES_FILE, JSON.stringify(v)]]));
const byUid = (entries: ListEntry[], uid: string) => entries.find((e) => e.sourceUid === uid)!;

describe('interpolRedNoticesSource catalog entry', () => {
  it('names the official endpoint', () => {
    expect(interpolRedNoticesSource.fileSets).toEqual([
      [
        { name: RED_NOTICES_FILE, url: INTERPOL_RED_URL },
        { name: RED_NOTICES_DETAILS_FILE, url: `${INTERPOL_RED_URL}/{id}`, optional: true },
      ],
    ]);
    expect(INTERPOL_RED_URL).toBe('https://ws-public.interpol.int/notices/v1/red');
  });
});

describe('interpol_red_notices fixtures (page arrays + details)', () => {
  let entries: ListEntry[];
  beforeAll(async () => {
    entries = await collect(interpolRedNoticesSource, dirFileSet(fixtures));
  });

  it('yields one entry per notice: repeats de-duplicated, a detail-only notice included', () => {
    expect(entries.map((e) => e.sourceUid)).toEqual([
      '2022/11111',
      '2021/22222',
      '2020/33333',
      '2019/44444',
      '2018/66666',
    ]);
    for (const e of entries) {
      expect(Object.keys(e.record)).toEqual(KEYS);
      expect(e.kind).toBe('person');
      expect(e.list).toBe('interpol_red_notices');
      expect(e.aliases).toEqual([]);
    }
  });

  it('names the person forename first; notice_id then name lead the record', () => {
    const e = byUid(entries, '2022/11111');
    expect(e.name).toBe('TESTAN ABDUL AL TESTI');
    expect(e.record).toEqual({
      notice_id: '2022/11111',
      name: 'TESTAN ABDUL AL TESTI',
      forename: 'TESTAN ABDUL',
      family_name: 'AL TESTI',
      date_of_birth: '1990-01-23',
      nationalities: ['SY'],
      sex_id: 'M',
      place_of_birth: 'Raqqa',
      country_of_birth_id: 'SY',
      arrest_warrants: [{ issuing_country_id: 'SE', charge: 'Murder', charge_translation: null }],
      physical: {
        height: 1.66,
        weight: null, // published 0
        eyes_colors_id: ['BRO'],
        hairs_id: ['BLA'],
        distinguishing_marks: null,
        languages_spoken_ids: ['ARA', 'ENG'],
      },
      links: {
        detail_url: 'https://ws-public.interpol.int/notices/v1/red/2022-11111',
        images_url: 'https://ws-public.interpol.int/notices/v1/red/2022-11111/images',
        thumbnail_url: 'https://ws-public.interpol.int/notices/v1/red/2022-11111/images/60000001',
        linked_notices: [],
      },
    });
  });

  it('handles a missing forename, a year-only date of birth, two nationalities and no nationality', () => {
    expect(byUid(entries, '2020/33333').name).toBe('TESTOV');
    expect(byUid(entries, '2020/33333').record['forename']).toBeNull();
    expect(byUid(entries, '2021/22222').record).toMatchObject({
      date_of_birth: '1985',
      nationalities: ['AR', 'ES'],
    });
    expect(byUid(entries, '2019/44444').record).toMatchObject({ date_of_birth: null, nationalities: [] });
    expect(normaliseDob('1999/01/23')).toBe('1999-01-23');
    expect(detailId('2022/46614')).toBe('2022-46614');
  });

  it('enriches from the detail object: warrants (line breaks kept), linked notices; null without a detail', () => {
    const c = byUid(entries, '2020/33333');
    expect(c.record['arrest_warrants']).toEqual([
      {
        issuing_country_id: 'RU',
        charge: '1) participation in an illegal armed formation;\n2) robbery',
        charge_translation: null,
      },
      { issuing_country_id: 'KZ', charge: 'HOMICIDIO AGRAVADO', charge_translation: 'Aggravated homicide' },
    ]);
    expect((c.record['links'] as { linked_notices: unknown }).linked_notices).toEqual([
      { notice_id: '2016/55555', name: 'TESTOVA', forename: 'TAMARA' },
    ]);
    const b = byUid(entries, '2021/22222'); // no detail object
    expect(b.record).toMatchObject({ sex_id: null, arrest_warrants: null, physical: null });
  });

  it('parses the list file alone (details are optional)', async () => {
    const only = await collect(
      interpolRedNoticesSource,
      pathFileSet({ [RED_NOTICES_FILE]: path.join(fixtures, RED_NOTICES_FILE) }),
    );
    expect(only).toHaveLength(4);
    expect(only.every((e) => e.record['arrest_warrants'] === null)).toBe(true);
  });

  it('accepts a flat array and a single HAL page', async () => {
    const notice = { entity_id: '2020/1', forename: 'A', name: 'B' };
    expect((await collect(interpolRedNoticesSource, listOnly([notice]))).map((e) => e.name)).toEqual(['A B']);
    expect(
      (await collect(interpolRedNoticesSource, listOnly({ total: 1, _embedded: { notices: [notice] } }))).map(
        (e) => e.name,
      ),
    ).toEqual(['A B']);
  });

  it('throws on a layout change', async () => {
    await expect(collect(interpolRedNoticesSource, listOnly({ total: 1, notices: [] }))).rejects.toThrow(
      /expected an array of notices/,
    );
    await expect(collect(interpolRedNoticesSource, listOnly([{ forename: 'A', name: 'B' }]))).rejects.toThrow(
      /has no "entity_id"/,
    );
    await expect(collect(interpolRedNoticesSource, listOnly([[{ entity_id: '1' }, 'x']]))).rejects.toThrow(
      /is not an object/,
    );
    await expect(collect(interpolRedNoticesSource, listOnly([]))).rejects.toThrow(/no notices/);
    await expect(collect(interpolRedNoticesSource, listOnly([{ entity_id: '2020/1' }]))).rejects.toThrow(
      /neither forename nor name/,
    );
    await expect(
      collect(interpolRedNoticesSource, memoryFileSet(new Map([[RED_NOTICES_FILE, 'oops']]))),
    ).rejects.toThrow(/not JSON/);
    await expect(collect(interpolRedNoticesSource, memoryFileSet(new Map()))).rejects.toThrow(/not present/);
  });
});

/** A fake INTERPOL API on loopback: filters, a 160 cap, `_links.next` paging and detail objects. */
interface FakeNotice {
  entity_id: string;
  forename: string;
  name: string;
  date_of_birth: string | null;
  nationalities: string[] | null;
  sex_id: 'F' | 'M';
  warrant: string;
}
const CAP = 160;
function fakeNotices(): FakeNotice[] {
  const out: FakeNotice[] = [];
  let n = 0;
  const add = (nats: string[] | null, sex: 'F' | 'M', age: number, warrant: string) => {
    n++;
    out.push({
      entity_id: `2024/${10000 + n}`,
      forename: `FORE${n}`,
      name: `FAMILY${n}`,
      date_of_birth: `${2024 - age}/01/01`,
      nationalities: nats,
      sex_id: sex,
      warrant,
    });
  };
  for (let i = 0; i < 100; i++) add(['FR'], i % 2 ? 'M' : 'F', 20 + (i % 50), 'FR');
  for (let i = 0; i < 60; i++) add(['RU'], 'F', 20 + (i % 50), 'RU');
  // 200 men of one nationality: over the cap even split by sex, so split by age bands.
  for (let i = 0; i < 200; i++) add(i < 5 ? ['RU', 'FR'] : ['RU'], 'M', 20 + (i % 50), 'RU');
  // No nationality: reachable only through the warrant country.
  for (let i = 0; i < 10; i++) add(null, 'M', 30 + i, 'US');
  return out;
}

describe('interpol_red_notices crawl (loopback API)', () => {
  let server: LoopbackServer;
  const notices = fakeNotices();
  const queries: URLSearchParams[] = [];
  let totalBonus = 0;
  let listAnswer: ((q: URLSearchParams) => { status: number; body: unknown }) | null = null;

  const matches = (q: URLSearchParams) =>
    notices.filter((n) => {
      const nat = q.get('nationality');
      if (nat && !(n.nationalities ?? []).includes(nat)) return false;
      const w = q.get('arrestWarrantCountryId');
      if (w && n.warrant !== w) return false;
      const sex = q.get('sexId');
      if (sex && n.sex_id !== sex) return false;
      const age = n.date_of_birth ? 2024 - Number(n.date_of_birth.slice(0, 4)) : null;
      if (q.has('ageMin') && (age === null || age < Number(q.get('ageMin')))) return false;
      if (q.has('ageMax') && (age === null || age > Number(q.get('ageMax')))) return false;
      return true;
    });

  beforeAll(async () => {
    server = await loopbackServer();
    const base = `${server.url}/notices/v1/red`;
    server.routes.set('/notices/v1/red', (req, res) => {
      const u = new URL(req.url!, server.url);
      queries.push(u.searchParams);
      res.setHeader('content-type', 'application/json');
      if (listAnswer) {
        const a = listAnswer(u.searchParams);
        res.statusCode = a.status;
        res.end(JSON.stringify(a.body));
        return;
      }
      const all = matches(u.searchParams);
      const reachable = all.slice(0, CAP);
      const page = Number(u.searchParams.get('page') ?? '1');
      const per = Number(u.searchParams.get('resultPerPage') ?? '20');
      const items = reachable.slice((page - 1) * per, page * per).map((n) => ({
        forename: n.forename,
        date_of_birth: n.date_of_birth,
        entity_id: n.entity_id,
        nationalities: n.nationalities,
        name: n.name,
        _links: { self: { href: `${base}/${n.entity_id.replace('/', '-')}` } },
      }));
      const next = new URL(u);
      next.searchParams.set('page', String(page + 1));
      const isUnfiltered = !['nationality', 'arrestWarrantCountryId', 'sexId', 'ageMin'].some((k) =>
        u.searchParams.has(k),
      );
      res.end(
        JSON.stringify({
          total: all.length + (isUnfiltered ? totalBonus : 0),
          query: Object.fromEntries(u.searchParams),
          _embedded: { notices: items },
          _links: {
            self: { href: u.toString() },
            ...(page * per < reachable.length ? { next: { href: next.toString() } } : {}),
          },
        }),
      );
    });
    for (const n of notices) {
      const id = n.entity_id.replace('/', '-');
      server.routes.set(`/notices/v1/red/${id}`, (_req, res) => {
        if (n.entity_id === '2024/10001') {
          res.statusCode = 404; // withdrawn between the search and the detail request
          res.end('{}');
          return;
        }
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            entity_id: n.entity_id,
            forename: n.forename,
            name: n.name,
            date_of_birth: n.date_of_birth,
            nationalities: n.nationalities,
            sex_id: n.sex_id,
            arrest_warrants: [{ issuing_country_id: n.warrant, charge: 'Fraud', charge_translation: null }],
            _embedded: { links: [] },
            _links: {},
          }),
        );
      });
    }
  });
  afterAll(() => server.close());

  const source = (opts: { details?: boolean } = {}) =>
    createInterpolRedNoticesSource({
      baseUrl: `${server.url}/notices/v1/red`,
      pauseMs: 0,
      resultPerPage: 50,
      countries: ['FR', 'RU', 'US'],
      ...opts,
    });
  const crawl = (opts: { details?: boolean } = {}) => crawlToMemory(source(opts));

  it('partitions past the 160 cap (nationality, sex, age bands, warrant country), follows _links.next, de-duplicates', async () => {
    queries.length = 0;
    totalBonus = 0;
    listAnswer = null;
    const saved = await crawl();
    const list = JSON.parse(saved.get(RED_NOTICES_FILE)!.toString()) as Array<{ entity_id: string }>;
    expect(list).toHaveLength(370);
    expect(new Set(list.map((n) => n.entity_id)).size).toBe(370);
    const asked = queries.map((q) => Object.fromEntries(q));
    expect(asked).toContainEqual({ nationality: 'RU', resultPerPage: '50', page: '1' });
    expect(asked).toContainEqual({ nationality: 'RU', sexId: 'M', resultPerPage: '50', page: '1' });
    expect(asked.some((q) => q['nationality'] === 'RU' && q['sexId'] === 'M' && q['ageMin'] === '0')).toBe(
      true,
    );
    expect(asked.some((q) => q['arrestWarrantCountryId'] === 'US')).toBe(true);
    expect(asked.some((q) => q['page'] === '2')).toBe(true); // _links.next followed
    // Every partition that was read whole stayed within the cap.
    for (const q of queries)
      if (Number(q.get('page')) > Math.ceil(CAP / 50)) throw new Error('paged beyond the cap');
    const details = JSON.parse(saved.get(RED_NOTICES_DETAILS_FILE)!.toString()) as unknown[];
    expect(details).toHaveLength(369); // one withdrawn (404) notice has no detail
    const entries = await collect(source(), memoryFileSet(saved));
    expect(entries).toHaveLength(370);
    expect(byUid(entries, '2024/10001').record['arrest_warrants']).toBeNull();
    expect(byUid(entries, '2024/10002').record).toMatchObject({
      sex_id: 'M',
      arrest_warrants: [{ issuing_country_id: 'FR', charge: 'Fraud', charge_translation: null }],
    });
    expect(byUid(entries, '2024/10370').record['nationalities']).toEqual([]);
  });

  it('reads a list within the cap through _links.next without partitioning', async () => {
    queries.length = 0;
    listAnswer = null;
    const few = notices.slice(0, 120);
    const kept = notices.splice(0, notices.length, ...few);
    try {
      const saved = await crawl({ details: false });
      expect(JSON.parse(saved.get(RED_NOTICES_FILE)!.toString())).toHaveLength(120);
      expect(saved.has(RED_NOTICES_DETAILS_FILE)).toBe(false);
      expect(queries.map((q) => q.get('page'))).toEqual(['1', '2', '3']);
      expect(queries.every((q) => !q.has('nationality'))).toBe(true);
    } finally {
      notices.splice(0, notices.length, ...kept);
    }
  });

  it('throws when the partitions gather far fewer notices than the unfiltered total', async () => {
    listAnswer = null;
    totalBonus = 1000;
    try {
      await expect(crawl({ details: false })).rejects.toThrow(
        /gathered 370 notices but the unfiltered query declares 1370/,
      );
    } finally {
      totalBonus = 0;
    }
  });

  it('throws on a layout change and on an HTTP error', async () => {
    listAnswer = () => ({ status: 200, body: { total: 3, notices: [] } });
    await expect(crawl()).rejects.toThrow(/no "total" and "_embedded.notices"/);
    listAnswer = () => ({ status: 200, body: { total: 3, _embedded: { notices: [] } } });
    await expect(crawl()).rejects.toThrow(/page 1 has no notices/);
    listAnswer = () => ({ status: 403, body: { error: 'blocked' } });
    await expect(crawl()).rejects.toThrow(/HTTP 403/);
    listAnswer = null;
  });
});

if (!sharedListsDir) console.warn(sharedListsSkipReason);
describe.skipIf(!sharedListsDir)(
  'interpol_red_notices real files (shared/lists/interpol_red_notices, May 2023)',
  () => {
    const real = () =>
      pathFileSet({
        [RED_NOTICES_FILE]: sharedListFile('interpol_red_notices', 'red_notices.json'),
        [RED_NOTICES_DETAILS_FILE]: sharedListFile('interpol_red_notices', 'red_notices_details.json'),
      });

    it('reads the 204 notice objects of 6 pages as 186 distinct notices, every one enriched by its detail', async () => {
      const entries = await collect(interpolRedNoticesSource, real());
      expect(entries).toHaveLength(186);
      expect(new Set(entries.map((e) => e.sourceUid)).size).toBe(186);
      for (const e of entries) {
        expect(Object.keys(e.record)).toEqual(KEYS);
        expect(e.record['arrest_warrants']).not.toBeNull();
      }
      const first = byUid(entries, '2022/46614');
      expect(first.name).toBe('ADEL ABDALKADER AL AJEIL');
      expect(first.record).toMatchObject({
        notice_id: '2022/46614',
        forename: 'ADEL ABDALKADER',
        family_name: 'AL AJEIL',
        date_of_birth: '1999-01-23',
        nationalities: ['SY'],
        sex_id: 'M',
        place_of_birth: 'Raqqa',
        arrest_warrants: [{ issuing_country_id: 'SE', charge: 'Murder', charge_translation: null }],
      });
      const sexes = entries.map((e) => e.record['sex_id']);
      expect(sexes.filter((s) => s === 'M').length + sexes.filter((s) => s === 'F').length).toBe(186);
    });
  },
);
