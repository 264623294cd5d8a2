// An HTML table read by header text (publishers reorder and add columns): headers normalised to lower case,
// each body row as its cells. Shared by the PAUSE, CFTC and MAS listings.
import type * as cheerio from 'cheerio';

/** A DOM node as cheerio types it (domhandler is not a direct dependency). */
export type DomNode = Parameters<typeof cheerio.contains>[1];
/** A selection of nodes. */
export type Nodes = cheerio.Cheerio<DomNode>;

/** A table's normalised header texts and its body rows' cells (td and th), in order. */
export interface HtmlTable {
  readonly headers: readonly string[];
  readonly rows: ReadonlyArray<ReadonlyArray<Nodes>>;
}

/** Trimmed text with white space collapsed. */
export function cellText(cell: Nodes | undefined): string {
  return (cell?.text() ?? '').replace(/[\s\u00a0]+/g, ' ').trim();
}

export const normaliseHeader = (s: string) =>
  s
    .replace(/[\s\u00a0]+/g, ' ')
    .replace(/\s*\/\s*/g, '/')
    .trim()
    .toLowerCase();

export function readHtmlTable($: cheerio.CheerioAPI, table: Nodes): HtmlTable {
  let headerRow = table.find('thead tr').first();
  if (headerRow.length === 0)
    headerRow = table
      .find('tr')
      .filter((_, tr) => $(tr).children('th').length > 0)
      .first();
  const headers = headerRow
    .children('th, td')
    .map((_, th) => normaliseHeader($(th).text()))
    .get();
  const rows: Array<Array<Nodes>> = [];
  table.find('tr').each((_, tr) => {
    if (headerRow.length > 0 && tr === headerRow.get(0)) return;
    if ($(tr).closest('thead').length > 0) return;
    // Nested tables belong to their own reader.
    if ($(tr).closest('table').get(0) !== table.get(0)) return;
    const cells = $(tr)
      .children('td, th')
      .map((_, c) => $(c))
      .get();
    if (cells.length > 0) rows.push(cells);
  });
  return { headers, rows };
}

/** Index of the first header matching a pattern, or -1. */
export function columnIndex(headers: readonly string[], pattern: RegExp): number {
  return headers.findIndex((h) => pattern.test(h));
}
