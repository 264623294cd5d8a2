// Crawls ADB's published sanctions list: page 1 sorted by name, then `links.next` until it is null. ADB's
// `links.next` points at its internal host (`http://<app>.azurecontainerapps.io:80/published-list?...`), which is
// not reachable from outside: any next link on another origin is rewritten to the public base, query kept.
import type { PageFetcher, SaveFile } from '../../list-source.js';
import { crawlPages } from '../../formats/crawl-pages.js';
import { adbRows } from './read-adb-list.js';

export interface AdbCrawlOptions {
  /** The public endpoint, e.g. https://apim.adb.org/sanctions/lists/v1/published-list. */
  readonly baseUrl: string;
  readonly pauseMs: number;
  readonly fileName: string;
}

/** More pages than this means the paging is broken (ADB publishes ~1,200–1,800 rows). */
export const ADB_MAX_PAGES = 500;

/** The next link on the public base: same query, public origin and path, whatever host ADB wrote. */
export function publicNextUrl(next: string, current: string, baseUrl: string): string {
  const n = new URL(next, current);
  const base = new URL(baseUrl);
  if (n.origin === base.origin && n.pathname === base.pathname) return n.toString();
  base.search = n.search;
  return base.toString();
}

/** Fetches every page and saves `{data, pages}`. Throws on a layout change, an empty list or a paging loop. */
export async function crawlAdbPublishedList(
  http: PageFetcher,
  save: SaveFile,
  opts: AdbCrawlOptions,
): Promise<void> {
  const first = new URL(opts.baseUrl);
  first.searchParams.set('sortField', 'Name');
  first.searchParams.set('isAscending', 'true');
  const data: unknown[] = [];
  let pages = 0;
  for await (const { url, number, page } of crawlPages(http, {
    first: first.toString(),
    maxPages: ADB_MAX_PAGES,
    pauseMs: opts.pauseMs,
    onRevisit: 'throw',
    init: { headers: { accept: 'application/json' } },
    read: (res, pageUrl) => {
      const body: unknown = res.json();
      const rows = adbRows(body, pageUrl);
      const links: unknown = (body as Record<string, unknown>)['links'];
      if (typeof links !== 'object' || links === null)
        throw new Error(`${pageUrl}: no "links" object (layout changed?)`);
      const next: unknown = (links as Record<string, unknown>)['next'];
      return {
        rows,
        data: (body as { data: unknown[] }).data,
        next:
          typeof next === 'string' && next.trim() && rows.length > 0
            ? publicNextUrl(next, pageUrl, opts.baseUrl)
            : null,
      };
    },
  })) {
    pages = number;
    if (number === 1 && page.rows.length === 0)
      throw new Error(`${url}: page 1 has no rows (layout changed?)`);
    data.push(...page.data);
  }
  await save(opts.fileName, JSON.stringify({ data, pages }));
}
