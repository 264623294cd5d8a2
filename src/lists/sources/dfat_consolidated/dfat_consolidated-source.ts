// Australia's Consolidated List (DFAT): one XLSX sheet, one row per name, read by header name so that the
// 2025 layout (Australian_Sanctions_Consolidated_List.xlsx) and the older regulation8_consolidated.xlsx both parse.
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { xlsxRows } from '../../formats/xlsx-rows.js';
import { dfatPartyToEntry, groupDfatRows } from './dfat-rows-to-entries.js';

/** The current file name (since November 2025), as published. */
export const DFAT_XLSX = 'Australian_Sanctions_Consolidated_List.xlsx';
/** The name DFAT published the list under until November 2025. */
export const DFAT_LEGACY_XLSX = 'regulation8_consolidated.xlsx';

const fileOf = (files: FileSet): string | null =>
  files.has(DFAT_XLSX) ? DFAT_XLSX : files.has(DFAT_LEGACY_XLSX) ? DFAT_LEGACY_XLSX : null;

async function* parseDfat(files: FileSet): AsyncGenerator<ListEntry> {
  const file = fileOf(files);
  if (!file) throw new Error(`dfat_consolidated: neither ${DFAT_XLSX} nor ${DFAT_LEGACY_XLSX} is present`);
  const rows: string[][] = [];
  try {
    for await (const row of xlsxRows(files.open(file))) rows.push(row);
  } catch (err) {
    throw new Error(`${file}: unreadable workbook: ${(err as Error).message}`, { cause: err });
  }
  // Rows of one party are not always contiguous, so the (already loaded) sheet is grouped before yielding.
  const parties = groupDfatRows(rows, file);
  if (parties.length === 0) throw new Error(`${file}: no data rows`);
  for (const party of parties) yield dfatPartyToEntry(party);
}

async function toBuffer(input: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of input) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as string));
  return Buffer.concat(chunks);
}

/** The sheet states no date: the workbook's own "modified" property (docProps/core.xml, UTC) is the data date. */
async function dfatDataDate(files: FileSet): Promise<string | null> {
  const file = fileOf(files);
  if (!file) return null;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await toBuffer(files.open(file))) as unknown as ArrayBuffer);
  const modified = workbook.modified;
  return modified instanceof Date && !Number.isNaN(modified.getTime())
    ? modified.toISOString().slice(0, 10)
    : null;
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
  parse: parseDfat,
  dataDate: dfatDataDate,
};
