// Spelling-variant keys of a folded token (lower-case a-z and 0-9), computed by passes over a byte buffer: the
// index derives them for every distinct listed token (two million at the largest sizes measured), where regular
// expressions cost several microseconds a token.

// Scratch buffers (tokens are short; longer ones grow them): the variant key, the loose key and the skeleton
// each have their own, so the byte views the *Bytes functions return stay valid until that function runs again.
let bufA = new Uint8Array(256);
let bufB = new Uint8Array(256);
let looseBuf = new Uint8Array(256);

const A = 97;
const C = 99;
const D = 100;
const E = 101;
const F = 102;
const G = 103;
const H = 104;
const I = 105;
const J = 106;
const K = 107;
const O = 111;
const P = 112;
const Q = 113;
const S = 115;
const T = 116;
const U = 117;
const V = 118;
const W = 119;
const Y = 121;
const Z = 122;

function load(text: string): number {
  if (text.length * 2 > bufA.length) {
    bufA = new Uint8Array(text.length * 2);
    bufB = new Uint8Array(text.length * 2);
  }
  for (let i = 0; i < text.length; i++) bufA[i] = text.charCodeAt(i);
  return text.length;
}

/** A byte view as a string (single-byte characters). */
export function bytesText(view: Uint8Array): string {
  let out = '';
  for (let i = 0; i < view.length; i++) out += String.fromCharCode(view[i]!);
  return out;
}

const isVowel = (c: number): boolean => c === A || c === E || c === I || c === O || c === U;

// Variant letters, in bufA, in place (every change keeps or shortens the text), in the order of the rules:
// ck>k, kh>h, ph>f, dh>d, q>k, c(a|o|u)>k, ee>i, ou>u, tsj>ch sj>sh zj>zh dzh>j oe(consonant)>u gy(vowel)>d, y|j>i,
// w>v. Each rule is one left-to-right pass, as a
// global replace would be, so that the rules compose the same way. First, an initial ht (Burmese aspirated t: Htun,
// Htay, Htet, written Tun, Tay, Tet as often; no other name starts with it) is t.
function variantPasses(n: number): number {
  const b = bufA;
  if (n > 2 && b[0] === H && b[1] === T) {
    b.copyWithin(0, 1, n);
    n--;
  }
  n = pairPass(b, n, C, K, K); // ck -> k
  n = pairPass(b, n, K, H, H); // kh -> h
  n = pairPass(b, n, P, H, F); // ph -> f
  n = pairPass(b, n, D, H, D); // dh -> d
  for (let i = 0; i < n; i++) {
    const c = b[i]!;
    if (c === Q) b[i] = K;
    else if (c === C) {
      const next = i + 1 < n ? b[i + 1]! : 0;
      if (next === A || next === O || next === U) b[i] = K;
    }
  }
  n = pairPass(b, n, E, E, I); // ee -> i
  n = pairPass(b, n, O, U, U); // ou -> u
  n = slavicPass(b, n);
  for (let i = 0; i < n; i++) {
    const c = b[i]!;
    if (c === Y || c === J) b[i] = I;
    else if (c === W) b[i] = V;
  }
  return n;
}

// Dutch and Hungarian spellings of Slavic names, in place, in one left-to-right pass: tsj -> ch, sj -> sh, zj -> zh
// (Dutch: Tsjernomyrdin, Zjoekov), dzh -> j (the Russian transliteration of дж, the English j: Dzhabbar, Jabbar), oe before a consonant -> u (Dutch: Poetin, Zjoekov), gy before a vowel -> d
// (Hungarian: Vlagyimir).
function slavicPass(b: Uint8Array, n: number): number {
  let w = 0;
  for (let r = 0; r < n; r++) {
    const c = b[r]!;
    const c1 = r + 1 < n ? b[r + 1]! : 0;
    const c2 = r + 2 < n ? b[r + 2]! : 0;
    if (c === T && c1 === S && c2 === J) {
      b[w++] = C;
      b[w++] = H;
      r += 2;
    } else if (c === D && c1 === Z && c2 === H) {
      b[w++] = J;
      r += 2;
    } else if ((c === S || c === Z) && c1 === J) {
      b[w++] = c;
      b[w++] = H;
      r++;
    } else if (c === O && c1 === E && c2 !== 0 && !isVowel(c2) && c2 !== Y) {
      b[w++] = U;
      r++;
    } else if (c === G && c1 === Y && c2 !== 0 && isVowel(c2)) {
      b[w++] = D;
      r++;
    } else b[w++] = c;
  }
  return w;
}

// Replaces each non-overlapping `x y` (left to right) by `to`, in place.
function pairPass(b: Uint8Array, n: number, x: number, y: number, to: number): number {
  let w = 0;
  for (let r = 0; r < n; r++) {
    if (b[r] === x && r + 1 < n && b[r + 1] === y) {
      b[w++] = to;
      r++;
    } else b[w++] = b[r]!;
  }
  return w;
}

// Doubled letters collapsed, in place from `from`.
function collapse(b: Uint8Array, n: number, from = 0): number {
  let w = from;
  for (let r = from; r < n; r++) if (w === from || b[w - 1] !== b[r]) b[w++] = b[r]!;
  return w;
}

function allDigits(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** The variant key of a folded token as bytes (a view, valid until the next call). */
export function matchKeyBytes(text: string): Uint8Array {
  const n0 = load(text);
  if (allDigits(text)) return bufA.subarray(0, n0);
  let n = collapse(bufA, variantPasses(n0));
  if (n > 2 && bufA[n - 1] === H) n--;
  return bufA.subarray(0, slavicVichEnding(bufA, n));
}

// The Slavic ending -vich (-ovich, -evich: patronymics and surnames) as German (-owitsch), French (-ovitch), Polish
// (-owicz) and Hungarian (-ovics) write it, after the passes (w -> v, a final h dropped): -vitsc, -vitc, -vicz, -vics
// -> -vic, the key of -vich. Achmatowitsch and Akhmatovich are then one typo apart (German ch for kh).
function slavicVichEnding(b: Uint8Array, n: number): number {
  if (n < 6 || b[n - 1] === H) return n;
  if (endsWith(b, n, VICZ) || endsWith(b, n, VICS)) return n - 1;
  if (endsWith(b, n, VITC)) {
    b[n - 2] = C;
    return n - 1;
  }
  if (endsWith(b, n, VITSC)) {
    b[n - 3] = C;
    return n - 2;
  }
  return n;
}
const VICZ = [V, I, C, Z];
const VICS = [V, I, C, S];
const VITC = [V, I, T, C];
const VITSC = [V, I, T, S, C];

function endsWith(b: Uint8Array, n: number, suffix: readonly number[]): boolean {
  if (n < suffix.length) return false;
  for (let i = 0; i < suffix.length; i++) if (b[n - suffix.length + i] !== suffix[i]) return false;
  return true;
}

/** Romanisation-variant key of a folded token (kh/h, ph/f, q/k, y/j/i, w/v, doubled letters, final h). */
export function matchKey(text: string): string {
  return bytesText(matchKeyBytes(text));
}

/** The loose key of a variant key given as bytes (a view, valid until the next call). */
export function looseKeyBytes(key: Uint8Array): Uint8Array {
  if (key.length > looseBuf.length) looseBuf = new Uint8Array(key.length * 2);
  const b = looseBuf;
  b.set(key);
  let n = key.length;
  n = pairPass(b, n, E, O, O);
  n = pairPass(b, n, E, U, U);
  n = pairPass(b, n, A, E, E);
  for (let i = 0; i < n; i++) {
    if (b[i] === G) b[i] = K;
    else if (b[i] === Z) b[i] = S;
  }
  return b.subarray(0, collapse(b, n));
}

/** Looser key on a variant key: Korean (g/k, eo/o, eu/u, ae/e) and common voicing variants (z/s). */
export function looseKey(key: string): string {
  const n = load(key);
  return bytesText(looseKeyBytes(bufA.subarray(0, n)));
}

/** The consonant skeleton of a folded token as bytes (a view, valid until the next call). */
export function consonantSkeletonBytes(text: string): Uint8Array {
  if (text.length <= 1) {
    bufB[0] = text.length === 1 ? text.charCodeAt(0) : 0;
    return bufB.subarray(0, text.length);
  }
  const n = variantPasses(load(text));
  // bufB = first letter + consonants after it.
  bufB[0] = bufA[0]!;
  let w = 1;
  for (let r = 1; r < n; r++) if (!isVowel(bufA[r]!)) bufB[w++] = bufA[r]!;
  w = collapse(bufB, w, 1);
  if (w - 1 > 1 && bufB[w - 1] === H) w--;
  return bufB.subarray(0, w);
}

/**
 * Consonant skeleton of a folded token: first letter, then the variant letters without vowels, doubled
 * consonants collapsed, a final h dropped ("muhammad" -> "mhmd"; "muammar" and unvocalised "mmr" -> "mmr").
 */
export function consonantSkeleton(text: string): string {
  if (text.length <= 1) return text;
  return bytesText(consonantSkeletonBytes(text));
}

/**
 * FNV-1a hashes of `key` with each one letter left out (the deletion neighbourhood): two keys within one edit
 * (substitution, insertion, deletion, adjacent swap) share a deletion or one is a deletion of the other.
 */
export function deletionHashes(key: string | Uint8Array, out: number[]): void {
  out.length = 0;
  if (typeof key === 'string') {
    for (let skip = 0; skip < key.length; skip++) {
      let h = 0x811c9dc5;
      for (let i = 0; i < key.length; i++) if (i !== skip) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
      out.push(h >>> 0);
    }
    return;
  }
  for (let skip = 0; skip < key.length; skip++) {
    let h = 0x811c9dc5;
    for (let i = 0; i < key.length; i++) if (i !== skip) h = Math.imul(h ^ key[i]!, 0x01000193);
    out.push(h >>> 0);
  }
}
