// SEC enforcement streams: litigation releases, administrative proceedings and trading suspensions (RSS 2.0
// feeds), PAUSE (an HTML listing paged ?page=0..) and receiverships (no official list: an optional file).
// One source, slug `sec`; each entry is listed as `sec_<stream>` and its record carries `sec_list`.
import { text } from 'node:stream/consumers';
import type { FileSet, ListEntry, ListSource, PageFetcher, SaveFile } from '../../list-source.js';
import { publishedDate } from '../../formats/published-date.js';
import { crawlSecStreams, SEC_FILES, SEC_OFFICIAL_BASE, SEC_RSS_STREAMS } from './crawl-sec-streams.js';
import { readPausePage, splitPausePages } from './read-pause-pages.js';
import { readReceiverships } from './read-receiverships.js';
import { readRss } from './read-sec-rss.js';
import { pauseRowEntry, receivershipEntries, rssItemEntries, UidKeeper } from './sec-item-to-entry.js';

/** SEC fair access allows 10 requests a second; we stay well under it. */
export const SEC_PAUSE_MS = 250;
/** A PAUSE listing longer than this is a paging loop, not a list. */
export const SEC_MAX_PAUSE_PAGES = 1000;

export interface SecSourceOptions {
  /** Site root (tests: a loopback server). */
  readonly baseUrl?: string;
  /** Pause between requests in ms (tests: 0). */
  readonly pauseMs?: number;
  /**
   * User-Agent for sec.gov, which asks for a declared agent with a contact e-mail ("Company admin@example.com").
   * Unset: the fetcher's own User-Agent is sent.
   */
  readonly userAgent?: string;
}

export function createSecSource(options: SecSourceOptions = {}): ListSource {
  const base = (options.baseUrl ?? SEC_OFFICIAL_BASE).replace(/\/$/, '');
  const pauseMs = options.pauseMs ?? SEC_PAUSE_MS;
  const headers: Record<string, string> = options.userAgent ? { 'user-agent': options.userAgent } : {};
  const urlOf = (stream: keyof typeof SEC_FILES) => `${base}${SEC_FILES[stream].path}`;

  const crawl = (http: PageFetcher, save: SaveFile) =>
    crawlSecStreams(http, save, { base, pauseMs, maxPausePages: SEC_MAX_PAUSE_PAGES, headers });

  async function* parse(files: FileSet): AsyncGenerator<ListEntry> {
    for (const stream of SEC_RSS_STREAMS) {
      const file = SEC_FILES[stream].file;
      if (!files.has(file)) throw new Error(`sec: ${file} is missing`);
      const feed = readRss(await text(files.open(file)), file);
      if (feed.items.length === 0) throw new Error(`${file}: the feed has no items`);
      const uids = new UidKeeper();
      let yielded = 0;
      for (const item of feed.items) {
        for (const e of rssItemEntries(stream, item, uids)) {
          yielded++;
          yield e;
        }
      }
      if (yielded === 0)
        throw new Error(
          `${file}: no item title names a party (${feed.items.length} items); the titles changed`,
        );
    }

    const pauseFile = SEC_FILES.pause.file;
    if (!files.has(pauseFile)) throw new Error(`sec: ${pauseFile} is missing`);
    const pages = splitPausePages(await text(files.open(pauseFile)));
    const pauseUids = new UidKeeper();
    let pauseRows = 0;
    for (const [i, html] of pages.entries()) {
      const read = readPausePage(html, `${pauseFile} page ${i + 1}`, urlOf('pause'));
      if (read.empty) continue;
      for (const row of read.rows) {
        pauseRows++;
        yield pauseRowEntry(row, pauseUids);
      }
    }
    if (pauseRows === 0) throw new Error(`${pauseFile}: no PAUSE rows`);

    const recFile = SEC_FILES.receiverships.file;
    if (files.has(recFile)) {
      const uids = new UidKeeper();
      for (const row of readReceiverships(await text(files.open(recFile)), recFile, base))
        yield* receivershipEntries(row, uids);
    }
  }

  /** The latest channel date (lastBuildDate, else pubDate, else newest item) of the three feeds. */
  async function dataDate(files: FileSet): Promise<string | null> {
    let latest: string | null = null;
    for (const stream of SEC_RSS_STREAMS) {
      const file = SEC_FILES[stream].file;
      if (!files.has(file)) continue;
      const feed = readRss(await text(files.open(file)), file);
      const dates = [feed.lastBuildDate, feed.pubDate, ...feed.items.map((i) => i.pubDate)]
        .map(publishedDate)
        .filter((d): d is string => d !== null);
      for (const d of dates) if (latest === null || d > latest) latest = d;
    }
    return latest;
  }

  return {
    slug: 'sec',
    title: 'SEC enforcement streams',
    publisher: 'US Securities and Exchange Commission',
    legacy: false,
    format:
      'RSS 2.0 (litigation releases, administrative proceedings, trading suspensions); HTML listing paged ?page=0.. (PAUSE); optional HTML table (receiverships)',
    cadence: 'Feeds: several times a week; PAUSE: irregular additions',
    fileSets: [
      [
        ...SEC_RSS_STREAMS.map((s) => ({
          name: SEC_FILES[s].file,
          url: `${SEC_OFFICIAL_BASE}${SEC_FILES[s].path}`,
        })),
        { name: SEC_FILES.pause.file, url: `${SEC_OFFICIAL_BASE}${SEC_FILES.pause.path}` },
        {
          name: SEC_FILES.receiverships.file,
          url: `${SEC_OFFICIAL_BASE}${SEC_FILES.receiverships.path}`,
          optional: true,
        },
      ],
    ],
    crawl,
    parse,
    dataDate,
  };
}

/** The SEC source against sec.gov (the fetcher's User-Agent; see SecSourceOptions.userAgent). */
export const secSource: ListSource = createSecSource();
