// Reads the rows of one XLSX worksheet with exceljs. An XLSX file is a ZIP whose directory sits at its end,
// and streaming readers fail on real publishers' files (OFSI's uses data descriptors), so the workbook is
// loaded from a buffer: these files are a few MB, unlike the XML lists that must be streamed.
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';

/** A cell value flattened to text: rich text joined, dates as ISO dates, formulas as their result. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as {
      richText?: Array<{ text: string }>;
      result?: unknown;
      text?: unknown;
      hyperlink?: string;
    };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if (v.result !== undefined) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    if (v.hyperlink) return v.hyperlink;
  }
  return String(value);
}

/** Yields the rows of the first worksheet (or the one named) as arrays of cell text, 0-based columns; empty rows included as []. */
export async function* xlsxRows(input: Readable, sheetName?: string): AsyncGenerator<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await buffer(input)) as unknown as ArrayBuffer);
  const sheet = sheetName ? workbook.getWorksheet(sheetName) : workbook.worksheets[0];
  if (!sheet) throw new Error(sheetName ? `worksheet "${sheetName}" not found` : 'workbook has no worksheet');
  for (let i = 1; i <= sheet.rowCount; i++) {
    const values = sheet.getRow(i).values;
    // Array.from fills the holes exceljs leaves for empty cells.
    yield Array.isArray(values) ? Array.from(values.slice(1), cellText) : [];
  }
}
