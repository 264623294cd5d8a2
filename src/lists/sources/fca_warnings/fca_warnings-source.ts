// FCA Warning List of unauthorised firms: a paged HTML search listing (no bulk file is published). The crawl
// follows the next-page links, checks the declared total, and saves every warning as one JSON file.
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { readJsonFile } from '../../formats/read-json-file.js';
import { crawlFcaListing, type FcaListedWarning } from './crawl-fca-listing.js';
import { fcaWarningToEntry } from './fca-warning-to-entry.js';

/** The saved file parse reads. */
export const FCA_JSON = 'fca_warnings.json';
/** The official site. */
export const FCA_BASE_URL = 'https://www.fca.org.uk';
const LIST_PATH = '/consumers/warning-list-unauthorised-firms';
const PAUSE_MS = 250;
const MAX_PAGES = 5_000;

async function* parseFca(files: FileSet): AsyncGenerator<ListEntry> {
  if (!files.has(FCA_JSON)) throw new Error(`fca_warnings: ${FCA_JSON} is not present`);
  const doc = (await readJsonFile(files, FCA_JSON)) as { items?: unknown };
  if (!Array.isArray(doc.items)) throw new Error(`${FCA_JSON}: no items array`);
  if (doc.items.length === 0) throw new Error(`${FCA_JSON}: no warnings`);
  const seen = new Map<string, number>();
  for (const [i, raw] of (doc.items as Array<Partial<FcaListedWarning>>).entries()) {
    const entry = fcaWarningToEntry(raw, `${FCA_JSON}: item ${i + 1}`);
    const n = (seen.get(entry.sourceUid) ?? 0) + 1;
    seen.set(entry.sourceUid, n);
    yield n === 1 ? entry : { ...entry, sourceUid: `${entry.sourceUid}#${n}` };
  }
}

/** Options (tests point the source at a loopback server with no pause). */
export interface FcaSourceOptions {
  readonly baseUrl?: string;
  readonly pauseMs?: number;
}

/** Builds the source; the registry uses `fcaWarningsSource`. */
export function createFcaWarningsSource(opts: FcaSourceOptions = {}): ListSource {
  const baseUrl = opts.baseUrl ?? FCA_BASE_URL;
  return {
    slug: 'fca_warnings',
    title: 'FCA Warning List',
    publisher: 'UK Financial Conduct Authority',
    legacy: false,
    format: 'HTML search listing, paged (next links), crawled into one JSON file of warnings',
    cadence: 'Near daily (new warnings most working days)',
    fileSets: [[{ name: FCA_JSON, url: `${baseUrl}${LIST_PATH}` }]],
    crawl: (http, save) =>
      crawlFcaListing(http, save, {
        first: `${baseUrl.replace(/\/$/, '')}${LIST_PATH}`,
        file: FCA_JSON,
        pauseMs: opts.pauseMs ?? PAUSE_MS,
        maxPages: MAX_PAGES,
      }),
    parse: parseFca,
  };
}

/** FCA Warning List of unauthorised firms. */
export const fcaWarningsSource: ListSource = createFcaWarningsSource();
