// Reads the MAS enforcement actions listing (`?rows=All`: every action on one page): a table with Issue Date, Title
// (linking the article), Action Type and Person/Company columns, found by header text.
import * as cheerio from 'cheerio';
import { cellText, columnIndex, readHtmlTable } from '../../formats/html-table.js';

/** One listed action, as published. */
export interface MasRow {
  readonly date: string;
  readonly title: string;
  readonly url: string | null;
  readonly actionType: string | null;
  /** The Person/Company cell, its lines joined with "; " (null when the column is absent or empty). */
  readonly personCompany: string | null;
}

const DATE = /date/;
const TITLE = /^title|^headline|enforcement action$/;
const TYPE = /action type|^type/;
const PARTY = /person|company|entity|^name/;

/** Reads the listing; throws when no table has Issue Date, Title and Action Type columns. */
export function readMasListing(html: string, where: string, baseUrl: string): MasRow[] {
  const $ = cheerio.load(html);
  const table = $('table')
    .filter((_, t) => {
      const { headers } = readHtmlTable($, $(t));
      return (
        columnIndex(headers, DATE) >= 0 && columnIndex(headers, TITLE) >= 0 && columnIndex(headers, TYPE) >= 0
      );
    })
    .first();
  if (table.length === 0)
    throw new Error(
      `${where}: no table with "Issue Date", "Title" and "Action Type" columns; the page layout changed`,
    );
  const { headers, rows } = readHtmlTable($, table);
  const dateAt = columnIndex(headers, DATE);
  const titleAt = columnIndex(headers, TITLE);
  const typeAt = columnIndex(headers, TYPE);
  const partyAt = headers.findIndex((h, i) => i !== titleAt && i !== typeAt && PARTY.test(h));
  const out: MasRow[] = [];
  for (const cells of rows) {
    const titleCell = cells[titleAt];
    const title = cellText(titleCell);
    if (!title) continue;
    const href = titleCell?.find('a[href]').first().attr('href')?.trim();
    let personCompany: string | null = null;
    const partyCell = partyAt >= 0 ? cells[partyAt] : undefined;
    if (partyCell) {
      const clone = partyCell.clone();
      clone.find('br').replaceWith('\n');
      clone.find('p, li, div').each((_, el) => {
        $(el).append('\n');
      });
      const lines = clone
        .text()
        .split('\n')
        .map((l) => l.replace(/[\s\u00a0]+/g, ' ').trim())
        .filter(Boolean);
      personCompany = lines.length > 0 ? lines.join('; ') : null;
    }
    out.push({
      date: cellText(cells[dateAt]),
      title,
      url: href ? new URL(href, baseUrl).href : null,
      actionType: cellText(cells[typeAt]) || null,
      personCompany,
    });
  }
  return out;
}
