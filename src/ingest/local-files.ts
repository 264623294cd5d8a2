// Local mode's view of LISTS_DIR: which folder holds a source's files (its own, or that of the source whose
// publication it reads) and which file set is complete there, matching file names as publishers write them
// (OFAC's CONS_PRIM.CSV is cons_prim.csv) whatever their case.
import fs from 'node:fs';
import path from 'node:path';
import type { ListSource, SourceFile } from '../lists/list-source.js';

/** A complete file set found on disk: published name → name on disk. */
export interface LocalFiles {
  readonly folder: string;
  readonly set: readonly SourceFile[];
  /** Every file of the set present (required and optional), by published name. */
  readonly onDisk: Readonly<Record<string, string>>;
}

/** The folders local mode reads for a source, in order: DIR/<slug>, then DIR/<filesFrom>. */
export function localFolders(dir: string, source: ListSource): string[] {
  const slugs = source.filesFrom ? [source.slug, source.filesFrom] : [source.slug];
  return slugs.map((s) => path.join(dir, s));
}

/** The folder local mode would read for a source (the first that exists), or null when none does. */
export function existingFolder(dir: string, source: ListSource): string | null {
  return localFolders(dir, source).find((f) => isDir(f)) ?? null;
}

function isDir(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** The on-disk name of each published name present in the folder: the exact name first, else one differing only in case. */
function onDiskNames(folder: string, set: readonly SourceFile[]): Record<string, string> {
  let entries: string[];
  try {
    entries = fs.readdirSync(folder);
  } catch {
    return {};
  }
  const out: Record<string, string> = {};
  for (const f of set) {
    const found = entries.includes(f.name)
      ? f.name
      : entries.find((e) => e.toLowerCase() === f.name.toLowerCase());
    if (found !== undefined && fs.statSync(path.join(folder, found)).isFile()) out[f.name] = found;
  }
  return out;
}

/** The first of the source's file sets complete in one of its folders, or null. */
export function findLocalFiles(dir: string, source: ListSource): LocalFiles | null {
  for (const folder of localFolders(dir, source)) {
    if (!isDir(folder)) continue;
    for (const set of source.fileSets) {
      const onDisk = onDiskNames(folder, set);
      if (set.every((f) => f.optional || onDisk[f.name] !== undefined)) return { folder, set, onDisk };
    }
  }
  return null;
}

/** What local mode expects, in words: `a.csv + b.csv or c.xml` (required files of each alternative set). */
export function expectedFiles(source: ListSource): string {
  return source.fileSets
    .map((s) =>
      s
        .filter((f) => !f.optional)
        .map((f) => f.name)
        .join(' + '),
    )
    .join(' or ');
}
