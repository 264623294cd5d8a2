// CFTC enforcement actions: the HTML listing at cftc.gov (Date + headline linking the press release), paged by
// rel="next". Parties are extracted from the headlines ("CFTC Orders X to Pay ...", "CFTC Charges X and Y ...").
import type { FileSet, ListEntry, ListSource, PageFetcher, SaveFile } from '../../list-source.js';
import { cftcRowEntries, CftcUids } from './cftc-entries.js';
import { CFTC_PAGE_MARK, readCftcPage, splitCftcPages } from './cftc-pages.js';

export const CFTC_FILE = 'enforcement-actions.html';
export const CFTC_OFFICIAL_BASE = 'https://www.cftc.gov';
export const CFTC_LISTING_PATH = '/LawRegulation/EnforcementActions/index.htm';
/** Pause between page requests. */
export const CFTC_PAUSE_MS = 250;
/** More pages than this is a paging loop. */
export const CFTC_MAX_PAGES = 500;

export interface CftcSourceOptions {
  readonly baseUrl?: string;
  readonly pauseMs?: number;
}

async function readText(files: FileSet, name: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of files.open(name)) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(chunks).toString('utf8');
}

export function createCftcEnforcementSource(options: CftcSourceOptions = {}): ListSource {
  const base = (options.baseUrl ?? CFTC_OFFICIAL_BASE).replace(/\/$/, '');
  const pauseMs = options.pauseMs ?? CFTC_PAUSE_MS;
  const listingUrl = `${base}${CFTC_LISTING_PATH}`;

  async function crawl(http: PageFetcher, save: SaveFile): Promise<void> {
    const pages: string[] = [];
    const visited = new Set<string>();
    let url: string | null = listingUrl;
    while (url) {
      if (visited.has(url)) throw new Error(`${url}: rel="next" leads back to a visited page; paging loops`);
      if (pages.length >= CFTC_MAX_PAGES)
        throw new Error(`cftc_enforcement: more than ${CFTC_MAX_PAGES} pages`);
      visited.add(url);
      if (pages.length > 0) await http.pause(pauseMs);
      const res = await http.fetch(url, { headers: { accept: 'text/html' } });
      const html = res.text();
      const page = readCftcPage(html, url, res.url || url);
      if (page.rows.length === 0) {
        if (pages.length === 0) throw new Error(`${url}: the first page lists no enforcement action`);
        throw new Error(`${url}: a listing page without rows before the last page`);
      }
      pages.push(html);
      url = page.next;
    }
    await save(CFTC_FILE, pages.map((p) => `${CFTC_PAGE_MARK}\n${p}\n`).join(''));
  }

  async function* parse(files: FileSet): AsyncGenerator<ListEntry> {
    if (!files.has(CFTC_FILE)) throw new Error(`cftc_enforcement: ${CFTC_FILE} is missing`);
    const pages = splitCftcPages(await readText(files, CFTC_FILE));
    const uids = new CftcUids();
    let rows = 0;
    let yielded = 0;
    for (const [i, html] of pages.entries()) {
      for (const row of readCftcPage(html, `${CFTC_FILE} page ${i + 1}`, listingUrl).rows) {
        rows++;
        for (const e of cftcRowEntries(row, uids)) {
          yielded++;
          yield e;
        }
      }
    }
    if (rows === 0) throw new Error(`${CFTC_FILE}: no enforcement actions listed`);
    if (yielded === 0)
      throw new Error(`${CFTC_FILE}: no headline names a party (${rows} actions); the titles changed`);
  }

  return {
    slug: 'cftc_enforcement',
    title: 'CFTC enforcement actions',
    publisher: 'US Commodity Futures Trading Commission',
    legacy: false,
    format:
      'HTML table (Date, Enforcement Actions: headline linking the press release, related documents), paged by rel="next"',
    cadence: 'Weekly or more often (each new enforcement press release)',
    fileSets: [[{ name: CFTC_FILE, url: `${CFTC_OFFICIAL_BASE}${CFTC_LISTING_PATH}` }]],
    crawl,
    parse,
  };
}

/** CFTC enforcement actions from cftc.gov. */
export const cftcEnforcementSource: ListSource = createCftcEnforcementSource();
