// EBRD Ineligible Entities: the site's paged search service (POST form, `currentPage=N` until `searchResult`
// is empty), gathered by `crawl` into one JSON file; else the site's CSV export as a second file set.
import type { Readable } from 'node:stream';
import type { FileSet, ListEntry, ListSource, PageFetcher, SaveFile } from '../../list-source.js';
import { ebrdEntries } from './ebrd-row-to-entry.js';
import { ebrdCsvRows, ebrdItems, ebrdJsonRows } from './ebrd-rows.js';

/** All pages' items, as saved by the crawl (local mode and a mirror serve it under this name). */
export const EBRD_JSON = 'ebrd_ineligible.json';
/** The site's CSV export, as published. */
export const EBRD_CSV = 'european_bank_for_reconstruction_and_development_ineligible_firms.csv';

export const EBRD_SERVICE_URL = 'https://www.ebrd.com/bin/ebrd_dxp/filterlistservlet';
export const EBRD_PAGE_URL = 'https://www.ebrd.com/ineligible-entities.html';
/** Politeness pause between pages. */
export const EBRD_PAUSE_MS = 250;
/** A guard against a service that never returns an empty page. */
const MAX_PAGES = 500;

/** The form the site's own page posts. */
const FORM = {
  parentPath: '/content/dam/ebrd_dxp/content-fragments/occo/ineligible-entities',
  cardType: 'iecard',
  sortBy: 'newest-first',
} as const;

async function readAll(input: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of input) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(chunks);
}

export interface EbrdOptions {
  readonly serviceUrl?: string;
  readonly pauseMs?: number;
}

/** Builds the source (the registry uses the official address and pause). */
export function createEbrdIneligibleSource(opts: EbrdOptions = {}): ListSource {
  const serviceUrl = opts.serviceUrl ?? EBRD_SERVICE_URL;
  const pauseMs = opts.pauseMs ?? EBRD_PAUSE_MS;

  async function crawl(http: PageFetcher, save: SaveFile): Promise<void> {
    const all: Array<Record<string, unknown>> = [];
    let previous = '';
    for (let page = 1; ; page++) {
      if (page > MAX_PAGES) throw new Error(`${serviceUrl}: still returning items after ${MAX_PAGES} pages`);
      if (page > 1) await http.pause(pauseMs);
      const body = new URLSearchParams({ ...FORM, currentPage: String(page) }).toString();
      const res = await http.fetch(serviceUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
          accept: 'application/json',
        },
        body,
      });
      const items = ebrdItems(res.json(), `${serviceUrl} page ${page}`);
      if (items.length === 0) {
        if (page === 1) throw new Error(`${serviceUrl}: page 1 has no items (layout changed?)`);
        break;
      }
      // A service that ignores currentPage would repeat page 1 forever.
      const signature = JSON.stringify(items);
      if (signature === previous) throw new Error(`${serviceUrl}: page ${page} repeats page ${page - 1}`);
      previous = signature;
      all.push(...items);
    }
    await save(EBRD_JSON, `${JSON.stringify({ source: serviceUrl, searchResult: all }, null, 1)}\n`);
  }

  async function* parse(files: FileSet): AsyncGenerator<ListEntry> {
    if (files.has(EBRD_JSON)) {
      const buf = await readAll(files.open(EBRD_JSON));
      let body: unknown;
      try {
        body = JSON.parse(buf.toString('utf8').replace(/^\uFEFF/, '')) as unknown;
      } catch (err) {
        throw new Error(`${EBRD_JSON}: not JSON: ${(err as Error).message}`, { cause: err });
      }
      yield* ebrdEntries(ebrdJsonRows(body, EBRD_JSON));
    } else if (files.has(EBRD_CSV)) {
      const rows = await ebrdCsvRows(files.open(EBRD_CSV), EBRD_CSV);
      if (rows.length === 0) throw new Error(`${EBRD_CSV}: no data rows`);
      yield* ebrdEntries(rows);
    } else {
      throw new Error(`ebrd_ineligible: neither ${EBRD_JSON} nor ${EBRD_CSV} is present`);
    }
  }

  return {
    slug: 'ebrd_ineligible',
    title: 'EBRD Ineligible Entities',
    publisher: 'European Bank for Reconstruction and Development',
    legacy: false,
    format:
      "JSON from the site's paged search service (POST, currentPage=N until searchResult is empty), gathered into one file; else the site's CSV export",
    cadence: 'On each ineligibility decision or cross-debarment (irregular); OpenSanctions reads it daily',
    fileSets: [[{ name: EBRD_JSON, url: serviceUrl }], [{ name: EBRD_CSV, url: EBRD_PAGE_URL }]],
    crawl,
    parse,
  };
}

/** EBRD Ineligible Entities. */
export const ebrdIneligibleSource: ListSource = createEbrdIneligibleSource();
