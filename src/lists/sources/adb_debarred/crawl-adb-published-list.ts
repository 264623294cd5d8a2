// Crawls ADB's published sanctions list: page 1 sorted by name, then `links.next` until it is null. ADB's
// `links.next` points at its internal host (`http://<app>.azurecontainerapps.io:80/published-list?...`), which is
// not reachable from outside: any next link on another origin is rewritten to the public base, query kept.
import type { PageFetcher, SaveFile } from '../../list-source.js';
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
  let url: string | null = first.toString();
  const seen = new Set<string>();
  const data: unknown[] = [];
  let pages = 0;
  while (url !== null) {
    if (seen.has(url)) throw new Error(`${url}: links.next points back at a page already read (paging loop)`);
    if (pages >= ADB_MAX_PAGES)
      throw new Error(`adb_debarred: more than ${ADB_MAX_PAGES} pages (paging broken?)`);
    seen.add(url);
    if (pages > 0) await http.pause(opts.pauseMs);
    const body: unknown = (await http.fetch(url, { headers: { accept: 'application/json' } })).json();
    const rows = adbRows(body, url);
    const links: unknown = (body as Record<string, unknown>)['links'];
    if (typeof links !== 'object' || links === null)
      throw new Error(`${url}: no "links" object (layout changed?)`);
    pages++;
    if (pages === 1 && rows.length === 0) throw new Error(`${url}: page 1 has no rows (layout changed?)`);
    data.push(...(body as { data: unknown[] }).data);
    const next: unknown = (links as Record<string, unknown>)['next'];
    url =
      typeof next === 'string' && next.trim() && rows.length > 0
        ? publicNextUrl(next, url, opts.baseUrl)
        : null;
  }
  await save(opts.fileName, JSON.stringify({ data, pages }));
}
