// UK National Crime Agency Most Wanted: one HTML page with a grid of persons. The crawl reads the grid
// (fetching a person's page only when the grid gives no intro text) and saves the persons as one JSON file.
import type { FileSet, ListEntry, ListSource, PageFetcher, SaveFile } from '../../list-source.js';
import { readNcaGrid, readNcaPersonDescription, type NcaWantedItem } from './nca-grid.js';

/** The saved file parse reads. */
export const NCA_JSON = 'nca_most_wanted.json';
/** The official page. */
export const NCA_BASE_URL = 'https://www.nationalcrimeagency.gov.uk';
const PAUSE_MS = 250;

async function readText(files: FileSet, name: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of files.open(name)) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(chunks).toString('utf8');
}

async function crawlNca(http: PageFetcher, save: SaveFile, baseUrl: string, pauseMs: number): Promise<void> {
  const pageUrl = `${baseUrl.replace(/\/$/, '')}/most-wanted`;
  const items = readNcaGrid((await http.fetch(pageUrl)).text(), pageUrl);
  const out: NcaWantedItem[] = [];
  for (const item of items) {
    if (item.description !== null) {
      out.push(item);
      continue;
    }
    await http.pause(pauseMs);
    out.push({ ...item, description: readNcaPersonDescription((await http.fetch(item.detail_url)).text()) });
  }
  await save(NCA_JSON, `${JSON.stringify({ source: pageUrl, items: out }, null, 2)}\n`);
}

/** The last path segment of the person page (`/most-wanted/jane-doe` → `jane-doe`). */
export function ncaUid(detailUrl: string): string {
  const path = new URL(detailUrl).pathname.replace(/\/+$/, '');
  return decodeURIComponent(path.split('/').pop() ?? '') || detailUrl;
}

async function* parseNca(files: FileSet): AsyncGenerator<ListEntry> {
  if (!files.has(NCA_JSON)) throw new Error(`nca_most_wanted: ${NCA_JSON} is not present`);
  let doc: { items?: unknown };
  try {
    doc = JSON.parse(await readText(files, NCA_JSON)) as { items?: unknown };
  } catch (err) {
    throw new Error(`${NCA_JSON}: not JSON: ${(err as Error).message}`, { cause: err });
  }
  if (!Array.isArray(doc.items)) throw new Error(`${NCA_JSON}: no items array`);
  if (doc.items.length === 0) throw new Error(`${NCA_JSON}: no persons`);
  const seen = new Map<string, number>();
  for (const [i, raw] of (doc.items as Array<Partial<NcaWantedItem>>).entries()) {
    if (typeof raw.name !== 'string' || !raw.name.trim() || typeof raw.detail_url !== 'string')
      throw new Error(`${NCA_JSON}: item ${i + 1} lacks name or detail_url`);
    const base = ncaUid(raw.detail_url);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const record = {
      name: raw.name.trim(),
      description: typeof raw.description === 'string' ? raw.description : null,
      detail_url: raw.detail_url,
      image_url: typeof raw.image_url === 'string' ? raw.image_url : null,
    };
    yield {
      list: 'nca_most_wanted',
      sourceUid: n === 1 ? base : `${base}#${n}`,
      name: record.name,
      aliases: [],
      kind: 'person',
      record,
    };
  }
}

/** Options (tests point the source at a loopback server with no pause). */
export interface NcaSourceOptions {
  readonly baseUrl?: string;
  readonly pauseMs?: number;
}

/** Builds the source; the registry uses `ncaMostWantedSource`. */
export function createNcaMostWantedSource(opts: NcaSourceOptions = {}): ListSource {
  const baseUrl = opts.baseUrl ?? NCA_BASE_URL;
  return {
    slug: 'nca_most_wanted',
    title: 'NCA Most Wanted',
    publisher: 'UK National Crime Agency',
    legacy: false,
    format: 'HTML page (div.most-wanted-grid) crawled into one JSON file of persons',
    cadence: 'Irregular (persons added or removed as cases progress); checked daily',
    fileSets: [[{ name: NCA_JSON, url: `${baseUrl}/most-wanted` }]],
    crawl: (http, save) => crawlNca(http, save, baseUrl, opts.pauseMs ?? PAUSE_MS),
    parse: parseNca,
  };
}

/** NCA Most Wanted. */
export const ncaMostWantedSource: ListSource = createNcaMostWantedSource();
