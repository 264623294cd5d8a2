// Reads the World Bank's two publications of its debarment list into one row shape: the JSON API answer
// (`response.ZPROCSUPP[]`) and the XLSX export of the debarred-firms page (row 1 "Downloaded on: dd/mm/yyyy
// hh:mm", a header over two rows, one row per listed firm or individual).
import type { Readable } from 'node:stream';
import { clean } from '../../formats/text.js';
import { xlsxRows } from '../../formats/xlsx-rows.js';

/** One listed firm or individual as published (texts trimmed, dates YYYY-MM-DD). */
export interface WorldbankRow {
  /** 1-based position in the file (array index + 1, or sheet row number). */
  readonly position: number;
  readonly suppId: string | null;
  readonly name: string;
  readonly additionalInfo: string | null;
  readonly address: string | null;
  readonly city: string | null;
  readonly country: string | null;
  readonly from: string | null;
  readonly to: string | null;
  readonly grounds: string | null;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** `10-DEC-2024`, `10-Dec-2024`, `2024-12-10`, `2024-12-10T00:00:00` → `2024-12-10`; other text is kept. */
export function worldbankDate(value: unknown): string | null {
  const t = clean(value === null || value === undefined ? null : String(value));
  if (!t) return null;
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ].*)?$/.exec(t);
  if (iso) return iso[1]!;
  const dmy = /^(\d{1,2})[- ]([A-Za-z]{3})[A-Za-z]*[- ,]+(\d{4})$/.exec(t);
  const month = dmy ? MONTHS.indexOf(dmy[2]!.toUpperCase()) : -1;
  if (dmy && month >= 0) return `${dmy[3]}-${String(month + 1).padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  return t;
}

const text = (v: unknown): string | null =>
  v === null || v === undefined ? null : clean(typeof v === 'string' ? v : String(v));

/** Fields every API item must carry: a missing one means the answer's layout changed. */
const REQUIRED_JSON = ['SUPP_ID', 'SUPP_NAME', 'COUNTRY_NAME', 'DEBAR_FROM_DATE', 'DEBAR_TO_DATE'] as const;

/** The items of an API answer (`{ response: { ZPROCSUPP: [...] } }`); throws on another layout. */
export function worldbankJsonItems(body: unknown, file: string): Array<Record<string, unknown>> {
  const items = (body as { response?: { ZPROCSUPP?: unknown } } | null)?.response?.ZPROCSUPP;
  if (!Array.isArray(items)) throw new Error(`${file}: no response.ZPROCSUPP array (layout changed?)`);
  if (items.length === 0) throw new Error(`${file}: response.ZPROCSUPP is empty`);
  items.forEach((item, i) => {
    if (item === null || typeof item !== 'object') throw new Error(`${file}: item ${i + 1} is not an object`);
    const missing = REQUIRED_JSON.filter((k) => !(k in item));
    if (missing.length > 0) throw new Error(`${file}: item ${i + 1} lacks ${missing.join(', ')}`);
  });
  return items as Array<Record<string, unknown>>;
}

/** Rows of the JSON API answer. */
export function worldbankJsonRows(body: unknown, file: string): WorldbankRow[] {
  return worldbankJsonItems(body, file).map((item, i) => {
    const name = text(item['SUPP_NAME']);
    if (!name) throw new Error(`${file}: item ${i + 1} has an empty SUPP_NAME`);
    return {
      position: i + 1,
      suppId: text(item['SUPP_ID']),
      name,
      additionalInfo: text(item['ADD_SUPP_INFO']),
      address: text(item['SUPP_ADDR']),
      city: text(item['SUPP_CITY']),
      country: text(item['COUNTRY_NAME']),
      from: worldbankDate(item['DEBAR_FROM_DATE']),
      to: worldbankDate(item['DEBAR_TO_DATE']),
      grounds: text(item['DEBAR_REASON']),
    };
  });
}

const HEADERS = {
  name: 'firm name',
  additionalInfo: 'additional firm info',
  address: 'address',
  country: 'country',
  from: 'from date',
  to: 'to date',
  grounds: 'grounds',
} as const;
type Column = keyof typeof HEADERS;

const norm = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Rows of the XLSX export. The header is the first row (of the first 10) containing "Firm Name"; the row
 * under it names the two parts of "Ineligibility Period" (From Date, To Date), so both rows are read.
 */
export async function worldbankXlsxRows(
  input: Readable,
  file: string,
): Promise<{ downloadedOn: string | null; rows: WorldbankRow[] }> {
  const sheet: string[][] = [];
  try {
    for await (const row of xlsxRows(input)) sheet.push(row);
  } catch (err) {
    throw new Error(`${file}: unreadable workbook: ${(err as Error).message}`, { cause: err });
  }
  const headerIndex = sheet.slice(0, 10).findIndex((r) => r.some((c) => norm(c) === HEADERS.name));
  if (headerIndex < 0) throw new Error(`${file}: no header row with "Firm Name" in the first 10 rows`);
  const columns = new Map<Column, number>();
  let dataStart = headerIndex + 1;
  for (const r of [sheet[headerIndex]!, sheet[headerIndex + 1] ?? []]) {
    r.forEach((cell, index) => {
      const key = (Object.keys(HEADERS) as Column[]).find((k) => HEADERS[k] === norm(cell));
      if (key && !columns.has(key)) columns.set(key, index);
    });
  }
  if ((sheet[headerIndex + 1] ?? []).some((c) => norm(c) === HEADERS.from)) dataStart++;
  const missing = (Object.keys(HEADERS) as Column[]).filter((k) => k !== 'additionalInfo' && !columns.has(k));
  if (missing.length > 0) {
    throw new Error(`${file}: header lacks ${missing.map((m) => `"${HEADERS[m]}"`).join(', ')}`);
  }
  const stamp = /downloaded on:?\s*(\d{1,2})\/(\d{1,2})\/(\d{4})/i.exec(
    sheet.slice(0, headerIndex).flat().join(' '),
  );
  const downloadedOn = stamp
    ? `${stamp[3]}-${stamp[2]!.padStart(2, '0')}-${stamp[1]!.padStart(2, '0')}`
    : null;
  const rows: WorldbankRow[] = [];
  for (let i = dataStart; i < sheet.length; i++) {
    const r = sheet[i]!;
    const get = (c: Column) => {
      const index = columns.get(c);
      return index === undefined ? null : clean(r[index]);
    };
    if (r.every((c) => !clean(c))) continue;
    const name = get('name');
    if (!name) throw new Error(`${file}: row ${i + 1} has no Firm Name`);
    rows.push({
      position: i + 1,
      suppId: null,
      name,
      additionalInfo: get('additionalInfo'),
      address: get('address'),
      city: null,
      country: get('country'),
      from: worldbankDate(get('from')),
      to: worldbankDate(get('to')),
      grounds: get('grounds'),
    });
  }
  return { downloadedOn, rows };
}
