import path from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileSet, ListEntry } from '../../list-source.js';
import { pathFileSet } from '../../formats/local-file-set.js';
import { xlsxRows } from '../../formats/xlsx-rows.js';
import { collect } from '../../../test-support/collect.js';
import { memoryFileSet } from '../../../test-support/memory-file-set.js';
import { sharedListFile, sharedListsDir, sharedListsSkipReason } from '../../../test-support/shared-lists.js';
import { IADB_XLSX, iadbSanctionedSource } from './iadb_sanctioned-source.js';
import { IADB_RECORD_KEYS, iadbDate, splitIadbTitle } from './iadb-row-to-entry.js';

const fixture = pathFileSet({ [IADB_XLSX]: path.join(import.meta.dirname, 'fixtures', IADB_XLSX) });
async function exportSheet(rows: unknown[][], sheetName = 'Export'): Promise<FileSet> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(sheetName);
  for (const r of rows) sheet.addRow(r);
  return memoryFileSet({ [IADB_XLSX]: Buffer.from(await wb.xlsx.writeBuffer()) });
}

describe('iadbSanctionedSource catalog entry', () => {
  it('declares the page address (no open file)', () => {
    expect(iadbSanctionedSource.fileSets).toEqual([
      [{ name: IADB_XLSX, url: 'https://www.iadb.org/en/transparency/sanctioned-firms-and-individuals' }],
    ]);
    expect(iadbSanctionedSource.crawl).toBeUndefined();
  });
});

describe('iadb_sanctioned fixture (Power BI export layout)', () => {
  let entries: ListEntry[];
  beforeAll(async () => {
    entries = await collect(iadbSanctionedSource, fixture);
  });

  it('is a workbook exceljs cannot load (the trap), read here from its XML', async () => {
    const viaExceljs = async () => {
      for await (const _ of xlsxRows(fixture.open(IADB_XLSX))) void _;
    };
    await expect(viaExceljs()).rejects.toThrow();
    expect(entries).toHaveLength(5); // the blank row and the "Applied filters" footer are not listings
  });

  it('yields 13 record keys, leading fields first', () => {
    for (const e of entries) {
      expect(e.list).toBe('iadb_sanctioned');
      expect(Object.keys(e.record)).toEqual([...IADB_RECORD_KEYS]);
      expect(Object.keys(e.record).slice(0, 4)).toEqual(['name', 'entity_type', 'nationality', 'country']);
      expect(e.sourceUid).toMatch(/^[0-9a-f]{16}$/);
    }
    expect(new Set(entries.map((e) => e.sourceUid)).size).toBe(5);
  });

  it('reads a cross-debarred firm with a quoted short name and an ongoing sanction', () => {
    const e = entries[0]!;
    expect(e.kind).toBe('entity');
    expect(e.name).toBe('“Testyer Inşaat” Məhdud Məsuliyyətli Cəmiyyəti');
    expect(e.aliases).toEqual(['Testyer Inşaat']);
    expect(e.record).toEqual({
      name: '“Testyer Inşaat” Məhdud Məsuliyyətli Cəmiyyəti',
      entity_type: 'Firm',
      nationality: 'Azerbaijan',
      country: 'Uzbekistan',
      sanction_from: '2024-07-03',
      sanction_to: null,
      ongoing: true,
      grounds: ['Fraud'],
      source: 'WBG cross debarment',
      idb_sanction_type: null,
      idb_sanction_source: null,
      other_names: [{ name: 'Testyer Inşaat', relation: 'short name' }],
      title_as_published: '“Testyer Inşaat” Məhdud Məsuliyyətli Cəmiyyəti (“Testyer Inşaat”)',
    });
  });

  it('reads an IDB debarment of an individual (title removed, grounds split)', () => {
    const e = entries[1]!;
    expect(e.kind).toBe('person');
    expect(e.name).toBe('Testo Sunaryo');
    expect(e.aliases).toEqual(['Sunaryo']);
    expect(e.record).toMatchObject({
      sanction_from: '2025-01-02',
      sanction_to: '2028-01-01',
      ongoing: false,
      grounds: ['Corruption', 'Fraud'],
      source: 'IDB',
      idb_sanction_type: 'Debarment w/ conditional release',
      idb_sanction_source: 'Sanctions Officer',
    });
  });

  it('splits "also known as", "Formerly known as" and the Other Name column into aliases', () => {
    expect(entries[2]!.name).toBe('Testjiang Construction Group Co., Ltd.');
    expect(entries[2]!.record['other_names']).toEqual([
      { name: 'TCG Co.', relation: 'a.k.a.' },
      { name: '测试建设集团股份有限公司', relation: 'other name' },
      { name: '测试建', relation: 'other name' },
    ]);
    expect(entries[3]!.name).toBe('Elmtest Group Limited');
    expect(entries[3]!.aliases).toEqual(['Oldtest Limited']);
    expect(entries[4]!.name).toBe('Africa Test Logistics Limited');
  });

  it('helpers: dates and titles', () => {
    expect(iadbDate('Jul 03, 2024')).toBe('2024-07-03');
    expect(iadbDate('Ongoing')).toBeNull();
    expect(iadbDate('Sept 9, 2024')).toBe('2024-09-09');
    expect(splitIadbTitle("J.M. Comércio Ltda. (Currently doing business as 'Pick Up Car')")).toEqual({
      name: 'J.M. Comércio Ltda.',
      others: [{ name: 'Pick Up Car', relation: 'd.b.a.' }],
    });
    expect(splitIadbTitle('Ecograph LLC (a.k.a. Ecography Company) (Ecograph)').others).toEqual([
      { name: 'Ecography Company', relation: 'a.k.a.' },
      { name: 'Ecograph', relation: 'short name' },
    ]);
  });
});

describe('iadb_sanctioned malformed input', () => {
  it('throws on a missing column, a missing sheet, a row without title, a non-workbook, no file', async () => {
    await expect(
      collect(
        iadbSanctionedSource,
        await exportSheet([
          ['Title', 'Entity', 'Nationality'],
          ['X', 'Firm', 'Peru'],
        ]),
      ),
    ).rejects.toThrow(/header lacks "country", "from", "to", "grounds", "source"/);
    await expect(collect(iadbSanctionedSource, await exportSheet([['Title']], 'Sheet1'))).rejects.toThrow(
      /worksheet "Export" not found/,
    );
    const header = ['Title', 'Entity', 'Nationality', 'Country', 'From', 'To', 'Grounds', 'Source'];
    await expect(
      collect(iadbSanctionedSource, await exportSheet([header, ['', 'Firm', 'Peru', 'Peru']])),
    ).rejects.toThrow(/row 2 has no Title/);
    await expect(
      collect(iadbSanctionedSource, memoryFileSet({ [IADB_XLSX]: Buffer.from('not a workbook') })),
    ).rejects.toThrow(/unreadable workbook/);
    await expect(collect(iadbSanctionedSource, memoryFileSet({}))).rejects.toThrow(/not present/);
  });

  it('reads an ordinary (exceljs-written) workbook with the same header too', async () => {
    const header = ['Title', 'Entity', 'Nationality', 'Country', 'From', 'To', 'Grounds', 'Source'];
    const [e] = await collect(
      iadbSanctionedSource,
      await exportSheet([
        header,
        ['Acme SA', 'Firm', 'Peru', 'Peru', 'Jan 05, 2024', 'Ongoing', ' Fraud', 'IDB'],
      ]),
    );
    expect(e!.record).toMatchObject({
      name: 'Acme SA',
      ongoing: true,
      other_names: [],
      idb_sanction_type: null,
    });
  });
});

if (!sharedListsDir) console.warn(sharedListsSkipReason);

describe.skipIf(!sharedListsDir)('iadb_sanctioned real export (February 2025)', () => {
  it('reads 1,081 listings: 848 firms + 233 individuals (PROVENANCE; its "1,082" also counts the filter footer)', async () => {
    const files = pathFileSet({ [IADB_XLSX]: sharedListFile('iadb_sanctions', IADB_XLSX) });
    const entries = await collect(iadbSanctionedSource, files);
    expect(entries).toHaveLength(1081);
    expect(entries.filter((e) => e.record['entity_type'] === 'Firm')).toHaveLength(848);
    expect(entries.filter((e) => e.kind === 'person')).toHaveLength(233);
    expect(new Set(entries.map((e) => e.sourceUid)).size).toBe(1081);
    for (const e of entries) expect(Object.keys(e.record)).toEqual([...IADB_RECORD_KEYS]);
    // latest From date per PROVENANCE; cross-debarments included
    expect(
      entries
        .map((e) => e.record['sanction_from'] as string)
        .sort()
        .at(-1),
    ).toBe('2025-01-02');
    expect(entries.filter((e) => /cross debarment/.test(e.record['source'] as string))).toHaveLength(892);
    expect(entries.filter((e) => e.record['ongoing'] === true)).toHaveLength(447);
    const timir = entries.find((e) => e.record['title_as_published'] === '“Timir” LLP (“Timir”)')!;
    expect(timir.aliases).toEqual(['Timir']);
    const bamidele = entries.find((e) => e.name === 'Bamidele Obiniyi')!;
    expect(bamidele.aliases).toEqual(['Bamidele Abayomi']);
  }, 60_000);
});
