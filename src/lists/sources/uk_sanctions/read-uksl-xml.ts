// Reads the FCDO UK Sanctions List XML: one Designation element at a time, and the DateGenerated element.
import type { Readable } from 'node:stream';
import { xmlElements, type XmlNode } from '../../formats/xml-elements.js';

/** Every Designation with its 1-based position; throws naming the file on bad XML or when there is none. */
export async function* readUkslDesignations(
  input: Readable,
  file: string,
): AsyncGenerator<{ node: XmlNode; index: number }> {
  let index = 0;
  try {
    for await (const node of xmlElements(input, 'Designation')) yield { node, index: ++index };
  } catch (err) {
    const msg = (err as Error).message;
    if (msg.startsWith(file)) throw err;
    throw new Error(`${file}: malformed XML: ${msg}`, { cause: err });
  }
  if (index === 0) throw new Error(`${file}: no Designation element: not the UK Sanctions List XML`);
}

/** The DateGenerated element's text as published (dd/mm/yyyy), or null. */
export async function readUkslDateGenerated(input: Readable): Promise<string | null> {
  for await (const node of xmlElements(input, 'DateGenerated')) return node.text;
  return null;
}
