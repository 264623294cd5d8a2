// A typo in a weak word of a query ("COMOANY" for "COMPANY", "Presidnet" for "President"): read as the weak word, so
// that it weighs and pairs as one (a legal form pairs with the listed legal form, a title weighs nothing) instead
// of counting as a rare name the listed party lacks.
import { LEGAL_FORM_CANONICAL, LEGAL_FORMS, PARTICLES, TITLES } from './normalise-name.js';
import { KEYBOARD } from './keyboard.js';
import { LONG_TWO_TYPO_LENGTH, twoTypoTexts } from './score-names.js';
import { damerauLevenshtein } from './string-similarity.js';
import { matchKey } from './token-keys.js';

/**
 * Weak words at least this long are read through one typo (a shorter one is too near too many names), from query
 * tokens at least this long.
 */
export const MIN_WEAK_TYPO_LENGTH = 5;

/**
 * A legal form of four letters is read through two adjacent letters swapped ("PSJC" for PJSC, "CROP" for CORP), or
 * one letter after the first changed to its neighbour on the keyboard ("GNBH" for GMBH, "COTP" for CORP, "DNCC" for
 * DMCC): a swap keeps every letter of the abbreviation and a neighbour is the typo a hand makes, where any changed or
 * missing letter leaves a short word as near to names as to the legal form.
 */
export const MIN_WEAK_SWAP_LENGTH = 4;

/**
 * A legal form of three letters is read through one letter after the first changed to its neighbour on the keyboard,
 * or its last two letters swapped ("OQO" for OAO, "LTS" for LTD, "OOI" for OOO, "LDT" for LTD), where the index does
 * not hold the spelling or at most RARE_SPELLING_NAMES listed names do (name-index.ts), and always beside the query as
 * written (a three-letter word is a name as often: `Pai` is searched as written too). At strict the typo is then the
 * name's one departure (score-names.ts ScoreOptions.weakTypo).
 */
export const MIN_WEAK_KEY_LENGTH = 3;

// The adjacent swaps and keyboard typos of each legal form of MIN_WEAK_SWAP_LENGTH letters (after the first letter
// for one of MIN_WEAK_KEY_LENGTH), to the legal form; a spelling two legal forms reach reads as neither.
const shortTypos = new Map<number, Map<string, string | null>>();

function legalFormTypos(length: number): Map<string, string | null> {
  const known = shortTypos.get(length);
  if (known !== undefined) return known;
  const map = new Map<string, string | null>();
  const forms = [...LEGAL_FORMS, ...LEGAL_FORM_CANONICAL.keys()].filter((w) => w.length === length);
  const add = (typo: string, w: string): void => {
    if (typo === w || forms.includes(typo)) return;
    const form = LEGAL_FORM_CANONICAL.get(w) ?? w;
    const before = map.get(typo);
    map.set(typo, before === undefined || before === form ? form : null);
  };
  const from = length === MIN_WEAK_KEY_LENGTH ? 1 : 0;
  for (const w of forms)
    for (let i = from; i < w.length; i++) {
      if (i + 1 < w.length) add(w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2), w);
      if (i > 0) for (const near of KEYBOARD[w[i]!] ?? '') add(w.slice(0, i) + near + w.slice(i + 1), w);
    }
  shortTypos.set(length, map);
  return map;
}

// Each weak spelling of MIN_WEAK_TYPO_LENGTH+ letters (titles, particles, legal forms and the long spellings the
// normaliser canonicalises: company -> co) and its one-letter deletions, to the weak token it reads as.
let neighbours: Map<string, string[]> | null = null;

function weakNeighbours(): Map<string, string[]> {
  if (neighbours !== null) return neighbours;
  const map = new Map<string, string[]>();
  const add = (key: string, word: string): void => {
    const words = map.get(key);
    if (words === undefined) map.set(key, [word]);
    else if (!words.includes(word)) words.push(word);
  };
  const words = [...TITLES, ...PARTICLES, ...LEGAL_FORMS, ...LEGAL_FORM_CANONICAL.keys()];
  for (const w of words) {
    if (w.length < MIN_WEAK_TYPO_LENGTH) continue;
    add(w, w);
    for (let i = 0; i < w.length; i++) add(w.slice(0, i) + w.slice(i + 1), w);
  }
  return (neighbours = map);
}

/**
 * The weak token (`co`, `president`, ...) a token is one typo from (one letter changed, missing, extra, or two
 * adjacent letters swapped; a four-letter legal form through a swap or a keyboard neighbour only, a three-letter one
 * after its first letter), or null: none, or the token is itself weak. The caller reads as such typos only tokens the
 * index does not hold, and three- or four-letter ones few listed names spell (name-index.ts: a listed spelling is a
 * name; OJCS is searched both ways).
 */
export function weakWordTypo(text: string): string | null {
  if (PARTICLES.has(text) || TITLES.has(text) || LEGAL_FORMS.has(text) || LEGAL_FORM_CANONICAL.has(text))
    return null;
  if (text.length === MIN_WEAK_SWAP_LENGTH || text.length === MIN_WEAK_KEY_LENGTH)
    return legalFormTypos(text.length).get(text) ?? null;
  // A shorter token is a name as often as a weak word less a letter (Ulla is not mulla).
  if (text.length < MIN_WEAK_TYPO_LENGTH) return null;
  const map = weakNeighbours();
  const near = new Set<string>();
  const keys = [text];
  for (let i = 0; i < text.length; i++) keys.push(text.slice(0, i) + text.slice(i + 1));
  for (const key of keys)
    for (const w of map.get(key) ?? []) if (damerauLevenshtein(text, w) === 1) near.add(w);
  // None, or two weak words as near (no reading), unless they are spellings of one word (one variant key: shaokh is
  // one typo from shaikh and from shaykh, both the title sheikh) or titles all (shwikh is one typo from sheikh and
  // from shaikh: a query's title weighs nothing, whichever it is): then the first of them.
  if (near.size === 0) return null;
  const [found, ...others] = [...near].sort();
  const titles = TITLES.has(found!) && others.every((w) => TITLES.has(w));
  if (!titles && others.some((w) => matchKey(w) !== matchKey(found!))) return null;
  return LEGAL_FORM_CANONICAL.get(found!) ?? found!;
}

/**
 * The legal form (canonical: `ltd`, `co`) whose long spelling (limited, company, corporation, incorporated) a token is
 * two typos from, after its first letter (score-names.ts twoTypoTexts: `LIMUTRD`, `CIMOANY`), or null: none, or two
 * forms that near. The caller asks only of a token one typo from no weak word, that the index does not hold, at the
 * types that keep a word's two typos (search-types.ts twoTypoSupport), and keeps the reading only where the rest of the
 * name carries it (score-names.ts WeightedToken.twoTypoForm: Campana is two typos from company too). Not a title
 * (Chapman is two typos from chairman, Colonna from colonel: a title weighs nothing wherever it stands).
 */
export function legalFormTwoTypos(text: string): string | null {
  if (text.length < LONG_TWO_TYPO_LENGTH) return null;
  let found: string | null = null;
  for (const [w, form] of LEGAL_FORM_CANONICAL) {
    if (!twoTypoTexts(text, w)) continue;
    if (found !== null && found !== form) return null;
    found = form;
  }
  return found;
}

// Every spelling one typo from a legal form of MIN_WEAK_TYPO_LENGTH+ letters (limited, company, ...).
let longTypos: Set<string> | null = null;

function longFormTypos(): Set<string> {
  if (longTypos !== null) return longTypos;
  const set = new Set<string>();
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (const w of [...LEGAL_FORMS, ...LEGAL_FORM_CANONICAL.keys()]) {
    if (w.length < MIN_WEAK_TYPO_LENGTH) continue;
    for (let i = 0; i <= w.length; i++) {
      if (i < w.length) set.add(w.slice(0, i) + w.slice(i + 1));
      if (i + 1 < w.length) set.add(w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2));
      for (const c of letters) {
        set.add(w.slice(0, i) + c + w.slice(i));
        if (i < w.length) set.add(w.slice(0, i) + c + w.slice(i + 1));
      }
    }
  }
  return (longTypos = set);
}

/** Every spelling one typo from a legal form of MIN_WEAK_TYPO_LENGTH+ letters (the forms' own spellings too). */
export function legalFormTypoSpellings(): ReadonlySet<string> {
  return longFormTypos();
}

/**
 * Whether a token is one typo from a legal form of MIN_WEAK_TYPO_LENGTH+ letters (`limted`, `compnay`): one set
 * lookup, so that a word the lists spell (a listed "LIMTED") can be read both ways at little cost.
 */
export function legalFormTypo(text: string): boolean {
  return longFormTypos().has(text) && !LEGAL_FORM_CANONICAL.has(text) && !LEGAL_FORMS.has(text);
}
