// Posting lists packed into typed arrays (offsets + data), so millions of short lists cost a few bytes each
// instead of one array object each. Built by a stable counting sort of (key, value) pairs: O(pairs + keys).

/** The packed form of posting lists (shareable between threads). */
export interface PostingsData {
  /** keyCount + 1 offsets into `data`. */
  readonly offsets: Uint32Array;
  readonly data: Uint32Array;
}

/** Integer lists addressed by a dense key, read as zero-copy views. */
export class Postings {
  readonly #offsets: Uint32Array;
  readonly #data: Uint32Array;

  constructor(data: PostingsData) {
    this.#offsets = data.offsets;
    this.#data = data.data;
  }

  /** Groups `values` by `keys` (parallel arrays, keys in [0, keyCount)); values keep their input order per key. */
  static pack(keys: Uint32Array, values: Uint32Array, keyCount: number): PostingsData {
    const offsets = new Uint32Array(new SharedArrayBuffer((keyCount + 1) * 4));
    for (let i = 0; i < keys.length; i++) offsets[keys[i]! + 1]!++;
    for (let k = 0; k < keyCount; k++) offsets[k + 1]! += offsets[k]!;
    const fill = offsets.slice(0, keyCount);
    const data = new Uint32Array(new SharedArrayBuffer(Math.max(1, values.length) * 4));
    for (let i = 0; i < keys.length; i++) data[fill[keys[i]!]!++] = values[i]!;
    return { offsets, data: data.subarray(0, values.length) };
  }

  /** List `i` as a view (no copy). */
  get(i: number): Uint32Array {
    return this.#data.subarray(this.#offsets[i]!, this.#offsets[i + 1]!);
  }

  start(i: number): number {
    return this.#offsets[i]!;
  }

  end(i: number): number {
    return this.#offsets[i + 1]!;
  }

  /** The flat data array (read with start/end). */
  get flat(): Uint32Array {
    return this.#data;
  }

  length(i: number): number {
    return this.#offsets[i + 1]! - this.#offsets[i]!;
  }
}

/** The packed form of hash-keyed postings. */
export interface HashPostingsData {
  /** Buckets (a power of two) + 1 offsets. */
  readonly offsets: Uint32Array;
  readonly hashes: Uint32Array;
  readonly values: Uint32Array;
}

/**
 * Values addressed by a 32-bit hash of a string that is not stored (typo keys: millions of strings whose only use
 * is to find candidates). Distinct strings with equal hashes merge; the caller verifies what it finds.
 */
export class HashPostings {
  readonly #d: HashPostingsData;
  readonly #mask: number;

  constructor(data: HashPostingsData) {
    this.#d = data;
    this.#mask = data.offsets.length - 2;
  }

  static pack(hashes: Uint32Array, values: Uint32Array): HashPostingsData {
    // About four entries a bucket: a lookup compares a few hashes, and the offsets stay a fraction of the entries.
    let buckets = 16;
    while (buckets * 4 < hashes.length) buckets *= 2;
    const mask = buckets - 1;
    const offsets = new Uint32Array(new SharedArrayBuffer((buckets + 1) * 4));
    for (let i = 0; i < hashes.length; i++) offsets[(hashes[i]! & mask) + 1]!++;
    for (let b = 0; b < buckets; b++) offsets[b + 1]! += offsets[b]!;
    const fill = offsets.slice(0, buckets);
    const h = new Uint32Array(new SharedArrayBuffer(Math.max(1, hashes.length) * 4));
    const v = new Uint32Array(new SharedArrayBuffer(Math.max(1, hashes.length) * 4));
    for (let i = 0; i < hashes.length; i++) {
      const at = fill[hashes[i]! & mask]!++;
      h[at] = hashes[i]!;
      v[at] = values[i]!;
    }
    return { offsets, hashes: h, values: v };
  }

  /** The bucket of `hash`: entries [start, end) of `hashes`/`values`, to be filtered by hash equality. */
  bucketStart(hash: number): number {
    return this.#d.offsets[hash & this.#mask]!;
  }

  bucketEnd(hash: number): number {
    return this.#d.offsets[(hash & this.#mask) + 1]!;
  }

  get hashes(): Uint32Array {
    return this.#d.hashes;
  }

  get values(): Uint32Array {
    return this.#d.values;
  }
}
