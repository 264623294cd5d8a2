// The US Consolidated Screening List (trade.gov): eleven export-control and sanctions lists of Commerce,
// State and Treasury merged into one CSV, streamed row by row.
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { csvRows } from '../../formats/csv-rows.js';
import { cslLayout, cslRowToEntry, type CslLayout } from './csl-row-to-entry.js';

/** The file name, as published. */
export const CSL_CSV = 'consolidated.csv';

async function* parseCsl(files: FileSet): AsyncGenerator<ListEntry> {
  let layout: CslLayout | null = null;
  let headerKey = '';
  let line = 0;
  const digests = new Map<string, string[]>();
  let count = 0;
  try {
    for await (const row of csvRows(files.open(CSL_CSV))) {
      line++;
      if (!layout) {
        layout = cslLayout(row, CSL_CSV);
        headerKey = layout.header.join(',');
        continue;
      }
      // Known artefact: trade.gov's export repeats its header line (seen as lines 1-2 of a 2023 file).
      if (row.map((c) => c.trim()).join(',') === headerKey) continue;
      const { entry, digest } = cslRowToEntry(row, layout, `${CSL_CSV}: record ${line}`);
      const seen = digests.get(entry.sourceUid);
      if (seen?.includes(digest)) continue; // the same row twice states nothing new
      let uid = entry.sourceUid;
      if (seen) uid = `${entry.sourceUid}#${seen.length + 1}`;
      digests.set(entry.sourceUid, [...(seen ?? []), digest]);
      count++;
      yield uid === entry.sourceUid ? entry : { ...entry, sourceUid: uid };
    }
  } catch (err) {
    const msg = (err as Error).message;
    if (msg.startsWith(CSL_CSV)) throw err;
    throw new Error(`${CSL_CSV}: malformed CSV after record ${line}: ${msg}`, { cause: err });
  }
  if (!layout) throw new Error(`${CSL_CSV}: empty file`);
  if (count === 0) throw new Error(`${CSL_CSV}: header only, no data rows`);
}

/** US Consolidated Screening List (International Trade Administration). */
export const itaConsolidatedSource: ListSource = {
  slug: 'ita_consolidated',
  title: 'Consolidated Screening List',
  publisher: 'US International Trade Administration',
  legacy: true,
  format:
    'CSV (UTF-8) with header; one row per listed party and source list; multi-valued cells separated by "; "',
  cadence: 'Daily (regenerated at 05:00 US Eastern)',
  fileSets: [
    [
      {
        name: CSL_CSV,
        url: 'https://data.trade.gov/downloadable_consolidated_screening_list/v1/consolidated.csv',
      },
    ],
  ],
  parse: parseCsl,
};
