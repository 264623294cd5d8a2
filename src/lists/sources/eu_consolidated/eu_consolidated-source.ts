// The EU Financial Sanctions File (FSF), XML schema 1.1: one sanctionEntity per listed person or enterprise.
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { euFacts, euEntityToEntry } from './eu-entity-to-entry.js';
import { readEuEntities, readEuGenerationDate } from './read-eu-xml.js';

// The download URL ends in /content and names no file; this is the name the FSF site gives the XML 1.1 export.
const FILE = 'xmlFullSanctionsList_1_1.xml';

async function* parseEu(files: FileSet): AsyncGenerator<ListEntry> {
  const seen = new Set<string>();
  for await (const { node, index } of readEuEntities(files, FILE)) {
    const entry = euEntityToEntry(node, { file: FILE, index });
    if (seen.has(entry.sourceUid)) {
      throw new Error(`${FILE}: sanctionEntity #${index}: logicalId ${entry.sourceUid} appears twice`);
    }
    seen.add(entry.sourceUid);
    yield entry;
  }
}

/** EU consolidated list of persons, groups and entities subject to EU financial sanctions. */
export const euConsolidatedSource: ListSource = {
  slug: 'eu_consolidated',
  title: 'EU Financial Sanctions Files',
  publisher: 'European Commission',
  legacy: true,
  format:
    'XML (FSF schema 1.1, namespace http://eu.europa.ec/fpi/fsd/export), root export with sanctionEntity',
  cadence: 'On each publication in the Official Journal; the file can lag the Journal by up to 21 days',
  fileSets: [
    [
      {
        name: FILE,
        url: 'https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw',
      },
    ],
  ],
  factsOf: euFacts,
  parse: parseEu,
  dataDate: (files) => readEuGenerationDate(files, FILE),
};
