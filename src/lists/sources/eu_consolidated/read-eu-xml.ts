// Reads the EU FSF XML: sanctionEntity elements streamed one at a time (about 25 MB of XML), and the export
// root's generation date.
import type { FileSet } from '../../list-source.js';
import { xmlElements, type XmlNode } from '../../formats/xml-elements.js';

/** xmlElements with the file name on XML errors (saxes reports only line:column). */
async function* elementsOf(
  files: FileSet,
  file: string,
  recordName: string,
  onRoot?: (a: Record<string, string>) => void,
): AsyncGenerator<XmlNode> {
  try {
    yield* xmlElements(files.open(file), recordName, onRoot);
  } catch (err) {
    throw new Error(`${file}: malformed XML: ${(err as Error).message}`, { cause: err });
  }
}

/**
 * Every sanctionEntity with its 1-based position. The site answers errors with an HTML page: a file without the
 * `<export generationDate=...>` root throws rather than passing as an empty list.
 */
export async function* readEuEntities(
  files: FileSet,
  file: string,
): AsyncGenerator<{ node: XmlNode; index: number }> {
  let index = 0;
  let root: string | null = null;
  for await (const node of elementsOf(files, file, 'sanctionEntity', (attrs) => {
    root = attrs['generationDate'] !== undefined ? 'export' : null;
  })) {
    yield { node, index: ++index };
  }
  if (root === null)
    throw new Error(`${file}: not an FSF export (no <export generationDate=...> root element)`);
}

/** export@generationDate (an xs:dateTime with the Brussels offset) as YYYY-MM-DD, or null. */
export async function readEuGenerationDate(files: FileSet, file: string): Promise<string | null> {
  let generated: string | null = null;
  for await (const _ of elementsOf(files, file, 'sanctionEntity', (attrs) => {
    generated = attrs['generationDate'] ?? null;
  })) {
    break;
  }
  const m = /^\d{4}-\d{2}-\d{2}/.exec(generated ?? '');
  return m ? m[0] : null;
}
