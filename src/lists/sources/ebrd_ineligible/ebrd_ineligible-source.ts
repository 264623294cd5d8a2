// EBRD Ineligible Entities: the site's paged search service (POST form, `currentPage=N` until `searchResult`
// is empty), gathered by `crawl` into one JSON file; else the site's CSV export as a second file set.
import type { FileSet, ListEntry, ListSource, PageFetcher, SaveFile } from '../../list-source.js';
import { readJsonFile } from '../../formats/read-json-file.js';
import { crawlEbrdService } from './crawl-ebrd-service.js';
import { ebrdFacts, ebrdEntries } from './ebrd-row-to-entry.js';
import { ebrdCsvRows, ebrdJsonRows } from './read-ebrd-rows.js';

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

export interface EbrdOptions {
  readonly serviceUrl?: string;
  readonly pauseMs?: number;
}

/** Builds the source (the registry uses the official address and pause). */
export function createEbrdIneligibleSource(opts: EbrdOptions = {}): ListSource {
  const serviceUrl = opts.serviceUrl ?? EBRD_SERVICE_URL;
  const pauseMs = opts.pauseMs ?? EBRD_PAUSE_MS;

  const crawl = (http: PageFetcher, save: SaveFile) =>
    crawlEbrdService(http, save, { serviceUrl, file: EBRD_JSON, pauseMs, maxPages: MAX_PAGES });

  async function* parse(files: FileSet): AsyncGenerator<ListEntry> {
    if (files.has(EBRD_JSON)) {
      // readJsonFile drops a byte-order mark, as the CSV reader does.
      yield* ebrdEntries(ebrdJsonRows(await readJsonFile(files, EBRD_JSON), EBRD_JSON));
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
    factsOf: ebrdFacts,
    parse,
  };
}

/** EBRD Ineligible Entities. */
export const ebrdIneligibleSource: ListSource = createEbrdIneligibleSource();
