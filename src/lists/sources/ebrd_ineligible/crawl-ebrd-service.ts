// Crawls EBRD's paged search service: the site's own POST form with `currentPage=N` until `searchResult` is empty;
// every page's items are saved as one JSON file.
import type { PageFetcher, SaveFile } from '../../list-source.js';
import { ebrdItems } from './read-ebrd-rows.js';

/** The form the site's own page posts. */
const FORM = {
  parentPath: '/content/dam/ebrd_dxp/content-fragments/occo/ineligible-entities',
  cardType: 'iecard',
  sortBy: 'newest-first',
} as const;

/** How the crawl is run (tests point it at a loopback server with no pause). */
export interface EbrdCrawl {
  readonly serviceUrl: string;
  readonly file: string;
  readonly pauseMs: number;
  /** A guard against a service that never returns an empty page. */
  readonly maxPages: number;
}

/** Posts the search form page by page until a page has no items, and saves every item in one file. */
export async function crawlEbrdService(http: PageFetcher, save: SaveFile, crawl: EbrdCrawl): Promise<void> {
  const { serviceUrl, pauseMs } = crawl;
  const all: Array<Record<string, unknown>> = [];
  let previous = '';
  for (let page = 1; ; page++) {
    if (page > crawl.maxPages)
      throw new Error(`${serviceUrl}: still returning items after ${crawl.maxPages} pages`);
    if (page > 1) await http.pause(pauseMs);
    const body = new URLSearchParams({ ...FORM, currentPage: String(page) }).toString();
    const res = await http.fetch(serviceUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
        accept: 'application/json',
      },
      body,
    });
    const items = ebrdItems(res.json(), `${serviceUrl} page ${page}`);
    if (items.length === 0) {
      if (page === 1) throw new Error(`${serviceUrl}: page 1 has no items (layout changed?)`);
      break;
    }
    // A service that ignores currentPage would repeat page 1 forever.
    const signature = JSON.stringify(items);
    if (signature === previous) throw new Error(`${serviceUrl}: page ${page} repeats page ${page - 1}`);
    previous = signature;
    all.push(...items);
  }
  await save(crawl.file, `${JSON.stringify({ source: serviceUrl, searchResult: all }, null, 1)}\n`);
}
