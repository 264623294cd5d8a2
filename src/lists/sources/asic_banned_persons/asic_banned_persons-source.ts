// ASIC Banned and Disqualified Persons (data.gov.au): the "Current" CSV of the CKAN package, one row per ban,
// streamed. The file name carries a period (bd_per_202605.csv), so `crawl` resolves it through package_show
// and saves it as bd_per.csv; local mode and a mirror read that fixed name.
import type { Readable } from 'node:stream';
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { asicCsvRows } from './asic-csv-rows.js';
import { DATA_GOV_AU_CKAN, asicMetaDataDate, crawlAsicCkan } from './asic-ckan-crawl.js';
import { asicPersonLayout, asicPersonRowToEntry, type AsicPersonColumn } from './asic-person-row-to-entry.js';

/** The saved (fixed) name of the current CSV. */
export const ASIC_PER_CSV = 'bd_per.csv';
/** The saved CKAN resource metadata (name, URL, last_modified). */
export const ASIC_PER_META = 'bd_per.resource.json';
/** The CKAN package. */
export const ASIC_PER_PACKAGE = 'asic-banned-disqualified-per';

/** Reads a (small) stream as text. */
export async function streamText(input: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of input) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Gives every entry a unique sourceUid: an identical repeated row (same hash) gets `#2`, `#3`... in file
 * order. Shared by both ASIC sources.
 */
export async function* uniqueUids(entries: AsyncIterable<ListEntry>): AsyncGenerator<ListEntry> {
  const seen = new Map<string, number>();
  for await (const e of entries) {
    const n = (seen.get(e.sourceUid) ?? 0) + 1;
    seen.set(e.sourceUid, n);
    yield n === 1 ? e : { ...e, sourceUid: `${e.sourceUid}#${n}` };
  }
}

async function* rows(files: FileSet): AsyncGenerator<ListEntry> {
  if (!files.has(ASIC_PER_CSV)) throw new Error(`asic_banned_persons: ${ASIC_PER_CSV} is not present`);
  let layout: ReadonlyMap<AsicPersonColumn, number> | null = null;
  let line = 0;
  let count = 0;
  try {
    for await (const row of asicCsvRows(files.open(ASIC_PER_CSV))) {
      line++;
      if (!layout) {
        layout = asicPersonLayout(row, ASIC_PER_CSV);
        continue;
      }
      if (row.every((c) => c.trim() === '')) continue;
      count++;
      yield asicPersonRowToEntry(row, layout, `${ASIC_PER_CSV}: record ${line}`);
    }
  } catch (err) {
    const msg = (err as Error).message;
    if (msg.startsWith(ASIC_PER_CSV)) throw err;
    throw new Error(`${ASIC_PER_CSV}: malformed CSV after record ${line}: ${msg}`, { cause: err });
  }
  if (!layout) throw new Error(`${ASIC_PER_CSV}: empty file`);
  if (count === 0) throw new Error(`${ASIC_PER_CSV}: header only, no data rows`);
}

/** Options of the source (tests point it at a loopback CKAN and make the pause zero). */
export interface AsicSourceOptions {
  readonly ckanBase?: string;
  readonly pauseMs?: number;
}

/** Builds the persons source; the registry uses `asicBannedPersonsSource` (data.gov.au, 250 ms pause). */
export function createAsicBannedPersonsSource(opts: AsicSourceOptions = {}): ListSource {
  const ckanBase = opts.ckanBase ?? DATA_GOV_AU_CKAN;
  const showUrl = `${ckanBase}/package_show?id=${ASIC_PER_PACKAGE}`;
  return {
    slug: 'asic_banned_persons',
    title: 'ASIC banned and disqualified persons',
    publisher: 'Australian Securities and Investments Commission',
    legacy: false,
    format:
      'CSV with header (comma or tab, detected), one row per ban; DD/MM/YYYY dates; found through CKAN package_show ("Current" resource)',
    cadence: 'Weekly (data.gov.au refresh)',
    fileSets: [
      [
        { name: ASIC_PER_CSV, url: showUrl },
        { name: ASIC_PER_META, url: showUrl, optional: true },
      ],
    ],
    crawl: (http, save) =>
      crawlAsicCkan(
        http,
        save,
        {
          packageId: ASIC_PER_PACKAGE,
          csvName: ASIC_PER_CSV,
          metaName: ASIC_PER_META,
          headerCheck: 'BD_PER_NAME',
        },
        { ckanBase, pauseMs: opts.pauseMs ?? 250 },
      ),
    parse: (files) => uniqueUids(rows(files)),
    dataDate: async (files) =>
      files.has(ASIC_PER_META) ? asicMetaDataDate(await streamText(files.open(ASIC_PER_META))) : null,
  };
}

/** ASIC Banned and Disqualified Persons. */
export const asicBannedPersonsSource: ListSource = createAsicBannedPersonsSource();
