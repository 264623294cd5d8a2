// Reads DFAT's consolidated list workbook (one sheet, one row per name) and groups its rows into parties. A
// party's rows share a base reference (`101` primary, `101a`, `101b`, `34c1` aliases). DFAT sometimes reuses a
// base reference for an unrelated party further down, and sometimes files a late alias of an earlier party out
// of place (`2940j` two hundred rows after `2940`), so grouping is by base reference and block:
// - a Primary Name row whose base was already used starts a new party, sourceUid `<base>#<n>`;
// - a non-primary row whose base was already used, outside that base's block, joins the last party of that base.
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { xlsxRows } from '../../formats/xlsx-rows.js';

// DFAT's columns, found by header text rather than position: the November 2025 layout inserted Alias
// Strength after Name Type and appended IMO Number, Instrument of Designation and four measure flags, so
// positions moved while the header words did not.

/** Our key for each column DFAT publishes (either layout), by normalised header text. */
export const DFAT_HEADERS = {
  reference: 'reference',
  name: 'name of individual or entity',
  type: 'type',
  name_type: 'name type',
  alias_strength: 'alias strength',
  date_of_birth: 'date of birth',
  place_of_birth: 'place of birth',
  citizenship: 'citizenship',
  address: 'address',
  additional_information: 'additional information',
  listing_information: 'listing information',
  committees: 'committees',
  control_date: 'control date',
  imo_number: 'imo number',
  instrument_of_designation: 'instrument of designation',
  targeted_financial_sanction: 'targeted financial sanction',
  travel_ban: 'travel ban',
  arms_embargo: 'arms embargo',
  maritime_restriction: 'maritime restriction',
} as const;

/** A column key above. */
export type DfatColumn = keyof typeof DFAT_HEADERS;

const REQUIRED: readonly DfatColumn[] = ['reference', 'name', 'type', 'name_type'];

/** Where each known column sits, plus the columns this parser does not know (kept, never dropped). */
export interface DfatLayout {
  /** 0-based index of the header row. */
  readonly headerIndex: number;
  readonly columns: ReadonlyMap<DfatColumn, number>;
  readonly unknown: ReadonlyArray<{ header: string; index: number }>;
}

const norm = (s: string) =>
  s
    .replace(/_x000D_/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * Locates the header row in the first rows (DFAT has at times put a title above the table) and maps it.
 * Throws naming the file when a required column is missing: a misread column matches the wrong people.
 */
export function dfatLayout(rows: readonly string[][], file: string): DfatLayout {
  const byText = new Map<string, DfatColumn>(
    Object.entries(DFAT_HEADERS).map(([k, v]) => [v, k as DfatColumn]),
  );
  for (let i = 0; i < Math.min(rows.length, 15); i++) {
    const header = (rows[i] ?? []).map(norm);
    if (!header.includes(DFAT_HEADERS.name)) continue;
    const columns = new Map<DfatColumn, number>();
    const unknown: Array<{ header: string; index: number }> = [];
    header.forEach((h, index) => {
      if (!h) return;
      const key = byText.get(h);
      if (key === undefined) unknown.push({ header: (rows[i]?.[index] ?? '').trim(), index });
      else if (columns.has(key)) throw new Error(`${file}: header row ${i + 1} repeats the column "${h}"`);
      else columns.set(key, index);
    });
    const missing = REQUIRED.filter((c) => !columns.has(c));
    if (missing.length > 0) {
      throw new Error(
        `${file}: header row ${i + 1} lacks ${missing.map((m) => `"${DFAT_HEADERS[m]}"`).join(', ')}`,
      );
    }
    return { headerIndex: i, columns, unknown };
  }
  throw new Error(`${file}: no header row with "Name of Individual or Entity" in the first 15 rows`);
}

/** A row by column key, with its 1-based sheet row number. */
export interface DfatRow {
  readonly rowNumber: number;
  readonly get: (c: DfatColumn) => string | null;
  readonly unknown: ReadonlyArray<{ column: string; value: string }>;
}

/** The rows of one listed party, primary first when DFAT put it first. */
export interface DfatParty {
  readonly sourceUid: string;
  readonly rows: DfatRow[];
}

/** Removes the `_x000D_` artefact (an escaped carriage return DFAT's export leaves in text cells). */
export function stripX000D(value: string): string {
  return value.replace(/_x000D_/g, '');
}

const single = (v: string | undefined): string | null => {
  const t = stripX000D(v ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return t ? t : null;
};
const multi = (v: string | undefined): string | null => {
  const t = stripX000D(v ?? '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return t ? t : null;
};

/** Free-text columns keep their line breaks; the others are single values. */
const PROSE = new Set<DfatColumn>([
  'date_of_birth',
  'place_of_birth',
  'citizenship',
  'address',
  'additional_information',
  'listing_information',
  'instrument_of_designation',
]);

/** A Primary Name row (DFAT has misspelt it `Primay`). */
export const isPrimary = (nameType: string | null) => /^(primary|primay)( name)?$/i.test(nameType ?? '');

function readRows(rows: readonly string[][], file: string): DfatRow[] {
  const layout = dfatLayout(rows, file);
  const out: DfatRow[] = [];
  for (let i = layout.headerIndex + 1; i < rows.length; i++) {
    const raw = rows[i] ?? [];
    const get = (c: DfatColumn): string | null => {
      const index = layout.columns.get(c);
      if (index === undefined) return null;
      return PROSE.has(c) ? multi(raw[index]) : single(raw[index]);
    };
    const unknown: Array<{ column: string; value: string }> = [];
    for (const u of layout.unknown) {
      const value = multi(raw[u.index]);
      if (value !== null) unknown.push({ column: u.header, value });
    }
    const known = new Set([...layout.columns.values(), ...layout.unknown.map((u) => u.index)]);
    raw.forEach((cell, index) => {
      const value = multi(cell);
      if (!known.has(index) && value !== null)
        unknown.push({ column: `(unnamed column ${index + 1})`, value });
    });
    const row: DfatRow = { rowNumber: i + 1, get, unknown };
    const hasContent = [...layout.columns.keys()].some((c) => get(c) !== null) || unknown.length > 0;
    // Blank rows (DFAT's sheet ends with formatted empty rows) state nothing.
    if (!hasContent) continue;
    if (get('reference') === null)
      throw new Error(`${file}: row ${i + 1} has no Reference; it cannot be attributed`);
    if (get('name') === null) throw new Error(`${file}: row ${i + 1} (${get('reference')}) has no name`);
    out.push(row);
  }
  return out;
}

/** Groups rows into parties as described at the top of this file. */
export function groupDfatRows(rows: readonly string[][], file: string): DfatParty[] {
  const parties: DfatParty[] = [];
  const byBase = new Map<string, DfatParty[]>();
  let lastBase: string | null = null;
  let current: DfatParty | null = null;
  for (const row of readRows(rows, file)) {
    const ref = row.get('reference')!;
    const base = /^\d+/.exec(ref)?.[0] ?? ref;
    const seen = byBase.get(base) ?? [];
    const start = (): DfatParty => {
      const party = { sourceUid: seen.length === 0 ? base : `${base}#${seen.length + 1}`, rows: [row] };
      seen.push(party);
      byBase.set(base, seen);
      parties.push(party);
      return party;
    };
    if (isPrimary(row.get('name_type'))) {
      const inBlock =
        base === lastBase && current !== null && !current.rows.some((r) => isPrimary(r.get('name_type')));
      if (inBlock) current!.rows.push(row);
      else current = start();
    } else if (base === lastBase && current !== null) {
      current.rows.push(row);
    } else if (seen.length > 0) {
      current = seen[seen.length - 1]!;
      current.rows.push(row);
    } else {
      current = start();
    }
    lastBase = base;
  }
  return parties;
}

/** The workbook's parties (rows of one party are not always contiguous, so the whole sheet is grouped). */
export async function readDfatXlsx(input: Readable, file: string): Promise<DfatParty[]> {
  const rows: string[][] = [];
  try {
    for await (const row of xlsxRows(input)) rows.push(row);
  } catch (err) {
    throw new Error(`${file}: unreadable workbook: ${(err as Error).message}`, { cause: err });
  }
  return groupDfatRows(rows, file);
}

/** The sheet states no date: the workbook's own "modified" property (docProps/core.xml, UTC), as YYYY-MM-DD. */
export async function readDfatModified(input: Readable): Promise<string | null> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await buffer(input)) as unknown as ArrayBuffer);
  const modified = workbook.modified;
  return modified instanceof Date && !Number.isNaN(modified.getTime())
    ? modified.toISOString().slice(0, 10)
    : null;
}
