// SEC enforcement streams: litigation releases, administrative proceedings and trading suspensions (RSS 2.0
// feeds), PAUSE (an HTML listing paged ?page=0..) and receiverships (no official list: an optional file).
// One source, slug `sec`; each entry is listed as `sec_<stream>` and its record carries `sec_list`.
import type { FileSet, ListEntry, ListSource, PageFetcher, SaveFile } from '../../list-source.js';
import { PAUSE_PAGE_MARK, readPausePage, splitPausePages } from './pause-pages.js';
import { publishedDate } from '../../formats/published-date.js';
import { readReceiverships } from './receiverships-page.js';
import { readRss } from './rss-items.js';
import { pauseRowEntry, receivershipEntries, rssItemEntries, UidKeeper } from './sec-entries.js';
import { SEC_FILES, SEC_OFFICIAL_BASE, SEC_RSS_STREAMS } from './sec-streams.js';

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

async function readText(files: FileSet, name: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of files.open(name)) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(chunks).toString('utf8');
}

export function createSecSource(options: SecSourceOptions = {}): ListSource {
  const base = (options.baseUrl ?? SEC_OFFICIAL_BASE).replace(/\/$/, '');
  const pauseMs = options.pauseMs ?? SEC_PAUSE_MS;
  const headers: Record<string, string> = options.userAgent ? { 'user-agent': options.userAgent } : {};
  const urlOf = (stream: keyof typeof SEC_FILES) => `${base}${SEC_FILES[stream].path}`;

  async function crawl(http: PageFetcher, save: SaveFile): Promise<void> {
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
      if (page >= SEC_MAX_PAUSE_PAGES)
        throw new Error(`PAUSE: more than ${SEC_MAX_PAUSE_PAGES} pages; paging loops`);
      const url = `${urlOf('pause')}?page=${page}`;
      await polite();
      const res = await http.fetch(url, { headers: { accept: 'text/html', ...headers } });
      const html = res.text();
      const read = readPausePage(html, url, url);
      if (read.empty || read.rows.length === 0) {
        if (page === 0)
          throw new Error(`${url}: the first PAUSE page lists nothing; the page layout changed`);
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

  async function* parse(files: FileSet): AsyncGenerator<ListEntry> {
    for (const stream of SEC_RSS_STREAMS) {
      const file = SEC_FILES[stream].file;
      if (!files.has(file)) throw new Error(`sec: ${file} is missing`);
      const feed = readRss(await readText(files, file), file);
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
    const pages = splitPausePages(await readText(files, pauseFile));
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
      for (const row of readReceiverships(await readText(files, recFile), recFile, base))
        yield* receivershipEntries(row, uids);
    }
  }

  /** The latest channel date (lastBuildDate, else pubDate, else newest item) of the three feeds. */
  async function dataDate(files: FileSet): Promise<string | null> {
    let latest: string | null = null;
    for (const stream of SEC_RSS_STREAMS) {
      const file = SEC_FILES[stream].file;
      if (!files.has(file)) continue;
      const feed = readRss(await readText(files, file), file);
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
