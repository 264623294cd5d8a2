// MAS enforcement actions: the HTML listing at mas.gov.sg with `?rows=All` (every action on one page). Parties
// come from its Person/Company column, else from the action title.
import { text } from 'node:stream/consumers';
import type { FileSet, ListEntry, ListSource, PageFetcher, SaveFile } from '../../list-source.js';
import { masRowEntries, MasUids } from './mas-action-to-entry.js';
import { readMasListing } from './read-mas-listing.js';

export const MAS_FILE = 'enforcement-actions.html';
export const MAS_OFFICIAL_BASE = 'https://www.mas.gov.sg';
export const MAS_LISTING_PATH = '/regulation/enforcement/enforcement-actions';

export interface MasSourceOptions {
  readonly baseUrl?: string;
}

export function createMasEnforcementSource(options: MasSourceOptions = {}): ListSource {
  const base = (options.baseUrl ?? MAS_OFFICIAL_BASE).replace(/\/$/, '');
  const listingUrl = `${base}${MAS_LISTING_PATH}?rows=All`;

  /** One request; the listing is checked before it is saved. */
  async function crawl(http: PageFetcher, save: SaveFile): Promise<void> {
    const res = await http.fetch(listingUrl, { headers: { accept: 'text/html,application/xhtml+xml' } });
    const rows = readMasListing(res.text(), listingUrl, res.url || listingUrl);
    if (rows.length === 0) throw new Error(`${listingUrl}: the listing has no enforcement actions`);
    await save(MAS_FILE, res.body);
  }

  async function* parse(files: FileSet): AsyncGenerator<ListEntry> {
    if (!files.has(MAS_FILE)) throw new Error(`mas_enforcement: ${MAS_FILE} is missing`);
    const rows = readMasListing(await text(files.open(MAS_FILE)), MAS_FILE, listingUrl);
    if (rows.length === 0) throw new Error(`${MAS_FILE}: the listing has no enforcement actions`);
    const uids = new MasUids();
    let yielded = 0;
    for (const row of rows) {
      for (const e of masRowEntries(row, uids)) {
        yielded++;
        yield e;
      }
    }
    if (yielded === 0) throw new Error(`${MAS_FILE}: no action names a party (${rows.length} actions)`);
  }

  return {
    slug: 'mas_enforcement',
    title: 'MAS enforcement actions',
    publisher: 'Monetary Authority of Singapore',
    legacy: false,
    format:
      'HTML table (Issue Date, Title linking the article, Action Type, Person/Company), all rows on one page',
    cadence: 'Weekly or more often (each new enforcement action)',
    fileSets: [[{ name: MAS_FILE, url: `${MAS_OFFICIAL_BASE}${MAS_LISTING_PATH}?rows=All` }]],
    crawl,
    parse,
  };
}

/** MAS enforcement actions from mas.gov.sg. */
export const masEnforcementSource: ListSource = createMasEnforcementSource();
