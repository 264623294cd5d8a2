import fs from 'node:fs';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sharedListFile, sharedListsDir, sharedListsSkipReason } from '../../test-support/shared-lists.js';
import { xlsxRows } from './xlsx-rows.js';
import { xlsxSheetXmlRows } from './xlsx-sheet-xml.js';
import { zipEntries } from './zip-entries.js';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** A ZIP writer for tests: deflated entries (or stored with `store`), local headers then a central directory. */
function zip(files: Record<string, string>, store = false): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const raw = Buffer.from(text, 'utf8');
    const data = store ? raw : zlib.deflateRawSync(raw);
    const nameBuf = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(store ? 0 : 8, 8);
    local.writeUInt32LE(crc32(raw), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(store ? 0 : 8, 10);
    central.writeUInt32LE(crc32(raw), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += 30 + nameBuf.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

const BOM = '\uFEFF';
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const cell = (t: string) => `<x:c t="inlineStr"><x:is><x:t>${t}</x:t></x:is></x:c>`;

/** A workbook shaped like the IDB's Power BI export: prefixed elements, BOMs, absolute targets, sheet.xml. */
function powerBiWorkbook(rows: string): Buffer {
  return zip({
    'xl/workbook.xml': `${BOM}<?xml version="1.0" encoding="utf-8"?><x:workbook xmlns:x="${NS}"><x:sheets><x:sheet name="Export" sheetId="1" r:id="Rsheet" xmlns:r="${R}" /></x:sheets></x:workbook>`,
    '_rels/.rels': `${BOM}<?xml version="1.0" encoding="utf-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Type="${R}/officeDocument" Target="/xl/workbook.xml" Id="R1" /></Relationships>`,
    'xl/worksheets/sheet.xml': `${BOM}<?xml version="1.0" encoding="utf-8"?><x:worksheet xmlns:x="${NS}"><x:sheetData>${rows}</x:sheetData></x:worksheet>`,
    'xl/_rels/workbook.xml.rels': `${BOM}<?xml version="1.0" encoding="utf-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Type="${R}/worksheet" Target="/xl/worksheets/sheet.xml" Id="Rsheet" /><Relationship Type="${R}/styles" Target="/xl/styles.xml" Id="Rstyles" /></Relationships>`,
    'xl/styles.xml': `${BOM}<?xml version="1.0" encoding="utf-8"?><x:styleSheet xmlns:x="${NS}"><x:cellXfs><x:xf /></x:cellXfs></x:styleSheet>`,
  });
}

async function rowsOf(buf: Buffer, sheet?: string): Promise<string[][]> {
  const out: string[][] = [];
  for await (const r of xlsxSheetXmlRows(Readable.from([buf]), sheet)) out.push(r);
  return out;
}

describe('zipEntries', () => {
  it('reads stored and deflated entries and rejects what is not a ZIP', () => {
    for (const store of [true, false]) {
      const z = zipEntries(zip({ 'a.txt': 'hello', 'dir/b.xml': '<b>é</b>' }, store));
      expect(z.names).toEqual(['a.txt', 'dir/b.xml']);
      expect(z.read('dir/b.xml').toString('utf8')).toBe('<b>é</b>');
      expect(z.has('c')).toBe(false);
      expect(() => z.read('c')).toThrow(/not found/);
    }
    expect(() => zipEntries(Buffer.from('this is not a zip archive at all'))).toThrow(/not a ZIP/);
  });
});

describe('xlsxSheetXmlRows', () => {
  it('reads a Power BI style workbook that exceljs cannot load', async () => {
    const buf = powerBiWorkbook(
      `<x:row>${cell('Title')}${cell('Entity')}</x:row>` +
        `<x:row>${cell('Acme &amp; Co')}<x:c /><x:c t="inlineStr"><x:is><x:t xml:space="preserve"> Fraud</x:t></x:is></x:c></x:row>` +
        `<x:row /><x:row>${cell('footer')}</x:row>`,
    );
    const viaExceljs = async () => {
      for await (const _ of xlsxRows(Readable.from([buf]))) void _;
    };
    await expect(viaExceljs()).rejects.toThrow(/sheets/);
    expect(await rowsOf(buf)).toEqual([['Title', 'Entity'], ['Acme & Co', '', ' Fraud'], [], ['footer']]);
    expect(await rowsOf(buf, 'Export')).toHaveLength(4);
    await expect(rowsOf(buf, 'Other')).rejects.toThrow(/worksheet "Other" not found/);
  });

  it('places cells by reference, fills skipped rows, reads shared strings, rich text, numbers and date cells', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Data');
    sheet.getCell('A1').value = 'Name';
    sheet.getCell('C1').value = { richText: [{ text: 'Ri' }, { text: 'ch' }] };
    sheet.getCell('A3').value = 42;
    sheet.getCell('B3').value = new Date(Date.UTC(2024, 6, 3));
    sheet.getCell('C3').value = true;
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    expect(await rowsOf(buf)).toEqual([['Name', '', 'Rich'], [], ['42', '2024-07-03', 'true']]);
  });
});

if (!sharedListsDir) console.warn(sharedListsSkipReason);

describe.skipIf(!sharedListsDir)('xlsxSheetXmlRows on real workbooks', () => {
  it('reads the IDB Power BI export (header, 1,082 rows, blank row, filter footer)', async () => {
    const file = sharedListFile(
      'iadb_sanctions',
      'Inter-American_Development_Bank-Sanctioned_Firms_and_Individuals.xlsx',
    );
    const rows = await rowsOf(fs.readFileSync(file));
    expect(rows).toHaveLength(1084);
    expect(rows[0]).toEqual([
      'Title',
      'Entity',
      'Nationality',
      'Country',
      'From',
      'To',
      'Grounds',
      'Source',
      'IDB Sanction Type',
      'IDB Sanction Source',
      'Other Name',
    ]);
    expect(rows[1082]).toEqual([]);
  });

  it('agrees with exceljs on a workbook both can read (World Bank export, data rows)', async () => {
    const file = sharedListFile(
      'worldbank_debarred',
      'world_bank_listing_of_ineligible_firms_and_individuals.xlsx',
    );
    const mine = await rowsOf(fs.readFileSync(file));
    const theirs: string[][] = [];
    for await (const r of xlsxRows(fs.createReadStream(file))) theirs.push(r);
    expect(mine.length).toBe(theirs.length);
    // Rows 1-3 hold merged cells, whose value exceljs repeats across the merge; the data rows must be identical.
    expect(mine.slice(3)).toEqual(theirs.slice(3));
  });
});
