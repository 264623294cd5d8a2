// FBI Most Wanted: the FBI's public wanted API (api.fbi.gov/wanted/v1/list), paged JSON. Crawled into one file;
// parse keeps only wanted subjects (victims, missing persons and appeals are published on the same API).
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { crawlFbiWanted } from './crawl-fbi-wanted.js';
import { fbiFacts, FBI_SLUG, fbiExclusion, fbiItemToEntry } from './fbi-item-to-entry.js';
import { readFbiWantedFile } from './read-fbi-file.js';

/** The official list endpoint. */
export const FBI_WANTED_URL = 'https://api.fbi.gov/wanted/v1/list';
/** The saved file: every page's items gathered, `{total, items, pages}`. */
export const FBI_WANTED_FILE = 'wanted_v1_list.json';
/** Items per request (the API's default is 20; 50 is widely used). */
export const FBI_PAGE_SIZE = 50;
/** Politeness pause between page requests. */
export const FBI_PAUSE_MS = 250;

export interface FbiMostWantedOptions {
  readonly baseUrl?: string;
  readonly pageSize?: number;
  readonly pauseMs?: number;
}

async function* parseFbi(files: FileSet): AsyncGenerator<ListEntry> {
  if (!files.has(FBI_WANTED_FILE)) throw new Error(`${FBI_SLUG}: ${FBI_WANTED_FILE} is not present`);
  const { items } = await readFbiWantedFile(files, FBI_WANTED_FILE);
  const seen = new Set<string>();
  let kept = 0;
  for (const item of items) {
    const uid = item['uid'] as string;
    if (seen.has(uid)) continue;
    seen.add(uid);
    if (fbiExclusion(item) !== null) continue;
    kept++;
    yield fbiItemToEntry(item, FBI_WANTED_FILE);
  }
  if (items.length > 0 && kept === 0)
    throw new Error(
      `${FBI_WANTED_FILE}: none of ${items.length} items is a wanted subject (classification changed?)`,
    );
  if (items.length === 0) throw new Error(`${FBI_WANTED_FILE}: no items`);
}

/** The newest `modified` timestamp of any item (the API states no publication date). */
async function fbiDataDate(files: FileSet): Promise<string | null> {
  if (!files.has(FBI_WANTED_FILE)) return null;
  const { items } = await readFbiWantedFile(files, FBI_WANTED_FILE);
  let latest: string | null = null;
  for (const it of items) {
    const m = it['modified'];
    if (typeof m === 'string' && /^\d{4}-\d{2}-\d{2}/.test(m) && (latest === null || m > latest)) latest = m;
  }
  return latest === null ? null : latest.slice(0, 10);
}

/** Builds the source; the registry uses the official endpoint, tests a loopback one. */
export function createFbiMostWantedSource(opts: FbiMostWantedOptions = {}): ListSource {
  const baseUrl = opts.baseUrl ?? FBI_WANTED_URL;
  return {
    slug: FBI_SLUG,
    title: 'FBI Most Wanted',
    publisher: 'US Federal Bureau of Investigation',
    legacy: false,
    format:
      'JSON API, paged (page 1-based, pageSize): {total, items, page}; crawled into one file {total, items, pages}; ' +
      'only wanted subjects are entries (victims, missing persons and appeals are left out)',
    cadence: 'Continuous (posters added and removed as cases change)',
    fileSets: [[{ name: FBI_WANTED_FILE, url: baseUrl }]],
    crawl: (http, save) =>
      crawlFbiWanted(http, save, {
        baseUrl,
        pageSize: opts.pageSize ?? FBI_PAGE_SIZE,
        pauseMs: opts.pauseMs ?? FBI_PAUSE_MS,
        fileName: FBI_WANTED_FILE,
      }),
    factsOf: fbiFacts,
    parse: parseFbi,
    dataDate: fbiDataDate,
  };
}

/** FBI Most Wanted (wanted subjects of the FBI wanted API). */
export const fbiMostWantedSource: ListSource = createFbiMostWantedSource();
