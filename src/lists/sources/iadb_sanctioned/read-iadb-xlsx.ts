// Reads the IDB's sheet "Export" (a Power BI export): one row per sanctioned firm or individual under a header row;
// after the data Power BI appends a blank row and a one-cell summary of the filters applied, in the exporting
// browser's language ("Applied filters: ...", "Zastosowane filtry: ..."), which is not a listing.
import type { Readable } from 'node:stream';
import { xlsxSheetXmlRows } from '../../formats/xlsx-sheet-xml.js';

/** Our key for each column, by header text (lower case). */
export const IADB_HEADERS = {
  title: 'title',
  entity: 'entity',
  nationality: 'nationality',
  country: 'country',
  from: 'from',
  to: 'to',
  grounds: 'grounds',
  source: 'source',
  sanction_type: 'idb sanction type',
  sanction_source: 'idb sanction source',
  other_name: 'other name',
} as const;
export type IadbColumn = keyof typeof IADB_HEADERS;

const REQUIRED: readonly IadbColumn[] = [
  'title',
  'entity',
  'nationality',
  'country',
  'from',
  'to',
  'grounds',
  'source',
];

/** One data row by column key (raw cell text), with its 1-based sheet row number. */
export interface IadbRow {
  readonly rowNumber: number;
  readonly get: (c: IadbColumn) => string;
}

const norm = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim().toLowerCase();

/** The data rows of the sheet; throws when the header is missing or lacks a required column. */
export function iadbRows(sheet: readonly string[][], file: string): IadbRow[] {
  const headerIndex = sheet.slice(0, 10).findIndex((r) => r.some((c) => norm(c) === IADB_HEADERS.title));
  if (headerIndex < 0) throw new Error(`${file}: no header row with "Title" in the first 10 rows`);
  const columns = new Map<IadbColumn, number>();
  sheet[headerIndex]!.forEach((cell, index) => {
    const key = (Object.keys(IADB_HEADERS) as IadbColumn[]).find((k) => IADB_HEADERS[k] === norm(cell));
    if (key && !columns.has(key)) columns.set(key, index);
  });
  const missing = REQUIRED.filter((c) => !columns.has(c));
  if (missing.length > 0) {
    throw new Error(`${file}: header lacks ${missing.map((m) => `"${IADB_HEADERS[m]}"`).join(', ')}`);
  }
  const rows: IadbRow[] = [];
  let blankSeen = false;
  for (let i = headerIndex + 1; i < sheet.length; i++) {
    const raw = sheet[i]!;
    const filled = raw.filter((c) => c.trim() !== '').length;
    if (filled === 0) {
      blankSeen = true;
      continue;
    }
    // The filter summary: one cell after the blank row that ends the data.
    if (blankSeen && filled === 1 && (raw[0] ?? '').trim() !== '') continue;
    const get = (c: IadbColumn) => {
      const index = columns.get(c);
      return index === undefined ? '' : (raw[index] ?? '');
    };
    if (!get('title').trim()) throw new Error(`${file}: row ${i + 1} has no Title`);
    rows.push({ rowNumber: i + 1, get });
  }
  return rows;
}

/** The sheet's data rows (exceljs cannot load this workbook, so it is read with xlsxSheetXmlRows). */
export async function readIadbXlsx(input: Readable, file: string, sheetName: string): Promise<IadbRow[]> {
  const sheet: string[][] = [];
  try {
    for await (const row of xlsxSheetXmlRows(input, sheetName)) sheet.push(row);
  } catch (err) {
    throw new Error(`${file}: unreadable workbook: ${(err as Error).message}`, { cause: err });
  }
  return iadbRows(sheet, file);
}
