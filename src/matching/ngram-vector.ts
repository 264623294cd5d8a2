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
