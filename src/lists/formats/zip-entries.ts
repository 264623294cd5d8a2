// A minimal ZIP reader (central directory, stored and deflated entries) for XLSX workbooks that exceljs cannot
// load. Whole-buffer: the workbooks read this way are small. No ZIP64, no encryption (both throw).
import zlib from 'node:zlib';

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The entries of a ZIP archive by name, each read (inflated) on demand. */
export interface ZipEntries {
  readonly names: readonly string[];
  has(name: string): boolean;
  /** The entry's bytes; throws when absent. */
  read(name: string): Buffer;
}

function endOfCentralDirectory(buf: Buffer): number {
  // The record is 22 bytes plus a comment of up to 65,535 bytes, at the very end.
  const stop = Math.max(0, buf.length - 22 - 0xffff);
  for (let i = buf.length - 22; i >= stop; i--) if (buf.readUInt32LE(i) === EOCD) return i;
  throw new Error('not a ZIP archive (no end of central directory)');
}

/** Reads the central directory of a ZIP held in memory. */
export function zipEntries(buf: Buffer): ZipEntries {
  if (buf.length < 22) throw new Error('not a ZIP archive (too short)');
  const eocd = endOfCentralDirectory(buf);
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || at === 0xffffffff) throw new Error('ZIP64 archives are not supported');
  const entries = new Map<
    string,
    { method: number; compressed: number; size: number; local: number; flags: number }
  >();
  for (let i = 0; i < count; i++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== CENTRAL)
      throw new Error('corrupt ZIP central directory');
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    entries.set(name, {
      flags: buf.readUInt16LE(at + 8),
      method: buf.readUInt16LE(at + 10),
      compressed: buf.readUInt32LE(at + 20),
      size: buf.readUInt32LE(at + 24),
      local: buf.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return {
    names: [...entries.keys()],
    has: (name) => entries.has(name),
    read(name) {
      const e = entries.get(name);
      if (!e) throw new Error(`ZIP entry ${name} not found`);
      if (e.flags & 1) throw new Error(`ZIP entry ${name} is encrypted`);
      if (buf.readUInt32LE(e.local) !== LOCAL) throw new Error(`ZIP entry ${name}: bad local header`);
      // Sizes come from the central directory: local headers written with data descriptors carry zeros.
      const start = e.local + 30 + buf.readUInt16LE(e.local + 26) + buf.readUInt16LE(e.local + 28);
      const data = buf.subarray(start, start + e.compressed);
      if (e.method === 0) return Buffer.from(data);
      if (e.method === 8) {
        const out = zlib.inflateRawSync(data);
        if (out.length !== e.size) throw new Error(`ZIP entry ${name}: size mismatch after inflating`);
        return out;
      }
      throw new Error(`ZIP entry ${name}: compression method ${e.method} is not supported`);
    },
  };
}
