// Typed-array helpers for the packed name index: growable arrays while building, SharedArrayBuffer-backed copies
// when done (so worker threads share the index instead of copying it).

/** A Uint32Array that grows while the index is built. */
export class GrowableU32 {
  #data: Uint32Array;
  #length = 0;

  constructor(capacity = 1024) {
    this.#data = new Uint32Array(Math.max(16, capacity));
  }

  get length(): number {
    return this.#length;
  }

  push(value: number): void {
    if (this.#length === this.#data.length) this.#grow(this.#length + 1);
    this.#data[this.#length++] = value;
  }

  get(i: number): number {
    return this.#data[i]!;
  }

  set(i: number, value: number): void {
    this.#data[i] = value;
  }

  /** A view of the pushed values (valid until the next push). */
  view(): Uint32Array {
    return this.#data.subarray(0, this.#length);
  }

  #grow(min: number): void {
    const next = new Uint32Array(Math.max(min, this.#data.length * 2));
    next.set(this.#data);
    this.#data = next;
  }
}

/** Bytes that grow while the index is built (token texts, raw names as UTF-8). */
export class GrowableBytes {
  #data: Buffer;
  #length = 0;

  constructor(capacity = 4096) {
    this.#data = Buffer.allocUnsafe(Math.max(64, capacity));
  }

  get length(): number {
    return this.#length;
  }

  /** Appends a string as UTF-8; returns the byte length written. */
  write(text: string): number {
    const max = text.length * 3;
    if (this.#length + max > this.#data.length) this.#grow(this.#length + max);
    const n = this.#data.write(text, this.#length, 'utf8');
    this.#length += n;
    return n;
  }

  view(): Uint8Array {
    return this.#data.subarray(0, this.#length);
  }

  #grow(min: number): void {
    const next = Buffer.allocUnsafe(Math.max(min, this.#data.length * 2));
    this.#data.copy(next, 0, 0, this.#length);
    this.#data = next;
  }
}

type SharableArray = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float32Array | Float64Array;

/** A copy of `src` on a SharedArrayBuffer (zero-length arrays included). */
export function shared<T extends SharableArray>(src: T): T {
  // A Buffer (a Uint8Array subclass) is copied as a plain Uint8Array: Buffer's own constructor is deprecated.
  const ctor = (Buffer.isBuffer(src) ? Uint8Array : src.constructor) as new (buffer: SharedArrayBuffer) => T;
  const out = new ctor(new SharedArrayBuffer(Math.max(1, src.length) * src.BYTES_PER_ELEMENT));
  const view = out.length === src.length ? out : (out.subarray(0, src.length) as T);
  view.set(src as never);
  return view;
}
