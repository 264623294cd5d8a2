// Reads the CFTC enforcement actions listing: a table of Date + Enforcement Actions (a link to the press release,
// and sometimes a list of related documents under it), paged by a rel="next" link. The crawl saves every page in
// enforcement-actions.html, each preceded by CFTC_PAGE_MARK; a page saved by hand (no mark) reads as one page.
import * as cheerio from 'cheerio';
import { cellText, columnIndex, readHtmlTable } from '../../formats/html-table.js';

export const CFTC_PAGE_MARK = '<!-- cftc-enforcement-page -->';

/** A linked document: its text and absolute address. */
export interface CftcLink {
  readonly title: string;
  readonly url: string;
}

/** One row of the listing. */
export interface CftcRow {
  readonly date: string;
  readonly title: string;
  readonly url: string | null;
  readonly related: readonly CftcLink[];
}

const DATE = /^date/;
const ACTION = /enforcement action|^action|^title|press release/;

const absolute = (href: string | undefined, base: string): string | null => {
  if (!href?.trim()) return null;
  try {
    return new URL(href.trim(), base).href;
  } catch {
    return href.trim();
  }
};

/**
 * Reads one listing page: its rows and the rel="next" address (absolute), or throws when the page has no table
 * with "Date" and "Enforcement Actions" columns (the layout changed or the answer is not the listing).
 */
export function readCftcPage(
  html: string,
  where: string,
  pageUrl: string,
): { rows: CftcRow[]; next: string | null } {
  const $ = cheerio.load(html);
  const table = $('table')
    .filter((_, t) => {
      const { headers } = readHtmlTable($, $(t));
      return columnIndex(headers, DATE) >= 0 && columnIndex(headers, ACTION) >= 0;
    })
    .first();
  if (table.length === 0)
    throw new Error(
      `${where}: no table with "Date" and "Enforcement Actions" columns; the page layout changed`,
    );
  const { headers, rows } = readHtmlTable($, table);
  const dateAt = columnIndex(headers, DATE);
  const actionAt = columnIndex(headers, ACTION);
  const out: CftcRow[] = [];
  for (const cells of rows) {
    const cell = cells[actionAt];
    if (!cell) continue;
    const related: CftcLink[] = [];
    cell.find('ul a[href], ol a[href]').each((_, a) => {
      const url = absolute($(a).attr('href'), pageUrl);
      const title = cellText($(a));
      if (url && title) related.push({ title, url });
    });
    const main = cell
      .find('a[href]')
      .filter((_, a) => $(a).closest('ul, ol').length === 0)
      .first();
    const clone = cell.clone();
    clone.find('ul, ol').remove();
    const title = main.length > 0 ? cellText(main) : cellText(clone);
    if (!title) continue;
    out.push({
      date: cellText(cells[dateAt]),
      title,
      url: main.length > 0 ? absolute(main.attr('href'), pageUrl) : null,
      related,
    });
  }
  const nextHref = $('a[rel="next"]').first().attr('href');
  return { rows: out, next: absolute(nextHref, pageUrl) };
}

/** Splits saved enforcement-actions.html into its pages. */
export function splitCftcPages(saved: string): string[] {
  return saved
    .split(CFTC_PAGE_MARK)
    .map((p) => p.trim())
    .filter(Boolean);
}
