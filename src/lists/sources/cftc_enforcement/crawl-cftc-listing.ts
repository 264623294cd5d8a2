// Crawls the CFTC enforcement actions listing by its rel="next" links and saves every page, each preceded by
// CFTC_PAGE_MARK, in one file (what parse and local mode read).
import type { PageFetcher, SaveFile } from '../../list-source.js';
import { crawlPages } from '../../formats/crawl-pages.js';
import { CFTC_PAGE_MARK, readCftcPage } from './read-cftc-listing.js';

/** How the crawl is run (tests point it at a loopback server with no pause). */
export interface CftcCrawl {
  readonly first: string;
  readonly file: string;
  readonly pauseMs: number;
  readonly maxPages: number;
}

/** Crawls every page; throws on a layout change, an empty page or a next link back to a page already read. */
export async function crawlCftcListing(http: PageFetcher, save: SaveFile, crawl: CftcCrawl): Promise<void> {
  const pages: string[] = [];
  for await (const { url, number, page } of crawlPages(http, {
    first: crawl.first,
    maxPages: crawl.maxPages,
    pauseMs: crawl.pauseMs,
    onRevisit: 'throw',
    init: { headers: { accept: 'text/html' } },
    read: (res, pageUrl) => {
      const html = res.text();
      return { html, ...readCftcPage(html, pageUrl, res.url || pageUrl) };
    },
  })) {
    if (page.rows.length === 0) {
      if (number === 1) throw new Error(`${url}: the first page lists no enforcement action`);
      throw new Error(`${url}: a listing page without rows before the last page`);
    }
    pages.push(page.html);
  }
  await save(crawl.file, pages.map((p) => `${CFTC_PAGE_MARK}\n${p}\n`).join(''));
}
