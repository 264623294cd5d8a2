// Posting lists packed into two typed arrays (offsets + data), so millions of short lists cost a few bytes each
// instead of one array object each.

/** Integer lists addressed by position, read as zero-copy views. */
export class Postings {
  readonly #offsets: Uint32Array;
  readonly #data: Uint32Array;

  private constructor(offsets: Uint32Array, data: Uint32Array) {
    this.#offsets = offsets;
    this.#data = data;
  }

  /** Packs the lists (which are then no longer needed). */
  static from(lists: readonly (readonly number[])[]): Postings {
    const offsets = new Uint32Array(lists.length + 1);
    let total = 0;
    for (let i = 0; i < lists.length; i++) {
      offsets[i] = total;
      total += lists[i]!.length;
    }
    offsets[lists.length] = total;
    const data = new Uint32Array(total);
    for (let i = 0; i < lists.length; i++) data.set(lists[i]!, offsets[i]!);
    return new Postings(offsets, data);
  }

  get count(): number {
    return this.#offsets.length - 1;
  }

  /** List `i` as a view (no copy). */
  get(i: number): Uint32Array {
    return this.#data.subarray(this.#offsets[i]!, this.#offsets[i + 1]!);
  }

  length(i: number): number {
    return this.#offsets[i + 1]! - this.#offsets[i]!;
  }
}

/** Integer lists addressed by a string key. */
export class KeyedPostings {
  readonly #ids: Map<string, number>;
  readonly #lists: Postings;

  private constructor(ids: Map<string, number>, lists: Postings) {
    this.#ids = ids;
    this.#lists = lists;
  }

  static from(map: ReadonlyMap<string, readonly number[]>): KeyedPostings {
    const ids = new Map<string, number>();
    const lists: (readonly number[])[] = [];
    for (const [key, list] of map) {
      ids.set(key, lists.length);
      lists.push(list);
    }
    return new KeyedPostings(ids, Postings.from(lists));
  }

  has(key: string): boolean {
    return this.#ids.has(key);
  }

  get(key: string): Uint32Array | undefined {
    const id = this.#ids.get(key);
    return id === undefined ? undefined : this.#lists.get(id);
  }
}
