// Where the real official list files live (../shared/lists beside the project); tests on them skip when absent.
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../../../shared/lists');

/** The real-data folder, or null when this checkout has no ../shared beside it. */
export const sharedListsDir: string | null = fs.existsSync(dir) ? dir : null;

/** Path of a file under ../shared/lists (only call when sharedListsDir is set). */
export function sharedListFile(...parts: string[]): string {
  if (!sharedListsDir) throw new Error('../shared/lists is not present');
  return path.join(sharedListsDir, ...parts);
}

export const sharedListsSkipReason = '../shared/lists not present: real-file tests skipped';
