import path from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileSet, ListEntry } from '../../list-source.js';
import { pathFileSet } from '../../formats/local-file-set.js';
import { xlsxRows } from '../../formats/xlsx-rows.js';
import { collect } from '../../../test-support/collect.js';
import { memoryFileSet } from '../../../test-support/memory-file-set.js';
import { sharedListFile, sharedListsDir, sharedListsSkipReason } from '../../../test-support/shared-lists.js';
import { DFAT_LEGACY_XLSX, DFAT_XLSX, dfatConsolidatedSource } from './dfat_consolidated-source.js';
import { normaliseType } from './dfat-party-to-entry.js';
import { stripX000D } from './read-dfat-xlsx.js';

const fixtureDir = path.join(import.meta.dirname, 'fixtures');
const oldFixture = pathFileSet({ [DFAT_LEGACY_XLSX]: path.join(fixtureDir, DFAT_LEGACY_XLSX) });
const newFixture = pathFileSet({ [DFAT_XLSX]: path.join(fixtureDir, DFAT_XLSX) });

const KEYS = [
  'reference',
  'name',
  'type',
  'name_type',
  'date_of_birth',
  'place_of_birth',
  'citizenship',
  'address',
  'additional_information',
  'listing_information',
  'designation',
  'other_names',
];

const byUid = (entries: ListEntry[], uid: string) => {
  const e = entries.find((x) => x.sourceUid === uid);
  if (!e) throw new Error(`no entry ${uid}`);
  return e;
};

async function workbookFiles(name: string, rows: unknown[][]): Promise<FileSet> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Sheet1');
  for (const r of rows) sheet.addRow(r);
  const buf = Buffer.from(await wb.xlsx.writeBuffer());
  return memoryFileSet({ [name]: buf });
}
const OLD_HEADER = [
  'Reference',
  'Name of Individual or Entity',
  'Type',
  'Name Type',
  'Date of Birth',
  'Place of Birth',
  'Citizenship',
  'Address',
  'Additional Information',
  'Listing Information',
  'Committees',
  'Control Date',
];

describe('dfat_consolidated old layout fixture (regulation8_consolidated.xlsx)', () => {
  let entries: ListEntry[];
  beforeAll(async () => {
    entries = await collect(dfatConsolidatedSource, oldFixture);
  });

  it('yields one entry per party with the 12 record keys, leading fields first', () => {
    expect(entries.map((e) => e.sourceUid)).toEqual(['7001', '7002', '7003', '7001#2']);
    expect(entries.map((e) => e.kind)).toEqual(['person', 'entity', 'person', 'entity']);
    for (const e of entries) {
      expect(e.list).toBe('dfat_consolidated');
      expect(Object.keys(e.record)).toEqual(KEYS);
      expect(JSON.stringify(e.record)).not.toContain('undefined');
    }
  });

  it('groups suffixed references (7001a, 7001b1) with their primary and keeps alias-specific values', () => {
    const e = byUid(entries, '7001');
    expect(e.name).toBe('ABDUL KARIM TESTZAI');
    expect(e.aliases).toEqual(['عبد الکریم تستزی', 'Karim Akhund Test', 'کریم آخوند']);
    expect(e.record).toMatchObject({
      reference: '7001',
      type: 'Individual',
      name_type: 'Primary Name',
      date_of_birth: 'Approximately 1963',
      address: 'NA',
      designation: expect.objectContaining({ committees: '1988 (Taliban)', control_date: '2014-12-15' }),
    });
    expect(e.record['other_names']).toEqual([
      {
        reference: '7001a',
        name: 'عبد الکریم تستزی',
        name_type: 'Original Script',
        alias_strength: null,
        differs: null,
      },
      {
        reference: '7001b',
        name: 'Karim Akhund Test',
        name_type: 'aka',
        alias_strength: null,
        differs: { date_of_birth: '1965' },
      },
      {
        reference: '7001b1',
        name: 'کریم آخوند',
        name_type: 'Aka',
        alias_strength: null,
        differs: { date_of_birth: '1965' },
      },
    ]);
  });

  it('normalises dirty Type and Name Type values and strips _x000D_', () => {
    const e = byUid(entries, '7002');
    expect(e.record['type']).toBe('Entity'); // published "Entity "
    expect(e.record['name_type']).toBe('Primary Name'); // published "Primary Name "
    expect(e.record['listing_information']).toBe(
      'Listed on 16 June 2017, re-listed 10 June 2023\nAmended 2024',
    );
    expect(normaliseType('individual')).toBe('Individual');
    expect(normaliseType('Aircraft')).toBe('Aircraft');
    expect(stripX000D('a_x000D_b')).toBe('ab');
  });

  it('attaches an alias filed out of place to the earlier party of its base reference', () => {
    const e = byUid(entries, '7002');
    expect(e.aliases).toEqual(['TCOC', 'Test Crimea Oil CJSC']);
    expect((e.record['other_names'] as Array<{ reference: string }>).map((o) => o.reference)).toEqual([
      '7002a',
      '7002b',
    ]);
  });

  it('makes a reused reference with a new Primary Name a separate entry (7001#2)', () => {
    const e = byUid(entries, '7001#2');
    expect(e.name).toBe('Unrelated Test Trading LLC');
    expect(e.record['reference']).toBe('7001');
    expect(e.aliases).toEqual(['UTT LLC']);
  });

  it('keeps "Formerly known as" names as aliases', () => {
    const e = byUid(entries, '7003');
    expect(e.aliases).toEqual(['Ivan TESTOFF']);
    expect((e.record['other_names'] as Array<{ name_type: string }>)[0]!.name_type).toBe('Formerly known as');
  });

  it('reads the workbook modified date as the data date', async () => {
    expect(await dfatConsolidatedSource.dataDate!(oldFixture)).toBe('2026-02-03');
  });
});

describe('dfat_consolidated 2025 layout fixture (Australian_Sanctions_Consolidated_List.xlsx)', () => {
  let entries: ListEntry[];
  beforeAll(async () => {
    entries = await collect(dfatConsolidatedSource, newFixture);
  });

  it('finds the header below a title row and maps the new columns by name', () => {
    expect(entries.map((e) => [e.sourceUid, e.kind])).toEqual([
      ['8501', 'person'],
      ['8502', 'vessel'],
    ]);
    for (const e of entries) expect(Object.keys(e.record)).toEqual(KEYS);
    expect(byUid(entries, '8501').record['designation']).toEqual({
      committees: 'Autonomous (Iran)',
      control_date: '2026-02-02',
      instrument_of_designation:
        'Autonomous Sanctions (Designated Persons and Entities) Amendment Instrument 2026',
      imo_number: null,
      alias_strength: null,
      targeted_financial_sanction: true,
      travel_ban: true,
      arms_embargo: false,
      maritime_restriction: false,
      other_columns: null,
    });
  });

  it('marks Weak alias strength as weak aliases', () => {
    const e = byUid(entries, '8501');
    expect(e.aliases).toEqual(['حسن تست جوکاری', 'Hasan JOKARY', 'Abu Test']);
    expect(e.weakAliases).toEqual(['Abu Test']);
  });

  it('reads vessels with their IMO number', () => {
    const e = byUid(entries, '8502');
    expect(e.record['type']).toBe('Vessel');
    expect((e.record['designation'] as Record<string, unknown>)['imo_number']).toBe('IMO 9900002');
    expect((e.record['designation'] as Record<string, unknown>)['maritime_restriction']).toBe(true);
  });

  it('prefers the current file name when both are present', async () => {
    const both = pathFileSet({
      [DFAT_XLSX]: path.join(fixtureDir, DFAT_XLSX),
      [DFAT_LEGACY_XLSX]: path.join(fixtureDir, DFAT_LEGACY_XLSX),
    });
    expect((await collect(dfatConsolidatedSource, both)).map((e) => e.sourceUid)).toEqual(['8501', '8502']);
  });
});

describe('dfat_consolidated malformed input', () => {
  it('throws when a required column is missing or no header is found', async () => {
    const noType = await workbookFiles(DFAT_XLSX, [
      OLD_HEADER.filter((h) => h !== 'Type'),
      ['1', 'X', 'Primary Name'],
    ]);
    await expect(collect(dfatConsolidatedSource, noType)).rejects.toThrow(/header row 1 lacks "type"/);
    const noHeader = await workbookFiles(DFAT_XLSX, [
      ['Ref', 'Name'],
      ['1', 'X'],
    ]);
    await expect(collect(dfatConsolidatedSource, noHeader)).rejects.toThrow(/no header row/);
  });

  it('throws on a row without reference or without name, naming the row', async () => {
    const noRef = await workbookFiles(DFAT_XLSX, [
      OLD_HEADER,
      ['', 'Somebody', 'Individual', 'Primary Name'],
    ]);
    await expect(collect(dfatConsolidatedSource, noRef)).rejects.toThrow(
      /Australian_Sanctions_Consolidated_List\.xlsx: row 2 has no Reference/,
    );
    const noName = await workbookFiles(DFAT_XLSX, [OLD_HEADER, ['9', '', 'Individual', 'Primary Name']]);
    await expect(collect(dfatConsolidatedSource, noName)).rejects.toThrow(/row 2 \(9\) has no name/);
  });

  it('keeps unknown columns and values under unnamed columns instead of dropping them', async () => {
    const files = await workbookFiles(DFAT_XLSX, [
      [...OLD_HEADER, 'Sanction Notes'],
      ['9', 'Test Party', 'Entity', 'Primary Name', '', '', '', '', '', '', '', '', 'note A', '', 'stray'],
    ]);
    const [e] = await collect(dfatConsolidatedSource, files);
    expect((e!.record['designation'] as Record<string, unknown>)['other_columns']).toEqual([
      { column: 'Sanction Notes', value: 'note A' },
      { column: '(unnamed column 15)', value: 'stray' },
    ]);
  });

  it('throws on a file that is not a workbook or when no file is present', async () => {
    const junk = memoryFileSet({ [DFAT_XLSX]: 'nope' });
    await expect(collect(dfatConsolidatedSource, junk)).rejects.toThrow(/unreadable workbook/);
    await expect(collect(dfatConsolidatedSource, memoryFileSet({}))).rejects.toThrow(/neither/);
  });
});

if (!sharedListsDir) console.warn(sharedListsSkipReason);

describe.skipIf(!sharedListsDir)('dfat_consolidated real files (2024 layout)', () => {
  const real = (date: string) =>
    pathFileSet({
      [DFAT_LEGACY_XLSX]: sharedListFile('au_dfat_consolidated', `regulation8_consolidated_${date}.xlsx`),
    });

  async function sheetRows(date: string): Promise<string[][]> {
    const rows: string[][] = [];
    for await (const r of xlsxRows(real(date).open(DFAT_LEGACY_XLSX))) rows.push(r);
    return rows;
  }

  it('2024-12-06: 9,561 rows, 2,925 "Primary Name" rows (PROVENANCE); 3,062 parties', async () => {
    const t = Date.now();
    const entries = await collect(dfatConsolidatedSource, real('2024-12-06'));
    console.info(`dfat_consolidated 2024-12-06: ${entries.length} entries in ${Date.now() - t} ms`);
    const rows = (await sheetRows('2024-12-06')).slice(1);
    expect(rows).toHaveLength(9561); // data rows under the header, 7 of them blank
    expect(rows.filter((r) => r[3] === 'Primary Name')).toHaveLength(2925);
    const named = rows.filter((r) => r.some((c) => c.trim() !== ''));
    expect(named).toHaveLength(9554);
    // every published name row is in exactly one entry
    expect(entries.reduce((n, e) => n + 1 + (e.record['other_names'] as unknown[]).length, 0)).toBe(9554);
    // 2,925 exact + 137 spelled "Primary Name ", "Primary name", "primary Name", "primary name"
    expect(entries).toHaveLength(3062);
    expect(new Set(entries.map((e) => e.sourceUid)).size).toBe(3062);
    for (const e of entries) expect(Object.keys(e.record)).toEqual(KEYS);
    expect(entries.filter((e) => e.kind === 'person')).toHaveLength(2316);
    expect(entries.filter((e) => e.kind === 'entity')).toHaveLength(746);

    const akhund = byUid(entries, '2');
    expect(akhund.name).toBe('MOHAMMAD HASSAN AKHUND');
    expect(akhund.aliases).toEqual(['محمد حسن أخوند']);
    expect(akhund.record['designation']).toMatchObject({
      committees: '1988 (Taliban)',
      control_date: '2014-12-15',
    });

    // 2940j sits ~190 rows after the 2940 block: it is the same party
    const chernomor = byUid(entries, '2940');
    expect(chernomor.name).toBe('Chernomorneftegaz');
    expect(chernomor.aliases).toContain('Chernomorneftegaz CJSC');
    expect(chernomor.aliases).toHaveLength(10);

    const haqqani = byUid(entries, '34');
    const c1 = (haqqani.record['other_names'] as Array<Record<string, unknown>>).find(
      (o) => o.reference === '34c1',
    );
    expect(c1).toMatchObject({
      name: 'اختر محمد ولد نور محمد',
      differs: expect.objectContaining({ date_of_birth: '1965' }),
    });
    expect(await dfatConsolidatedSource.dataDate!(real('2024-12-06'))).toBe('2024-12-06');
  }, 120_000);

  it('2024-11-11: 9,560 rows (PROVENANCE), 3,062 parties', async () => {
    const entries = await collect(dfatConsolidatedSource, real('2024-11-11'));
    const rows = (await sheetRows('2024-11-11')).slice(1);
    expect(rows).toHaveLength(9560);
    expect(entries).toHaveLength(3062);
    expect(entries.reduce((n, e) => n + 1 + (e.record['other_names'] as unknown[]).length, 0)).toBe(9553);
    expect(await dfatConsolidatedSource.dataDate!(real('2024-11-11'))).toBe('2024-11-11');
  }, 120_000);
});
