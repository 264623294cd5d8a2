// Shadow fleet companies. No authority publishes a "shadow fleet companies" list; this source reads Ukraine's
// Defence Intelligence (GUR) "War & Sanctions" portal: the paged list of shadow-fleet ships and each ship's
// page, whose owner/manager rows read "Name (IMO / Country / Date)". The crawl saves the ships as one JSON
// file; parse aggregates them into one entry per company.
import type { FileSet, ListEntry, ListSource, PageFetcher, SaveFile } from '../../list-source.js';
import { shipsToCompanyEntries } from './company-aggregate.js';
import { readGurListPage, readGurShipPage, type GurShip } from './gur-ship-page.js';

/** The saved file parse reads. */
export const SHADOW_FLEET_JSON = 'shadow_fleet_ships.json';
/** The portal. */
export const GUR_BASE_URL = 'https://war-sanctions.gur.gov.ua';
const LIST_PATH = '/en/transport/shadow-fleet';
const PAUSE_MS = 250;
const MAX_PAGES = 500;

async function crawlGur(http: PageFetcher, save: SaveFile, baseUrl: string, pauseMs: number): Promise<void> {
  const first = `${baseUrl.replace(/\/$/, '')}${LIST_PATH}`;
  const shipUrls: string[] = [];
  const visited = new Set<string>();
  let url: string | null = first;
  while (url !== null && !visited.has(url)) {
    if (visited.size >= MAX_PAGES)
      throw new Error(`${first}: more than ${MAX_PAGES} list pages (paging loop?)`);
    if (visited.size > 0) await http.pause(pauseMs);
    visited.add(url);
    const page = readGurListPage((await http.fetch(url)).text(), url);
    if (page.ships.length === 0) {
      if (visited.size === 1) throw new Error(`${url}: the list links no ship page (layout changed?)`);
      break;
    }
    for (const s of page.ships) if (!shipUrls.includes(s)) shipUrls.push(s);
    url = page.next;
  }
  const ships: GurShip[] = [];
  for (const shipUrl of shipUrls) {
    await http.pause(pauseMs);
    ships.push(readGurShipPage((await http.fetch(shipUrl)).text(), shipUrl));
  }
  if (!ships.some((s) => s.companies.length > 0))
    throw new Error(`${first}: no ship page lists an owner or manager (layout changed?)`);
  await save(SHADOW_FLEET_JSON, `${JSON.stringify({ source: first, ships }, null, 2)}\n`);
}

async function readText(files: FileSet, name: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of files.open(name)) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(chunks).toString('utf8');
}

async function* parseShadowFleet(files: FileSet): AsyncGenerator<ListEntry> {
  if (!files.has(SHADOW_FLEET_JSON))
    throw new Error(`shadow_fleet_companies: ${SHADOW_FLEET_JSON} is not present`);
  let doc: { ships?: unknown };
  try {
    doc = JSON.parse(await readText(files, SHADOW_FLEET_JSON)) as { ships?: unknown };
  } catch (err) {
    throw new Error(`${SHADOW_FLEET_JSON}: not JSON: ${(err as Error).message}`, { cause: err });
  }
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
    crawl: (http, save) => crawlGur(http, save, baseUrl, opts.pauseMs ?? PAUSE_MS),
    parse: parseShadowFleet,
  };
}

/** Shadow fleet companies (owners and managers of shadow-fleet ships, per the GUR portal). */
export const shadowFleetCompaniesSource: ListSource = createShadowFleetCompaniesSource();
