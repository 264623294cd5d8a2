import fs from 'node:fs';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { sharedListFile, sharedListsDir, sharedListsSkipReason } from '../../test-support/shared-lists.js';
import { xlsxRows } from './xlsx-rows.js';
import { xlsxSheetXmlRows } from './xlsx-sheet-xml.js';

/** A ZIP of the given parts, deflated, as a publisher's tool would write it. */
function zip(files: Record<string, string>): Promise<Buffer> {
  const z = new JSZip();
  for (const [name, text] of Object.entries(files)) z.file(name, text);
  return z.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const BOM = '\uFEFF';
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const cell = (t: string) => `<x:c t="inlineStr"><x:is><x:t>${t}</x:t></x:is></x:c>`;

/** A workbook shaped like the IDB's Power BI export: prefixed elements, BOMs, absolute targets, sheet.xml. */
function powerBiWorkbook(rows: string): Promise<Buffer> {
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

describe('xlsxSheetXmlRows', () => {
  it('reads a Power BI style workbook that exceljs cannot load', async () => {
    const buf = await powerBiWorkbook(
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

  it('refuses what is not a ZIP, and a package without its workbook part', async () => {
    await expect(rowsOf(Buffer.from('this is not a zip archive at all'))).rejects.toThrow(/not a ZIP/);
    await expect(rowsOf(await zip({ 'a.txt': 'hello' }))).rejects.toThrow(
      /workbook part xl\/workbook.xml not found/,
    );
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
