// The EU Financial Sanctions File (FSF), XML schema 1.1: one sanctionEntity per listed person or enterprise.
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { xmlElements, type XmlNode } from '../../formats/xml-elements.js';
import { toEuEntry } from './to-eu-entry.js';

// The download URL ends in /content and names no file; this is the name the FSF site gives the XML 1.1 export.
const FILE = 'xmlFullSanctionsList_1_1.xml';

/** xmlElements with the file name on XML errors (saxes reports only line:column). */
async function* elementsOf(files: FileSet, recordName: string, onRoot?: (a: Record<string, string>) => void) {
  try {
    yield* xmlElements(files.open(FILE), recordName, onRoot) as AsyncGenerator<XmlNode>;
  } catch (err) {
    throw new Error(`${FILE}: malformed XML: ${(err as Error).message}`, { cause: err });
  }
}

/** Streams sanctionEntity elements (about 25 MB of XML), one at a time. */
async function* parseEu(files: FileSet): AsyncGenerator<ListEntry> {
  const seen = new Set<string>();
  let index = 0;
  let root: string | null = null;
  for await (const node of elementsOf(files, 'sanctionEntity', (attrs) => {
    root = attrs['generationDate'] !== undefined ? 'export' : null;
  })) {
    index++;
    const entry = toEuEntry(node, { file: FILE, index });
    if (seen.has(entry.sourceUid)) {
      throw new Error(`${FILE}: sanctionEntity #${index}: logicalId ${entry.sourceUid} appears twice`);
    }
    seen.add(entry.sourceUid);
    yield entry;
  }
  // The site answers errors with an HTML page: no sanctionEntity and no export root must not pass as an empty list.
  if (root === null)
    throw new Error(`${FILE}: not an FSF export (no <export generationDate=...> root element)`);
}

/** Reads export@generationDate (an xs:dateTime with the Brussels offset) as the data date. */
async function euDataDate(files: FileSet): Promise<string | null> {
  let generated: string | null = null;
  for await (const _ of elementsOf(files, 'sanctionEntity', (attrs) => {
    generated = attrs['generationDate'] ?? null;
  })) {
    break;
  }
  const m = /^\d{4}-\d{2}-\d{2}/.exec(generated ?? '');
  return m ? m[0] : null;
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
  parse: parseEu,
  dataDate: euDataDate,
};
