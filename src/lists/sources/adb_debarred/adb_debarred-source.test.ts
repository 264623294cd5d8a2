import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListEntry } from '../../list-source.js';
import { dirFileSet } from '../../formats/local-file-set.js';
import { collect } from '../../../test-support/collect.js';
import { crawlToMemory } from '../../../test-support/loopback-crawl.js';
import { memoryFileSet } from '../../../test-support/memory-file-set.js';
import { loopbackServer, type LoopbackServer } from '../../../test-support/loopback-server.js';
import {
  ADB_FILE,
  ADB_PUBLISHED_LIST_URL,
  adbDebarredSource,
  createAdbDebarredSource,
} from './adb_debarred-source.js';
import { adbDate, adbKind } from './adb-row-to-entry.js';
import { publicNextUrl } from './crawl-adb-published-list.js';

const fixtures = path.join(import.meta.dirname, 'fixtures');
const fixtureRows = () =>
  (JSON.parse(fs.readFileSync(path.join(fixtures, ADB_FILE), 'utf8')) as { data: unknown[] }).data;
const KEYS = [
  'name',
  'entity_type',
  'other_name',
  'address',
  'nationality',
  'sanction_type',
  'grounds',
  'effective_date',
  'lapse_date',
  'aliases',
  'published_name',
  'other_attributes',
];
const json = (v: unknown) => memoryFileSet(new Map([[ADB_FILE, JSON.stringify(v)]]));

describe('adbDebarredSource catalog entry', () => {
  it('names the official endpoint', () => {
    expect(adbDebarredSource.fileSets).toEqual([
      [{ name: ADB_FILE, url: `${ADB_PUBLISHED_LIST_URL}?sortField=Name&isAscending=true` }],
    ]);
    expect(ADB_PUBLISHED_LIST_URL).toBe('https://apim.adb.org/sanctions/lists/v1/published-list');
  });
});

describe('adb_debarred fixture (one API page)', () => {
  let entries: ListEntry[];
  beforeAll(async () => {
    entries = await collect(adbDebarredSource, dirFileSet(fixtures));
  });

  it('yields one entry per row with the 12 record keys, leading fields first', () => {
    expect(entries.map((e) => e.name)).toEqual([
      'Alpha Test Builders Ltd.',
      'Bakhyt Testbekov',
      'Zenith Test Construction Ltd.',
      'Test Trading Enterprises',
      'Gamma Testing Engineering Consultants Pvt. Ltd.',
      'Delta Test Joint Venture',
      'Delta Test Joint Venture',
    ]);
    for (const e of entries) {
      expect(Object.keys(e.record)).toEqual(KEYS);
      expect(e.list).toBe('adb_debarred');
    }
  });

  it('fills the record, splitting embedded and other names into aliases', () => {
    const e = entries[0]!;
    expect(e.record).toEqual({
      name: 'Alpha Test Builders Ltd.',
      entity_type: 'Firm',
      other_name: 'ATB; Alpha Builders Test Co.',
      address: 'House 12, Road 4, Dhanmondi; Dhaka 1205, Bangladesh',
      nationality: 'Bangladesh',
      sanction_type: 'Debarment',
      grounds: 'Fraudulent practice',
      effective_date: '2024-01-05',
      lapse_date: '2027-01-04',
      aliases: ['Alpha Test Contractors Ltd.', 'ATB', 'Alpha Builders Test Co.'],
      published_name: 'Alpha Test Builders Ltd. (formerly known as Alpha Test Contractors Ltd.)',
      other_attributes: { changesMadeOn: '06/Jan/2024' },
    });
    expect(e.aliases).toEqual(['Alpha Test Contractors Ltd.', 'ATB', 'Alpha Builders Test Co.']);
    expect(e.kind).toBe('entity');
  });

  it('splits D/B/A names, keeps quoted short forms as weak aliases and strips stray backslashes', () => {
    expect(entries[3]!.aliases).toEqual(['Testco Supplies']);
    const g = entries[4]!;
    expect(g.aliases).toEqual(['GTEC', 'Gamma Testing Engineers']);
    expect(g.weakAliases).toEqual(['GTEC']);
    expect(g.record['nationality']).toBe('India*2'); // as published (footnote mark kept)
  });

  it('derives kind despite the unreliable entityType (a firm typed Individual is an entity)', () => {
    expect(entries[1]!.kind).toBe('person');
    expect(entries[2]!.record['entity_type']).toBe('Individual');
    expect(entries[2]!.kind).toBe('entity');
    expect(adbKind(null, 'Someone Unknown')).toBe('unknown');
  });

  it('parses %d/%b/%Y dates, Sept included; keeps other text as published', () => {
    expect(entries[1]!.record).toMatchObject({ effective_date: '2023-09-01', lapse_date: 'Indefinite' });
    expect(adbDate('05/Jan/2024')).toBe('2024-01-05');
    expect(adbDate(' ')).toBeNull();
  });

  it('gives stable hashed uids and distinguishes identical rows with #2', () => {
    const uids = entries.map((e) => e.sourceUid);
    expect(new Set(uids).size).toBe(uids.length);
    expect(uids[6]).toBe(`${uids[5]}#2`);
    expect(uids[0]).toMatch(/^[0-9a-f]{16}$/);
  });

  it('uses the row id when the API gives one', async () => {
    const e = await collect(
      adbDebarredSource,
      json({ data: [{ id: 'abc-1', attributes: { name: 'X Ltd' } }], links: {} }),
    );
    expect(e[0]!.sourceUid).toBe('abc-1');
  });

  it('throws on a layout change', async () => {
    await expect(collect(adbDebarredSource, json([{ name: 'X' }]))).rejects.toThrow(/no "data" array/);
    await expect(collect(adbDebarredSource, json({ data: [{ name: 'X' }] }))).rejects.toThrow(
      /has no "attributes" object/,
    );
    await expect(
      collect(adbDebarredSource, json({ data: [{ attributes: { title: 'X' } }] })),
    ).rejects.toThrow(/has no "name"/);
    await expect(collect(adbDebarredSource, json({ data: [{ attributes: { name: ' ' } }] }))).rejects.toThrow(
      /a row has no name/,
    );
    await expect(collect(adbDebarredSource, json({ data: [] }))).rejects.toThrow(/no rows/);
    await expect(collect(adbDebarredSource, memoryFileSet(new Map([[ADB_FILE, '<html>']])))).rejects.toThrow(
      /not JSON/,
    );
    await expect(collect(adbDebarredSource, memoryFileSet(new Map()))).rejects.toThrow(/not present/);
  });
});

describe('adb_debarred crawl (loopback API)', () => {
  let server: LoopbackServer;
  const requests: string[] = [];
  const INTERNAL =
    'http://adb-sanctions-test.greenriver-1a2b3c.southeastasia.azurecontainerapps.io:80/published-list';
  let answer: (q: URLSearchParams) => { status: number; body: unknown };
  beforeAll(async () => {
    server = await loopbackServer();
    server.routes.set('/sanctions/lists/v1/published-list', (req, res) => {
      const u = new URL(req.url!, server.url);
      requests.push(u.search);
      const a = answer(u.searchParams);
      res.statusCode = a.status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(a.body));
    });
  });
  afterAll(() => server.close());

  const source = () =>
    createAdbDebarredSource({ baseUrl: `${server.url}/sanctions/lists/v1/published-list`, pauseMs: 0 });
  const crawl = () => crawlToMemory(source());
  /** Three pages of the fixture rows, next links on ADB's internal host. */
  const paged = (q: URLSearchParams) => {
    const rows = fixtureRows();
    const page = Number(q.get('pageNumber') ?? '1');
    const size = 3;
    const more = page * size < rows.length;
    return {
      status: 200,
      body: {
        data: rows.slice((page - 1) * size, page * size),
        links: {
          self: `${INTERNAL}?pageNumber=${page}&sortField=Name&isAscending=true`,
          next: more ? `${INTERNAL}?pageNumber=${page + 1}&sortField=Name&isAscending=true` : null,
        },
      },
    };
  };

  it('follows links.next rewritten from the internal host to the public base and saves one file', async () => {
    requests.length = 0;
    answer = paged;
    const saved = await crawl();
    expect(requests).toEqual([
      '?sortField=Name&isAscending=true',
      '?pageNumber=2&sortField=Name&isAscending=true',
      '?pageNumber=3&sortField=Name&isAscending=true',
    ]);
    const body = JSON.parse(saved.get(ADB_FILE)!.toString()) as { data: unknown[]; pages: number };
    expect(body.pages).toBe(3);
    expect(body.data).toHaveLength(7);
    const entries = await collect(source(), memoryFileSet(saved));
    expect(entries).toHaveLength(7);
    expect(entries[0]!.name).toBe('Alpha Test Builders Ltd.');
  });

  it('rewrites only foreign next links', () => {
    const base = 'https://apim.adb.org/sanctions/lists/v1/published-list';
    expect(publicNextUrl(`${INTERNAL}?pageNumber=2`, base, base)).toBe(`${base}?pageNumber=2`);
    expect(publicNextUrl(`${base}?pageNumber=3`, base, base)).toBe(`${base}?pageNumber=3`);
    expect(publicNextUrl('?pageNumber=4', base, base)).toBe(`${base}?pageNumber=4`);
  });

  it('throws on a paging loop, an empty first page and a layout change', async () => {
    answer = () => ({
      status: 200,
      body: {
        data: fixtureRows().slice(0, 1),
        links: { next: `${INTERNAL}?sortField=Name&isAscending=true` },
      },
    });
    await expect(crawl()).rejects.toThrow(/paging loop/);
    answer = () => ({ status: 200, body: { data: [], links: { next: null } } });
    await expect(crawl()).rejects.toThrow(/page 1 has no rows/);
    answer = () => ({ status: 200, body: { items: [], links: {} } });
    await expect(crawl()).rejects.toThrow(/no "data" array/);
    answer = () => ({ status: 200, body: { data: fixtureRows().slice(0, 1) } });
    await expect(crawl()).rejects.toThrow(/no "links" object/);
  });

  it('surfaces an HTTP error', async () => {
    answer = () => ({ status: 403, body: { message: 'forbidden' } });
    await expect(crawl()).rejects.toThrow(/HTTP 403/);
  });
});
