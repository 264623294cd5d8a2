import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListEntry } from '../../list-source.js';
import { dirFileSet } from '../../formats/local-file-set.js';
import { collect } from '../../../test-support/collect.js';
import { crawlToMemory } from '../../../test-support/loopback-crawl.js';
import { memoryFileSet } from '../../../test-support/memory-file-set.js';
import { loopbackServer, staticFile, type LoopbackServer } from '../../../test-support/loopback-server.js';
import {
  AFDB_FILE,
  AFDB_PAGE_URL,
  afdbDebarredSource,
  createAfdbDebarredSource,
} from './afdb_debarred-source.js';
import { afdbDate, afdbKind } from './afdb-row-to-entry.js';

const fixtures = path.join(import.meta.dirname, 'fixtures');
const page = () => fs.readFileSync(path.join(fixtures, AFDB_FILE), 'utf8');
const KEYS = [
  'name',
  'entity_type',
  'nationality',
  'debar_from',
  'debar_to',
  'basis',
  'notes',
  'aliases',
  'published_name',
];
const html = (s: string) => memoryFileSet(new Map([[AFDB_FILE, s]]));

describe('afdbDebarredSource catalog entry', () => {
  it('names the official page', () => {
    expect(afdbDebarredSource.fileSets).toEqual([[{ name: AFDB_FILE, url: AFDB_PAGE_URL }]]);
    expect(AFDB_PAGE_URL).toBe(
      'https://www.afdb.org/en/projects-operations/debarment-and-sanctions-procedures',
    );
  });
});

describe('afdb_debarred fixture (the page layout)', () => {
  let entries: ListEntry[];
  beforeAll(async () => {
    entries = await collect(afdbDebarredSource, dirFileSet(fixtures));
  });

  it('yields one entry per table row with the 9 record keys, leading fields first', () => {
    expect(entries).toHaveLength(9);
    for (const e of entries) {
      expect(Object.keys(e.record)).toEqual(KEYS);
      expect(e.list).toBe('afdb_debarred');
    }
  });

  it('fills the record from the columns, dates as YYYY-MM-DD', () => {
    expect(entries[0]!.record).toEqual({
      name: '000 Testa Solutions',
      entity_type: 'FIRM',
      nationality: 'Uzbekistan',
      debar_from: '2019-07-17',
      debar_to: '2022-07-16',
      basis: 'CROSS-DEBARMENT: WBG',
      notes: 'ONGOING',
      aliases: ['Testa Solutions'],
      published_name: '000 Testa Solutions ("Testa Solutions")',
    });
    expect(entries[1]!.record).toMatchObject({
      name: 'A K M Testul Islam',
      entity_type: 'INDIVIDUAL',
      debar_from: '2020-05-25',
      debar_to: null,
    });
    expect(entries[4]!.record['debar_to']).toBe('2024-09-18'); // published 18-Sept-2024
  });

  it('splits former names, quoted short forms and D/B/A names into aliases; decodes entities and &nbsp;', () => {
    const b = entries[2]!;
    expect(b.name).toBe('B2Z Infra Testing Limited');
    expect(b.aliases).toEqual(['B2Z Maintenance & Testing Services Limited', 'B2Z Infra']);
    expect(b.weakAliases).toEqual(['B2Z Infra']);
    expect(entries[3]!.name).toBe('TESTAIDS INC.');
    expect(entries[3]!.aliases).toEqual(['GROUPE TEST SYSTÈMES']);
    expect(entries[5]!.name).toBe('Christiam Andrés Pruebas Guarín');
    expect(entries[6]!.name).toBe('TNO S.A. (except branches in Africa)');
    expect(entries[6]!.aliases).toEqual(['TNO S.A.']);
  });

  it('derives kind from the type column', () => {
    expect(entries.map((e) => e.kind)).toEqual([
      'entity',
      'person',
      'entity',
      'entity',
      'entity',
      'person',
      'entity',
      'entity',
      'entity',
    ]);
    expect(afdbKind(null)).toBe('unknown');
    expect(afdbDate('1-Aug-2024')).toBe('2024-08-01');
    expect(afdbDate('pending')).toBe('pending');
  });

  it('gives stable hashed uids, #2 for a repeated row', () => {
    const uids = entries.map((e) => e.sourceUid);
    expect(new Set(uids).size).toBe(9);
    expect(uids[8]).toBe(`${uids[7]}#2`);
  });

  it('fails loudly when the table or an expected header is missing', async () => {
    await expect(
      collect(afdbDebarredSource, html('<html><body><p>Checking your browser…</p></body></html>')),
    ).rejects.toThrow(/no table with an id containing "datatable"/);
    await expect(
      collect(afdbDebarredSource, html(page().replace('\nBasis </th>', '\nReason </th>'))),
    ).rejects.toThrow(/has no "basis" column/);
    await expect(
      collect(afdbDebarredSource, html(page().replace(/\nName <\/th>/, '\nParty </th>'))),
    ).rejects.toThrow(/no datatable has a "Name" column/);
    await expect(
      collect(afdbDebarredSource, html(page().replace(/<tbody>[\s\S]*<\/tbody>/, '<tbody></tbody>'))),
    ).rejects.toThrow(/has no rows/);
    await expect(collect(afdbDebarredSource, memoryFileSet(new Map()))).rejects.toThrow(/not present/);
  });

  it('reads columns by header, in any order, without the optional Notes column', async () => {
    const t =
      '<table id="datatable-2"><thead><tr><th>Name</th><th>Type</th><th>From</th><th>To</th><th>Nationality</th>' +
      '<th>Basis</th></tr></thead><tbody><tr><td colspan="6">No data</td></tr>' +
      '<tr><td>Jane Test</td><td>INDIVIDUAL</td><td>1-Jan-2020</td><td></td><td>Kenya</td><td>DEBARMENT:AFDB</td></tr>' +
      '</tbody></table>';
    const [e] = await collect(afdbDebarredSource, html(t));
    expect(e!.record).toMatchObject({
      name: 'Jane Test',
      nationality: 'Kenya',
      debar_from: '2020-01-01',
      notes: null,
    });
    expect(e!.kind).toBe('person');
  });
});

describe('afdb_debarred crawl (loopback page)', () => {
  let server: LoopbackServer;
  beforeAll(async () => {
    server = await loopbackServer();
  });
  afterAll(() => server.close());
  const source = () =>
    createAfdbDebarredSource({
      pageUrl: `${server.url}/en/projects-operations/debarment-and-sanctions-procedures`,
    });
  const crawl = () => crawlToMemory(source());
  const route = '/en/projects-operations/debarment-and-sanctions-procedures';

  it('saves the page, which then parses', async () => {
    server.routes.set(route, staticFile(page()));
    const saved = await crawl();
    expect([...saved.keys()]).toEqual([AFDB_FILE]);
    expect(await collect(source(), memoryFileSet(saved))).toHaveLength(9);
  });

  it('refuses a page without the table (bot protection) and surfaces HTTP errors', async () => {
    server.routes.set(route, staticFile('<html><body>Just a moment…</body></html>'));
    await expect(crawl()).rejects.toThrow(/no table with an id containing "datatable"/);
    server.routes.set(route, (_req, res) => {
      res.statusCode = 403;
      res.end('Forbidden');
    });
    await expect(crawl()).rejects.toThrow(/HTTP 403/);
  });
});
