// Crawls the FBI wanted API page by page (`page` 1-based, `pageSize`) into one JSON file `{total, items, pages}`.
import type { PageFetcher, SaveFile } from '../../list-source.js';
import { fbiWantedBody, type FbiItem } from './read-fbi-file.js';

/** Options of the crawl (tests pass a loopback base URL and a zero pause). */
export interface FbiCrawlOptions {
  /** The list endpoint, e.g. https://api.fbi.gov/wanted/v1/list. */
  readonly baseUrl: string;
  readonly pageSize: number;
  /** Pause between page requests, in ms. */
  readonly pauseMs: number;
  /** The file name to save. */
  readonly fileName: string;
}

/** The crawl fails when fewer than this share of the declared total was gathered. */
export const FBI_MIN_GATHERED_SHARE = 0.9;

const pageUrl = (base: string, page: number, pageSize: number): string => {
  const u = new URL(base);
  u.searchParams.set('page', String(page));
  u.searchParams.set('pageSize', String(pageSize));
  return u.toString();
};

/** Fetches every page until the gathered count reaches `total` (or a page is empty) and saves one file. */
export async function crawlFbiWanted(
  http: PageFetcher,
  save: SaveFile,
  opts: FbiCrawlOptions,
): Promise<void> {
  const items: FbiItem[] = [];
  const seen = new Set<string>();
  let total = 0;
  let page = 1;
  let maxPages = 1;
  for (; page <= maxPages; page++) {
    if (page > 1) await http.pause(opts.pauseMs);
    const url = pageUrl(opts.baseUrl, page, opts.pageSize);
    const body = fbiWantedBody(
      (await http.fetch(url, { headers: { accept: 'application/json' } })).json(),
      url,
    );
    total = body.total!;
    if (page === 1) {
      if (body.items.length === 0) throw new Error(`${url}: page 1 has no items (layout changed?)`);
      // A few pages beyond what the total needs, in case items shift while paging; never endless.
      maxPages = Math.ceil(total / opts.pageSize) + 3;
    }
    if (body.items.length === 0) break;
    for (const it of body.items) {
      const uid = it['uid'] as string;
      if (seen.has(uid)) continue; // an item moved to the next page while paging
      seen.add(uid);
      items.push(it);
    }
    if (items.length >= total) break;
  }
  if (items.length < total * FBI_MIN_GATHERED_SHARE)
    throw new Error(
      `fbi_most_wanted: gathered ${items.length} items but the API declares total ${total} (paging broken?)`,
    );
  await save(opts.fileName, JSON.stringify({ total, items, pages: Math.min(page, maxPages) }));
}
