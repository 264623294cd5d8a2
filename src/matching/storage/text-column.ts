// Strings of any script packed as UTF-8 in one byte array (listed names, source ids): millions of them cost their
// bytes plus four, and are decoded only for the few matches a search returns.
import { GrowableBytes, GrowableU32, shared } from './packed-arrays.js';

/** The packed form of a text column (shareable between threads). */
export interface TextColumnData {
  readonly bytes: Uint8Array;
  /** count + 1 offsets into `bytes`. */
  readonly offsets: Uint32Array;
}

/** Read access to a text column. */
export class TextColumn {
  readonly #text: Buffer;
  readonly #offsets: Uint32Array;

  constructor(data: TextColumnData) {
    this.#text = Buffer.from(data.bytes.buffer, data.bytes.byteOffset, data.bytes.byteLength);
    this.#offsets = data.offsets;
  }

  get size(): number {
    return this.#offsets.length - 1;
  }

  get(i: number): string {
    return this.#text.toString('utf8', this.#offsets[i]!, this.#offsets[i + 1]!);
  }
}

/** Appends strings to a text column. */
export class TextColumnBuilder {
  readonly #bytes = new GrowableBytes(1 << 16);
  readonly #offsets = new GrowableU32(1 << 12);

  constructor() {
    this.#offsets.push(0);
  }

  push(text: string): void {
    this.#bytes.write(text);
    this.#offsets.push(this.#bytes.length);
  }

  finish(): TextColumnData {
    return { bytes: shared(this.#bytes.view()), offsets: shared(this.#offsets.view()) };
  }
}
