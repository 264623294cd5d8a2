// Asian Development Bank published sanctions list: a paged JSON API (apim.adb.org), crawled into one file.
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { adbFacts, ADB_SLUG, adbRowToEntry } from './adb-row-to-entry.js';
import { crawlAdbPublishedList } from './crawl-adb-published-list.js';
import { readAdbList } from './read-adb-list.js';

/** The public endpoint (the crawl adds sortField=Name&isAscending=true). */
export const ADB_PUBLISHED_LIST_URL = 'https://apim.adb.org/sanctions/lists/v1/published-list';
/** The saved file: every page's `data` rows, `{data, pages}`. */
export const ADB_FILE = 'published-list.json';
/** Politeness pause between page requests. */
export const ADB_PAUSE_MS = 250;

export interface AdbDebarredOptions {
  readonly baseUrl?: string;
  readonly pauseMs?: number;
}

async function* parseAdb(files: FileSet): AsyncGenerator<ListEntry> {
  if (!files.has(ADB_FILE)) throw new Error(`${ADB_SLUG}: ${ADB_FILE} is not present`);
  const rows = await readAdbList(files, ADB_FILE);
  if (rows.length === 0) throw new Error(`${ADB_FILE}: no rows`);
  const uids = new Map<string, number>();
  for (const row of rows) {
    const entry = adbRowToEntry(row.attributes, row.id, ADB_FILE);
    // Two identical rows (same name, nationality, start) get distinct uids: `<hash>#2`.
    const n = (uids.get(entry.sourceUid) ?? 0) + 1;
    uids.set(entry.sourceUid, n);
    yield n === 1 ? entry : { ...entry, sourceUid: `${entry.sourceUid}#${n}` };
  }
}

/** Builds the source; the registry uses the official endpoint, tests a loopback one. */
export function createAdbDebarredSource(opts: AdbDebarredOptions = {}): ListSource {
  const baseUrl = opts.baseUrl ?? ADB_PUBLISHED_LIST_URL;
  return {
    slug: ADB_SLUG,
    title: 'ADB Sanctions List',
    publisher: 'Asian Development Bank',
    legacy: false,
    format:
      'JSON API, paged by links.next ({data: [{attributes: {name, otherName, nationality, address, sanctionType, ' +
      'grounds, effectiveDateOfSanction, lapseDateOfSanction, entityType}}], links}); crawled into one file {data, pages}',
    cadence: 'On each sanction decision (irregular; OpenSanctions checks daily)',
    fileSets: [[{ name: ADB_FILE, url: `${baseUrl}?sortField=Name&isAscending=true` }]],
    crawl: (http, save) =>
      crawlAdbPublishedList(http, save, {
        baseUrl,
        pauseMs: opts.pauseMs ?? ADB_PAUSE_MS,
        fileName: ADB_FILE,
      }),
    factsOf: adbFacts,
    parse: parseAdb,
  };
}

/** ADB Sanctions List. */
export const adbDebarredSource: ListSource = createAdbDebarredSource();
