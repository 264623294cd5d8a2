import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListEntry } from '../../list-source.js';
import { pathFileSet } from '../../formats/local-file-set.js';
import { loopbackServer, staticFile, type LoopbackServer } from '../../../test-support/loopback-server.js';
import {
  ASIC_PER_CSV,
  ASIC_PER_META,
  asicBannedPersonsSource,
  createAsicBannedPersonsSource,
} from './asic_banned_persons-source.js';
import { asicDate, asicValue } from '../../formats/asic-register-values.js';
import { asicMetaDataDate, currentCsvResource } from './crawl-asic-ckan.js';
import { detectDelimiter } from './read-asic-csv.js';
import { splitAsicPersonName } from './asic-person-row-to-entry.js';
import { collect } from '../../../test-support/collect.js';
import { crawlToMemory } from '../../../test-support/loopback-crawl.js';
import { memoryFileSet } from '../../../test-support/memory-file-set.js';

const dir = path.join(import.meta.dirname, 'fixtures');
const fixture = pathFileSet({
  [ASIC_PER_CSV]: path.join(dir, ASIC_PER_CSV),
  [ASIC_PER_META]: path.join(dir, ASIC_PER_META),
});
const csvText = fs.readFileSync(path.join(dir, ASIC_PER_CSV), 'utf8');
const csvOnly = (body: string) => memoryFileSet(new Map([[ASIC_PER_CSV, body]]));

const KEYS = [
  'name',
  'ban_type',
  'document_number',
  'ban_start',
  'ban_end',
  'indefinite',
  'family_name',
  'given_names',
  'published_name',
  'address',
  'comments',
  'register_name',
];

describe('asicBannedPersonsSource catalog entry', () => {
  it('names the official address', () => {
    expect(asicBannedPersonsSource.fileSets[0]![0]!.url).toBe(
      'https://data.gov.au/data/api/3/action/package_show?id=asic-banned-disqualified-per',
    );
  });
});

describe('asic_banned_persons fixture (tab-separated bd_per.csv)', () => {
  let entries: ListEntry[];
  beforeAll(async () => {
    entries = await collect(asicBannedPersonsSource, fixture);
  });

  it('yields one person entry per row with the 12 record keys, leading fields first', () => {
    expect(entries).toHaveLength(6);
    for (const e of entries) {
      expect(e.list).toBe('asic_banned_persons');
      expect(e.kind).toBe('person');
      expect(Object.keys(e.record)).toEqual(KEYS);
      expect(JSON.stringify(e.record)).not.toContain('undefined');
    }
  });

  it('turns SURNAME, Given into Given SURNAME and reads dates; "No comment made" is null', () => {
    expect(entries[0]!.name).toBe('John Andrew TESTWORTH');
    expect(entries[0]!.aliases).toEqual([]);
    expect(entries[0]!.record).toEqual({
      name: 'John Andrew TESTWORTH',
      ban_type: 'Banned Securities',
      document_number: '3BAA00123',
      ban_start: '2019-03-15',
      ban_end: '2026-03-15',
      indefinite: false,
      family_name: 'TESTWORTH',
      given_names: 'John Andrew',
      published_name: 'TESTWORTH, John Andrew',
      address: { locality: 'PARRAMATTA', state: 'NSW', postcode: '2150', country: 'AUSTRALIA' },
      comments: null,
      register_name: 'Banned and Disqualified',
    });
  });

  it('blank end date means indefinite; address placeholders are null', () => {
    expect(entries[1]!.record).toMatchObject({
      name: 'Thi Mai NGUYEN-TEST',
      ban_end: null,
      indefinite: true,
      address: { locality: null, state: null, postcode: null, country: null },
      comments: 'Permanently banned from engaging in credit activities',
    });
    expect(entries[2]!.record).toMatchObject({
      name: "Patrick O'TESTER",
      ban_start: '2020-02-04',
      ban_end: '2025-02-04',
      address: { locality: null, state: 'QLD' },
    });
  });

  it('a name without a comma is kept whole', () => {
    expect(entries[5]!.name).toBe('MONONYMTEST');
    expect(entries[5]!.record).toMatchObject({ family_name: 'MONONYMTEST', given_names: null });
  });

  it('two bans of one person are two entries; an identical repeated row gets #2', () => {
    const uids = entries.map((e) => e.sourceUid);
    expect(new Set(uids).size).toBe(6);
    expect(uids[0]).not.toBe(uids[3]);
    expect(uids[4]).toBe(`${uids[3]}#2`);
    expect(uids[0]).toMatch(/^[0-9a-f]{16}$/);
  });

  it('parses the same rows comma-separated (delimiter detected from the header)', async () => {
    const comma = csvText
      .split('\r\n')
      .map((l) =>
        l
          .split('\t')
          .map((c) => (/[",]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c))
          .join(','),
      )
      .join('\r\n');
    const again = await collect(asicBannedPersonsSource, csvOnly(comma));
    expect(again.map((e) => e.record)).toEqual(entries.map((e) => e.record));
    expect(again.map((e) => e.sourceUid)).toEqual(entries.map((e) => e.sourceUid));
  });

  it('reads the data date from the saved resource metadata', async () => {
    expect(await asicBannedPersonsSource.dataDate!(fixture)).toBe('2026-05-04');
    expect(await asicBannedPersonsSource.dataDate!(csvOnly(csvText))).toBeNull();
    expect(asicMetaDataDate(JSON.stringify({ file_name: 'bd_per_202605.csv', last_modified: null }))).toBe(
      '2026-05-01',
    );
    expect(asicMetaDataDate('not json')).toBeNull();
  });
});

describe('asic helpers', () => {
  it('values, dates, delimiters, names', () => {
    expect(asicValue(' address unknown ')).toBeNull();
    expect(asicValue('No comment made')).toBeNull();
    expect(asicValue('  a  b ')).toBe('a b');
    expect(asicDate('1/7/2021')).toBe('2021-07-01');
    expect(asicDate('31/02/2021')).toBe('31/02/2021');
    expect(asicDate('')).toBeNull();
    expect(detectDelimiter('A\tB\tC')).toBe('\t');
    expect(detectDelimiter('A,B,C')).toBe(',');
    expect(splitAsicPersonName('SMITH, ')).toEqual({ family: 'SMITH', given: null });
  });
});

describe('asic_banned_persons malformed input', () => {
  it('throws when a required column is missing', async () => {
    await expect(
      collect(asicBannedPersonsSource, csvOnly('REGISTER_NAME,BD_PER_NAME,BD_PER_TYPE\nX,"A, B",T\n')),
    ).rejects.toThrow(/bd_per\.csv: header lacks BD_PER_DOC_NUM, BD_PER_START_DT, BD_PER_END_DT/);
  });
  it('throws on an empty file, a header-only file and a row without name', async () => {
    await expect(collect(asicBannedPersonsSource, csvOnly(''))).rejects.toThrow(/empty file/);
    const header = csvText.split('\r\n')[0]!;
    await expect(collect(asicBannedPersonsSource, csvOnly(`${header}\r\n`))).rejects.toThrow(/header only/);
    await expect(
      collect(asicBannedPersonsSource, csvOnly(`${header}\r\nX\t\tT\tD\t01/01/2020\t\r\n`)),
    ).rejects.toThrow(/record 2: no BD_PER_NAME/);
  });
});

describe('asic_banned_persons crawl (loopback CKAN)', () => {
  let server: LoopbackServer;
  const packageShow = fs.readFileSync(path.join(dir, 'package_show.json'), 'utf8');
  beforeAll(async () => {
    server = await loopbackServer();
  });
  afterAll(() => server.close());

  const crawl = () =>
    crawlToMemory(createAsicBannedPersonsSource({ ckanBase: `${server.url}/api/3/action`, pauseMs: 0 }));

  it('resolves the "Current" CSV through package_show and saves it under the fixed name', async () => {
    server.routes.set('/api/3/action/package_show', staticFile(packageShow.replaceAll('{BASE}', server.url)));
    server.routes.set('/download/bd_per_202605.csv', staticFile(csvText));
    const saved = await crawl();
    expect([...saved.keys()]).toEqual([ASIC_PER_CSV, ASIC_PER_META]);
    expect(server.hits.get('/download/bd_per_202604.csv')).toBeUndefined();
    const meta = JSON.parse(saved.get(ASIC_PER_META)!.toString()) as Record<string, unknown>;
    expect(meta).toMatchObject({
      resource_name: 'Banned and Disqualified Persons - Current',
      file_name: 'bd_per_202605.csv',
    });
    const files = memoryFileSet(saved);
    expect((await collect(asicBannedPersonsSource, files)).map((e) => e.name)).toEqual(
      (await collect(asicBannedPersonsSource, fixture)).map((e) => e.name),
    );
    expect(await asicBannedPersonsSource.dataDate!(files)).toBe('2026-05-04');
  });

  it('throws when the package has no "Current" CSV or the answer changed shape', async () => {
    server.routes.set(
      '/api/3/action/package_show',
      staticFile(
        packageShow.replace('Persons - Current', 'Persons - Latest').replaceAll('{BASE}', server.url),
      ),
    );
    await expect(crawl()).rejects.toThrow(/no "Current" CSV resource/);
    server.routes.set('/api/3/action/package_show', staticFile('{"success": true, "result": {}}'));
    await expect(crawl()).rejects.toThrow(/no result\.resources/);
    expect(() => currentCsvResource({ success: false }, 'p')).toThrow(/CKAN layout changed/);
  });

  it('throws when the CSV is not the register (layout change) or is header-only', async () => {
    server.routes.set('/api/3/action/package_show', staticFile(packageShow.replaceAll('{BASE}', server.url)));
    server.routes.set('/download/bd_per_202605.csv', staticFile('<html>maintenance</html>'));
    await expect(crawl()).rejects.toThrow(/no BD_PER_NAME column/);
    server.routes.set('/download/bd_per_202605.csv', staticFile(`${csvText.split('\r\n')[0]}\r\n`));
    await expect(crawl()).rejects.toThrow(/header only/);
  });

  it('surfaces an HTTP error', async () => {
    server.routes.set('/api/3/action/package_show', (_req, res) => {
      res.statusCode = 403;
      res.end('forbidden');
    });
    await expect(crawl()).rejects.toThrow(/HTTP 403/);
  });
});
