// Reads EBRD's two publications into one row shape: the JSON of the site's paged search service (all pages
// saved as one file by the crawl) and the site's CSV export (UTF-8 BOM, header " Ineligible Until" with a
// leading space, unescaped quotes inside quoted names such as `""Supper Fortuna" LLC"`).
import type { Readable } from 'node:stream';
import { csvRows } from '../../formats/csv-rows.js';
import { clean } from '../../formats/text.js';

/** One listing as published (texts trimmed). */
export interface EbrdRow {
  readonly position: number;
  readonly title: string;
  readonly subtitle: string | null;
  readonly entityType: string | null;
  readonly address: string[];
  readonly nationality: string | null;
  readonly from: string | null;
  readonly until: string | null;
  readonly noticeEffective: string | null;
  readonly originatingInstitution: string | null;
  readonly prohibitedPractice: string | null;
  readonly jurisdiction: string | null;
}

const text = (v: unknown): string | null =>
  v === null || v === undefined ? null : clean(typeof v === 'string' ? v : String(v));

/** Items of the search service must carry these: a missing one means the layout changed. */
export const EBRD_REQUIRED_FIELDS = [
  'title',
  'address',
  'nationality',
  'ineligibleFromDate',
  'ineligibleUntilDate',
] as const;

/** Checks one page's or the saved file's `searchResult`; returns the items. */
export function ebrdItems(body: unknown, where: string): Array<Record<string, unknown>> {
  const items = (body as { searchResult?: unknown } | null)?.searchResult;
  if (!Array.isArray(items)) throw new Error(`${where}: no searchResult array (layout changed?)`);
  items.forEach((item, i) => {
    if (item === null || typeof item !== 'object')
      throw new Error(`${where}: item ${i + 1} is not an object`);
    const missing = EBRD_REQUIRED_FIELDS.filter((k) => !(k in item));
    if (missing.length > 0) throw new Error(`${where}: item ${i + 1} lacks ${missing.join(', ')}`);
  });
  return items as Array<Record<string, unknown>>;
}

/** Rows of the saved JSON (`{ searchResult: [...] }`, every page's items in order). */
export function ebrdJsonRows(body: unknown, file: string): EbrdRow[] {
  const items = ebrdItems(body, file);
  if (items.length === 0) throw new Error(`${file}: searchResult is empty`);
  return items.map((item, i) => {
    const title = text(item['title']);
    if (!title) throw new Error(`${file}: item ${i + 1} has an empty title`);
    return {
      position: i + 1,
      title,
      subtitle: text(item['subtitle']),
      entityType: text(item['projectNoticeType']),
      address: String(item['address'] ?? '')
        .split('$')
        .map((a) => clean(a))
        .filter((a): a is string => a !== null),
      nationality: text(item['nationality']),
      from: text(item['ineligibleFromDate']),
      until: text(item['ineligibleUntilDate']),
      noticeEffective: text(item['dateNoticeEffectiveAtEBRD']),
      originatingInstitution: text(item['originatingInstitution']),
      prohibitedPractice: text(item['prohibitedPractice']),
      jurisdiction: text(item['jurisdictionOfJudgement']),
    };
  });
}

const CSV_HEADERS = {
  title: 'firm name',
  address: 'address',
  nationality: 'nationality',
  from: 'ineligible from',
  until: 'ineligible until',
  noticeEffective: 'notice effective at ebrd',
  originatingInstitution: 'originating institution',
  prohibitedPractice: 'prohibited practice',
} as const;
type CsvColumn = keyof typeof CSV_HEADERS;

/**
 * The export leaves quotes inside quoted fields unescaped; read leniently, such a field keeps its outer quotes
 * (`"Supper Fortuna" LLC` comes back as `""Supper Fortuna" LLC"`). One pair of wrapping quotes is removed.
 */
export function unwrapStrayQuotes(value: string): string {
  const t = value.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1) : value;
}

/** Rows of the CSV export; columns by header text (trimmed: " Ineligible Until"). */
export async function ebrdCsvRows(input: Readable, file: string): Promise<EbrdRow[]> {
  const rows: EbrdRow[] = [];
  let columns: Map<CsvColumn, number> | null = null;
  let line = 0;
  for await (const raw of csvRows(input, { lenient: true })) {
    line++;
    if (!columns) {
      const header = raw.map((h) => h.replace(/\s+/g, ' ').trim().toLowerCase());
      columns = new Map();
      for (const key of Object.keys(CSV_HEADERS) as CsvColumn[]) {
        const index = header.indexOf(CSV_HEADERS[key]);
        if (index >= 0) columns.set(key, index);
      }
      const missing = (Object.keys(CSV_HEADERS) as CsvColumn[]).filter((k) => !columns!.has(k));
      if (missing.length > 0) {
        throw new Error(`${file}: header lacks ${missing.map((m) => `"${CSV_HEADERS[m]}"`).join(', ')}`);
      }
      continue;
    }
    const get = (c: CsvColumn) => clean(unwrapStrayQuotes(raw[columns!.get(c)!] ?? ''));
    if (raw.every((c) => !c.trim())) continue;
    const title = get('title');
    if (!title) throw new Error(`${file}: record ${line} has no Firm Name`);
    const address = get('address');
    rows.push({
      position: line,
      title,
      subtitle: null,
      entityType: null,
      address: address ? [address] : [],
      nationality: get('nationality'),
      from: get('from'),
      until: get('until'),
      noticeEffective: get('noticeEffective'),
      originatingInstitution: get('originatingInstitution'),
      prohibitedPractice: get('prohibitedPractice'),
      jurisdiction: null,
    });
  }
  if (!columns) throw new Error(`${file}: empty file`);
  return rows;
}
