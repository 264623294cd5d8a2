// The UK Sanctions List (FCDO): the XML streamed one Designation at a time; the retired OFSI Consolidated
// List XLSX (2022 format) is the fallback file set, read into the same 15-field record.
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { xmlElements } from '../../formats/xml-elements.js';
import { xlsxRows } from '../../formats/xlsx-rows.js';
import { designationToParty } from './designation-to-party.js';
import { groupOfsiRows, ofsiGroupToParty } from './ofsi-rows-to-parties.js';
import { toUkEntry, ukDate } from './uk-record.js';

/** The FCDO file name, as published. */
export const UKSL_XML = 'UK-Sanctions-List.xml';
/** OFSI's 2022-format workbook name (ConList.xlsx), retired 28 January 2026. */
export const OFSI_XLSX = 'ConList.xlsx';

async function* ukslEntries(files: FileSet): AsyncGenerator<ListEntry> {
  const seen = new Set<string>();
  let index = 0;
  try {
    for await (const node of xmlElements(files.open(UKSL_XML), 'Designation')) {
      index++;
      const entry = toUkEntry(designationToParty(node, `${UKSL_XML}: Designation #${index}`));
      if (seen.has(entry.sourceUid)) {
        throw new Error(`${UKSL_XML}: Designation #${index}: UniqueID ${entry.sourceUid} appears twice`);
      }
      seen.add(entry.sourceUid);
      yield entry;
    }
  } catch (err) {
    const msg = (err as Error).message;
    if (msg.startsWith(UKSL_XML)) throw err;
    throw new Error(`${UKSL_XML}: malformed XML: ${msg}`, { cause: err });
  }
  if (index === 0) throw new Error(`${UKSL_XML}: no Designation element: not the UK Sanctions List XML`);
}

async function readOfsiRows(files: FileSet): Promise<string[][]> {
  const rows: string[][] = [];
  try {
    for await (const row of xlsxRows(files.open(OFSI_XLSX))) rows.push(row);
  } catch (err) {
    throw new Error(`${OFSI_XLSX}: unreadable workbook: ${(err as Error).message}`, { cause: err });
  }
  return rows;
}

async function* ofsiEntries(files: FileSet): AsyncGenerator<ListEntry> {
  // The workbook is loaded whole anyway (see xlsx-rows), and Group IDs recur in non-contiguous rows.
  const groups = groupOfsiRows(await readOfsiRows(files), OFSI_XLSX);
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
  if (files.has(UKSL_XML)) {
    for await (const node of xmlElements(files.open(UKSL_XML), 'DateGenerated')) {
      stated = node.text;
      break;
    }
  } else if (files.has(OFSI_XLSX)) {
    for await (const row of xlsxRows(files.open(OFSI_XLSX))) {
      if (row[0]?.trim().toLowerCase() === 'last updated') stated = row[1] ?? null;
      break;
    }
  }
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
  parse: parseUk,
  dataDate: ukDataDate,
};
