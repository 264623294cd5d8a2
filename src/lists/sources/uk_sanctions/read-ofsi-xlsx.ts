// Reads the retired OFSI Consolidated List workbook (2022 format XLSX, one row per name and detail combination):
// the header row found by its column names, then the data rows grouped by Group ID (groups are not contiguous).
import type { Readable } from 'node:stream';
import { xlsxRows } from '../../formats/xlsx-rows.js';
import { clean } from './uk-party-to-entry.js';

/** The 36 columns of the 2022-format ConList, by header text. */
export const OFSI_COLUMNS = [
  'Name 6',
  'Name 1',
  'Name 2',
  'Name 3',
  'Name 4',
  'Name 5',
  'Title',
  'Name Non-Latin Script',
  'Non-Latin Script Type',
  'Non-Latin Script Language',
  'DOB',
  'Town of Birth',
  'Country of Birth',
  'Nationality',
  'Passport Number',
  'Passport Details',
  'National Identification Number',
  'National Identification Details',
  'Position',
  'Address 1',
  'Address 2',
  'Address 3',
  'Address 4',
  'Address 5',
  'Address 6',
  'Post/Zip Code',
  'Country',
  'Other Information',
  'Group Type',
  'Alias Type',
  'Alias Quality',
  'Regime',
  'Listed On',
  'UK Sanctions List Date Designated',
  'Last Updated',
  'Group ID',
] as const;

/** An OFSI column header. */
export type OfsiColumn = (typeof OFSI_COLUMNS)[number];
const REQUIRED: readonly OfsiColumn[] = ['Name 6', 'Group Type', 'Alias Type', 'Group ID'];

/** One data row, by header, with its 1-based sheet row number. */
export interface OfsiRow {
  readonly rowNumber: number;
  readonly cells: ReadonlyMap<string, string>;
}

/** Finds the header row (row 2 in OFSI's file, after "Last Updated") and checks the required columns. */
export function ofsiHeader(rows: string[][], file: string): { index: number; header: string[] } {
  for (let i = 0; i < Math.min(rows.length, 10); i++) {
    const header = (rows[i] ?? []).map((h) => h.trim());
    if (header.includes('Group ID') && header.includes('Name 6')) {
      const missing = REQUIRED.filter((c) => !header.includes(c));
      if (missing.length > 0)
        throw new Error(`${file}: header row ${i + 1} lacks columns ${missing.join(', ')}`);
      return { index: i, header };
    }
  }
  throw new Error(`${file}: no OFSI header row (with "Name 6" and "Group ID") in the first 10 rows`);
}

/** Groups data rows by Group ID in first-seen order; throws on a row with content but no Group ID. */
export function groupOfsiRows(rows: string[][], file: string): Map<string, OfsiRow[]> {
  const { index, header } = ofsiHeader(rows, file);
  const groups = new Map<string, OfsiRow[]>();
  for (let i = index + 1; i < rows.length; i++) {
    const raw = rows[i] ?? [];
    // exceljs yields empty rows (formatting only) as []: they state nothing.
    if (raw.every((c) => c.trim() === '')) continue;
    const cells = new Map<string, string>();
    header.forEach((h, j) => {
      if (h) cells.set(h, raw[j] ?? '');
    });
    if (raw.length > header.length && raw.slice(header.length).some((c) => c.trim() !== '')) {
      throw new Error(`${file}: row ${i + 1} has values beyond the ${header.length} header columns`);
    }
    const id = clean(cells.get('Group ID'));
    if (!id) throw new Error(`${file}: row ${i + 1} has no Group ID; the row cannot be attributed`);
    const list = groups.get(id) ?? [];
    list.push({ rowNumber: i + 1, cells });
    groups.set(id, list);
  }
  return groups;
}

/** The workbook's rows, grouped by Group ID (see groupOfsiRows); throws naming the file when it cannot be read. */
export async function readOfsiXlsx(input: Readable, file: string): Promise<Map<string, OfsiRow[]>> {
  // The workbook is loaded whole anyway (see xlsx-rows), and Group IDs recur in non-contiguous rows.
  const rows: string[][] = [];
  try {
    for await (const row of xlsxRows(input)) rows.push(row);
  } catch (err) {
    throw new Error(`${file}: unreadable workbook: ${(err as Error).message}`, { cause: err });
  }
  return groupOfsiRows(rows, file);
}

/** The workbook's first row when it is OFSI's "Last Updated" line: the date as published, else null. */
export async function readOfsiLastUpdated(input: Readable): Promise<string | null> {
  for await (const row of xlsxRows(input)) {
    return row[0]?.trim().toLowerCase() === 'last updated' ? (row[1] ?? null) : null;
  }
  return null;
}
