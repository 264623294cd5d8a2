// SEC receiverships: no official list was found (see docs/lists/sec.md), so the stream reads an optional
// receiverships.html put in place by hand (local mode or a mirror): an HTML page with a table whose header names
// the receivership or case. Each row's text is a case caption or receivership name ("SEC v. Stanford
// International Bank, Ltd., et al.", "Receivership of Acme Capital LLC").
import * as cheerio from 'cheerio';
import { cellText, columnIndex, readHtmlTable } from '../../formats/html-table.js';

/** One row: the caption as published, its link, and the row's date column when there is one. */
export interface ReceivershipRow {
  readonly caption: string;
  readonly url: string | null;
  readonly date: string | null;
  readonly receiver: string | null;
}

const CAPTION = /receivership|^case|^matter|^name|^entity|^defendant/;
const RECEIVER = /^receiver\b|receiver name|appointed/;
const DATE = /date/;

/** Throws when the page has no table with a receivership/case column. */
export function readReceiverships(html: string, where: string, baseUrl: string): ReceivershipRow[] {
  const $ = cheerio.load(html);
  const table = $('table')
    .filter((_, t) => columnIndex(readHtmlTable($, $(t)).headers, CAPTION) >= 0)
    .first();
  if (table.length === 0)
    throw new Error(
      `${where}: no table with a "Receivership" or "Case" column; the file is not a receiverships page`,
    );
  const { headers, rows } = readHtmlTable($, table);
  const captionAt = columnIndex(headers, CAPTION);
  const receiverAt = headers.findIndex((h, i) => i !== captionAt && RECEIVER.test(h));
  const dateAt = columnIndex(headers, DATE);
  const out: ReceivershipRow[] = [];
  for (const cells of rows) {
    const caption = cellText(cells[captionAt]);
    if (!caption) continue;
    const href = cells[captionAt]?.find('a[href]').first().attr('href')?.trim();
    out.push({
      caption,
      url: href ? new URL(href, baseUrl).href : null,
      date: dateAt >= 0 ? cellText(cells[dateAt]) || null : null,
      receiver: receiverAt >= 0 ? cellText(cells[receiverAt]) || null : null,
    });
  }
  return out;
}
