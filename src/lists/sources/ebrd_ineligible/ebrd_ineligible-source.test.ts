import fs from 'node:fs';
import type http from 'node:http';
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
  EBRD_CSV,
  EBRD_JSON,
  EBRD_SERVICE_URL,
  createEbrdIneligibleSource,
  ebrdIneligibleSource,
} from './ebrd_ineligible-source.js';
import { EBRD_RECORD_KEYS, ebrdDate, splitEbrdName } from './ebrd-row-to-entry.js';
import { unwrapStrayQuotes } from './read-ebrd-rows.js';

const fixtureDir = path.join(import.meta.dirname, 'fixtures');
const csvFiles = pathFileSet({ [EBRD_CSV]: path.join(fixtureDir, EBRD_CSV) });
const page = (name: string) => fs.readFileSync(path.join(fixtureDir, name), 'utf8');

describe('ebrdIneligibleSource catalog entry', () => {
  it('declares the service first, the CSV export second', () => {
    expect(ebrdIneligibleSource.fileSets).toEqual([
      [{ name: EBRD_JSON, url: EBRD_SERVICE_URL }],
      [{ name: EBRD_CSV, url: 'https://www.ebrd.com/ineligible-entities.html' }],
    ]);
  });
});

describe('ebrd_ineligible CSV export fixture', () => {
  let entries: ListEntry[];
  beforeAll(async () => {
    entries = await collect(ebrdIneligibleSource, csvFiles);
  });

  it('yields 13 record keys, leading fields first, unique ids', () => {
    expect(entries).toHaveLength(4);
    for (const e of entries) {
      expect(e.list).toBe('ebrd_ineligible');
      expect(Object.keys(e.record)).toEqual([...EBRD_RECORD_KEYS]);
      expect(Object.keys(e.record).slice(0, 4)).toEqual(['name', 'subtitle', 'entity_type', 'address']);
    }
    expect(new Set(entries.map((e) => e.sourceUid)).size).toBe(4);
  });

  it('reads the BOM, the " Ineligible Until" header, a leading space in a name and ISO timestamps', () => {
    expect(entries[0]!.record).toEqual({
      name: 'Testgezhouba Group Co., Ltd.',
      subtitle: null,
      entity_type: null,
      address: ['CGGC House, Plot No.464 Abuja Nigeria'],
      nationality: 'Nigeria',
      ineligible_from: '2024-07-01',
      ineligible_until: '2025-05-31',
      until_status: null,
      notice_effective_at_ebrd: '2024-07-01',
      originating_institution: 'EBRD',
      prohibited_practice: 'Fraudulent Practice',
      jurisdiction_of_judgement: null,
      name_as_published: 'Testgezhouba Group Co., Ltd.',
    });
    expect(entries[0]!.kind).toBe('entity');
  });

  it('repairs unescaped quotes inside a quoted name and keeps "Ongoing" as the until status', () => {
    expect(entries[1]!.name).toBe('"Supper Testuna" LLC');
    expect(entries[1]!.record).toMatchObject({
      ineligible_from: null,
      ineligible_until: null,
      until_status: 'Ongoing',
    });
    expect(unwrapStrayQuotes('""Supper Fortuna" LLC"')).toBe('"Supper Fortuna" LLC');
    expect(unwrapStrayQuotes('Plain')).toBe('Plain');
  });

  it('splits aliases (also known as; doing business under A or B) and reads titled names as persons', () => {
    expect(entries[2]!.name).toBe('Bamidele Testiyi');
    expect(entries[2]!.aliases).toEqual(['Bamidele Abayomi']);
    expect(entries[2]!.kind).toBe('person');
    expect(entries[2]!.record['until_status']).toBe('Indefinite');
    expect(entries[3]!.name).toBe('Laxtest Mallick');
    expect(entries[3]!.aliases).toEqual(['Laxmi Test Construction', 'Laxtest Construction']);
    expect(
      splitEbrdName(
        'Mr. Farkhad Testov and any entity controlled directly or indirectly by Mr. Farkhad Testov',
      ).name,
    ).toBe('Farkhad Testov');
    expect(ebrdDate('31-05-2025')).toBe('2025-05-31');
  });

  it('throws on a missing column, an empty file and when no file is present', async () => {
    await expect(
      collect(ebrdIneligibleSource, memoryFileSet({ [EBRD_CSV]: 'Firm Name,Address,Nationality\nA,B,C\n' })),
    ).rejects.toThrow(/header lacks "ineligible from", "ineligible until"/);
    await expect(collect(ebrdIneligibleSource, memoryFileSet({ [EBRD_CSV]: '' }))).rejects.toThrow(
      /empty file/,
    );
    await expect(collect(ebrdIneligibleSource, memoryFileSet({}))).rejects.toThrow(/neither/);
  });
});

describe('ebrd_ineligible crawl of the paged search service', () => {
  let server: LoopbackServer;
  const forms: URLSearchParams[] = [];
  const pages = new Map<string, string>();
  const readBody = (req: http.IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => resolve(body));
    });
  beforeAll(async () => {
    server = await loopbackServer();
    server.routes.set('/servlet', async (req, res) => {
      const form = new URLSearchParams(await readBody(req));
      forms.push(form);
      if (req.method !== 'POST') {
        res.statusCode = 405;
        res.end();
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(pages.get(form.get('currentPage') ?? '') ?? page('page-empty.json'));
    });
    server.routes.set('/denied', (_req, res) => {
      res.statusCode = 403;
      res.end('forbidden');
    });
  });
  afterAll(async () => {
    await server.close();
  });
  const crawl = async (url: string) => {
    const saved = await crawlToMemory(createEbrdIneligibleSource({ serviceUrl: url, pauseMs: 0 }));
    return new Map([...saved].map(([name, data]) => [name, data.toString()]));
  };

  it('posts the form page by page until an empty page and saves all items in one file', async () => {
    pages.clear();
    pages.set('1', page('page-1.json'));
    pages.set('2', page('page-2.json'));
    forms.length = 0;
    const saved = await crawl(`${server.url}/servlet`);
    expect(forms.map((f) => f.get('currentPage'))).toEqual(['1', '2', '3']);
    expect(Object.fromEntries(forms[0]!)).toEqual({
      parentPath: '/content/dam/ebrd_dxp/content-fragments/occo/ineligible-entities',
      cardType: 'iecard',
      sortBy: 'newest-first',
      currentPage: '1',
    });
    expect([...saved.keys()]).toEqual([EBRD_JSON]);
    const entries = await collect(
      ebrdIneligibleSource,
      memoryFileSet({ [EBRD_JSON]: saved.get(EBRD_JSON)! }),
    );
    expect(entries.map((e) => e.name)).toEqual([
      'Testgezhouba Group Co., Ltd.',
      '"Supper Testuna" LLC',
      'Bamidele Testiyi',
    ]);
    expect(entries[1]!.record).toMatchObject({
      subtitle: 'Uzbekistan',
      entity_type: 'Entity',
      address: ['70 Firdavsi St.', 'Gulistan Town', 'Uzbekistan'],
      ineligible_from: null,
      until_status: 'Ongoing',
      notice_effective_at_ebrd: '2022-09-25',
    });
    expect(entries[2]!.kind).toBe('person');
    expect(entries[2]!.record['entity_type']).toBe('Individual');

    // Both file sets give the same record shape and values for the same listing (subtitle/type/jurisdiction are JSON-only).
    const csv = await collect(ebrdIneligibleSource, csvFiles);
    for (const e of entries) expect(Object.keys(e.record)).toEqual(Object.keys(csv[0]!.record));
    const { subtitle: _s, entity_type: _t, address: _a, ...jsonFirst } = entries[0]!.record;
    const { subtitle: _s2, entity_type: _t2, address: _a2, ...csvFirst } = csv[0]!.record;
    expect(jsonFirst).toEqual(csvFirst);
    expect(entries[0]!.sourceUid).toBe(csv[0]!.sourceUid);
  });

  it('throws on a changed layout (missing key, missing field, empty first page, repeated page) and on HTTP 403', async () => {
    pages.clear();
    pages.set('1', JSON.stringify({ results: [] }));
    await expect(crawl(`${server.url}/servlet`)).rejects.toThrow(/page 1: no searchResult array/);
    pages.set('1', JSON.stringify({ searchResult: [{ title: 'X', address: 'Y' }] }));
    await expect(crawl(`${server.url}/servlet`)).rejects.toThrow(
      /item 1 lacks nationality, ineligibleFromDate/,
    );
    pages.delete('1');
    await expect(crawl(`${server.url}/servlet`)).rejects.toThrow(/page 1 has no items/);
    pages.set('1', page('page-1.json'));
    pages.set('2', page('page-1.json'));
    await expect(crawl(`${server.url}/servlet`)).rejects.toThrow(/page 2 repeats page 1/);
    await expect(crawl(`${server.url}/denied`)).rejects.toThrow(/HTTP 403/);
  });
});

if (!sharedListsDir) console.warn(sharedListsSkipReason);

describe.skipIf(!sharedListsDir)('ebrd_ineligible real CSV export (December 2024)', () => {
  it('reads 1,322 records (PROVENANCE) with the malformed quotes repaired', async () => {
    const entries = await collect(
      ebrdIneligibleSource,
      pathFileSet({ [EBRD_CSV]: sharedListFile('ebrd_ineligible', EBRD_CSV) }),
    );
    expect(entries).toHaveLength(1322);
    expect(new Set(entries.map((e) => e.sourceUid)).size).toBe(1322);
    for (const e of entries) expect(Object.keys(e.record)).toEqual([...EBRD_RECORD_KEYS]);
    expect(
      entries
        .map((e) => e.record['notice_effective_at_ebrd'] as string)
        .sort()
        .at(-1),
    ).toBe('2024-12-20');
    expect(entries.find((e) => e.name === '"Supper Fortuna" LLC')).toBeDefined();
    expect(entries.find((e) => e.name === 'Closed Joint Stock Co "Sharora"')).toBeDefined();
    expect(entries.filter((e) => e.record['until_status'] === 'Ongoing')).toHaveLength(436);
    expect(entries.filter((e) => e.kind === 'person')).toHaveLength(123);
    expect(entries.some((e) => e.name.startsWith(' '))).toBe(false);
    const amraev = entries.find((e) => (e.record['name_as_published'] as string).startsWith('Mr. Farkhad'))!;
    expect(amraev.name).toBe('Farkhad Akhmedzhanovich Amraev');
  }, 60_000);
});
