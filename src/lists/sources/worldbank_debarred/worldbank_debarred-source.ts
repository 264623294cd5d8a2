// World Bank Listing of Ineligible Firms and Individuals: the JSON API (an `apikey` header is required, so it
// is fetched by `crawl`) or, as a second file set, the XLSX export of the debarred-firms page.
import type { FileSet, ListEntry, ListSource, PageFetcher, SaveFile } from '../../list-source.js';
import { readJsonFile } from '../../formats/read-json-file.js';
import { worldbankJsonItems, worldbankJsonRows, worldbankXlsxRows } from './read-worldbank-rows.js';
import { worldbankFacts, worldbankEntries } from './worldbank-row-to-entry.js';

/** The saved API answer (local mode and a mirror serve it under this name). */
export const WORLDBANK_JSON = 'worldbank_debarred.json';
/** The debarred-firms page's XLSX export, as the site names it. */
export const WORLDBANK_XLSX = 'world_bank_listing_of_ineligible_firms_and_individuals.xlsx';

export const WORLDBANK_API_URL =
  'https://apigwext.worldbank.org/dvsvc/v1.0/json/APPLICATION/ADOBE_EXPRNCE_MGR/FIRM/SANCTIONED_FIRM';
export const WORLDBANK_PAGE_URL =
  'https://www.worldbank.org/en/projects-operations/procurement/debarred-firms';

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch (err) {
    throw new Error(`${file}: not JSON: ${(err as Error).message}`, { cause: err });
  }
}

/** Options of a World Bank source; tests point `apiUrl` at a loopback server. */
export interface WorldbankOptions {
  readonly apiUrl?: string;
  /**
   * The public key the World Bank's own debarred-firms page sends in its `apikey` header. Without it `crawl`
   * fails and the list is read from LISTS_DIR or a mirror (either file set).
   */
  readonly apiKey?: string;
}

/** Builds the source (the registry uses the official address). */
export function createWorldbankDebarredSource(opts: WorldbankOptions = {}): ListSource {
  const apiUrl = opts.apiUrl ?? WORLDBANK_API_URL;

  async function* parse(files: FileSet): AsyncGenerator<ListEntry> {
    let rows;
    if (files.has(WORLDBANK_JSON)) {
      rows = worldbankJsonRows(await readJsonFile(files, WORLDBANK_JSON), WORLDBANK_JSON);
    } else if (files.has(WORLDBANK_XLSX)) {
      rows = (await worldbankXlsxRows(files.open(WORLDBANK_XLSX), WORLDBANK_XLSX)).rows;
      if (rows.length === 0) throw new Error(`${WORLDBANK_XLSX}: no data rows`);
    } else {
      throw new Error(`worldbank_debarred: neither ${WORLDBANK_JSON} nor ${WORLDBANK_XLSX} is present`);
    }
    yield* worldbankEntries(rows);
  }

  return {
    slug: 'worldbank_debarred',
    title: 'World Bank Debarred Firms and Individuals',
    publisher: 'World Bank',
    legacy: false,
    format:
      'JSON API (response.ZPROCSUPP[], one item per listed firm or individual; needs an apikey header), else the XLSX export of the debarred-firms page',
    cadence: 'On each sanctions decision (irregular, several a month); OpenSanctions reads it daily',
    fileSets: [[{ name: WORLDBANK_JSON, url: apiUrl }], [{ name: WORLDBANK_XLSX, url: WORLDBANK_PAGE_URL }]],
    async crawl(http: PageFetcher, save: SaveFile): Promise<void> {
      if (!opts.apiKey) {
        throw new Error(
          'worldbank_debarred: no API key configured for the World Bank API (set SCREENING_LIST_API_KEYS=worldbank_debarred=<key>), or serve the list from LISTS_DIR or a mirror',
        );
      }
      const res = await http.fetch(apiUrl, { headers: { apikey: opts.apiKey, accept: 'application/json' } });
      // Validates the layout before anything is saved: a changed answer must not replace a good copy.
      worldbankJsonItems(parseJson(res.text(), apiUrl), apiUrl);
      await save(WORLDBANK_JSON, res.body);
    },
    withApiKey: (apiKey: string) => createWorldbankDebarredSource({ ...opts, apiKey }),
    ...(opts.apiKey
      ? {}
      : {
          needsOperator:
            'the World Bank API needs its apikey (SCREENING_LIST_API_KEYS=worldbank_debarred=<key>), or serve the XLSX export via LISTS_DIR or a mirror',
        }),
    factsOf: worldbankFacts,
    parse,
    async dataDate(files: FileSet): Promise<string | null> {
      if (files.has(WORLDBANK_JSON) || !files.has(WORLDBANK_XLSX)) return null;
      return (await worldbankXlsxRows(files.open(WORLDBANK_XLSX), WORLDBANK_XLSX)).downloadedOn;
    },
  };
}

/** World Bank Debarred Firms and Individuals. */
export const worldbankDebarredSource: ListSource = createWorldbankDebarredSource();
