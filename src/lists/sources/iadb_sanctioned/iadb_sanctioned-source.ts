// IDB Sanctioned Firms and Individuals: the sheet "Export" of the XLSX that the IDB page's embedded Power BI
// report exports. The page offers no open file (the export needs a Power BI embed token obtained behind
// Cloudflare), so production deployments feed the file through LISTS_DIR or a mirror (SCREENING_LISTS_MIRROR_URL).
// exceljs cannot load this workbook (namespace-prefixed XML), so it is read with xlsxSheetXmlRows (see there why
// not SheetJS).
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { iadbFacts, iadbEntries } from './iadb-row-to-entry.js';
import { readIadbXlsx } from './read-iadb-xlsx.js';

/** The export's file name as the known published copy carries it. */
export const IADB_XLSX = 'Inter-American_Development_Bank-Sanctioned_Firms_and_Individuals.xlsx';
export const IADB_PAGE_URL = 'https://www.iadb.org/en/transparency/sanctioned-firms-and-individuals';
const SHEET = 'Export';

async function* parseIadb(files: FileSet): AsyncGenerator<ListEntry> {
  if (!files.has(IADB_XLSX)) throw new Error(`iadb_sanctioned: ${IADB_XLSX} is not present`);
  const rows = await readIadbXlsx(files.open(IADB_XLSX), IADB_XLSX, SHEET);
  if (rows.length === 0) throw new Error(`${IADB_XLSX}: no data rows`);
  yield* iadbEntries(rows);
}

/** IDB Sanctioned Firms and Individuals. */
export const iadbSanctionedSource: ListSource = {
  slug: 'iadb_sanctioned',
  title: 'IDB Sanctioned Firms and Individuals',
  publisher: 'Inter-American Development Bank',
  legacy: false,
  format:
    'XLSX exported from the page\'s Power BI report, sheet "Export", one row per sanctioned firm or individual (incl. cross-debarments); no open download: fed via LISTS_DIR or a mirror',
  cadence: 'On each sanctions decision or cross-debarment (irregular; OpenSanctions reads it weekly)',
  fileSets: [[{ name: IADB_XLSX, url: IADB_PAGE_URL }]],
  needsOperator:
    'the IDB publishes no open file: export the Power BI table and serve it via LISTS_DIR or a mirror',
  factsOf: iadbFacts,
  parse: parseIadb,
};
