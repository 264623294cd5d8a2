// The LEIE columns (UPDATED.csv), found by header name, and the value clean-ups the file needs:
// dates are YYYYMMDD and an all-zero value (00000000, NPI 0000000000) means "none".

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

/** Trimmed, whitespace collapsed; empty and all-zero values (00000000, 0000000000) are null. */
export function leieValue(raw: string | undefined): string | null {
  const t = (raw ?? '').replace(/\s+/g, ' ').trim();
  if (!t || /^0+$/.test(t)) return null;
  return t;
}

/** `YYYYMMDD` to `YYYY-MM-DD`; null for empty/all-zero; a value of another shape is kept as published. */
export function leieDate(raw: string | undefined): string | null {
  const t = leieValue(raw);
  if (t === null) return null;
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (!m) return t;
  const [, y, mo, d] = m;
  const iso = `${y}-${mo}-${d}`;
  const date = new Date(`${iso}T00:00:00Z`);
  // 19580230 is not a day: kept as published rather than turned into a date that never was.
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : t;
}
