// Reads a saved JSON file of a source (what a crawl gathered, or a publisher's JSON answer) whole and parses it:
// these files are small; the large JSON publications (Wikidata, ransomwhe.re) have their own size-capped readers.
import { text } from 'node:stream/consumers';
import type { FileSet } from '../list-source.js';

/** The file's parsed content (a leading byte-order mark dropped); throws `<file>: not JSON: ...` when it does not parse. */
export async function readJsonFile(files: FileSet, file: string): Promise<unknown> {
  const body = await text(files.open(file));
  try {
    return JSON.parse(body) as unknown;
  } catch (err) {
    throw new Error(`${file}: not JSON: ${(err as Error).message}`, { cause: err });
  }
}
