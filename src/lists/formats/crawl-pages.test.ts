import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageFetcher } from '../list-source.js';
import { loopbackServer, staticFile, type LoopbackServer } from '../../test-support/loopback-server.js';
import { testPageFetcher } from '../../test-support/loopback-crawl.js';
import { crawlPages, type PagedListing } from './crawl-pages.js';

/** A page body `items a,b; next /p2` read into {items, next}. */
type Page = { readonly items: string[]; readonly next: string | null };

describe('crawlPages (loopback)', () => {
  let server: LoopbackServer;
  const pauses: number[] = [];
  const real = testPageFetcher();
  const http: PageFetcher = { fetch: real.fetch, pause: async (ms) => void pauses.push(ms) };
  beforeAll(async () => {
    server = await loopbackServer();
  });
  afterAll(() => server.close());

  const serve = (pages: Record<string, string>) => {
    server.routes.clear();
    for (const [path, body] of Object.entries(pages)) server.routes.set(path, staticFile(body));
  };
  const listing = (over: Partial<PagedListing<Page>> = {}): PagedListing<Page> => ({
    first: `${server.url}/p1`,
    maxPages: 10,
    pauseMs: 7,
    read: (res, url) => {
      const [items = '', next = ''] = res.text().split(';');
      return { items: items.split(',').filter(Boolean), next: next ? new URL(next, url).href : null };
    },
    ...over,
  });
  const walk = async (l: PagedListing<Page>) => {
    const out: Array<[number, string[]]> = [];
    for await (const p of crawlPages(http, l)) out.push([p.number, p.page.items]);
    return out;
  };

  it('follows next links to the last page, pausing between pages only', async () => {
    serve({ '/p1': 'a,b;/p2', '/p2': 'c;p3', '/p3': 'd;' });
    pauses.length = 0;
    expect(await walk(listing())).toEqual([
      [1, ['a', 'b']],
      [2, ['c']],
      [3, ['d']],
    ]);
    expect(pauses).toEqual([7, 7]);
  });

  it('ends at a link back to a read page, or throws when told it is a loop; caps the page count', async () => {
    serve({ '/p1': 'a;/p2', '/p2': 'b;/p1' });
    expect(await walk(listing())).toEqual([
      [1, ['a']],
      [2, ['b']],
    ]);
    await expect(walk(listing({ onRevisit: 'throw' }))).rejects.toThrow(/p1: the next-page link leads back/);
    serve({ '/p1': 'a;/p2', '/p2': 'b;/p3', '/p3': 'c;/p4' });
    await expect(walk(listing({ maxPages: 2 }))).rejects.toThrow(/more than 2 pages \(paging loop\?\)/);
  });

  it('surfaces HTTP errors of any page', async () => {
    serve({ '/p1': 'a;/gone' });
    await expect(walk(listing())).rejects.toThrow(/HTTP 404/);
  });
});
