// String similarity measures on folded ASCII tokens (pure, allocation-light).

let flags = new Uint8Array(128);

/** Jaro-Winkler similarity in [0, 1] (prefix scale 0.1, prefix up to 4). */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (la === 0 || lb === 0) return 0;
  const range = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  if (flags.length < la + lb) flags = new Uint8Array(2 * (la + lb));
  const aMatched = flags.subarray(0, la).fill(0);
  const bMatched = flags.subarray(la, la + lb).fill(0);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const lo = Math.max(0, i - range);
    const hi = Math.min(lb - 1, i + range);
    for (let j = lo; j <= hi; j++) {
      if (bMatched[j] || a.charCodeAt(i) !== b.charCodeAt(j)) continue;
      aMatched[i] = 1;
      bMatched[j] = 1;
      matches++;
      break;
    }
  }
  if (matches === 0) return 0;
  let transpositions = 0;
  let k = 0;
  for (let i = 0; i < la; i++) {
    if (!aMatched[i]) continue;
    while (!bMatched[k]) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  const m = matches;
  const jaro = (m / la + m / lb + (m - transpositions / 2) / m) / 3;
  let prefix = 0;
  while (prefix < 4 && prefix < la && prefix < lb && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

// Reused rows (searches are synchronous): no allocation per comparison.
let rows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Optimal-string-alignment (Damerau-Levenshtein) edit distance: substitution, insertion, deletion, adjacent swap. */
export function damerauLevenshtein(a: string, b: string): number {
  const la = a.length;
  const lb = b.length;
  if (la === 0) return lb;
  if (lb === 0) return la;
  if (rows[0].length <= lb) rows = [new Int32Array(lb + 1), new Int32Array(lb + 1), new Int32Array(lb + 1)];
  let [prev2, prev, cur] = rows;
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cb = b.charCodeAt(j - 1);
      let v = prev[j - 1]! + (ca === cb ? 0 : 1);
      const del = prev[j]! + 1;
      const ins = cur[j - 1]! + 1;
      if (del < v) v = del;
      if (ins < v) v = ins;
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        const swap = prev2[j - 2]! + 1;
        if (swap < v) v = swap;
      }
      cur[j] = v;
    }
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return prev[lb]!;
}

/**
 * Whether `a` and `b` differ by exactly one swap of two adjacent letters, at or after position `from` (same length,
 * everything else equal): "lakahl" / "lakhal".
 */
export function oneAdjacentSwap(a: string, b: string, from = 0): boolean {
  if (a.length !== b.length || a === b) return false;
  let i = 0;
  while (a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i < from || i + 1 >= a.length) return false;
  if (a.charCodeAt(i) !== b.charCodeAt(i + 1) || a.charCodeAt(i + 1) !== b.charCodeAt(i)) return false;
  for (let j = i + 2; j < a.length; j++) if (a.charCodeAt(j) !== b.charCodeAt(j)) return false;
  return true;
}

/** 1 - distance / longer length, in [0, 1]. */
export function editRatio(a: string, b: string): number {
  const longest = Math.max(a.length, b.length);
  return longest === 0 ? 1 : 1 - damerauLevenshtein(a, b) / longest;
}

/** The token string similarity used by scoring: mean of Jaro-Winkler (prefix-friendly) and edit ratio (strict on short tokens). */
export function stringSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  return (jaroWinkler(a, b) + editRatio(a, b)) / 2;
}
