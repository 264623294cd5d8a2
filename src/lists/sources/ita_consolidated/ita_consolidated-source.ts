// The US Consolidated Screening List (trade.gov): eleven export-control and sanctions lists of Commerce,
// State and Treasury merged into one CSV, streamed row by row.
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { cslFacts, cslRowToEntry } from './csl-row-to-entry.js';
import { readCslCsv } from './read-csl-csv.js';

/** The file name, as published. */
export const CSL_CSV = 'consolidated.csv';

async function* parseCsl(files: FileSet): AsyncGenerator<ListEntry> {
  const digests = new Map<string, string[]>();
  for await (const { cells, layout, record } of readCslCsv(files.open(CSL_CSV), CSL_CSV)) {
    const { entry, digest } = cslRowToEntry(cells, layout, `${CSL_CSV}: record ${record}`);
    const seen = digests.get(entry.sourceUid);
    if (seen?.includes(digest)) continue; // the same row twice states nothing new
    digests.set(entry.sourceUid, [...(seen ?? []), digest]);
    yield seen ? { ...entry, sourceUid: `${entry.sourceUid}#${seen.length + 1}` } : entry;
  }
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
  factsOf: cslFacts,
  parse: parseCsl,
};
