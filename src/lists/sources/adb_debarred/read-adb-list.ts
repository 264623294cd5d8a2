// Reads ADB's published sanctions list: a page of the API (`{data: [{attributes}], links}`) or the crawl's file
// (`{data, pages}`, every page's rows gathered). Validates the layout so a change fails loudly.
import type { FileSet } from '../../list-source.js';
import { readJsonFile } from '../../formats/read-json-file.js';

/** One row: its attributes and the row's id when the API gives one. */
export interface AdbRow {
  readonly id: unknown;
  readonly attributes: Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The rows of one answer; throws when `data` or a row's `attributes.name` is missing. */
export function adbRows(body: unknown, where: string): AdbRow[] {
  if (!isObject(body) || !Array.isArray(body['data']))
    throw new Error(`${where}: no "data" array (layout changed?)`);
  return (body['data'] as unknown[]).map((row, i) => {
    if (!isObject(row) || !isObject(row['attributes']))
      throw new Error(`${where}: data[${i}] has no "attributes" object (layout changed?)`);
    if (!('name' in row['attributes']))
      throw new Error(`${where}: data[${i}].attributes has no "name" (layout changed?)`);
    return { id: row['id'], attributes: row['attributes'] };
  });
}

/** Reads and validates the saved file. */
export async function readAdbList(files: FileSet, name: string): Promise<AdbRow[]> {
  return adbRows(await readJsonFile(files, name), name);
}
