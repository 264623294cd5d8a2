// Character n-gram vectors (2- and 3-grams of each padded token) and their cosine, for fuzzy_search.

/** A sparse count vector with its precomputed Euclidean norm. */
export interface NgramVector {
  readonly counts: ReadonlyMap<string, number>;
  readonly norm: number;
}

/** Builds the vector from folded tokens; token order does not matter because each token is padded on its own. */
export function ngramVector(tokens: readonly string[]): NgramVector {
  const counts = new Map<string, number>();
  for (const token of tokens) {
    const padded = `^${token}$`;
    for (let n = 2; n <= 3; n++) {
      for (let i = 0; i + n <= padded.length; i++) {
        const gram = padded.slice(i, i + n);
        counts.set(gram, (counts.get(gram) ?? 0) + 1);
      }
    }
  }
  let sum = 0;
  for (const c of counts.values()) sum += c * c;
  return { counts, norm: Math.sqrt(sum) };
}

/** Cosine similarity in [0, 1]. */
export function cosineSimilarity(a: NgramVector, b: NgramVector): number {
  if (a.norm === 0 || b.norm === 0) return 0;
  const [small, large] = a.counts.size <= b.counts.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [gram, c] of small.counts) dot += c * (large.counts.get(gram) ?? 0);
  return dot / (a.norm * b.norm);
}

// Integer n-gram ids, so an index can keep each distinct token's grams in a typed array and compute cosines with
// dense arrays instead of string-keyed maps. Tokens hold only a-z and 0-9, padded with ^ and $: 38 symbols, so
// every trigram has an id below 38^3 and every bigram one in the next 38^2 (all below 65,536).
const SYMBOLS = 38;
const TRIGRAMS = SYMBOLS ** 3;
/** Size of the n-gram id space. */
export const GRAM_SPACE = TRIGRAMS + SYMBOLS ** 2;

function symbol(ch: string): number {
  if (ch === '^') return 0;
  if (ch === '$') return 1;
  const c = ch.charCodeAt(0);
  if (c >= 97 && c <= 122) return c - 95; // a-z -> 2..27
  if (c >= 48 && c <= 57) return c - 20; // 0-9 -> 28..37
  return 1; // not produced by the normaliser; folded onto '$' rather than failing
}

/** The 2- and 3-gram ids of one padded token, with repeats (the same grams ngramVector counts). */
export function gramIds(token: string): number[] {
  const s = [0, ...Array.from(token, symbol), 1];
  const out: number[] = [];
  for (let i = 0; i + 2 <= s.length; i++) out.push(TRIGRAMS + s[i]! * SYMBOLS + s[i + 1]!);
  for (let i = 0; i + 3 <= s.length; i++) out.push((s[i]! * SYMBOLS + s[i + 1]!) * SYMBOLS + s[i + 2]!);
  return out;
}

/**
 * Cosines between one query and many names, on dense arrays over the gram id space: the query's counts are
 * set once; each name's grams are counted in a scratch array that is reset after use.
 */
export class GramCosine {
  readonly #query = new Float64Array(GRAM_SPACE);
  readonly #counts = new Uint16Array(GRAM_SPACE);
  readonly #touched: number[] = [];
  #queryNorm = 0;
  readonly #queryGrams: number[] = [];
  #version = 0;

  /** Changes whenever the query does, so per-query caches of tokenDot know when to start over. */
  get version(): number {
    return this.#version;
  }

  /** Sets the query (its tokens' grams). */
  setQuery(tokenGrams: Iterable<ArrayLike<number>>): void {
    this.#version++;
    for (const g of this.#queryGrams) this.#query[g] = 0;
    this.#queryGrams.length = 0;
    for (const grams of tokenGrams)
      for (let i = 0; i < grams.length; i++) {
        const g = grams[i]!;
        if (this.#query[g] === 0) this.#queryGrams.push(g);
        this.#query[g]!++;
      }
    let sum = 0;
    for (const g of this.#queryGrams) sum += this.#query[g]! * this.#query[g]!;
    this.#queryNorm = Math.sqrt(sum);
  }

  /**
   * Cosine in [0, 1] of the query with a name given as token ids `tids[from, to)` of a token table (`bytes` and
   * `offsets`): the grams of each token computed from its letters on the way (the same ids gramIds gives).
   */
  cosineTokens(bytes: Uint8Array, offsets: Uint32Array, tids: Uint32Array, from: number, to: number): number {
    let dot = 0;
    const counts = this.#counts;
    const touched = this.#touched;
    const query = this.#query;
    for (let k = from; k < to; k++) {
      const t = tids[k]!;
      let prev2 = -1;
      let prev = 0; // ^
      for (let i = offsets[t]!, end = offsets[t + 1]!; i <= end; i++) {
        let cur = 1; // $
        if (i < end) {
          const c = bytes[i]!;
          cur = c >= 97 && c <= 122 ? c - 95 : c >= 48 && c <= 57 ? c - 20 : 1;
        }
        const bigram = TRIGRAMS + prev * SYMBOLS + cur;
        if (counts[bigram] === 0) touched.push(bigram);
        counts[bigram]!++;
        dot += query[bigram]!;
        if (prev2 >= 0) {
          const trigram = (prev2 * SYMBOLS + prev) * SYMBOLS + cur;
          if (counts[trigram] === 0) touched.push(trigram);
          counts[trigram]!++;
          dot += query[trigram]!;
        }
        prev2 = prev;
        prev = cur;
      }
    }
    return this.#finish(dot);
  }

  /** Cosine in [0, 1] of the query with a name given as its tokens' grams. */
  cosine(tokenGrams: Iterable<ArrayLike<number>>): number {
    let dot = 0;
    const counts = this.#counts;
    const touched = this.#touched;
    for (const grams of tokenGrams)
      for (let i = 0; i < grams.length; i++) {
        const g = grams[i]!;
        if (counts[g] === 0) touched.push(g);
        counts[g]!++;
        dot += this.#query[g]!;
      }
    return this.#finish(dot);
  }

  /**
   * The query's dot product with one token's grams (token `t` of the table). A name's dot product with the query is
   * the sum of its tokens' (each gram occurrence adds the query's count of that gram), so a caller can keep it per
   * token for the current query; with `nameNormSq` per name, `cosineOf` then gives what cosineTokens gives.
   */
  tokenDot(bytes: Uint8Array, offsets: Uint32Array, t: number): number {
    const query = this.#query;
    let dot = 0;
    let prev2 = -1;
    let prev = 0; // ^
    for (let i = offsets[t]!, end = offsets[t + 1]!; i <= end; i++) {
      let cur = 1; // $
      if (i < end) {
        const c = bytes[i]!;
        cur = c >= 97 && c <= 122 ? c - 95 : c >= 48 && c <= 57 ? c - 20 : 1;
      }
      dot += query[TRIGRAMS + prev * SYMBOLS + cur]!;
      if (prev2 >= 0) dot += query[(prev2 * SYMBOLS + prev) * SYMBOLS + cur]!;
      prev2 = prev;
      prev = cur;
    }
    return dot;
  }

  /** The squared norm of a name's gram counts (tokens `tids[from, to)`): independent of the query. */
  nameNormSq(bytes: Uint8Array, offsets: Uint32Array, tids: Uint32Array, from: number, to: number): number {
    const counts = this.#counts;
    const touched = this.#touched;
    for (let k = from; k < to; k++) {
      const t = tids[k]!;
      let prev2 = -1;
      let prev = 0;
      for (let i = offsets[t]!, end = offsets[t + 1]!; i <= end; i++) {
        let cur = 1;
        if (i < end) {
          const c = bytes[i]!;
          cur = c >= 97 && c <= 122 ? c - 95 : c >= 48 && c <= 57 ? c - 20 : 1;
        }
        const bigram = TRIGRAMS + prev * SYMBOLS + cur;
        if (counts[bigram] === 0) touched.push(bigram);
        counts[bigram]!++;
        if (prev2 >= 0) {
          const trigram = (prev2 * SYMBOLS + prev) * SYMBOLS + cur;
          if (counts[trigram] === 0) touched.push(trigram);
          counts[trigram]!++;
        }
        prev2 = prev;
        prev = cur;
      }
    }
    let sum = 0;
    for (const g of touched) {
      sum += counts[g]! * counts[g]!;
      counts[g] = 0;
    }
    touched.length = 0;
    return sum;
  }

  /** The cosine from a name's dot product with the query and its squared norm (as #finish computes it). */
  cosineOf(dot: number, normSq: number): number {
    const norm = Math.sqrt(normSq);
    return norm === 0 || this.#queryNorm === 0 ? 0 : dot / (norm * this.#queryNorm);
  }

  // The cosine from the dot product and the counts the name left in the scratch array (which it resets).
  #finish(dot: number): number {
    const counts = this.#counts;
    let sum = 0;
    for (const g of this.#touched) {
      sum += counts[g]! * counts[g]!;
      counts[g] = 0;
    }
    this.#touched.length = 0;
    const norm = Math.sqrt(sum);
    return norm === 0 || this.#queryNorm === 0 ? 0 : dot / (norm * this.#queryNorm);
  }
}
