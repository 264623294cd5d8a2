// ASIC publishes its registers on data.gov.au with the period in the file name (bd_per_202605.csv), so the
// current file is found through CKAN's package_show: the CSV resource named "... - Current". The crawl saves
// it under a fixed name, plus a small JSON of the resource metadata (its date is the data date).
import type { PageFetcher, SaveFile } from '../../list-source.js';

/** data.gov.au's CKAN action API. */
export const DATA_GOV_AU_CKAN = 'https://data.gov.au/data/api/3/action';

/** What one ASIC crawl looks for and where it saves it. */
export interface AsicCkanTarget {
  /** CKAN package id, e.g. `asic-banned-disqualified-per`. */
  readonly packageId: string;
  /** Saved file name of the CSV. */
  readonly csvName: string;
  /** Saved file name of the resource metadata JSON. */
  readonly metaName: string;
  /** A header name the CSV must carry (layout check), e.g. `BD_PER_NAME`. */
  readonly headerCheck: string;
}

/** The metadata saved beside the CSV. */
export interface AsicResourceMeta {
  readonly package_id: string;
  readonly resource_name: string;
  readonly url: string;
  readonly file_name: string;
  readonly last_modified: string | null;
}

interface CkanResource {
  name?: unknown;
  format?: unknown;
  url?: unknown;
  last_modified?: unknown;
  created?: unknown;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Picks the "Current" CSV resource of a package_show answer; throws when the answer is not the expected shape. */
export function currentCsvResource(answer: unknown, packageId: string): AsicResourceMeta {
  const a = answer as { success?: unknown; result?: { resources?: unknown } } | null;
  if (!a || a.success !== true || !a.result || !Array.isArray(a.result.resources))
    throw new Error(`${packageId}: package_show answer has no result.resources (CKAN layout changed?)`);
  const resources = a.result.resources as CkanResource[];
  const csv = resources.filter((r) => /csv/i.test(str(r.format)) || /\.csv(\?|$)/i.test(str(r.url)));
  const current = csv.filter((r) => /\bcurrent\b/i.test(str(r.name)) && str(r.url) !== '');
  if (current.length === 0) {
    const names = resources.map((r) => `"${str(r.name)}" (${str(r.format)})`).join(', ');
    throw new Error(`${packageId}: no "Current" CSV resource among ${names || 'no resources'}`);
  }
  const date = (r: CkanResource) => str(r.last_modified) || str(r.created);
  // Several "Current" resources (not seen): the most recently modified one.
  const chosen = [...current].sort((x, y) => date(y).localeCompare(date(x)))[0]!;
  const url = str(chosen.url);
  return {
    package_id: packageId,
    resource_name: str(chosen.name),
    url,
    file_name: decodeURIComponent(url.split('?')[0]!.split('/').pop() ?? ''),
    last_modified: date(chosen) || null,
  };
}

/** Resolves the current CSV through package_show, downloads it, checks its header and saves both files. */
export async function crawlAsicCkan(
  http: PageFetcher,
  save: SaveFile,
  target: AsicCkanTarget,
  opts: { readonly ckanBase: string; readonly pauseMs: number },
): Promise<void> {
  const showUrl = `${opts.ckanBase.replace(/\/$/, '')}/package_show?id=${encodeURIComponent(target.packageId)}`;
  const meta = currentCsvResource((await http.fetch(showUrl)).json(), target.packageId);
  await http.pause(opts.pauseMs);
  const csv = (await http.fetch(meta.url)).body;
  const text = csv.subarray(0, 64 * 1024).toString('utf8');
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (!(lines[0] ?? '').toUpperCase().includes(target.headerCheck))
    throw new Error(`${meta.file_name}: first line has no ${target.headerCheck} column (layout changed?)`);
  if (lines.length < 2) throw new Error(`${meta.file_name}: header only, no data rows`);
  await save(target.csvName, csv);
  await save(target.metaName, `${JSON.stringify(meta, null, 2)}\n`);
}

/** The data date: the resource's last_modified (YYYY-MM-DD), else the period in the file name (YYYYMM → YYYY-MM-01). */
export function asicMetaDataDate(metaJson: string): string | null {
  let meta: Partial<AsicResourceMeta>;
  try {
    meta = JSON.parse(metaJson) as Partial<AsicResourceMeta>;
  } catch {
    return null;
  }
  const lm = /^(\d{4}-\d{2}-\d{2})/.exec(meta.last_modified ?? '');
  if (lm) return lm[1]!;
  const period = /_(\d{4})(\d{2})\.csv$/i.exec(meta.file_name ?? '');
  return period ? `${period[1]}-${period[2]}-01` : null;
}
