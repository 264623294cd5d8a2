// Australia's Consolidated List (DFAT): one XLSX sheet, one row per name, read by header name so that the
// 2025 layout (Australian_Sanctions_Consolidated_List.xlsx) and the older regulation8_consolidated.xlsx both parse.
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { dfatFacts, dfatPartyToEntry } from './dfat-party-to-entry.js';
import { readDfatModified, readDfatXlsx } from './read-dfat-xlsx.js';

/** The current file name (since November 2025), as published. */
export const DFAT_XLSX = 'Australian_Sanctions_Consolidated_List.xlsx';
/** The name DFAT published the list under until November 2025. */
export const DFAT_LEGACY_XLSX = 'regulation8_consolidated.xlsx';

const fileOf = (files: FileSet): string | null =>
  files.has(DFAT_XLSX) ? DFAT_XLSX : files.has(DFAT_LEGACY_XLSX) ? DFAT_LEGACY_XLSX : null;

async function* parseDfat(files: FileSet): AsyncGenerator<ListEntry> {
  const file = fileOf(files);
  if (!file) throw new Error(`dfat_consolidated: neither ${DFAT_XLSX} nor ${DFAT_LEGACY_XLSX} is present`);
  const parties = await readDfatXlsx(files.open(file), file);
  if (parties.length === 0) throw new Error(`${file}: no data rows`);
  for (const party of parties) yield dfatPartyToEntry(party);
}

async function dfatDataDate(files: FileSet): Promise<string | null> {
  const file = fileOf(files);
  return file ? readDfatModified(files.open(file)) : null;
}

/** Australian Sanctions Consolidated List (DFAT). */
export const dfatConsolidatedSource: ListSource = {
  slug: 'dfat_consolidated',
  title: 'Australian Consolidated Sanctions List',
  publisher: 'Australia DFAT',
  legacy: true,
  format:
    'XLSX, one sheet, one row per name (reference 101 primary, 101a/101b aliases), columns read by header',
  cadence: 'On each listing change (irregular, often weekly)',
  fileSets: [
    [
      {
        name: DFAT_XLSX,
        url: 'https://www.dfat.gov.au/sites/default/files/Australian_Sanctions_Consolidated_List.xlsx',
      },
    ],
    [
      {
        name: DFAT_LEGACY_XLSX,
        url: 'https://www.dfat.gov.au/sites/default/files/regulation8_consolidated.xlsx',
      },
    ],
  ],
  factsOf: dfatFacts,
  parse: parseDfat,
  dataDate: dfatDataDate,
};
