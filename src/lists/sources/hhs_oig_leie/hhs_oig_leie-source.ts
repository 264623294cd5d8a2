// HHS OIG List of Excluded Individuals/Entities (LEIE): one CSV of every active exclusion (~70-90k rows),
// streamed row by row. No identifier is published, so each row gets a hash of its identifying fields; an
// identical repeat gets `#2`, `#3`... in file order (deterministic for a given file).
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { leieFacts, leieRowToEntry } from './leie-row-to-entry.js';
import { readLeieCsv } from './read-leie-csv.js';

/** The file name, as published. */
export const LEIE_CSV = 'UPDATED.csv';

async function* parseLeie(files: FileSet): AsyncGenerator<ListEntry> {
  if (!files.has(LEIE_CSV)) throw new Error(`hhs_oig_leie: ${LEIE_CSV} is not present`);
  const seen = new Map<string, number>();
  for await (const { cells, layout, record } of readLeieCsv(files.open(LEIE_CSV), LEIE_CSV)) {
    const entry = leieRowToEntry(cells, layout, `${LEIE_CSV}: record ${record}`);
    const n = (seen.get(entry.sourceUid) ?? 0) + 1;
    seen.set(entry.sourceUid, n);
    yield n === 1 ? entry : { ...entry, sourceUid: `${entry.sourceUid}#${n}` };
  }
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
  factsOf: leieFacts,
  parse: parseLeie,
};
