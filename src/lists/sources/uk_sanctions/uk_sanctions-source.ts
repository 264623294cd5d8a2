// The UK Sanctions List (FCDO): the XML streamed one Designation at a time; the retired OFSI Consolidated
// List XLSX (2022 format) is the fallback file set, read into the same 15-field record.
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { designationToParty } from './designation-to-entry.js';
import { ofsiGroupToParty } from './ofsi-group-to-entry.js';
import { readOfsiLastUpdated, readOfsiXlsx } from './read-ofsi-xlsx.js';
import { readUkslDateGenerated, readUkslDesignations } from './read-uksl-xml.js';
import { ukFacts, toUkEntry, ukDate } from './uk-party-to-entry.js';

/** The FCDO file name, as published. */
export const UKSL_XML = 'UK-Sanctions-List.xml';
/** OFSI's 2022-format workbook name (ConList.xlsx), retired 28 January 2026. */
export const OFSI_XLSX = 'ConList.xlsx';

async function* ukslEntries(files: FileSet): AsyncGenerator<ListEntry> {
  const seen = new Set<string>();
  for await (const { node, index } of readUkslDesignations(files.open(UKSL_XML), UKSL_XML)) {
    const entry = toUkEntry(designationToParty(node, `${UKSL_XML}: Designation #${index}`));
    if (seen.has(entry.sourceUid)) {
      throw new Error(`${UKSL_XML}: Designation #${index}: UniqueID ${entry.sourceUid} appears twice`);
    }
    seen.add(entry.sourceUid);
    yield entry;
  }
}

async function* ofsiEntries(files: FileSet): AsyncGenerator<ListEntry> {
  const groups = await readOfsiXlsx(files.open(OFSI_XLSX), OFSI_XLSX);
  if (groups.size === 0) throw new Error(`${OFSI_XLSX}: no data rows`);
  for (const [id, rows] of groups) yield toUkEntry(ofsiGroupToParty(id, rows, OFSI_XLSX));
}

/** Parses the preferred file set that is present: the FCDO XML, else the OFSI workbook. */
async function* parseUk(files: FileSet): AsyncGenerator<ListEntry> {
  if (files.has(UKSL_XML)) yield* ukslEntries(files);
  else if (files.has(OFSI_XLSX)) yield* ofsiEntries(files);
  else throw new Error(`uk_sanctions: neither ${UKSL_XML} nor ${OFSI_XLSX} is present`);
}

/** The FCDO XML's DateGenerated element (dd/mm/yyyy), or the OFSI workbook's "Last Updated" first row. */
async function ukDataDate(files: FileSet): Promise<string | null> {
  let stated: string | null = null;
  if (files.has(UKSL_XML)) stated = await readUkslDateGenerated(files.open(UKSL_XML));
  else if (files.has(OFSI_XLSX)) stated = await readOfsiLastUpdated(files.open(OFSI_XLSX));
  const date = ukDate(stated);
  return /^\d{4}-\d{2}-\d{2}/.exec(date ?? '')?.[0] ?? null;
}

/** UK Sanctions List (FCDO), with the retired OFSI Consolidated List as a fallback file set. */
export const ukSanctionsSource: ListSource = {
  slug: 'uk_sanctions',
  title: 'UK Sanctions List',
  publisher: 'UK FCDO / HM Treasury OFSI',
  legacy: true,
  format:
    'XML (UTF-8), root Designations with one Designation per designated person, entity or ship; ' +
    'fallback: OFSI Consolidated List XLSX (2022 format, one row per name, grouped by Group ID)',
  cadence:
    'On each designation change (often several times a week); the OFSI list stopped on 28 January 2026',
  fileSets: [
    [{ name: UKSL_XML, url: 'https://sanctionslist.fcdo.gov.uk/docs/UK-Sanctions-List.xml' }],
    [
      {
        name: OFSI_XLSX,
        url: 'https://ofsistorage.blob.core.windows.net/publishlive/2022format/ConList.xlsx',
        // Retired 28 Jan 2026 but still served frozen: never download it as a silent fallback.
        retired: true,
      },
    ],
  ],
  factsOf: ukFacts,
  parse: parseUk,
  dataDate: ukDataDate,
};
