// Reads SEC PAUSE (Public Alert: Unregistered Soliciting Entities): an HTML listing paged with ?page=0,1,... whose
// past-the-end page says "No results.". The crawl saves the pages one after another in pause.html, each
// preceded by PAUSE_PAGE_MARK; a page saved by hand (no mark) reads as one page.
import * as cheerio from 'cheerio';
import { cellText, columnIndex, readHtmlTable } from '../../formats/html-table.js';

/** Separates the saved pages in pause.html. */
export const PAUSE_PAGE_MARK = '<!-- sec-pause-page -->';

/** One row of the listing, as published. */
export interface PauseRow {
  readonly name: string;
  /** The link to the entity's alert page, absolute against the page address. */
  readonly url: string | null;
  readonly category: string | null;
  /** The date column as published (e.g. "May 1, 2024"), or its <time datetime>. */
  readonly date: string | null;
}

/** A page's rows, or `empty` when the page is past the end ("No results."). */
export type PausePage =
  { readonly empty: true } | { readonly empty: false; readonly rows: readonly PauseRow[] };

const NAME = /^(?:entity |firm |company )?name\b|^entity$|^firm$|^company$/;
const CATEGORY = /category|^type/;
const DATE = /date|updated|posted|added|published/;

/** Reads one listing page; throws when it has neither a listing table nor the "No results." text. */
export function readPausePage(html: string, where: string, baseUrl: string): PausePage {
  const $ = cheerio.load(html);
  const table = $('table')
    .filter((_, t) => columnIndex(readHtmlTable($, $(t)).headers, NAME) >= 0)
    .first();
  if (table.length === 0) {
    const text = $('body').text().replace(/\s+/g, ' ');
    if (/\bNo results\.?/i.test(text)) return { empty: true };
    throw new Error(
      `${where}: no PAUSE table with a "Name" column and no "No results." text; the page layout changed`,
    );
  }
  const { headers, rows } = readHtmlTable($, table);
  const nameAt = columnIndex(headers, NAME);
  const categoryAt = columnIndex(headers, CATEGORY);
  const dateAt = columnIndex(headers, DATE);
  const out: PauseRow[] = [];
  for (const cells of rows) {
    const cell = cells[nameAt];
    const name = cellText(cell);
    if (!name) continue;
    const href = cell?.find('a[href]').first().attr('href')?.trim();
    let url: string | null = null;
    if (href) {
      try {
        url = new URL(href, baseUrl).href;
      } catch {
        url = href;
      }
    }
    const dateCell = dateAt >= 0 ? cells[dateAt] : undefined;
    const datetime = dateCell?.find('time[datetime]').first().attr('datetime') ?? null;
    out.push({
      name,
      url,
      category: categoryAt >= 0 ? cellText(cells[categoryAt]) || null : null,
      date: dateAt >= 0 ? datetime || cellText(dateCell) || null : null,
    });
  }
  if (out.length === 0 && /\bNo results\.?/i.test($('body').text())) return { empty: true };
  return { empty: false, rows: out };
}

/** Splits saved pause.html into its pages. */
export function splitPausePages(saved: string): string[] {
  return saved
    .split(PAUSE_PAGE_MARK)
    .map((p) => p.trim())
    .filter(Boolean);
}
