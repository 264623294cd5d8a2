// Files held in memory as a FileSet, for parser tests that crawl into a Map or build files on the fly.
import { Readable } from 'node:stream';
import type { FileSet } from '../lists/list-source.js';

/** A FileSet over named in-memory contents (what a test's crawl saved). */
export function memoryFileSet(files: ReadonlyMap<string, string | Buffer>): FileSet {
  return {
    has: (n) => files.has(n),
    open: (n) => Readable.from([Buffer.from(files.get(n)!)]),
    size: (n) => Buffer.byteLength(files.get(n)!),
  };
}
