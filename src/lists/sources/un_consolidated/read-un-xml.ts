// Reads the UN consolidated XML: INDIVIDUAL then ENTITY elements, streamed one at a time (the two never nest,
// so one pass per name keeps memory flat), and the generation date on the root element.
import type { FileSet } from '../../list-source.js';
import { xmlElements, type XmlNode } from '../../formats/xml-elements.js';

/** xmlElements with the file name on XML errors (saxes reports only line:column). */
async function* elementsOf(files: FileSet, file: string, recordName: string): AsyncGenerator<XmlNode> {
  try {
    yield* xmlElements(files.open(file), recordName);
  } catch (err) {
    throw new Error(`${file}: malformed XML: ${(err as Error).message}`, { cause: err });
  }
}

/** Every INDIVIDUAL, then every ENTITY element, with its 1-based position among them. */
export async function* readUnRecords(
  files: FileSet,
  file: string,
): AsyncGenerator<{ node: XmlNode; index: number }> {
  let index = 0;
  for (const recordName of ['INDIVIDUAL', 'ENTITY'] as const) {
    for await (const node of elementsOf(files, file, recordName)) yield { node, index: ++index };
  }
}

/** CONSOLIDATED_LIST@dateGenerated (an xs:dateTime in UTC) as YYYY-MM-DD, or null. */
export async function readUnDateGenerated(files: FileSet, file: string): Promise<string | null> {
  let generated: string | null = null;
  for await (const _ of xmlElements(files.open(file), 'INDIVIDUAL', (attrs) => {
    generated = attrs['dateGenerated'] ?? null;
  })) {
    break;
  }
  const m = /^\d{4}-\d{2}-\d{2}/.exec(generated ?? '');
  return m ? m[0] : null;
}
