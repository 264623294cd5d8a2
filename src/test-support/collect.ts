// Drains a source's parse into an array: every source test reads its entries through this.
import type { FileSet, ListEntry, ListSource } from '../lists/list-source.js';

/** Every entry the source parses from the files (the parse's error, if any, rejects). */
export async function collect(source: Pick<ListSource, 'parse'>, files: FileSet): Promise<ListEntry[]> {
  const out: ListEntry[] = [];
  for await (const e of source.parse(files)) out.push(e);
  return out;
}

/** The entries parsed before the parse failed, and its error (null when it did not fail). */
export async function collectUntilError(
  source: Pick<ListSource, 'parse'>,
  files: FileSet,
): Promise<{ entries: ListEntry[]; error: Error | null }> {
  const entries: ListEntry[] = [];
  try {
    for await (const e of source.parse(files)) entries.push(e);
    return { entries, error: null };
  } catch (err) {
    return { entries, error: err as Error };
  }
}
