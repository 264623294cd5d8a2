// Shadow fleet companies. No authority publishes a "shadow fleet companies" list; this source reads Ukraine's
// Defence Intelligence (GUR) "War & Sanctions" portal: the paged list of shadow-fleet ships and each ship's
// page, whose owner/manager rows read "Name (IMO / Country / Date)". The crawl saves the ships as one JSON
// file; parse aggregates them into one entry per company.
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { readJsonFile } from '../../formats/read-json-file.js';
import { crawlGurShadowFleet, type GurShip } from './crawl-gur-shadow-fleet.js';
import { shipCompanyFacts, shipsToCompanyEntries } from './ship-companies-to-entry.js';

/** The saved file parse reads. */
export const SHADOW_FLEET_JSON = 'shadow_fleet_ships.json';
/** The portal. */
export const GUR_BASE_URL = 'https://war-sanctions.gur.gov.ua';
const LIST_PATH = '/en/transport/shadow-fleet';
const PAUSE_MS = 250;
const MAX_PAGES = 500;

async function* parseShadowFleet(files: FileSet): AsyncGenerator<ListEntry> {
  if (!files.has(SHADOW_FLEET_JSON))
    throw new Error(`shadow_fleet_companies: ${SHADOW_FLEET_JSON} is not present`);
  const doc = (await readJsonFile(files, SHADOW_FLEET_JSON)) as { ships?: unknown };
  if (!Array.isArray(doc.ships)) throw new Error(`${SHADOW_FLEET_JSON}: no ships array`);
  for (const [i, s] of (doc.ships as Array<Partial<GurShip>>).entries()) {
    if (typeof s.detail_url !== 'string' || !Array.isArray(s.companies))
      throw new Error(`${SHADOW_FLEET_JSON}: ship ${i + 1} lacks detail_url or companies`);
    for (const c of s.companies)
      if (typeof c?.name !== 'string' || typeof c.role !== 'string')
        throw new Error(`${SHADOW_FLEET_JSON}: ship ${i + 1} has a company without name or role`);
  }
  const entries = shipsToCompanyEntries(doc.ships as GurShip[]);
  if (entries.length === 0) throw new Error(`${SHADOW_FLEET_JSON}: no company on any ship`);
  yield* entries;
}

/** Options (tests point the source at a loopback server with no pause). */
export interface ShadowFleetSourceOptions {
  readonly baseUrl?: string;
  readonly pauseMs?: number;
}

/** Builds the source; the registry uses `shadowFleetCompaniesSource`. */
export function createShadowFleetCompaniesSource(opts: ShadowFleetSourceOptions = {}): ListSource {
  const baseUrl = opts.baseUrl ?? GUR_BASE_URL;
  return {
    slug: 'shadow_fleet_companies',
    title: 'Shadow fleet companies',
    publisher: 'Sanctions authorities (vessel designations)',
    legacy: false,
    format:
      'HTML (Ukraine GUR War & Sanctions portal): paged shadow-fleet ship list and ship pages with owner/manager rows "Name (IMO / Country / Date)"; crawled into one JSON file of ships, aggregated per company',
    cadence: 'Irregular (ships added as identified); crawled daily at most',
    fileSets: [[{ name: SHADOW_FLEET_JSON, url: `${baseUrl}${LIST_PATH}` }]],
    crawl: (http, save) =>
      crawlGurShadowFleet(http, save, {
        first: `${baseUrl.replace(/\/$/, '')}${LIST_PATH}`,
        file: SHADOW_FLEET_JSON,
        pauseMs: opts.pauseMs ?? PAUSE_MS,
        maxPages: MAX_PAGES,
      }),
    factsOf: shipCompanyFacts,
    parse: parseShadowFleet,
  };
}

/** Shadow fleet companies (owners and managers of shadow-fleet ships, per the GUR portal). */
export const shadowFleetCompaniesSource: ListSource = createShadowFleetCompaniesSource();
