// Interned single-byte strings (token texts, variant keys, metaphone codes) in typed arrays: an open-addressing
// hash table over packed bytes, so millions of distinct strings cost a few bytes each and no JS objects.
import { shared } from './packed-arrays.js';

/** The packed form of a string table (shareable between threads). */
export interface StringTableData {
  readonly bytes: Uint8Array;
  /** count + 1 offsets into `bytes`. */
  readonly offsets: Uint32Array;
  /** FNV-1a hash of each string. */
  readonly hashes: Uint32Array;
  /** Open addressing, length a power of two; id + 1, 0 = empty. */
  readonly slots: Uint32Array;
}

/** FNV-1a over char codes (strings here hold single-byte characters only). */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function slotCount(n: number): number {
  let size = 16;
  while (size < n * 2) size *= 2;
  return size;
}

function sameText(bytes: Uint8Array, start: number, end: number, s: string): boolean {
  if (end - start !== s.length) return false;
  for (let i = 0; i < s.length; i++) if (bytes[start + i] !== s.charCodeAt(i)) return false;
  return true;
}

/** Read-only string table: id by string, string by id. */
export class StringTable {
  readonly #d: StringTableData;
  readonly #mask: number;
  readonly #text: Buffer;

  // getSwap's swapped letters, reused.
  #scratch = new Uint8Array(64);

  constructor(data: StringTableData) {
    this.#d = data;
    this.#mask = data.slots.length - 1;
    this.#text = Buffer.from(data.bytes.buffer, data.bytes.byteOffset, data.bytes.byteLength);
  }

  get size(): number {
    return this.#d.offsets.length - 1;
  }

  get data(): StringTableData {
    return this.#d;
  }

  /** The id of `s`, or -1. */
  get(s: string): number {
    const { slots, offsets, hashes, bytes } = this.#d;
    const h = hashString(s);
    for (let i = h & this.#mask; ; i = (i + 1) & this.#mask) {
      const v = slots[i]!;
      if (v === 0) return -1;
      const id = v - 1;
      if (hashes[id] === h && sameText(bytes, offsets[id]!, offsets[id + 1]!, s)) return id;
    }
  }

  /** The id of `s.slice(start, end)` (without making that string), or -1. */
  getRange(s: string, start: number, end: number): number {
    let h = 0x811c9dc5;
    for (let i = start; i < end; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    h >>>= 0;
    const { slots, offsets, hashes, bytes } = this.#d;
    const len = end - start;
    for (let i = h & this.#mask; ; i = (i + 1) & this.#mask) {
      const v = slots[i]!;
      if (v === 0) return -1;
      const id = v - 1;
      if (hashes[id] !== h) continue;
      const from = offsets[id]!;
      if (offsets[id + 1]! - from !== len) continue;
      let k = 0;
      while (k < len && bytes[from + k] === s.charCodeAt(start + k)) k++;
      if (k === len) return id;
    }
  }

  /**
   * The id of the string whose single-byte characters are `view`'s first `len` bytes (without making that string),
   * or -1.
   */
  getBytes(view: Uint8Array, len = view.length): number {
    let h = 0x811c9dc5;
    for (let k = 0; k < len; k++) h = Math.imul(h ^ view[k]!, 0x01000193);
    h >>>= 0;
    const { slots, offsets, hashes, bytes } = this.#d;
    for (let i = h & this.#mask; ; i = (i + 1) & this.#mask) {
      const v = slots[i]!;
      if (v === 0) return -1;
      const id = v - 1;
      if (hashes[id] !== h) continue;
      const from = offsets[id]!;
      if (offsets[id + 1]! - from !== len) continue;
      let k = 0;
      while (k < len && bytes[from + k] === view[k]) k++;
      if (k === len) return id;
    }
  }

  /** The id of `s` with its letters at `i` and `i + 1` swapped (without making that string), or -1. */
  getSwap(s: string, i: number): number {
    const len = s.length;
    if (this.#scratch.length < len) this.#scratch = new Uint8Array(Math.max(len, 2 * this.#scratch.length));
    const scratch = this.#scratch;
    for (let k = 0; k < len; k++) {
      const c = s.charCodeAt(k === i ? i + 1 : k === i + 1 ? i : k);
      // No listed text holds a character the table's bytes cannot (a byte never equals it).
      if (c > 0xff) return -1;
      scratch[k] = c;
    }
    return this.getBytes(scratch, len);
  }

  /** The id of `key` with the letter at `skip` left out, given that string's hash (see deletionHashes), or -1. */
  getDeletion(key: string, skip: number, hash: number): number {
    const { slots, offsets, hashes, bytes } = this.#d;
    for (let i = hash & this.#mask; ; i = (i + 1) & this.#mask) {
      const v = slots[i]!;
      if (v === 0) return -1;
      const id = v - 1;
      if (hashes[id] !== hash) continue;
      const start = offsets[id]!;
      if (offsets[id + 1]! - start !== key.length - 1) continue;
      let same = true;
      for (let k = 0, b = start; k < key.length && same; k++) {
        if (k === skip) continue;
        same = bytes[b++] === key.charCodeAt(k);
      }
      if (same) return id;
    }
  }

  text(id: number): string {
    return this.#text.toString('latin1', this.#d.offsets[id]!, this.#d.offsets[id + 1]!);
  }

  length(id: number): number {
    return this.#d.offsets[id + 1]! - this.#d.offsets[id]!;
  }
}

/** Builds a string table by interning. */
export class StringTableBuilder {
  #bytes = new Uint8Array(1 << 16);
  #byteLength = 0;
  #offsets = new Uint32Array(1 << 12);
  #hashes = new Uint32Array(1 << 12);
  #count = 0;
  #scratch = new Uint8Array(64);
  // Open addressing with each slot's hash beside its id ([hash, id + 1] pairs): a probe reads one cache line.
  #slots = new Uint32Array(2 << 13);
  #mask = (1 << 13) - 1;

  get size(): number {
    return this.#count;
  }

  /** A builder holding the strings of a finished table, with their ids, to intern more into. */
  static resume(data: StringTableData): StringTableBuilder {
    const b = new StringTableBuilder();
    const n = data.offsets.length - 1;
    b.#bytes = Uint8Array.from(data.bytes);
    b.#byteLength = data.bytes.length;
    b.#offsets = new Uint32Array(Math.max(16, n * 2 + 2));
    b.#offsets.set(data.offsets);
    b.#hashes = new Uint32Array(Math.max(16, n * 2 + 2));
    b.#hashes.set(data.hashes);
    b.#count = n;
    b.#reslot(slotCount(n + 1) * 2);
    return b;
  }

  /** Interns every string of `data`; returns their ids here, by their ids there. */
  merge(data: StringTableData): Uint32Array {
    const n = data.offsets.length - 1;
    const map = new Uint32Array(n);
    for (let id = 0; id < n; id++)
      map[id] = this.internBytes(data.bytes.subarray(data.offsets[id], data.offsets[id + 1]));
    return map;
  }

  /** The id of `s` (single-byte characters), added if new. */
  intern(s: string): number {
    if (s.length > this.#scratch.length) this.#scratch = new Uint8Array(s.length * 2);
    for (let k = 0; k < s.length; k++) this.#scratch[k] = s.charCodeAt(k);
    return this.internBytes(this.#scratch.subarray(0, s.length));
  }

  /** The id of the string whose single-byte characters `view` holds, added if new. */
  internBytes(view: Uint8Array): number {
    let h = 0x811c9dc5;
    for (let k = 0; k < view.length; k++) h = Math.imul(h ^ view[k]!, 0x01000193);
    h >>>= 0;
    const bytes = this.#bytes;
    const offsets = this.#offsets;
    const slots = this.#slots;
    const mask = this.#mask;
    let i = h & mask;
    for (; ; i = (i + 1) & mask) {
      const v = slots[2 * i + 1]!;
      if (v === 0) break;
      if (slots[2 * i] !== h) continue;
      const start = offsets[v - 1]!;
      if (offsets[v]! - start !== view.length) continue;
      let k = 0;
      while (k < view.length && bytes[start + k] === view[k]) k++;
      if (k === view.length) return v - 1;
    }
    return this.#add(view, h, i);
  }

  #add(s: Uint8Array, h: number, slot: number): number {
    const id = this.#count++;
    if (this.#byteLength + s.length > this.#bytes.length) {
      const next = new Uint8Array(Math.max(this.#byteLength + s.length, this.#bytes.length * 2));
      next.set(this.#bytes.subarray(0, this.#byteLength));
      this.#bytes = next;
    }
    this.#bytes.set(s, this.#byteLength);
    this.#byteLength += s.length;
    if (id + 2 > this.#offsets.length) {
      const offsets = new Uint32Array(this.#offsets.length * 2);
      offsets.set(this.#offsets);
      this.#offsets = offsets;
      const hashes = new Uint32Array(this.#hashes.length * 2);
      hashes.set(this.#hashes);
      this.#hashes = hashes;
    }
    this.#offsets[id + 1] = this.#byteLength;
    this.#hashes[id] = h;
    this.#slots[2 * slot] = h;
    this.#slots[2 * slot + 1] = id + 1;
    if (this.#count * 2 > this.#mask + 1) this.#reslot((this.#mask + 1) * 2);
    return id;
  }

  #reslot(size: number): void {
    const slots = new Uint32Array(2 * size);
    const mask = size - 1;
    for (let id = 0; id < this.#count; id++) {
      const h = this.#hashes[id]!;
      let i = h & mask;
      while (slots[2 * i + 1] !== 0) i = (i + 1) & mask;
      slots[2 * i] = h;
      slots[2 * i + 1] = id + 1;
    }
    this.#slots = slots;
    this.#mask = mask;
  }

  /** The packed table on shared memory (slots resized to the final count). */
  finish(): StringTableData {
    const n = this.#count;
    const hashes = shared(this.#hashes.subarray(0, n));
    const size = slotCount(n);
    const slots = new Uint32Array(new SharedArrayBuffer(size * 4));
    const mask = size - 1;
    for (let id = 0; id < n; id++) {
      let i = hashes[id]! & mask;
      while (slots[i] !== 0) i = (i + 1) & mask;
      slots[i] = id + 1;
    }
    return {
      bytes: shared(this.#bytes.subarray(0, this.#byteLength)),
      offsets: shared(this.#offsets.subarray(0, n + 1)),
      hashes,
      slots,
    };
  }
}
