// BaFin consumer warnings: BaFin publishes no bulk file, only single notices (Verbrauchermitteilungen) on
// unauthorised business ("unerlaubte" Geschäfte), listed on paged search pages. The crawl walks the listing,
// keeps the notices under /Verbrauchermitteilung/unerlaubte/ and saves them as one JSON file.
import type { FileSet, ListEntry, ListSource, PageFetcher, SaveFile } from '../../list-source.js';
import { readBafinListingPage, type BafinListedNotice } from './bafin-listing-page.js';
import { bafinDate, parseBafinTitle } from './bafin-title.js';

/** The saved file parse reads. */
export const BAFIN_JSON = 'bafin_warnings.json';
/** The official site. */
export const BAFIN_BASE_URL = 'https://www.bafin.de';
/** The listing of consumer notices, newest first (GSB expert search filtered on the notice type; unverified live). */
export const BAFIN_LIST_PATH =
  '/SiteGlobals/Forms/Suche/Expertensuche_Formular.html?cl2Categories_Format=Verbrauchermitteilung&sortOrder=dateOfIssue_dt+desc';
const PAUSE_MS = 250;
const MAX_PAGES = 2_000;
const UNERLAUBTE = /\/Verbrauchermitteilung\/unerlaubte\//i;

async function crawlBafin(
  http: PageFetcher,
  save: SaveFile,
  baseUrl: string,
  pauseMs: number,
): Promise<void> {
  const first = `${baseUrl.replace(/\/$/, '')}${BAFIN_LIST_PATH}`;
  const all: BafinListedNotice[] = [];
  const visited = new Set<string>();
  let total: number | null = null;
  let url: string | null = first;
  while (url !== null && !visited.has(url)) {
    if (visited.size >= MAX_PAGES) throw new Error(`${first}: more than ${MAX_PAGES} pages (paging loop?)`);
    if (visited.size > 0) await http.pause(pauseMs);
    visited.add(url);
    const page = readBafinListingPage((await http.fetch(url)).text(), url);
    if (page.items.length === 0) {
      if (visited.size === 1)
        throw new Error(`${url}: the first page links no Verbrauchermitteilung notice (layout changed?)`);
      throw new Error(`${url}: page ${visited.size} links no notice although the previous page led to it`);
    }
    total ??= page.total;
    all.push(...page.items);
    url = page.next;
  }
  // The declared total counts listing rows: compare it with the rows read, before dropping the repeats that
  // paging drift causes (a notice published during the crawl pushes one row onto the next page).
  if (total !== null && (all.length < total * 0.9 || all.length > total * 1.1 + 10))
    throw new Error(`${first}: the listing declares ${total} notices but ${all.length} were read`);
  const unique = [...new Map(all.map((i) => [i.detail_url, i])).values()];
  const items = unique.filter((i) => UNERLAUBTE.test(i.detail_url));
  if (items.length === 0) throw new Error(`${first}: no notice under /Verbrauchermitteilung/unerlaubte/`);
  await save(BAFIN_JSON, `${JSON.stringify({ source: first, total, items }, null, 2)}\n`);
}

async function readText(files: FileSet, name: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of files.open(name)) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(chunks).toString('utf8');
}

/** `.../unerlaubte/2024/meldung_2024_05_06_Apex.html` → `2024/meldung_2024_05_06_Apex`. */
export function bafinUid(detailUrl: string): string {
  const path = new URL(detailUrl).pathname.replace(/;jsessionid=.*$/i, '').replace(/\.html?$/i, '');
  const parts = path.split('/').filter((p) => p !== '');
  return decodeURIComponent(parts.slice(-2).join('/')) || detailUrl;
}

async function* parseBafin(files: FileSet): AsyncGenerator<ListEntry> {
  if (!files.has(BAFIN_JSON)) throw new Error(`bafin_warnings: ${BAFIN_JSON} is not present`);
  let doc: { items?: unknown };
  try {
    doc = JSON.parse(await readText(files, BAFIN_JSON)) as { items?: unknown };
  } catch (err) {
    throw new Error(`${BAFIN_JSON}: not JSON: ${(err as Error).message}`, { cause: err });
  }
  if (!Array.isArray(doc.items)) throw new Error(`${BAFIN_JSON}: no items array`);
  if (doc.items.length === 0) throw new Error(`${BAFIN_JSON}: no notices`);
  const seen = new Map<string, number>();
  for (const [i, raw] of (doc.items as Array<Partial<BafinListedNotice>>).entries()) {
    if (typeof raw.title !== 'string' || !raw.title.trim() || typeof raw.detail_url !== 'string')
      throw new Error(`${BAFIN_JSON}: item ${i + 1} lacks title or detail_url`);
    const title = raw.title.replace(/\s+/g, ' ').trim();
    const { name, aliases } = parseBafinTitle(title);
    const teaser = typeof raw.teaser === 'string' && raw.teaser.trim() ? raw.teaser.trim() : null;
    const base = bafinUid(raw.detail_url);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const record = {
      name,
      description: teaser && teaser !== title ? `${title}\n${teaser}` : title,
      published_at: bafinDate(typeof raw.date === 'string' ? raw.date : null, raw.detail_url),
      detail_url: raw.detail_url,
    };
    yield {
      list: 'bafin_warnings',
      sourceUid: n === 1 ? base : `${base}#${n}`,
      name,
      aliases,
      kind: 'entity',
      record,
    };
  }
}

/** Options (tests point the source at a loopback server with no pause). */
export interface BafinSourceOptions {
  readonly baseUrl?: string;
  readonly pauseMs?: number;
}

/** Builds the source; the registry uses `bafinWarningsSource`. */
export function createBafinWarningsSource(opts: BafinSourceOptions = {}): ListSource {
  const baseUrl = opts.baseUrl ?? BAFIN_BASE_URL;
  return {
    slug: 'bafin_warnings',
    title: 'BaFin consumer warnings',
    publisher: 'BaFin',
    legacy: false,
    format:
      'HTML listing of single notices (Verbrauchermitteilungen, unerlaubte Geschäfte), paged; crawled into one JSON file',
    cadence: 'Near daily (847 warnings in 2024)',
    fileSets: [[{ name: BAFIN_JSON, url: `${baseUrl}${BAFIN_LIST_PATH}` }]],
    crawl: (http, save) => crawlBafin(http, save, baseUrl, opts.pauseMs ?? PAUSE_MS),
    parse: parseBafin,
  };
}

/** BaFin consumer warnings. */
export const bafinWarningsSource: ListSource = createBafinWarningsSource();
