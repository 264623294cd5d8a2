// Reads the saved FBI wanted file: the API's `{total, items, page}` answer, or the crawl's `{total, items, pages}`
// (every page gathered). Validates the root so a layout change fails loudly.
import type { FileSet } from '../../list-source.js';
import { readJsonFile } from '../../formats/read-json-file.js';

/** One item of the FBI wanted API as published (only the fields this source reads are typed). */
export type FbiItem = Readonly<Record<string, unknown>>;

/** The parsed file: the declared total and the items. */
export interface FbiWantedFile {
  readonly total: number | null;
  readonly items: readonly FbiItem[];
}

/** Validates one API answer (a page or the saved file): an object with an `items` array and a numeric `total`. */
export function fbiWantedBody(value: unknown, where: string): FbiWantedFile {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(
      `${where}: expected a JSON object {total, items}, got ${Array.isArray(value) ? 'an array' : typeof value}`,
    );
  const obj = value as Record<string, unknown>;
  if (!Array.isArray(obj['items'])) throw new Error(`${where}: no "items" array (layout changed?)`);
  if (typeof obj['total'] !== 'number') throw new Error(`${where}: no numeric "total" (layout changed?)`);
  const items = obj['items'] as unknown[];
  items.forEach((it, i) => {
    if (typeof it !== 'object' || it === null || Array.isArray(it))
      throw new Error(`${where}: items[${i}] is not an object`);
    if (typeof (it as Record<string, unknown>)['uid'] !== 'string')
      throw new Error(`${where}: items[${i}] has no "uid" (layout changed?)`);
  });
  return { total: obj['total'] as number, items: items as FbiItem[] };
}

/** Reads and validates the saved file. */
export async function readFbiWantedFile(files: FileSet, name: string): Promise<FbiWantedFile> {
  return fbiWantedBody(await readJsonFile(files, name), name);
}
