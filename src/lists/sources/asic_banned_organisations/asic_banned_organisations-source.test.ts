import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListEntry } from '../../list-source.js';
import { pathFileSet } from '../../formats/local-file-set.js';
import { loopbackServer, staticFile, type LoopbackServer } from '../../../test-support/loopback-server.js';
import {
  ASIC_ORG_CSV,
  ASIC_ORG_META,
  asicBannedOrganisationsSource,
  createAsicBannedOrganisationsSource,
} from './asic_banned_organisations-source.js';
import { normaliseAcn, splitOrgName } from './asic-org-row-to-entry.js';
import { collect } from '../../../test-support/collect.js';
import { crawlToMemory } from '../../../test-support/loopback-crawl.js';
import { memoryFileSet } from '../../../test-support/memory-file-set.js';

const dir = path.join(import.meta.dirname, 'fixtures');
const fixture = pathFileSet({ [ASIC_ORG_CSV]: path.join(dir, ASIC_ORG_CSV) });
const csvText = fs.readFileSync(path.join(dir, ASIC_ORG_CSV), 'utf8');
const csvOnly = (body: string) => memoryFileSet(new Map([[ASIC_ORG_CSV, body]]));

const KEYS = [
  'name',
  'acn',
  'ban_type',
  'ban_start',
  'ban_end',
  'indefinite',
  'published_name',
  'comments',
  'url',
];

describe('asicBannedOrganisationsSource catalog entry', () => {
  it('names the official address', () => {
    expect(asicBannedOrganisationsSource.fileSets[0]![0]!.url).toBe(
      'https://data.gov.au/data/api/3/action/package_show?id=asic-banned-disqualified-org',
    );
  });
});

describe('asic_banned_organisations fixture (comma-separated bd_org.csv)', () => {
  let entries: ListEntry[];
  beforeAll(async () => {
    entries = await collect(asicBannedOrganisationsSource, fixture);
  });

  it('yields one entity per row with the 9 record keys, leading fields first', () => {
    expect(entries).toHaveLength(4);
    for (const e of entries) {
      expect(e.list).toBe('asic_banned_organisations');
      expect(e.kind).toBe('entity');
      expect(Object.keys(e.record)).toEqual(KEYS);
      expect(JSON.stringify(e.record)).not.toContain('undefined');
    }
  });

  it('reads an indefinite ban with a spaced ACN and the "No comment made" placeholder', () => {
    expect(entries[0]!.record).toEqual({
      name: 'TESTCORP FINANCIAL PTY LTD',
      acn: '123456789',
      ban_type: 'Credit Banned & Disqualified',
      ban_start: '2018-06-12',
      ban_end: null,
      indefinite: true,
      published_name: 'TESTCORP FINANCIAL PTY LTD',
      comments: null,
      url: null,
    });
  });

  it('splits a trading name (T/A) into an alias and keeps the URL', () => {
    const e = entries[1]!;
    expect(e.name).toBe('SUNRISE TEST CAPITAL PTY LTD');
    expect(e.aliases).toEqual(['SUNRISE LOANS']);
    expect(e.record).toMatchObject({
      ban_start: '2020-09-03',
      ban_end: '2027-09-03',
      indefinite: false,
      url: expect.stringContaining('asic.gov.au'),
    });
  });

  it('a blank ACN is null; a quoted comment with a comma is whole', () => {
    expect(entries[2]!.record).toMatchObject({
      acn: null,
      ban_start: '2022-02-01',
      comments: 'Foreign company, no ACN',
    });
  });

  it('an identical repeated row gets #2', () => {
    const uids = entries.map((e) => e.sourceUid);
    expect(new Set(uids).size).toBe(4);
    expect(uids[3]).toBe(`${uids[0]}#2`);
  });

  it('parses the tab-separated form alike', async () => {
    const tab = csvText
      .replace('"Foreign company, no ACN"', 'Foreign company, no ACN')
      .replace(/,(?! no ACN)/g, '\t');
    const again = await collect(asicBannedOrganisationsSource, csvOnly(tab));
    expect(again.map((e) => e.record)).toEqual(entries.map((e) => e.record));
  });

  it('helpers', () => {
    expect(normaliseAcn('000 000 000')).toBeNull();
    expect(normaliseAcn('12345')).toBe('12345');
    expect(splitOrgName('A PTY LTD ATF THE A TRUST')).toEqual({
      name: 'A PTY LTD',
      aliases: ['THE A TRUST'],
    });
    expect(splitOrgName('ATFX PTY LTD')).toEqual({ name: 'ATFX PTY LTD', aliases: [] });
  });
});

describe('asic_banned_organisations malformed input', () => {
  it('throws when a required column is missing, on empty, header-only and nameless rows', async () => {
    await expect(
      collect(asicBannedOrganisationsSource, csvOnly('REGISTER_NAME,BD_ORG_NAME\nX,Y\n')),
    ).rejects.toThrow(/bd_org\.csv: header lacks BD_ORG_ACN, BD_ORG_TYPE, BD_ORG_START_DT, BD_ORG_END_DT/);
    await expect(collect(asicBannedOrganisationsSource, csvOnly(''))).rejects.toThrow(/empty file/);
    const header = csvText.split('\r\n')[0]!;
    await expect(collect(asicBannedOrganisationsSource, csvOnly(`${header}\r\n`))).rejects.toThrow(
      /header only/,
    );
    await expect(
      collect(asicBannedOrganisationsSource, csvOnly(`${header}\r\nX,123456789,,T,,01/01/2020,,\r\n`)),
    ).rejects.toThrow(/record 2: no BD_ORG_NAME/);
  });
});

describe('asic_banned_organisations crawl (loopback CKAN)', () => {
  let server: LoopbackServer;
  const packageShow = fs.readFileSync(path.join(dir, 'package_show.json'), 'utf8');
  beforeAll(async () => {
    server = await loopbackServer();
  });
  afterAll(() => server.close());

  const crawl = () =>
    crawlToMemory(
      createAsicBannedOrganisationsSource({ ckanBase: `${server.url}/api/3/action`, pauseMs: 0 }),
    );

  it('saves the current CSV as bd_org.csv with its metadata', async () => {
    server.routes.set('/api/3/action/package_show', staticFile(packageShow.replaceAll('{BASE}', server.url)));
    server.routes.set('/download/bd_org_202605.csv', staticFile(csvText));
    const saved = await crawl();
    expect([...saved.keys()]).toEqual([ASIC_ORG_CSV, ASIC_ORG_META]);
    const files = memoryFileSet(saved);
    expect(await collect(asicBannedOrganisationsSource, files)).toHaveLength(4);
    expect(await asicBannedOrganisationsSource.dataDate!(files)).toBe('2026-05-04');
  });

  it('throws on a persons file served in its place, and on HTTP errors', async () => {
    server.routes.set('/download/bd_org_202605.csv', staticFile('REGISTER_NAME,BD_PER_NAME\nX,Y\n'));
    await expect(crawl()).rejects.toThrow(/no BD_ORG_NAME column/);
    server.routes.set('/download/bd_org_202605.csv', (_req, res) => {
      res.statusCode = 404;
      res.end();
    });
    await expect(crawl()).rejects.toThrow(/HTTP 404/);
  });
});
