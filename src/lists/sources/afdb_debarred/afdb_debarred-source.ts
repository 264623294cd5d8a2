// African Development Bank debarred entities: one HTML page with a DataTables table (all rows in the page).
import { text } from 'node:stream/consumers';
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { afdbFacts, AFDB_SLUG, afdbRowToEntry } from './afdb-row-to-entry.js';
import { afdbTableRows } from './read-afdb-table.js';

/** The official page. */
export const AFDB_PAGE_URL = 'https://www.afdb.org/en/projects-operations/debarment-and-sanctions-procedures';
/** The saved page. */
export const AFDB_FILE = 'debarment-and-sanctions-procedures.html';

export interface AfdbDebarredOptions {
  readonly pageUrl?: string;
}

async function* parseAfdb(files: FileSet): AsyncGenerator<ListEntry> {
  if (!files.has(AFDB_FILE)) throw new Error(`${AFDB_SLUG}: ${AFDB_FILE} is not present`);
  const rows = afdbTableRows(await text(files.open(AFDB_FILE)), AFDB_FILE);
  if (rows.length === 0) throw new Error(`${AFDB_FILE}: the debarment table has no rows`);
  const uids = new Map<string, number>();
  for (const row of rows) {
    const entry = afdbRowToEntry(row, AFDB_FILE);
    const n = (uids.get(entry.sourceUid) ?? 0) + 1;
    uids.set(entry.sourceUid, n);
    yield n === 1 ? entry : { ...entry, sourceUid: `${entry.sourceUid}#${n}` };
  }
}

/** Builds the source; the registry uses the official page, tests a loopback one. */
export function createAfdbDebarredSource(opts: AfdbDebarredOptions = {}): ListSource {
  const pageUrl = opts.pageUrl ?? AFDB_PAGE_URL;
  return {
    slug: AFDB_SLUG,
    title: 'AfDB Debarred Entities',
    publisher: 'African Development Bank',
    legacy: false,
    format:
      'HTML page, one table (id containing "datatable") with columns Type, Name, Nationality, From, To, Basis, Notes; ' +
      'all rows in the page (client-side DataTables)',
    cadence: 'On each debarment or cross-debarment (irregular; OpenSanctions checks daily)',
    fileSets: [[{ name: AFDB_FILE, url: pageUrl }]],
    // One page: fetched and checked here, so a bot-protection page fails the crawl instead of being saved.
    async crawl(http, save) {
      const res = await http.fetch(pageUrl, { headers: { accept: 'text/html' } });
      const html = res.text();
      const rows = afdbTableRows(html, pageUrl);
      if (rows.length === 0) throw new Error(`${pageUrl}: the debarment table has no rows`);
      await save(AFDB_FILE, res.body);
    },
    factsOf: afdbFacts,
    parse: parseAfdb,
  };
}

/** AfDB Debarred Entities. */
export const afdbDebarredSource: ListSource = createAfdbDebarredSource();
