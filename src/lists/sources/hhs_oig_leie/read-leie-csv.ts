// Reads the LEIE CSV (UPDATED.csv): the header mapped by column name, then each data row (blank rows skipped).
import type { Readable } from 'node:stream';
import { csvRows } from '../../formats/csv-rows.js';

/** The 18 columns OIG publishes, as headed in UPDATED.csv. */
export const LEIE_COLUMNS = [
  'LASTNAME',
  'FIRSTNAME',
  'MIDNAME',
  'BUSNAME',
  'GENERAL',
  'SPECIALTY',
  'UPIN',
  'NPI',
  'DOB',
  'ADDRESS',
  'CITY',
  'STATE',
  'ZIP',
  'EXCLTYPE',
  'EXCLDATE',
  'REINDATE',
  'WAIVERDATE',
  'WVRSTATE',
] as const;

/** A LEIE column name. */
export type LeieColumn = (typeof LEIE_COLUMNS)[number];

/** Column positions by name. */
export type LeieLayout = ReadonlyMap<LeieColumn, number>;

/**
 * Maps the header row. Every one of the 18 columns is required: the record has a field for each, and a
 * renamed column would silently empty it. Extra columns are ignored (the record shape is fixed).
 */
export function leieLayout(header: readonly string[], file: string): LeieLayout {
  const norm = header.map((h) => h.trim().toUpperCase());
  const layout = new Map<LeieColumn, number>();
  for (const c of LEIE_COLUMNS) {
    const i = norm.indexOf(c);
    if (i >= 0) layout.set(c, i);
  }
  const missing = LEIE_COLUMNS.filter((c) => !layout.has(c));
  if (missing.length === LEIE_COLUMNS.length)
    throw new Error(`${file}: the first line is not the LEIE header (no LASTNAME, BUSNAME, EXCLTYPE...)`);
  if (missing.length > 0) throw new Error(`${file}: header lacks ${missing.join(', ')}`);
  return layout;
}

/** One data row with its layout and its 1-based record number (the header is record 1). */
export interface LeieRow {
  readonly cells: string[];
  readonly layout: LeieLayout;
  readonly record: number;
}

/** Yields the data rows; throws naming the file on malformed CSV, an empty file or a file with only a header. */
export async function* readLeieCsv(input: Readable, file: string): AsyncGenerator<LeieRow> {
  let layout: LeieLayout | null = null;
  let record = 0;
  let rows = 0;
  try {
    for await (const cells of csvRows(input)) {
      record++;
      if (!layout) {
        layout = leieLayout(cells, file);
        continue;
      }
      if (cells.every((c) => c.trim() === '')) continue;
      rows++;
      yield { cells, layout, record };
    }
  } catch (err) {
    const msg = (err as Error).message;
    if (msg.startsWith(file)) throw err;
    throw new Error(`${file}: malformed CSV after record ${record}: ${msg}`, { cause: err });
  }
  if (!layout) throw new Error(`${file}: empty file`);
  if (rows === 0) throw new Error(`${file}: header only, no data rows`);
}
