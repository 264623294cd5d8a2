// ASIC Banned and Disqualified Persons (data.gov.au): the "Current" CSV of the CKAN package, one row per ban,
// streamed. The file name carries a period (bd_per_202605.csv), so `crawl` resolves it through package_show
// and saves it as bd_per.csv; local mode and a mirror read that fixed name. Both ASIC registers share that shape:
// asicCkanSource builds either (asic_banned_organisations uses it too).
import { text } from 'node:stream/consumers';
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import type { EntryFacts } from '../../../domain/facts.js';
import { asicPersonFacts, asicPersonLayout, asicPersonRowToEntry } from './asic-person-row-to-entry.js';
import { DATA_GOV_AU_CKAN, asicMetaDataDate, crawlAsicCkan } from './crawl-asic-ckan.js';
import { readAsicCsv } from './read-asic-csv.js';

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
  /** The facts of one of its records. */
  facts(record: Readonly<Record<string, unknown>>): EntryFacts;
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

async function* entriesOf<C>(register: AsicRegister<C>, files: FileSet): AsyncGenerator<ListEntry> {
  const file = register.csvName;
  if (!files.has(file)) throw new Error(`${register.slug}: ${file} is not present`);
  for await (const { cells, layout, record } of readAsicCsv(files.open(file), file, register.layout))
    yield register.toEntry(cells, layout, `${file}: record ${record}`);
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
    factsOf: register.facts,
    parse: (files) => uniqueUids(entriesOf(register, files)),
    dataDate: async (files) =>
      files.has(metaName) ? asicMetaDataDate(await text(files.open(metaName))) : null,
  };
}

/** The saved (fixed) name of the current CSV. */
export const ASIC_PER_CSV = 'bd_per.csv';
/** The saved CKAN resource metadata (name, URL, last_modified). */
export const ASIC_PER_META = 'bd_per.resource.json';
/** The CKAN package. */
export const ASIC_PER_PACKAGE = 'asic-banned-disqualified-per';

/** Builds the persons source; the registry uses `asicBannedPersonsSource` (data.gov.au, 250 ms pause). */
export function createAsicBannedPersonsSource(opts: AsicSourceOptions = {}): ListSource {
  return asicCkanSource(
    {
      slug: 'asic_banned_persons',
      title: 'ASIC banned and disqualified persons',
      packageId: ASIC_PER_PACKAGE,
      csvName: ASIC_PER_CSV,
      metaName: ASIC_PER_META,
      headerCheck: 'BD_PER_NAME',
      layout: asicPersonLayout,
      toEntry: asicPersonRowToEntry,
      facts: asicPersonFacts,
    },
    opts,
  );
}

/** ASIC Banned and Disqualified Persons. */
export const asicBannedPersonsSource: ListSource = createAsicBannedPersonsSource();
