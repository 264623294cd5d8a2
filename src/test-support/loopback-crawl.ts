// Runs a source's crawl over real HTTP (against a loopback server playing the publisher) and keeps what it saved.
import { createPageFetcher } from '../ingest/page-fetcher.js';
import type { ListSource, PageFetcher } from '../lists/list-source.js';

/** The PageFetcher crawl tests use: real fetch, no retries, short timeouts, User-Agent `test`. */
export function testPageFetcher(): PageFetcher {
  return createPageFetcher({ timeoutMs: 2000, retries: 0, userAgent: 'test', minBackoffMs: 1 });
}

/** The files a source's crawl saves, by name (a crawl error rejects). */
export async function crawlToMemory(
  source: Pick<ListSource, 'crawl'>,
  http: PageFetcher = testPageFetcher(),
): Promise<Map<string, Buffer>> {
  if (!source.crawl) throw new Error('this source has no crawl');
  const saved = new Map<string, Buffer>();
  await source.crawl(http, async (name, data) => {
    saved.set(name, Buffer.from(data));
  });
  return saved;
}
