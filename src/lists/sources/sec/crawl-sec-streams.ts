// Crawls the SEC streams: the three RSS feeds as published, and the PAUSE listing page by page (?page=0,1,... until
// "No results."), saved one after another in pause.html. The five streams' files and addresses are declared here.
import type { PageFetcher, SaveFile } from '../../list-source.js';
import type { SecStream } from './sec-item-to-entry.js';
import { PAUSE_PAGE_MARK, readPausePage } from './read-pause-pages.js';
import { readRss } from './read-sec-rss.js';

export const SEC_OFFICIAL_BASE = 'https://www.sec.gov';

/** The three RSS streams, in parse order. */
export const SEC_RSS_STREAMS = [
  'litigation_releases',
  'administrative_proceedings',
  'trading_suspensions',
] as const;

/** File name (as saved by the crawl and read in local mode) and path under the SEC site of each stream. */
export const SEC_FILES: Readonly<Record<SecStream, { readonly file: string; readonly path: string }>> = {
  litigation_releases: {
    file: 'litigation-releases.xml',
    path: '/enforcement-litigation/litigation-releases/rss',
  },
  administrative_proceedings: {
    file: 'administrative-proceedings.xml',
    path: '/enforcement-litigation/administrative-proceedings/rss',
  },
  trading_suspensions: {
    file: 'trading-suspensions.xml',
    path: '/enforcement-litigation/trading-suspensions/rss',
  },
  pause: {
    file: 'pause.html',
    path: '/enforcement-litigation/public-alerts-unregistered-soliciting-entities',
  },
  // No official list found: this address is the SEC enforcement index, not a receiverships file (see docs).
  receiverships: { file: 'receiverships.html', path: '/enforcement-litigation' },
};

/** How the crawl is run (tests point it at a loopback server with no pause). */
export interface SecCrawl {
  /** Site root, no trailing slash. */
  readonly base: string;
  readonly pauseMs: number;
  /** A PAUSE listing longer than this is a paging loop, not a list. */
  readonly maxPausePages: number;
  /** Extra request headers (the declared User-Agent SEC asks for). */
  readonly headers: Readonly<Record<string, string>>;
}

/** Fetches and checks every stream; throws when a feed or the PAUSE layout changed. */
export async function crawlSecStreams(http: PageFetcher, save: SaveFile, crawl: SecCrawl): Promise<void> {
  const { pauseMs, headers } = crawl;
  const urlOf = (stream: SecStream) => `${crawl.base}${SEC_FILES[stream].path}`;
  let first = true;
  const polite = async () => {
    if (!first) await http.pause(pauseMs);
    first = false;
  };
  for (const stream of SEC_RSS_STREAMS) {
    const url = `${urlOf(stream)}`;
    await polite();
    const res = await http.fetch(url, {
      headers: { accept: 'application/rss+xml, application/xml', ...headers },
    });
    const feed = readRss(res.text(), url);
    if (feed.items.length === 0) throw new Error(`${url}: the feed has no items; the feed changed`);
    await save(SEC_FILES[stream].file, res.body);
  }
  const pages: string[] = [];
  const seen = new Set<string>();
  for (let page = 0; ; page++) {
    if (page >= crawl.maxPausePages)
      throw new Error(`PAUSE: more than ${crawl.maxPausePages} pages; paging loops`);
    const url = `${urlOf('pause')}?page=${page}`;
    await polite();
    const res = await http.fetch(url, { headers: { accept: 'text/html', ...headers } });
    const html = res.text();
    const read = readPausePage(html, url, url);
    if (read.empty || read.rows.length === 0) {
      if (page === 0) throw new Error(`${url}: the first PAUSE page lists nothing; the page layout changed`);
      break;
    }
    const first = read.rows[0]!;
    const key = `${first.name}\u0000${first.url ?? ''}`;
    if (seen.has(key)) throw new Error(`${url}: repeats an earlier page; the ?page= parameter is ignored`);
    seen.add(key);
    pages.push(html);
  }
  await save(SEC_FILES.pause.file, pages.map((p) => `${PAUSE_PAGE_MARK}\n${p}\n`).join(''));
}
