// Walks a paged listing by its next-page links: one page at a time, a pause between requests, a cap on the page
// count (a pager that never ends is a paging loop) and a rule for a link back to a page already read.
import type { PageFetcher, PageResponse } from '../list-source.js';

/** How one paged listing is walked. */
export interface PagedListing<P extends { readonly next: string | null }> {
  /** The first page's address. */
  readonly first: string;
  /** More pages than this throws: the pager loops. */
  readonly maxPages: number;
  /** Politeness pause before every page after the first. */
  readonly pauseMs: number;
  /** A next link to a page already read: the end of the listing (default), or a paging loop that throws. */
  readonly onRevisit?: 'end' | 'throw';
  /** Request options for every page (e.g. an Accept header). */
  readonly init?: Parameters<PageFetcher['fetch']>[1];
  /** Reads one page; `next` is the absolute address of the following page, null on the last. */
  read(res: PageResponse, url: string): P;
}

/** One page of a listing as read, with its address and 1-based number. */
export interface CrawledPage<P> {
  readonly url: string;
  readonly number: number;
  readonly page: P;
}

/**
 * Yields the listing's pages in order until a page has no next link (or links back, see `onRevisit`). The
 * caller decides what an empty page means (layout change on the first page, or the end of the list) and may
 * stop early by breaking out of the loop.
 */
export async function* crawlPages<P extends { readonly next: string | null }>(
  http: PageFetcher,
  listing: PagedListing<P>,
): AsyncGenerator<CrawledPage<P>> {
  const visited = new Set<string>();
  let url: string | null = listing.first;
  while (url !== null) {
    if (visited.has(url)) {
      if (listing.onRevisit === 'throw')
        throw new Error(`${url}: the next-page link leads back to a visited page; paging loops`);
      return;
    }
    if (visited.size >= listing.maxPages)
      throw new Error(`${listing.first}: more than ${listing.maxPages} pages (paging loop?)`);
    if (visited.size > 0) await http.pause(listing.pauseMs);
    visited.add(url);
    const page = listing.read(await http.fetch(url, listing.init), url);
    yield { url, number: visited.size, page };
    url = page.next;
  }
}
