// The shape both ASIC registers share: a CKAN package whose "Current" CSV is saved under a fixed name, read as
// one entry per row (streamed, header found by column names), with repeated rows made unique.
import type { Readable } from 'node:stream';
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { DATA_GOV_AU_CKAN, asicMetaDataDate, crawlAsicCkan } from './asic-ckan-crawl.js';
import { asicCsvRows } from './asic-csv-rows.js';

/** Options of an ASIC source (tests point it at a loopback CKAN and make the pause zero). */
export interface AsicSourceOptions {
  readonly ckanBase?: string;
  readonly pauseMs?: number;
}

/** What differs between the two registers. */
export interface AsicRegister<C> {
  readonly slug: string;
  readonly title: string;
  readonly packageId: string;
  /** Saved name of the current CSV, and of its CKAN resource metadata. */
  readonly csvName: string;
  readonly metaName: string;
  /** A column the crawl expects in the header before saving. */
  readonly headerCheck: string;
  layout(header: readonly string[], file: string): ReadonlyMap<C, number>;
  toEntry(row: readonly string[], layout: ReadonlyMap<C, number>, where: string): ListEntry;
}

/** Reads a (small) stream as text. */
export async function streamText(input: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of input) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(chunks).toString('utf8');
}

/** Gives every entry a unique sourceUid: an identical repeated row (same hash) gets `#2`, `#3`... in file order. */
export async function* uniqueUids(entries: AsyncIterable<ListEntry>): AsyncGenerator<ListEntry> {
  const seen = new Map<string, number>();
  for await (const e of entries) {
    const n = (seen.get(e.sourceUid) ?? 0) + 1;
    seen.set(e.sourceUid, n);
    yield n === 1 ? e : { ...e, sourceUid: `${e.sourceUid}#${n}` };
  }
}

async function* rows<C>(register: AsicRegister<C>, files: FileSet): AsyncGenerator<ListEntry> {
  const file = register.csvName;
  if (!files.has(file)) throw new Error(`${register.slug}: ${file} is not present`);
  let layout: ReadonlyMap<C, number> | null = null;
  let line = 0;
  let count = 0;
  try {
    for await (const row of asicCsvRows(files.open(file))) {
      line++;
      if (!layout) {
        layout = register.layout(row, file);
        continue;
      }
      if (row.every((c) => c.trim() === '')) continue;
      count++;
      yield register.toEntry(row, layout, `${file}: record ${line}`);
    }
  } catch (err) {
    const msg = (err as Error).message;
    if (msg.startsWith(file)) throw err;
    throw new Error(`${file}: malformed CSV after record ${line}: ${msg}`, { cause: err });
  }
  if (!layout) throw new Error(`${file}: empty file`);
  if (count === 0) throw new Error(`${file}: header only, no data rows`);
}

/** Builds an ASIC register's source. */
export function asicCkanSource<C>(register: AsicRegister<C>, opts: AsicSourceOptions = {}): ListSource {
  const ckanBase = opts.ckanBase ?? DATA_GOV_AU_CKAN;
  const showUrl = `${ckanBase}/package_show?id=${register.packageId}`;
  const { csvName, metaName } = register;
  return {
    slug: register.slug,
    title: register.title,
    publisher: 'Australian Securities and Investments Commission',
    legacy: false,
    format:
      'CSV with header (comma or tab, detected), one row per ban; DD/MM/YYYY dates; found through CKAN package_show ("Current" resource)',
    cadence: 'Weekly (data.gov.au refresh)',
    fileSets: [
      [
        { name: csvName, url: showUrl },
        { name: metaName, url: showUrl, optional: true },
      ],
    ],
    crawl: (http, save) =>
      crawlAsicCkan(
        http,
        save,
        { packageId: register.packageId, csvName, metaName, headerCheck: register.headerCheck },
        { ckanBase, pauseMs: opts.pauseMs ?? 250 },
      ),
    parse: (files) => uniqueUids(rows(register, files)),
    dataDate: async (files) =>
      files.has(metaName) ? asicMetaDataDate(await streamText(files.open(metaName))) : null,
  };
}
