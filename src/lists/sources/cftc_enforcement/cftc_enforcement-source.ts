// CFTC enforcement actions: the HTML listing at cftc.gov (Date + headline linking the press release), paged by
// rel="next". Parties are extracted from the headlines ("CFTC Orders X to Pay ...", "CFTC Charges X and Y ...").
import { text } from 'node:stream/consumers';
import type { FileSet, ListEntry, ListSource, PageFetcher, SaveFile } from '../../list-source.js';
import { cftcRowEntries, CftcUids } from './cftc-action-to-entry.js';
import { crawlCftcListing } from './crawl-cftc-listing.js';
import { readCftcPage, splitCftcPages } from './read-cftc-listing.js';

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

export function createCftcEnforcementSource(options: CftcSourceOptions = {}): ListSource {
  const base = (options.baseUrl ?? CFTC_OFFICIAL_BASE).replace(/\/$/, '');
  const pauseMs = options.pauseMs ?? CFTC_PAUSE_MS;
  const listingUrl = `${base}${CFTC_LISTING_PATH}`;

  const crawl = (http: PageFetcher, save: SaveFile) =>
    crawlCftcListing(http, save, { first: listingUrl, file: CFTC_FILE, pauseMs, maxPages: CFTC_MAX_PAGES });

  async function* parse(files: FileSet): AsyncGenerator<ListEntry> {
    if (!files.has(CFTC_FILE)) throw new Error(`cftc_enforcement: ${CFTC_FILE} is missing`);
    const pages = splitCftcPages(await text(files.open(CFTC_FILE)));
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
