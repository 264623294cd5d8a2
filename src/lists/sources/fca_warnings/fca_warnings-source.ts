// FCA Warning List of unauthorised firms: a paged HTML search listing (no bulk file is published). The crawl
// follows the next-page links, checks the declared total, and saves every warning as one JSON file.
import type { FileSet, ListEntry, ListSource, PageFetcher, SaveFile } from '../../list-source.js';
import { readFcaListingPage, type FcaListedWarning } from './fca-listing-page.js';
import { fcaDate, parseFcaTitle } from './fca-title.js';

/** The saved file parse reads. */
export const FCA_JSON = 'fca_warnings.json';
/** The official site. */
export const FCA_BASE_URL = 'https://www.fca.org.uk';
const LIST_PATH = '/consumers/warning-list-unauthorised-firms';
const PAUSE_MS = 250;
const MAX_PAGES = 5_000;

/** Crawls every listing page; throws on a layout change, an empty first page or a total far from what was read. */
async function crawlFca(http: PageFetcher, save: SaveFile, baseUrl: string, pauseMs: number): Promise<void> {
  const first = `${baseUrl.replace(/\/$/, '')}${LIST_PATH}`;
  const items: FcaListedWarning[] = [];
  const visited = new Set<string>();
  let total: number | null = null;
  let url: string | null = first;
  while (url !== null) {
    if (visited.has(url)) break; // a pager pointing back at a visited page ends the list
    if (visited.size >= MAX_PAGES) throw new Error(`${first}: more than ${MAX_PAGES} pages (paging loop?)`);
    if (visited.size > 0) await http.pause(pauseMs);
    visited.add(url);
    const page = readFcaListingPage((await http.fetch(url)).text(), url);
    if (page.items.length === 0) {
      if (visited.size === 1) throw new Error(`${url}: the first page lists no warnings (layout changed?)`);
      break; // past the last page
    }
    total ??= page.total;
    items.push(...page.items);
    url = page.next;
  }
  // Warnings published while crawling shift the pages: the same warning may be read twice.
  // The total counts listing rows: compare it with the rows read, before dropping those repeats.
  if (total !== null && (items.length < total * 0.9 || items.length > total * 1.1 + 10))
    throw new Error(`${first}: the site declares ${total} warnings but ${items.length} were read`);
  const unique = [...new Map(items.map((i) => [i.detail_url, i])).values()];
  await save(FCA_JSON, `${JSON.stringify({ source: first, total, items: unique }, null, 2)}\n`);
}

async function readText(files: FileSet, name: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of files.open(name)) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(chunks).toString('utf8');
}

/** `/news/warnings/alpha-test-capital` → `alpha-test-capital`. */
export function fcaUid(detailUrl: string): string {
  const path = new URL(detailUrl).pathname.replace(/\/+$/, '');
  return decodeURIComponent(path.split('/').pop() ?? '') || detailUrl;
}

async function* parseFca(files: FileSet): AsyncGenerator<ListEntry> {
  if (!files.has(FCA_JSON)) throw new Error(`fca_warnings: ${FCA_JSON} is not present`);
  let doc: { items?: unknown };
  try {
    doc = JSON.parse(await readText(files, FCA_JSON)) as { items?: unknown };
  } catch (err) {
    throw new Error(`${FCA_JSON}: not JSON: ${(err as Error).message}`, { cause: err });
  }
  if (!Array.isArray(doc.items)) throw new Error(`${FCA_JSON}: no items array`);
  if (doc.items.length === 0) throw new Error(`${FCA_JSON}: no warnings`);
  const seen = new Map<string, number>();
  for (const [i, raw] of (doc.items as Array<Partial<FcaListedWarning>>).entries()) {
    if (typeof raw.title !== 'string' || !raw.title.trim() || typeof raw.detail_url !== 'string')
      throw new Error(`${FCA_JSON}: item ${i + 1} lacks title or detail_url`);
    const { name, aliases, clone_of } = parseFcaTitle(raw.title);
    const base = fcaUid(raw.detail_url);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const record = {
      name,
      detail_url: raw.detail_url,
      published_at: fcaDate(typeof raw.published === 'string' ? raw.published : null),
      warned_type: clone_of !== null ? 'clone firm' : 'unauthorised firm',
      clone_of,
      description: typeof raw.summary === 'string' ? raw.summary : null,
    };
    yield {
      list: 'fca_warnings',
      sourceUid: n === 1 ? base : `${base}#${n}`,
      name,
      aliases,
      kind: 'entity',
      record,
    };
  }
}

/** Options (tests point the source at a loopback server with no pause). */
export interface FcaSourceOptions {
  readonly baseUrl?: string;
  readonly pauseMs?: number;
}

/** Builds the source; the registry uses `fcaWarningsSource`. */
export function createFcaWarningsSource(opts: FcaSourceOptions = {}): ListSource {
  const baseUrl = opts.baseUrl ?? FCA_BASE_URL;
  return {
    slug: 'fca_warnings',
    title: 'FCA Warning List',
    publisher: 'UK Financial Conduct Authority',
    legacy: false,
    format: 'HTML search listing, paged (next links), crawled into one JSON file of warnings',
    cadence: 'Near daily (new warnings most working days)',
    fileSets: [[{ name: FCA_JSON, url: `${baseUrl}${LIST_PATH}` }]],
    crawl: (http, save) => crawlFca(http, save, baseUrl, opts.pauseMs ?? PAUSE_MS),
    parse: parseFca,
  };
}

/** FCA Warning List of unauthorised firms. */
export const fcaWarningsSource: ListSource = createFcaWarningsSource();
