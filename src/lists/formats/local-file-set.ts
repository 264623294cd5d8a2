// A FileSet over files on disk: local mode (DIR/<slug>/<file>), downloads and tests all read through this.
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FileSet } from '../list-source.js';

/** Files in one folder, by published file name; `files` maps a published name to another on-disk name. */
export function dirFileSet(dir: string, files: Readonly<Record<string, string>> = {}): FileSet {
  const full = (name: string) => path.join(dir, files[name] ?? name);
  return {
    has: (name) => fs.existsSync(full(name)),
    open: (name): Readable => fs.createReadStream(full(name)),
    size: (name) => fs.statSync(full(name)).size,
  };
}

/** Named files at arbitrary paths (real files in ../shared/lists carry dated names). */
export function pathFileSet(paths: Readonly<Record<string, string>>): FileSet {
  return {
    has: (name) => paths[name] !== undefined && fs.existsSync(paths[name]),
    open: (name): Readable => {
      const p = paths[name];
      if (!p) throw new Error(`no file ${name}`);
      return fs.createReadStream(p);
    },
    size: (name) => fs.statSync(paths[name]!).size,
  };
}
