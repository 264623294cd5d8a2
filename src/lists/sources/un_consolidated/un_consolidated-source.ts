// The UN Security Council Consolidated List: one XML file, individuals then entities, streamed record by record.
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { readUnDateGenerated, readUnRecords } from './read-un-xml.js';
import { unFacts, unRecordToEntry } from './un-record-to-entry.js';

const FILE = 'consolidated.xml';

async function* parseUn(files: FileSet): AsyncGenerator<ListEntry> {
  const seen = new Set<string>();
  for await (const { node, index } of readUnRecords(files, FILE)) {
    const entry = unRecordToEntry(node, { file: FILE, index });
    if (seen.has(entry.sourceUid)) {
      throw new Error(`${FILE}: ${node.name} #${index}: DATAID ${entry.sourceUid} appears twice`);
    }
    seen.add(entry.sourceUid);
    yield entry;
  }
}

/** UN Security Council Consolidated List (all sanctions committees' regimes in one file). */
export const unConsolidatedSource: ListSource = {
  slug: 'un_consolidated',
  title: 'UN Security Council Consolidated List',
  publisher: 'United Nations',
  legacy: true,
  format: 'XML (UTF-8), root CONSOLIDATED_LIST with INDIVIDUALS/INDIVIDUAL and ENTITIES/ENTITY',
  cadence:
    'Irregular: regenerated whenever a sanctions committee amends its list (often several times a month)',
  fileSets: [[{ name: FILE, url: 'https://scsanctions.un.org/resources/xml/en/consolidated.xml' }]],
  factsOf: unFacts,
  parse: parseUn,
  dataDate: (files) => readUnDateGenerated(files, FILE),
};
