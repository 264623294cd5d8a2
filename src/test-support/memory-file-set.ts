// Files held in memory as a FileSet, for parser tests that crawl into a Map or build files on the fly.
import { Readable } from 'node:stream';
import type { FileSet } from '../lists/list-source.js';

/** Contents by published file name: what a test's crawl saved (a Map) or a plain object. */
export type MemoryFiles = ReadonlyMap<string, string | Buffer> | Readonly<Record<string, string | Buffer>>;

/** How the in-memory files behave. */
export interface MemoryFileSetOptions {
  /** Deliver each file in chunks of this many bytes (0: one chunk), so streaming parsers meet split input. */
  readonly chunkBytes?: number;
  /** Sizes to declare instead of the real ones (size caps are checked before a file is read). */
  readonly sizes?: Readonly<Record<string, number>>;
  /** How string contents become bytes (default utf8; latin1 writes Windows-1252 files byte for byte). */
  readonly encoding?: BufferEncoding;
}

/** A FileSet over named in-memory contents. */
export function memoryFileSet(files: MemoryFiles, opts: MemoryFileSetOptions = {}): FileSet {
  const map: ReadonlyMap<string, string | Buffer> =
    files instanceof Map ? files : new Map(Object.entries(files as Record<string, string | Buffer>));
  const bytes = (n: string): Buffer => {
    const content = map.get(n);
    if (content === undefined) throw new Error(`no file ${n}`);
    return typeof content === 'string' ? Buffer.from(content, opts.encoding ?? 'utf8') : content;
  };
  return {
    has: (n) => map.has(n),
    open: (n) => {
      const buf = bytes(n);
      const size = opts.chunkBytes ?? 0;
      if (size <= 0) return Readable.from([buf]);
      const parts: Buffer[] = [];
      for (let i = 0; i < buf.length; i += size) parts.push(buf.subarray(i, i + size));
      return Readable.from(parts);
    },
    size: (n) => opts.sizes?.[n] ?? bytes(n).length,
  };
}
