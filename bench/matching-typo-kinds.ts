// Seeded cases of typos beyond matching-quality.ts's one (a keyboard neighbour after the first letter of a word of
// four letters or more): issue 17's hidden positives "with typos and reorderings" were missed in kinds that change
// never generates. One kind per case, on a listed name written in Latin letters of two words or more (persons and
// companies alike); TYPO_KIND_NOTES says what one case of each kind is. Positives only: the negatives of
// matching-quality.ts measure the alerts. Drawn with their own generator (seed-derived), so the other tables' cases
// stay as they were.
import type { BenchEntry } from './matching-data.js';
import { entryId, entryNames, sampleOf } from './matching-data.js';
import { seededRandom } from './matching-quality.js';

export const TYPO_KINDS = [
  'sub_first',
  'sub_last',
  'sub_short',
  'del_inner',
  'del_first',
  'ins_inner',
  'swap_first',
  'two_words',
  'two_in_word',
  'join_words',
  'split_word',
  'typo_reorder',
  'vowel_change',
] as const;
export type TypoKind = (typeof TYPO_KINDS)[number];

/** What one case of each kind is (printed by the bench beside table 3f). */
export const TYPO_KIND_NOTES: Readonly<Record<TypoKind, string>> = {
  sub_first: 'the first letter of a word of 4+ letters changed to a keyboard neighbour',
  sub_last: 'the last letter of a word of 4+ letters changed to a keyboard neighbour',
  sub_short: 'the second or third letter of a three-letter word changed to a keyboard neighbour (Ali -> Aoi)',
  del_inner:
    'a letter after the first left out of a word of 4+ letters (may leave a three-letter word: Olga -> Oga)',
  del_first: 'the first letter left out of a word of 5+ letters',
  ins_inner: 'a common letter typed inside a word of 4+ letters (Group -> Gronup)',
  swap_first: 'the first two letters of a word of 4+ letters swapped',
  two_words: 'one keyboard typo after the first letter in each of two words of 4+ letters',
  two_in_word:
    'two letters two apart changed in one word of 6+ letters (mostly left to fuzzy_search by design)',
  join_words: 'two adjacent words typed without the space between them (GROUP LIMITED -> GROUPLIMITED)',
  split_word: 'a space typed inside a word of 7+ letters, at least three letters from each end (COMP ANY)',
  typo_reorder: 'one keyboard typo after the first letter, then two adjacent words swapped (comma dropped)',
  vowel_change: 'one vowel after the first letter of a word of 4+ letters changed to another vowel',
};

export interface TypoCase {
  readonly query: string;
  readonly expected: string;
  readonly listedName: string;
  readonly kind: TypoKind;
}

type Rng = () => number;

// Keyboard neighbours (QWERTY) of each letter, the rows above and below included: a wider typo model than the
// engine's own table (src/matching/keyboard.ts, which table 3b's typos use), so that this table does not measure the
// engine against the model it reads legal forms with.
const NEAR_KEYS: Readonly<Record<string, string>> = {
  q: 'wa',
  w: 'qes',
  e: 'wrd',
  r: 'etf',
  t: 'ryg',
  y: 'tuh',
  u: 'yij',
  i: 'uok',
  o: 'ipl',
  p: 'ol',
  a: 'qsz',
  s: 'adwx',
  d: 'sfec',
  f: 'dgrv',
  g: 'fhtb',
  h: 'gjyn',
  j: 'hkum',
  k: 'jli',
  l: 'ko',
  z: 'asx',
  x: 'zsc',
  c: 'xvd',
  v: 'cbf',
  b: 'vng',
  n: 'bmh',
  m: 'nj',
};
const TYPED_LETTERS = 'aeioulnrst';
const VOWELS = 'aeiou';

const pick = <T>(rng: Rng, xs: readonly T[] | string): T => xs[Math.floor(rng() * xs.length)] as T;
const int = (rng: Rng, lo: number, hi: number): number => lo + Math.floor(rng() * (hi - lo + 1));
// A letter in the case of the one it replaces.
const cased = (like: string, c: string): string => (like === like.toUpperCase() ? c.toUpperCase() : c);

// `word` with its letter at `i` changed to a keyboard neighbour, or null (no neighbour: a letter outside a-z).
function nearKey(rng: Rng, word: string, i: number): string | null {
  const near = NEAR_KEYS[word[i]!.toLowerCase()];
  if (near === undefined) return null;
  return word.slice(0, i) + cased(word[i]!, pick<string>(rng, near)) + word.slice(i + 1);
}

// One word of the name (its trailing comma or dot kept aside) changed by `change`, among the words of letters only
// of `minLength`+ letters; null when none is or the change gives nothing new.
function changeWord(
  rng: Rng,
  words: readonly string[],
  minLength: number,
  change: (word: string) => string | null,
  skip: ReadonlySet<number> = new Set(),
): { words: string[]; at: number } | null {
  const candidates = words
    .map((w, i) => ({ i, bare: w.replace(/[,.]$/, '') }))
    .filter(({ i, bare }) => !skip.has(i) && bare.length >= minLength && /^\p{L}+$/u.test(bare));
  if (candidates.length === 0) return null;
  const { i, bare } = pick<{ i: number; bare: string }>(rng, candidates);
  const changed = change(bare);
  if (changed === null || changed === bare) return null;
  const out = [...words];
  out[i] = changed + words[i]!.slice(bare.length);
  return { words: out, at: i };
}

const innerNearKey = (rng: Rng) => (w: string) => nearKey(rng, w, int(rng, 1, w.length - 1));

function applyKind(rng: Rng, kind: TypoKind, words: readonly string[]): string[] | null {
  switch (kind) {
    case 'sub_first':
      return changeWord(rng, words, 4, (w) => nearKey(rng, w, 0))?.words ?? null;
    case 'sub_last':
      return changeWord(rng, words, 4, (w) => nearKey(rng, w, w.length - 1))?.words ?? null;
    case 'sub_short':
      return (
        changeWord(rng, words, 3, (w) => (w.length === 3 ? nearKey(rng, w, int(rng, 1, 2)) : null))?.words ??
        null
      );
    case 'del_inner':
      return (
        changeWord(rng, words, 4, (w) => {
          const i = int(rng, 1, w.length - 1);
          return w.slice(0, i) + w.slice(i + 1);
        })?.words ?? null
      );
    case 'del_first':
      return changeWord(rng, words, 5, (w) => w.slice(1))?.words ?? null;
    case 'ins_inner':
      return (
        changeWord(rng, words, 4, (w) => {
          const i = int(rng, 1, w.length - 1);
          return w.slice(0, i) + cased(w[i - 1]!, pick<string>(rng, TYPED_LETTERS)) + w.slice(i);
        })?.words ?? null
      );
    case 'swap_first':
      return changeWord(rng, words, 4, (w) => w[1]! + w[0]! + w.slice(2))?.words ?? null;
    case 'two_words': {
      const first = changeWord(rng, words, 4, innerNearKey(rng));
      if (first === null) return null;
      return changeWord(rng, first.words, 4, innerNearKey(rng), new Set([first.at]))?.words ?? null;
    }
    case 'two_in_word':
      return (
        changeWord(rng, words, 6, (w) => {
          const i = int(rng, 1, w.length - 3);
          const once = nearKey(rng, w, i);
          return once === null ? null : nearKey(rng, once, i + 2);
        })?.words ?? null
      );
    case 'join_words': {
      if (words.length < 2) return null;
      const i = int(rng, 0, words.length - 2);
      if (/[,.]$/.test(words[i]!)) return null;
      return [...words.slice(0, i), words[i]! + words[i + 1]!, ...words.slice(i + 2)];
    }
    case 'split_word':
      return (
        changeWord(rng, words, 7, (w) => {
          const i = int(rng, 3, w.length - 3);
          return `${w.slice(0, i)} ${w.slice(i)}`;
        })?.words ?? null
      );
    case 'typo_reorder': {
      const typo = changeWord(rng, words, 4, innerNearKey(rng));
      if (typo === null || typo.words.length < 2) return null;
      const out = typo.words.map((w) => w.replace(/,$/, ''));
      const i = int(rng, 0, out.length - 2);
      [out[i], out[i + 1]] = [out[i + 1]!, out[i]!];
      return out;
    }
    case 'vowel_change':
      return (
        changeWord(rng, words, 4, (w) => {
          const at = [...w].flatMap((c, i) => (i > 0 && VOWELS.includes(c.toLowerCase()) ? [i] : []));
          if (at.length === 0) return null;
          const i = pick<number>(rng, at);
          const other = [...VOWELS].filter((v) => v !== w[i]!.toLowerCase());
          return w.slice(0, i) + cased(w[i]!, pick<string>(rng, other)) + w.slice(i + 1);
        })?.words ?? null
      );
  }
}

const LATIN_NAME = /^[\p{Script=Latin}\s,.'-]+$/u;

/** Up to `perKind` cases of each kind (0: none), drawn from the entries' primary names with seed `seed`. */
export function buildTypoKindCases(
  entries: readonly BenchEntry[],
  perKind: number,
  seed: number,
): { cases: TypoCase[] } {
  const cases: TypoCase[] = [];
  if (perKind <= 0) return { cases };
  // Its own generator: the other tables draw from seededRandom(seed) and must not change.
  const rng = seededRandom(seed * 7919 + 17);
  const pool = entries.filter((e) => {
    const name = entryNames(e)[0];
    return name !== undefined && LATIN_NAME.test(name) && name.split(/\s+/).length >= 2;
  });
  for (const kind of TYPO_KINDS) {
    let made = 0;
    for (const e of sampleOf(pool, perKind * 4, rng)) {
      if (made >= perKind) break;
      const name = entryNames(e)[0]!;
      const words = applyKind(rng, kind, name.split(/\s+/));
      if (words === null) continue;
      cases.push({ query: words.join(' '), expected: entryId(e), listedName: name, kind });
      made++;
    }
  }
  return { cases };
}
