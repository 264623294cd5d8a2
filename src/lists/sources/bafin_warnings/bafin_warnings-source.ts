// BaFin consumer warnings: BaFin publishes no bulk file, only single notices (Verbrauchermitteilungen) on
// unauthorised business ("unerlaubte" Geschäfte), listed on paged search pages. The crawl walks the listing,
// keeps the notices under /Verbrauchermitteilung/unerlaubte/ and saves them as one JSON file.
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { readJsonFile } from '../../formats/read-json-file.js';
import { bafinNoticeToEntry } from './bafin-notice-to-entry.js';
import { crawlBafinListing, type BafinListedNotice } from './crawl-bafin-listing.js';

/** The saved file parse reads. */
export const BAFIN_JSON = 'bafin_warnings.json';
/** The official site. */
export const BAFIN_BASE_URL = 'https://www.bafin.de';
/** The listing of consumer notices, newest first (GSB expert search filtered on the notice type; unverified live). */
export const BAFIN_LIST_PATH =
  '/SiteGlobals/Forms/Suche/Expertensuche_Formular.html?cl2Categories_Format=Verbrauchermitteilung&sortOrder=dateOfIssue_dt+desc';
const PAUSE_MS = 250;
const MAX_PAGES = 2_000;

async function* parseBafin(files: FileSet): AsyncGenerator<ListEntry> {
  if (!files.has(BAFIN_JSON)) throw new Error(`bafin_warnings: ${BAFIN_JSON} is not present`);
  const doc = (await readJsonFile(files, BAFIN_JSON)) as { items?: unknown };
  if (!Array.isArray(doc.items)) throw new Error(`${BAFIN_JSON}: no items array`);
  if (doc.items.length === 0) throw new Error(`${BAFIN_JSON}: no notices`);
  const seen = new Map<string, number>();
  for (const [i, raw] of (doc.items as Array<Partial<BafinListedNotice>>).entries()) {
    const entry = bafinNoticeToEntry(raw, `${BAFIN_JSON}: item ${i + 1}`);
    const n = (seen.get(entry.sourceUid) ?? 0) + 1;
    seen.set(entry.sourceUid, n);
    yield n === 1 ? entry : { ...entry, sourceUid: `${entry.sourceUid}#${n}` };
  }
}

/** Options (tests point the source at a loopback server with no pause). */
export interface BafinSourceOptions {
  readonly baseUrl?: string;
  readonly pauseMs?: number;
}

/** Builds the source; the registry uses `bafinWarningsSource`. */
export function createBafinWarningsSource(opts: BafinSourceOptions = {}): ListSource {
  const baseUrl = opts.baseUrl ?? BAFIN_BASE_URL;
  return {
    slug: 'bafin_warnings',
    title: 'BaFin consumer warnings',
    publisher: 'BaFin',
    legacy: false,
    format:
      'HTML listing of single notices (Verbrauchermitteilungen, unerlaubte Geschäfte), paged; crawled into one JSON file',
    cadence: 'Near daily (847 warnings in 2024)',
    fileSets: [[{ name: BAFIN_JSON, url: `${baseUrl}${BAFIN_LIST_PATH}` }]],
    crawl: (http, save) =>
      crawlBafinListing(http, save, {
        first: `${baseUrl.replace(/\/$/, '')}${BAFIN_LIST_PATH}`,
        file: BAFIN_JSON,
        pauseMs: opts.pauseMs ?? PAUSE_MS,
        maxPages: MAX_PAGES,
      }),
    parse: parseBafin,
  };
}

/** BaFin consumer warnings. */
export const bafinWarningsSource: ListSource = createBafinWarningsSource();
