// HHS OIG List of Excluded Individuals/Entities (LEIE): one CSV of every active exclusion (~70-90k rows),
// streamed row by row. No identifier is published, so each row gets a hash of its identifying fields; an
// identical repeat gets `#2`, `#3`... in file order (deterministic for a given file).
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { csvRows } from '../../formats/csv-rows.js';
import { leieLayout, type LeieLayout } from './leie-columns.js';
import { leieRowToEntry } from './leie-row-to-entry.js';

/** The file name, as published. */
export const LEIE_CSV = 'UPDATED.csv';

async function* parseLeie(files: FileSet): AsyncGenerator<ListEntry> {
  if (!files.has(LEIE_CSV)) throw new Error(`hhs_oig_leie: ${LEIE_CSV} is not present`);
  let layout: LeieLayout | null = null;
  let line = 0;
  let count = 0;
  const seen = new Map<string, number>();
  try {
    for await (const row of csvRows(files.open(LEIE_CSV))) {
      line++;
      if (!layout) {
        layout = leieLayout(row, LEIE_CSV);
        continue;
      }
      if (row.every((c) => c.trim() === '')) continue;
      const entry = leieRowToEntry(row, layout, `${LEIE_CSV}: record ${line}`);
      const n = (seen.get(entry.sourceUid) ?? 0) + 1;
      seen.set(entry.sourceUid, n);
      count++;
      yield n === 1 ? entry : { ...entry, sourceUid: `${entry.sourceUid}#${n}` };
    }
  } catch (err) {
    const msg = (err as Error).message;
    if (msg.startsWith(LEIE_CSV)) throw err;
    throw new Error(`${LEIE_CSV}: malformed CSV after record ${line}: ${msg}`, { cause: err });
  }
  if (!layout) throw new Error(`${LEIE_CSV}: empty file`);
  if (count === 0) throw new Error(`${LEIE_CSV}: header only, no data rows`);
}

/** HHS OIG List of Excluded Individuals/Entities. */
export const hhsOigLeieSource: ListSource = {
  slug: 'hhs_oig_leie',
  title: 'List of Excluded Individuals/Entities',
  publisher: 'US HHS Office of Inspector General',
  legacy: false,
  format:
    'CSV (UTF-8) with header LASTNAME..WVRSTATE (18 columns), one row per exclusion; dates YYYYMMDD, all-zero values mean none',
  cadence: 'Monthly (full file replaced by the 10th of each month)',
  fileSets: [[{ name: LEIE_CSV, url: 'https://oig.hhs.gov/exclusions/downloadables/UPDATED.csv' }]],
  parse: parseLeie,
};
