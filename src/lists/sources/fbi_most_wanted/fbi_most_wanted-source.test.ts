import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListEntry } from '../../list-source.js';
import { pathFileSet } from '../../formats/local-file-set.js';
import { collect } from '../../../test-support/collect.js';
import { crawlToMemory } from '../../../test-support/loopback-crawl.js';
import { memoryFileSet } from '../../../test-support/memory-file-set.js';
import { loopbackServer, type LoopbackServer } from '../../../test-support/loopback-server.js';
import { sharedListFile, sharedListsDir, sharedListsSkipReason } from '../../../test-support/shared-lists.js';
import {
  FBI_WANTED_FILE,
  FBI_WANTED_URL,
  createFbiMostWantedSource,
  fbiMostWantedSource,
} from './fbi_most_wanted-source.js';
import { fbiAliases, fbiExclusion, htmlToText } from './fbi-item-to-entry.js';

const fixture = path.join(import.meta.dirname, 'fixtures', FBI_WANTED_FILE);
const fixtureBody = () =>
  JSON.parse(fs.readFileSync(fixture, 'utf8')) as { total: number; items: Record<string, unknown>[] };

const KEYS = [
  'name',
  'uid',
  'crime_type',
  'aliases',
  'charges',
  'caution',
  'warning_message',
  'reward_text',
  'dates_of_birth_used',
  'place_of_birth',
  'nationality',
  'sex',
  'physical',
  'field_offices',
  'poster',
  'url',
];
const json = (v: unknown) => memoryFileSet(new Map([[FBI_WANTED_FILE, JSON.stringify(v)]]));

describe('fbiMostWantedSource catalog entry', () => {
  it('names the official endpoint and crawls it', () => {
    expect(fbiMostWantedSource.fileSets).toEqual([[{ name: FBI_WANTED_FILE, url: FBI_WANTED_URL }]]);
    expect(FBI_WANTED_URL).toBe('https://api.fbi.gov/wanted/v1/list');
    expect(typeof fbiMostWantedSource.crawl).toBe('function');
  });
});

describe('fbi_most_wanted fixture (API layout)', () => {
  let entries: ListEntry[];
  beforeAll(async () => {
    entries = await collect(fbiMostWantedSource, pathFileSet({ [FBI_WANTED_FILE]: fixture }));
  });

  it('keeps only wanted subjects, once each (the repeated item is skipped)', () => {
    expect(entries.map((e) => e.name)).toEqual([
      'TESTER ALEXEI VOLKOV',
      'TEN TESTFUGITIVE MORALES',
      'TESTA HAMID AL-TESTI',
      'PETRA TESTPARENT',
    ]);
    expect(entries.every((e) => e.list === 'fbi_most_wanted' && e.kind === 'person')).toBe(true);
    expect(entries[0]!.sourceUid).toBe('a1000000000000000000000000000001');
  });

  it('gives every record the 16 keys, leading fields first', () => {
    for (const e of entries) expect(Object.keys(e.record)).toEqual(KEYS);
  });

  it('fills the record from the item', () => {
    const e = entries[0]!;
    expect(e.record).toMatchObject({
      name: 'TESTER ALEXEI VOLKOV',
      uid: 'a1000000000000000000000000000001',
      crime_type: 'Counterintelligence',
      aliases: ['Alexei Volkoff', 'Sasha', 'Volk'],
      charges: 'Conspiracy to Defraud the United States; Wire Fraud\nMoney Laundering',
      caution:
        'Volkov is wanted for his alleged role in an export scheme.\nHe allegedly used front companies.',
      warning_message: null,
      dates_of_birth_used: ['May 9, 1970', 'May 9, 1971'],
      place_of_birth: 'Leningrad, Russia',
      nationality: 'Russian',
      sex: 'Male',
      field_offices: ['newyork'],
      url: 'https://www.fbi.gov/wanted/counterintelligence/tester-alexei-volkov',
    });
    expect(e.record['physical']).toMatchObject({
      race: 'White',
      hair: 'Black / Bald',
      languages: ['Russian', 'English'],
    });
    expect(e.record['poster']).toEqual({
      poster_classification: 'default',
      person_classification: 'Main',
      status: 'na',
      publication: '2023-01-10T09:00:00',
      modified: '2024-09-07T00:05:27+00:00',
      image_url: 'https://www.fbi.gov/wanted/counterintelligence/tester-alexei-volkov/@@images/image',
    });
    const ten = entries[1]!;
    expect(ten.record).toMatchObject({
      crime_type: 'Ten Most Wanted Fugitives',
      aliases: [],
      caution: 'Morales allegedly shot a man in 2019.', // from details when caution is empty
      reward_text: expect.stringContaining('$250,000'),
    });
    expect(ten.record['physical']).toMatchObject({
      height_min: 68,
      height_max: 70,
      weight: '170 pounds',
      eyes: 'Brown',
    });
  });

  it('strips quotes from aliases, marks quoted nicknames weak and drops duplicates and the name', () => {
    const e = entries[0]!;
    expect(e.aliases).toEqual(['Alexei Volkoff', 'Sasha', 'Volk']);
    expect(e.weakAliases).toEqual(['Sasha', 'Volk']);
    expect(fbiAliases(['"Rudy"', '“Rizzus"', 'Rudy'], 'X')).toEqual({
      aliases: ['Rudy', 'Rizzus'],
      weak: ['Rudy', 'Rizzus'],
    });
    expect(htmlToText('<p>a&nbsp;b</p>\r\n<p>\u00a0</p><p>c<br>d</p>')).toBe('a b\nc\nd');
  });

  it('states the newest modified date as data date', async () => {
    expect(await fbiMostWantedSource.dataDate!(pathFileSet({ [FBI_WANTED_FILE]: fixture }))).toBe(
      '2024-09-07',
    );
  });
});

describe('fbi_most_wanted: who is not screened as wanted', () => {
  const byUid = (uid: string) => fixtureBody().items.find((i) => i['uid'] === uid)!;
  it('leaves out victims, missing persons, appeals and unidentified subjects, for a stated reason', () => {
    expect(fbiExclusion(byUid('a1000000000000000000000000000004'))).toBe('missing_person'); // poster missing
    // Trap: poster class "default", no subjects, but filed under ViCAP missing persons.
    expect(fbiExclusion(byUid('a1000000000000000000000000000005'))).toBe('missing_person');
    expect(fbiExclusion(byUid('a1000000000000000000000000000006'))).toBe('victim'); // person_classification Victim
    expect(fbiExclusion(byUid('a1000000000000000000000000000007'))).toBe('seeking_information'); // homicide victim, Main
    expect(fbiExclusion(byUid('a1000000000000000000000000000008'))).toBe('other_poster_class'); // ecap: John Doe
    expect(fbiExclusion(byUid('a1000000000000000000000000000010'))).toBe('missing_person'); // ViCAP homicide victim
  });

  it('keeps wanted posters: default, ten, terrorist and parental kidnappers', () => {
    for (const uid of ['01', '02', '03', '09'])
      expect(fbiExclusion(byUid(`a10000000000000000000000000000${uid}`))).toBeNull();
  });

  it('excludes a default poster under a victim subject, a Victim on a default poster, and John/Jane Doe titles', () => {
    const base = byUid('a1000000000000000000000000000001');
    expect(fbiExclusion({ ...base, subjects: ['ViCAP Unidentified Persons'] })).toBe('missing_person');
    expect(fbiExclusion({ ...base, person_classification: 'Victim' })).toBe('victim');
    expect(fbiExclusion({ ...base, title: 'JANE DOE - WATERLOO, MICHIGAN' })).toBe('unidentified');
    expect(fbiExclusion({ ...base, poster_classification: 'something-new' })).toBe('other_poster_class');
  });
});

describe('fbi_most_wanted layout changes', () => {
  it('throws on a wrong root, a missing items array, a missing total and an item without uid', async () => {
    await expect(collect(fbiMostWantedSource, json([{ uid: 'x' }]))).rejects.toThrow(
      /expected a JSON object/,
    );
    await expect(collect(fbiMostWantedSource, json({ total: 1, results: [] }))).rejects.toThrow(
      /no "items" array/,
    );
    await expect(collect(fbiMostWantedSource, json({ items: [] }))).rejects.toThrow(/no numeric "total"/);
    await expect(collect(fbiMostWantedSource, json({ total: 1, items: [{ title: 'X' }] }))).rejects.toThrow(
      /has no "uid"/,
    );
    await expect(
      collect(fbiMostWantedSource, memoryFileSet(new Map([[FBI_WANTED_FILE, '<html>']]))),
    ).rejects.toThrow(/not JSON/);
    await expect(collect(fbiMostWantedSource, memoryFileSet(new Map()))).rejects.toThrow(/not present/);
  });

  it('throws when no item is a wanted subject (classification renamed)', async () => {
    const items = fixtureBody().items.map((i) => ({ ...i, poster_classification: 'renamed' }));
    await expect(collect(fbiMostWantedSource, json({ total: items.length, items }))).rejects.toThrow(
      /none of 11 items/,
    );
    await expect(collect(fbiMostWantedSource, json({ total: 0, items: [] }))).rejects.toThrow(/no items/);
  });
});

describe('fbi_most_wanted crawl (loopback API)', () => {
  let server: LoopbackServer;
  const requests: string[] = [];
  let answer: (page: number, size: number) => { status: number; body: unknown };
  beforeAll(async () => {
    server = await loopbackServer();
    server.routes.set('/wanted/v1/list', (req, res) => {
      const u = new URL(req.url!, server.url);
      requests.push(u.search);
      const { status, body } = answer(
        Number(u.searchParams.get('page')),
        Number(u.searchParams.get('pageSize')),
      );
      res.statusCode = status;
      res.setHeader('content-type', 'application/json');
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    });
  });
  afterAll(() => server.close());

  const source = (pageSize = 4) =>
    createFbiMostWantedSource({ baseUrl: `${server.url}/wanted/v1/list`, pageSize, pauseMs: 0 });
  const crawl = (pageSize = 4) => crawlToMemory(source(pageSize));
  const allItems = () => fixtureBody().items.slice(0, 10); // the ten distinct items
  const paged =
    (items: unknown[], total = items.length) =>
    (page: number, size: number) => ({
      status: 200,
      body: { total, items: items.slice((page - 1) * size, page * size), page },
    });

  it('pages through until the total is gathered and saves one file that parses', async () => {
    requests.length = 0;
    answer = paged(allItems());
    const saved = await crawl(4);
    expect(requests).toEqual(['?page=1&pageSize=4', '?page=2&pageSize=4', '?page=3&pageSize=4']);
    expect([...saved.keys()]).toEqual([FBI_WANTED_FILE]);
    const body = JSON.parse(saved.get(FBI_WANTED_FILE)!.toString()) as { total: number; items: unknown[] };
    expect(body.total).toBe(10);
    expect(body.items).toHaveLength(10);
    const entries = await collect(source(), memoryFileSet(saved));
    expect(entries.map((e) => e.sourceUid)).toEqual([
      'a1000000000000000000000000000001',
      'a1000000000000000000000000000002',
      'a1000000000000000000000000000003',
      'a1000000000000000000000000000009',
    ]);
  });

  it('de-duplicates an item repeated across pages and stops at an empty page', async () => {
    const items = allItems();
    // Page 2 repeats item 4 (a poster was removed while paging), so 11 slots hold 10 items; the total says 10.
    const shifted = [...items.slice(0, 4), items[3], ...items.slice(4)];
    answer = paged(shifted, 10);
    const saved = await crawl(4);
    const body = JSON.parse(saved.get(FBI_WANTED_FILE)!.toString()) as { items: Array<{ uid: string }> };
    expect(new Set(body.items.map((i) => i.uid)).size).toBe(10);
    expect(body.items).toHaveLength(10);
  });

  it('throws when the gathered count falls far short of the declared total', async () => {
    answer = paged(allItems(), 100);
    await expect(crawl(4)).rejects.toThrow(/gathered 10 items but the API declares total 100/);
  });

  it('throws when page 1 is empty or the layout changed', async () => {
    answer = () => ({ status: 200, body: { total: 0, items: [], page: 1 } });
    await expect(crawl()).rejects.toThrow(/page 1 has no items/);
    answer = () => ({ status: 200, body: { count: 3, results: [] } });
    await expect(crawl()).rejects.toThrow(/no "items" array/);
    answer = () => ({ status: 200, body: 'not json' });
    await expect(crawl()).rejects.toThrow(/not JSON/);
  });

  it('surfaces an HTTP error', async () => {
    answer = () => ({ status: 403, body: { error: 'forbidden' } });
    await expect(crawl()).rejects.toThrow(/HTTP 403/);
  });
});

if (!sharedListsDir) console.warn(sharedListsSkipReason);
describe.skipIf(!sharedListsDir)(
  'fbi_most_wanted real page (shared/lists/fbi_wanted, September 2024)',
  () => {
    const real = () =>
      pathFileSet({ [FBI_WANTED_FILE]: sharedListFile('fbi_wanted', 'wanted_v1_list_page1_2024-09.json') });

    it('reads the 20 items of page 1 (total 1,007) and keeps the 6 wanted subjects', async () => {
      const body = JSON.parse(
        fs.readFileSync(sharedListFile('fbi_wanted', 'wanted_v1_list_page1_2024-09.json'), 'utf8'),
      ) as { total: number; items: Array<Record<string, unknown>> };
      expect(body.total).toBe(1007);
      expect(body.items).toHaveLength(20);
      const entries = await collect(fbiMostWantedSource, real());
      expect(entries.map((e) => e.name)).toEqual([
        'BORIS YAKOVLEVICH LIVSHITS',
        'AARON PAUL VICTORY',
        'RODOLFO MANTILLA',
        'FREDERICK ARIAS',
        'DARASY S. CHHIM',
        'EDWIN ERNESTO CEDILLOS-RODRIGUEZ',
      ]);
      for (const e of entries) expect(Object.keys(e.record)).toEqual(KEYS);
      // Every excluded item has a reason; no victim or missing person became an entry.
      const reasons = body.items.map((i) => fbiExclusion(i)).filter((r) => r !== null);
      expect(reasons).toHaveLength(14);
      expect(entries.some((e) => /missing|victim/i.test(String(e.record['crime_type'])))).toBe(false);
      const livshits = entries[0]!;
      expect(livshits.aliases).toEqual(['Boris Levitan', 'Boris Livshitc', 'David Wetzky']);
      expect(entries.find((e) => e.name === 'DARASY S. CHHIM')!.weakAliases).toEqual([
        'Mystickal',
        'Mystikal',
        'Rizzus',
        'Russel',
        'Crusty Rusty',
      ]);
      expect(await fbiMostWantedSource.dataDate!(real())).toBe('2024-09-07');
    });
  },
);
