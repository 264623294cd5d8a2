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
