import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileSet, ListEntry } from '../../list-source.js';
import { pathFileSet } from '../../formats/local-file-set.js';
import { collect } from '../../../test-support/collect.js';
import { crawlToMemory, testPageFetcher } from '../../../test-support/loopback-crawl.js';
import { memoryFileSet } from '../../../test-support/memory-file-set.js';
import { loopbackServer, staticFile, type LoopbackServer } from '../../../test-support/loopback-server.js';
import { sharedListFile, sharedListsDir, sharedListsSkipReason } from '../../../test-support/shared-lists.js';
import {
  WORLDBANK_JSON,
  WORLDBANK_XLSX,
  createWorldbankDebarredSource,
  worldbankDebarredSource,
} from './worldbank_debarred-source.js';
import { additionalInfoNames, splitWorldbankName, WORLDBANK_RECORD_KEYS } from './worldbank-row-to-entry.js';
import { worldbankDate } from './read-worldbank-rows.js';

const fixture = path.join(import.meta.dirname, 'fixtures', WORLDBANK_JSON);
const jsonFiles = pathFileSet({ [WORLDBANK_JSON]: fixture });
const jsonOf = (body: unknown) => memoryFileSet({ [WORLDBANK_JSON]: Buffer.from(JSON.stringify(body)) });
const byUid = (entries: ListEntry[], uid: string) => {
  const e = entries.find((x) => x.sourceUid === uid);
  if (!e) throw new Error(`no entry ${uid}`);
  return e;
};

/** A workbook laid out like the site's export: a "Downloaded on" row, then the two header rows. */
async function exportWorkbook(rows: unknown[][], header = true): Promise<FileSet> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Sheet1');
  sheet.addRow(Array(6).fill('Downloaded on: 07/01/2025 10:37'));
  if (header) {
    sheet.addRow([
      'Firm Name',
      'Additional Firm Info',
      'Address',
      'Country',
      'Ineligibility Period',
      '',
      'Grounds',
    ]);
    sheet.addRow(['', '', '', '', 'From Date', 'To Date', '']);
  }
  for (const r of rows) sheet.addRow(r);
  return memoryFileSet({ [WORLDBANK_XLSX]: Buffer.from(await wb.xlsx.writeBuffer()) });
}

describe('worldbankDebarredSource catalog entry', () => {
  it('declares the API first, the XLSX export second', () => {
    expect(worldbankDebarredSource.fileSets.map((s) => s.map((f) => f.name))).toEqual([
      [WORLDBANK_JSON],
      [WORLDBANK_XLSX],
    ]);
  });
});

describe('worldbank_debarred JSON API fixture', () => {
  let entries: ListEntry[];
  beforeAll(async () => {
    entries = await collect(worldbankDebarredSource, jsonFiles);
  });

  it('yields one entry per item with the 14 record keys, leading fields first', () => {
    expect(entries.map((e) => e.sourceUid)).toEqual(['2001', '2002', '2003', '2004', '2005']);
    for (const e of entries) {
      expect(e.list).toBe('worldbank_debarred');
      expect(Object.keys(e.record)).toEqual([...WORLDBANK_RECORD_KEYS]);
      expect(Object.keys(e.record).slice(0, 4)).toEqual(['name', 'supp_id', 'supplier_type', 'country']);
      expect(Object.keys(e.record)).toHaveLength(14);
      expect(JSON.stringify(e.record)).not.toContain('undefined');
    }
  });

  it('reads an individual: title removed, footnote taken out of the name, dd-Mon-YYYY dates', () => {
    const e = byUid(entries, '2001');
    expect(e.name).toBe('TESTO RUFATOV');
    expect(e.kind).toBe('person');
    expect(e.record).toEqual({
      name: 'TESTO RUFATOV',
      supp_id: '2001',
      supplier_type: 'Individual',
      country: 'Azerbaijan',
      address: 'BINAGADI HIGHWAY 4',
      city: 'BAKU',
      additional_info: null,
      footnotes: ['901'],
      debar_from: '2024-12-10',
      debar_to: '2027-08-09',
      permanent: false,
      grounds: 'Obstructive Practices',
      other_names: [],
      name_as_published: 'MR. TESTO RUFATOV *901',
    });
  });

  it('splits a.k.a. and f/k/a out of the name into aliases', () => {
    const e = byUid(entries, '2002');
    expect(e.name).toBe('TESTLINK ELECTRIC CO., LTD.');
    expect(e.kind).toBe('entity');
    expect(e.aliases).toEqual(['TESTLINK CABLE CO., LTD.', 'OLD TESTLINK LLC']);
    expect(e.record['other_names']).toEqual([
      { name: 'TESTLINK CABLE CO., LTD.', relation: 'a.k.a.' },
      { name: 'OLD TESTLINK LLC', relation: 'f.k.a.' },
    ]);
    expect(e.record['additional_info']).toBe('(Reg. No. 988400TEST)');
  });

  it('closes an unterminated "(ALSO KNOWN AS" and takes original-script names from the additional info', () => {
    const e = byUid(entries, '2003');
    expect(e.name).toBe('XINJIANG TEST LOGISTICS CO., LTD.');
    expect(e.aliases).toEqual(['XT LOGISTICS CO., LTD.', '新疆测试物流有限公司']);
    expect(e.record['footnotes']).toEqual(['903']);
  });

  it('keeps a row that is only an alias, marks 31-DEC-2999 as permanent, splits d/b/a and multi footnotes', () => {
    expect(byUid(entries, '2004').name).toBe('INDRA TESTILAKE');
    expect(byUid(entries, '2004').record).toMatchObject({ debar_to: null, permanent: true });
    const e = byUid(entries, '2005');
    expect(e.aliases).toEqual(['TESTA TRADING']);
    expect(e.record).toMatchObject({ footnotes: ['566', '576'], address: null, city: null });
  });

  it('throws on a changed layout: wrong root, missing field, empty list', async () => {
    await expect(collect(worldbankDebarredSource, jsonOf({ data: [] }))).rejects.toThrow(
      /no response\.ZPROCSUPP array/,
    );
    await expect(collect(worldbankDebarredSource, jsonOf({ response: { ZPROCSUPP: [] } }))).rejects.toThrow(
      /is empty/,
    );
    await expect(
      collect(
        worldbankDebarredSource,
        jsonOf({ response: { ZPROCSUPP: [{ SUPP_ID: 1, SUPP_NAME: 'X', COUNTRY_NAME: 'Y' }] } }),
      ),
    ).rejects.toThrow(/item 1 lacks DEBAR_FROM_DATE, DEBAR_TO_DATE/);
    await expect(
      collect(worldbankDebarredSource, memoryFileSet({ [WORLDBANK_JSON]: Buffer.from('<html>') })),
    ).rejects.toThrow(/not JSON/);
    await expect(collect(worldbankDebarredSource, memoryFileSet({}))).rejects.toThrow(/neither/);
  });
});

describe('worldbank_debarred XLSX export (second file set)', () => {
  it('gives the same record shape as the API, reading the two header rows and the download date', async () => {
    const files = await exportWorkbook([
      [
        'MR. TESTO RUFATOV',
        '*901',
        'BINAGADI HIGHWAY 4',
        'Azerbaijan',
        '2024-12-10',
        '2027-08-09',
        'Obstructive Practices',
      ],
      [
        'TEST PVT LTD',
        '(f.k.a Old Test Ltda.) *665',
        'CALLE 1',
        'Colombia',
        '2024-06-25',
        '2999-12-31',
        'Fraud',
      ],
      [],
    ]);
    const entries = await collect(worldbankDebarredSource, files);
    expect(entries).toHaveLength(2);
    for (const e of entries) expect(Object.keys(e.record)).toEqual([...WORLDBANK_RECORD_KEYS]);
    expect(entries[0]!.record).toMatchObject({
      name: 'TESTO RUFATOV',
      supp_id: null,
      supplier_type: 'Individual',
      country: 'Azerbaijan',
      city: null,
      footnotes: ['901'],
      debar_from: '2024-12-10',
    });
    expect(entries[0]!.sourceUid).toMatch(/^x[0-9a-f]{16}$/);
    expect(entries[1]!.aliases).toEqual(['Old Test Ltda.']);
    expect(entries[1]!.record['permanent']).toBe(true);
    expect(await worldbankDebarredSource.dataDate!(files)).toBe('2025-01-07');
    expect(await worldbankDebarredSource.dataDate!(jsonFiles)).toBeNull();
  });

  it('prefers the API file when both are present', async () => {
    const both = memoryFileSet({ [WORLDBANK_JSON]: fs.readFileSync(fixture), [WORLDBANK_XLSX]: '' });
    expect(await collect(worldbankDebarredSource, both)).toHaveLength(5);
  });

  it('throws when the header is missing or lacks a column', async () => {
    await expect(collect(worldbankDebarredSource, await exportWorkbook([['A', 'B']], false))).rejects.toThrow(
      /no header row/,
    );
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('S').addRow(['Firm Name', 'Address', 'Country', 'From Date', 'Grounds']);
    const files = memoryFileSet({ [WORLDBANK_XLSX]: Buffer.from(await wb.xlsx.writeBuffer()) });
    await expect(collect(worldbankDebarredSource, files)).rejects.toThrow(/header lacks "to date"/);
  });
});

describe('worldbank_debarred name helpers', () => {
  it('splits markers, footnotes and titles', () => {
    expect(splitWorldbankName('ACME LTD (f/k/a OLD ACME LTD; d/b/a ACME TRADING)*12')).toEqual({
      name: 'ACME LTD',
      others: [
        { name: 'OLD ACME LTD', relation: 'f.k.a.' },
        { name: 'ACME TRADING', relation: 'd.b.a.' },
      ],
      footnotes: ['12'],
      titled: false,
    });
    expect(splitWorldbankName('NISHAN ENGINEERS (PVT) LIMITED').name).toBe('NISHAN ENGINEERS (PVT) LIMITED');
    expect(additionalInfoNames('AKA LONESTAR SUPPLIES AND LOGISTICS (PVT) LTD').others).toEqual([
      { name: 'LONESTAR SUPPLIES AND LOGISTICS (PVT) LTD', relation: 'a.k.a.' },
    ]);
    expect(additionalInfoNames(', also MR. PEDRO CÉSAR TESTO *340')).toEqual({
      others: [{ name: 'PEDRO CÉSAR TESTO', relation: 'a.k.a.' }],
      footnotes: ['340'],
    });
    expect(additionalInfoNames('(MUE Group) (Reg. No. 1163) *662')).toEqual({
      others: [],
      footnotes: ['662'],
    });
    expect(additionalInfoNames('* 43 and 45').footnotes).toEqual(['43', '45']);
    expect(worldbankDate('09-Aug-2027')).toBe('2027-08-09');
    expect(worldbankDate('2024-12-10T00:00:00')).toBe('2024-12-10');
  });
});

describe('worldbank_debarred crawl (JSON API with apikey header)', () => {
  let server: LoopbackServer;
  const http = testPageFetcher();
  beforeAll(async () => {
    server = await loopbackServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('fetches the API with the key and saves the answer under the declared name; parse reads it', async () => {
    let key: string | undefined;
    server.routes.set('/api', (req, res) => {
      key = req.headers['apikey'] as string | undefined;
      staticFile(fs.readFileSync(fixture))(req, res);
    });
    const source = createWorldbankDebarredSource({ apiUrl: `${server.url}/api`, apiKey: 'public-test-key' });
    expect(source.fileSets[0]![0]!.url).toBe(`${server.url}/api`);
    const saved = await crawlToMemory(source);
    expect(key).toBe('public-test-key');
    expect([...saved.keys()]).toEqual([WORLDBANK_JSON]);
    const entries = await collect(source, memoryFileSet({ [WORLDBANK_JSON]: saved.get(WORLDBANK_JSON)! }));
    expect(entries.map((e) => e.sourceUid)).toEqual(['2001', '2002', '2003', '2004', '2005']);
  });

  it('throws without a key, on a changed layout (nothing saved) and on HTTP 403', async () => {
    const saved: string[] = [];
    const save = async (name: string) => {
      saved.push(name);
    };
    await expect(
      createWorldbankDebarredSource({ apiUrl: `${server.url}/api` }).crawl!(http, save),
    ).rejects.toThrow(/no API key/);
    server.routes.set('/changed', staticFile(JSON.stringify({ response: { SUPPLIERS: [] } })));
    await expect(
      createWorldbankDebarredSource({ apiUrl: `${server.url}/changed`, apiKey: 'k' }).crawl!(http, save),
    ).rejects.toThrow(/no response\.ZPROCSUPP array/);
    server.routes.set('/denied', (_req, res) => {
      res.statusCode = 403;
      res.end('forbidden');
    });
    await expect(
      createWorldbankDebarredSource({ apiUrl: `${server.url}/denied`, apiKey: 'k' }).crawl!(http, save),
    ).rejects.toThrow(/HTTP 403/);
    expect(saved).toEqual([]);
  });
});

if (!sharedListsDir) console.warn(sharedListsSkipReason);

describe.skipIf(!sharedListsDir)('worldbank_debarred real XLSX export (downloaded 2025-01-07)', () => {
  it('reads 1,285 records (PROVENANCE), unique ids, aliases split', async () => {
    const files = pathFileSet({ [WORLDBANK_XLSX]: sharedListFile('worldbank_debarred', WORLDBANK_XLSX) });
    const entries = await collect(worldbankDebarredSource, files);
    expect(entries).toHaveLength(1285);
    expect(new Set(entries.map((e) => e.sourceUid)).size).toBe(1285);
    for (const e of entries) expect(Object.keys(e.record)).toEqual([...WORLDBANK_RECORD_KEYS]);
    expect(await worldbankDebarredSource.dataDate!(files)).toBe('2025-01-07');
    // latest From date per PROVENANCE
    expect(
      entries
        .map((e) => e.record['debar_from'] as string)
        .sort()
        .at(-1),
    ).toBe('2024-12-10');
    expect(entries.filter((e) => e.kind === 'person').length).toBe(161);

    const first = entries[0]!;
    expect(first.name).toBe('RUFAT MAJIDOV');
    expect(first.record).toMatchObject({
      country: 'Azerbaijan',
      footnotes: ['677'],
      supplier_type: 'Individual',
    });
    const taihan = entries.find((e) => e.name === 'TAIHAN ELECTRIC WIRE CO., LTD.')!;
    expect(taihan.aliases).toEqual(['Taihan Cable & Solution Co., Ltd.']);
    const gunathilake = entries.find(
      (e) => e.record['name_as_published'] === 'MR. G.I.P. GUNATHILAKE A.K.A. INDRALAL GUNATHILAKE',
    )!;
    expect(gunathilake.name).toBe('G.I.P. GUNATHILAKE');
    expect(gunathilake.aliases).toEqual(['INDRALAL GUNATHILAKE']);
    expect(entries.filter((e) => e.record['permanent'] === true)).toHaveLength(649);
  }, 60_000);
});
