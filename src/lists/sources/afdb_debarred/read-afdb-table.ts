// Reads AfDB's debarment table from the page HTML: the table whose id contains `datatable`, columns found by header
// text (Type, Name, Nationality, From, To, Basis; Notes optional). Fails loudly when the table or a header is missing.
import * as cheerio from 'cheerio';

export type AfdbColumn = 'type' | 'name' | 'nationality' | 'from' | 'to' | 'basis' | 'notes';
export const AFDB_REQUIRED: readonly AfdbColumn[] = ['type', 'name', 'nationality', 'from', 'to', 'basis'];
const HEADERS: Readonly<Record<string, AfdbColumn>> = {
  type: 'type',
  name: 'name',
  nationality: 'nationality',
  from: 'from',
  to: 'to',
  basis: 'basis',
  notes: 'notes',
};

/** One table row by column, values trimmed with whitespace (and &nbsp;) collapsed; null when empty. */
export type AfdbRow = Readonly<Record<AfdbColumn, string | null>> & { readonly rowNumber: number };

const cellText = (s: string): string | null => {
  const t = s.replace(/[\s\u00a0]+/g, ' ').trim();
  return t ? t : null;
};

/** Every data row of the debarment table in `html`; throws when the layout is not the expected one. */
export function afdbTableRows(html: string, where: string): AfdbRow[] {
  const $ = cheerio.load(html);
  const tables = $('table[id*="datatable"]').toArray();
  if (tables.length === 0)
    throw new Error(
      `${where}: no table with an id containing "datatable" (layout changed, or a bot-protection page?)`,
    );
  for (const table of tables) {
    const headerCells = $(table).find('thead tr').first().find('th').toArray();
    const ths = headerCells.length > 0 ? headerCells : $(table).find('tr').first().find('th').toArray();
    const columns = new Map<AfdbColumn, number>();
    ths.forEach((th, i) => {
      const key = HEADERS[(cellText($(th).text()) ?? '').toLowerCase()];
      if (key && !columns.has(key)) columns.set(key, i);
    });
    if (!columns.has('name')) continue; // another datatable on the page
    const missing = AFDB_REQUIRED.filter((c) => !columns.has(c));
    if (missing.length > 0)
      throw new Error(
        `${where}: the debarment table has no ${missing.map((m) => `"${m}"`).join(', ')} column (layout changed?)`,
      );
    const bodyRows = $(table).find('tbody tr').toArray();
    const rows: AfdbRow[] = [];
    bodyRows.forEach((tr, i) => {
      const tds = $(tr).find('td').toArray();
      if (tds.length === 0) return;
      const values = tds.map((td) => cellText($(td).text()));
      // DataTables' "No data available" placeholder spans all columns.
      if (tds.length === 1 && $(tds[0]).attr('colspan')) return;
      if (values.every((v) => v === null)) return;
      if (tds.length < ths.length)
        throw new Error(`${where}: table row ${i + 1} has ${tds.length} cells for ${ths.length} columns`);
      const get = (c: AfdbColumn) => {
        const idx = columns.get(c);
        return idx === undefined ? null : (values[idx] ?? null);
      };
      rows.push({
        rowNumber: i + 1,
        type: get('type'),
        name: get('name'),
        nationality: get('nationality'),
        from: get('from'),
        to: get('to'),
        basis: get('basis'),
        notes: get('notes'),
      });
    });
    return rows;
  }
  throw new Error(`${where}: no datatable has a "Name" column (layout changed?)`);
}
