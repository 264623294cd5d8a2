// Reads the trade.gov Consolidated Screening List CSV: the header mapped by column name (it changed over the
// years: no `_id` column before 2020), then each data row, skipping the header line trade.gov's export repeats.
import type { Readable } from 'node:stream';
import { csvRows } from '../../formats/csv-rows.js';

/** The CSL columns, as headed in consolidated.csv (multi-valued ones are `; `-separated). */
export const CSL_COLUMNS = [
  '_id',
  'source',
  'entity_number',
  'type',
  'programs',
  'name',
  'title',
  'addresses',
  'federal_register_notice',
  'start_date',
  'end_date',
  'standard_order',
  'license_requirement',
  'license_policy',
  'call_sign',
  'vessel_type',
  'gross_tonnage',
  'gross_registered_tonnage',
  'vessel_flag',
  'vessel_owner',
  'remarks',
  'source_list_url',
  'alt_names',
  'citizenships',
  'dates_of_birth',
  'nationalities',
  'places_of_birth',
  'source_information_url',
  'ids',
] as const;

/** A CSL column name. */
export type CslColumn = (typeof CSL_COLUMNS)[number];

const REQUIRED: readonly CslColumn[] = ['source', 'name'];

/** Where each known column sits, and the header cells this parser does not know (kept in details). */
export interface CslLayout {
  readonly header: readonly string[];
  readonly columns: ReadonlyMap<CslColumn, number>;
  readonly unknown: ReadonlyArray<{ column: string; index: number }>;
}

/** Maps the header row; throws naming the file when it is not a CSL header. */
export function cslLayout(header: readonly string[], file: string): CslLayout {
  const known = new Set<string>(CSL_COLUMNS);
  const columns = new Map<CslColumn, number>();
  const unknown: Array<{ column: string; index: number }> = [];
  header.forEach((h, index) => {
    const name = h.trim().toLowerCase();
    if (!name) return;
    if (known.has(name) && !columns.has(name as CslColumn)) columns.set(name as CslColumn, index);
    else unknown.push({ column: h.trim(), index });
  });
  const missing = REQUIRED.filter((c) => !columns.has(c));
  if (missing.length > 0) {
    throw new Error(`${file}: header lacks ${missing.join(', ')}: not the Consolidated Screening List CSV`);
  }
  return { header: header.map((h) => h.trim()), columns, unknown };
}

/** One data row with its layout and its 1-based record number (the header is record 1). */
export interface CslRow {
  readonly cells: string[];
  readonly layout: CslLayout;
  readonly record: number;
}

/** Yields the data rows; throws naming the file on malformed CSV, an empty file or a file with only a header. */
export async function* readCslCsv(input: Readable, file: string): AsyncGenerator<CslRow> {
  let layout: CslLayout | null = null;
  let headerKey = '';
  let record = 0;
  let rows = 0;
  try {
    for await (const cells of csvRows(input)) {
      record++;
      if (!layout) {
        layout = cslLayout(cells, file);
        headerKey = layout.header.join(',');
        continue;
      }
      // Known artefact: trade.gov's export repeats its header line (seen as lines 1-2 of a 2023 file).
      if (cells.map((c) => c.trim()).join(',') === headerKey) continue;
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
