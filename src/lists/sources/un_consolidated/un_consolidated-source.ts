// The UN Security Council Consolidated List: one XML file, individuals then entities, streamed record by record.
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { xmlElements, type XmlNode } from '../../formats/xml-elements.js';
import { toUnEntry } from './to-un-entry.js';

const FILE = 'consolidated.xml';

/** xmlElements with the file name on XML errors (saxes reports only line:column). */
async function* elementsOf(files: FileSet, recordName: string): AsyncGenerator<XmlNode> {
  try {
    yield* xmlElements(files.open(FILE), recordName);
  } catch (err) {
    throw new Error(`${FILE}: malformed XML: ${(err as Error).message}`, { cause: err });
  }
}

/** Streams INDIVIDUAL and ENTITY elements; the two never nest, so one pass per name keeps memory flat. */
async function* parseUn(files: FileSet): AsyncGenerator<ListEntry> {
  const seen = new Set<string>();
  let index = 0;
  for (const recordName of ['INDIVIDUAL', 'ENTITY'] as const) {
    for await (const node of elementsOf(files, recordName)) {
      index++;
      const entry = toUnEntry(node, { file: FILE, index });
      if (seen.has(entry.sourceUid)) {
        throw new Error(`${FILE}: ${recordName} #${index}: DATAID ${entry.sourceUid} appears twice`);
      }
      seen.add(entry.sourceUid);
      yield entry;
    }
  }
}

/** Reads CONSOLIDATED_LIST@dateGenerated (an xs:dateTime in UTC) as the data date. */
async function unDataDate(files: FileSet): Promise<string | null> {
  let generated: string | null = null;
  for await (const _ of xmlElements(files.open(FILE), 'INDIVIDUAL', (attrs) => {
    generated = attrs['dateGenerated'] ?? null;
  })) {
    break;
  }
  const m = /^\d{4}-\d{2}-\d{2}/.exec(generated ?? '');
  return m ? m[0] : null;
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
  parse: parseUn,
  dataDate: unDataDate,
};
