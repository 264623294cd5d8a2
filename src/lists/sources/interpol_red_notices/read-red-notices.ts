// Reads the saved Red Notice files. red_notices.json holds the list objects of /notices/v1/red: a flat array (as
// the crawl saves it), an array of page arrays (each the `_embedded.notices` of one search page, as collectors keep
// them), or one HAL page `{total, _embedded: {notices}}`. red_notices_details.json holds detail objects of
// /notices/v1/red/{id} (a flat array, or an array of arrays).
import type { FileSet } from '../../list-source.js';
import { readJsonFile } from '../../formats/read-json-file.js';

/** A notice object as published (list or detail); only `entity_id` is required. */
export type RedNotice = Readonly<Record<string, unknown>>;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The `_embedded.notices` array of one HAL page, or null when the page does not have one. */
export function halNotices(page: unknown): unknown[] | null {
  if (!isObject(page)) return null;
  const embedded = page['_embedded'];
  if (!isObject(embedded) || !Array.isArray(embedded['notices'])) return null;
  return embedded['notices'] as unknown[];
}

/** Validates that every element is a notice object with a string entity_id. */
export function checkNotices(values: readonly unknown[], where: string): RedNotice[] {
  return values.map((v, i) => {
    if (!isObject(v)) throw new Error(`${where}: notice #${i} is not an object`);
    if (typeof v['entity_id'] !== 'string' || !v['entity_id'].trim())
      throw new Error(`${where}: notice #${i} has no "entity_id" (layout changed?)`);
    return v;
  });
}

/** Reads one file into notice objects (see the shapes above); throws on any other shape. */
export async function readRedNotices(files: FileSet, name: string): Promise<RedNotice[]> {
  const value = await readJsonFile(files, name);
  const hal = halNotices(value);
  if (hal) return checkNotices(hal, name);
  if (!Array.isArray(value))
    throw new Error(
      `${name}: expected an array of notices or a page with _embedded.notices (layout changed?)`,
    );
  const flat = value.every(Array.isArray) ? (value as unknown[][]).flat() : value;
  return checkNotices(flat, name);
}
