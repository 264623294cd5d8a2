// ASIC Banned and Disqualified Organisations (data.gov.au): the "Current" CSV of the CKAN package, one row
// per ban, streamed; resolved through package_show like the persons register and saved as bd_org.csv.
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { asicCsvRows } from '../asic_banned_persons/asic-csv-rows.js';
import { DATA_GOV_AU_CKAN, asicMetaDataDate, crawlAsicCkan } from '../asic_banned_persons/asic-ckan-crawl.js';
import {
  streamText,
  uniqueUids,
  type AsicSourceOptions,
} from '../asic_banned_persons/asic_banned_persons-source.js';
import { asicOrgLayout, asicOrgRowToEntry, type AsicOrgColumn } from './asic-org-row-to-entry.js';

/** The saved (fixed) name of the current CSV. */
export const ASIC_ORG_CSV = 'bd_org.csv';
/** The saved CKAN resource metadata (name, URL, last_modified). */
export const ASIC_ORG_META = 'bd_org.resource.json';
/** The CKAN package. */
export const ASIC_ORG_PACKAGE = 'asic-banned-disqualified-org';

async function* rows(files: FileSet): AsyncGenerator<ListEntry> {
  if (!files.has(ASIC_ORG_CSV)) throw new Error(`asic_banned_organisations: ${ASIC_ORG_CSV} is not present`);
  let layout: ReadonlyMap<AsicOrgColumn, number> | null = null;
  let line = 0;
  let count = 0;
  try {
    for await (const row of asicCsvRows(files.open(ASIC_ORG_CSV))) {
      line++;
      if (!layout) {
        layout = asicOrgLayout(row, ASIC_ORG_CSV);
        continue;
      }
      if (row.every((c) => c.trim() === '')) continue;
      count++;
      yield asicOrgRowToEntry(row, layout, `${ASIC_ORG_CSV}: record ${line}`);
    }
  } catch (err) {
    const msg = (err as Error).message;
    if (msg.startsWith(ASIC_ORG_CSV)) throw err;
    throw new Error(`${ASIC_ORG_CSV}: malformed CSV after record ${line}: ${msg}`, { cause: err });
  }
  if (!layout) throw new Error(`${ASIC_ORG_CSV}: empty file`);
  if (count === 0) throw new Error(`${ASIC_ORG_CSV}: header only, no data rows`);
}

/** Builds the organisations source; the registry uses `asicBannedOrganisationsSource`. */
export function createAsicBannedOrganisationsSource(opts: AsicSourceOptions = {}): ListSource {
  const ckanBase = opts.ckanBase ?? DATA_GOV_AU_CKAN;
  const showUrl = `${ckanBase}/package_show?id=${ASIC_ORG_PACKAGE}`;
  return {
    slug: 'asic_banned_organisations',
    title: 'ASIC banned organisations',
    publisher: 'Australian Securities and Investments Commission',
    legacy: false,
    format:
      'CSV with header (comma or tab, detected), one row per ban; DD/MM/YYYY dates; found through CKAN package_show ("Current" resource)',
    cadence: 'Weekly (data.gov.au refresh)',
    fileSets: [
      [
        { name: ASIC_ORG_CSV, url: showUrl },
        { name: ASIC_ORG_META, url: showUrl, optional: true },
      ],
    ],
    crawl: (http, save) =>
      crawlAsicCkan(
        http,
        save,
        {
          packageId: ASIC_ORG_PACKAGE,
          csvName: ASIC_ORG_CSV,
          metaName: ASIC_ORG_META,
          headerCheck: 'BD_ORG_NAME',
        },
        { ckanBase, pauseMs: opts.pauseMs ?? 250 },
      ),
    parse: (files) => uniqueUids(rows(files)),
    dataDate: async (files) =>
      files.has(ASIC_ORG_META) ? asicMetaDataDate(await streamText(files.open(ASIC_ORG_META))) : null,
  };
}

/** ASIC Banned and Disqualified Organisations. */
export const asicBannedOrganisationsSource: ListSource = createAsicBannedOrganisationsSource();
