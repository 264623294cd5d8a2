// UK National Crime Agency Most Wanted: one HTML page with a grid of persons. The crawl reads the grid
// (fetching a person's page only when the grid gives no intro text) and saves the persons as one JSON file.
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { readJsonFile } from '../../formats/read-json-file.js';
import { crawlNcaMostWanted, type NcaWantedItem } from './crawl-nca-most-wanted.js';
import { ncaPersonToEntry } from './nca-person-to-entry.js';

/** The saved file parse reads. */
export const NCA_JSON = 'nca_most_wanted.json';
/** The official page. */
export const NCA_BASE_URL = 'https://www.nationalcrimeagency.gov.uk';
const PAUSE_MS = 250;

async function* parseNca(files: FileSet): AsyncGenerator<ListEntry> {
  if (!files.has(NCA_JSON)) throw new Error(`nca_most_wanted: ${NCA_JSON} is not present`);
  const doc = (await readJsonFile(files, NCA_JSON)) as { items?: unknown };
  if (!Array.isArray(doc.items)) throw new Error(`${NCA_JSON}: no items array`);
  if (doc.items.length === 0) throw new Error(`${NCA_JSON}: no persons`);
  const seen = new Map<string, number>();
  for (const [i, raw] of (doc.items as Array<Partial<NcaWantedItem>>).entries()) {
    const entry = ncaPersonToEntry(raw, `${NCA_JSON}: item ${i + 1}`);
    const n = (seen.get(entry.sourceUid) ?? 0) + 1;
    seen.set(entry.sourceUid, n);
    yield n === 1 ? entry : { ...entry, sourceUid: `${entry.sourceUid}#${n}` };
  }
}

/** Options (tests point the source at a loopback server with no pause). */
export interface NcaSourceOptions {
  readonly baseUrl?: string;
  readonly pauseMs?: number;
}

/** Builds the source; the registry uses `ncaMostWantedSource`. */
export function createNcaMostWantedSource(opts: NcaSourceOptions = {}): ListSource {
  const baseUrl = opts.baseUrl ?? NCA_BASE_URL;
  return {
    slug: 'nca_most_wanted',
    title: 'NCA Most Wanted',
    publisher: 'UK National Crime Agency',
    legacy: false,
    format: 'HTML page (div.most-wanted-grid) crawled into one JSON file of persons',
    cadence: 'Irregular (persons added or removed as cases progress); checked daily',
    fileSets: [[{ name: NCA_JSON, url: `${baseUrl}/most-wanted` }]],
    crawl: (http, save) =>
      crawlNcaMostWanted(http, save, {
        pageUrl: `${baseUrl.replace(/\/$/, '')}/most-wanted`,
        file: NCA_JSON,
        pauseMs: opts.pauseMs ?? PAUSE_MS,
      }),
    parse: parseNca,
  };
}

/** NCA Most Wanted. */
export const ncaMostWantedSource: ListSource = createNcaMostWantedSource();
