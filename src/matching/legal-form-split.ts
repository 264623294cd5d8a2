// A legal form typed with a word boundary wrong: against the word beside it ("GROUPLIMITED", "StockCompany",
// "LIMITEDLIABILITY") or with a space inside it ("COMP ANY", "LIMI TED"). Read as the word and the legal form, or as
// the legal form, so that it pairs with the listed legal form instead of counting as a rare name the listing lacks.
import { LEGAL_FORM_CANONICAL, LEGAL_FORMS } from './normalise-name.js';

/** A legal form is read off the end of a token from this many letters ("GRAWITGMBH"; not "co" of Franco). */
export const MIN_TRAILING_FORM_LENGTH = 4;

/** ...and off its start from this many ("COMPANYRUDNIY"; not "corp" of Corpuz). */
export const MIN_LEADING_FORM_LENGTH = 5;

/** The word left beside the legal form has at least this many letters. */
export const MIN_FORM_REST_LENGTH = 3;

// The legal forms' spellings of MIN_TRAILING_FORM_LENGTH+ letters, longest first (so "incorporated" is read before a
// shorter spelling it ends with), by their last MIN_TRAILING_FORM_LENGTH letters and (those of
// MIN_LEADING_FORM_LENGTH+ letters) by their first MIN_LEADING_FORM_LENGTH: two lookups a token.
let byEnd: Map<string, string[]> | null = null;
let byStart: Map<string, string[]> | null = null;

function formSpellings(): { byEnd: Map<string, string[]>; byStart: Map<string, string[]> } {
  if (byEnd === null || byStart === null) {
    byEnd = new Map();
    byStart = new Map();
    const spellings = [...LEGAL_FORMS, ...LEGAL_FORM_CANONICAL.keys()]
      .filter((w) => w.length >= MIN_TRAILING_FORM_LENGTH)
      .sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
    const add = (map: Map<string, string[]>, key: string, w: string): void => {
      const ws = map.get(key);
      if (ws === undefined) map.set(key, [w]);
      else ws.push(w);
    };
    for (const w of spellings) {
      add(byEnd, w.slice(-MIN_TRAILING_FORM_LENGTH), w);
      if (w.length >= MIN_LEADING_FORM_LENGTH) add(byStart, w.slice(0, MIN_LEADING_FORM_LENGTH), w);
    }
  }
  return { byEnd, byStart };
}

const canonical = (w: string): string => LEGAL_FORM_CANONICAL.get(w) ?? w;

// The spellings' proper prefixes (`comp` of company, `l` of llc), for legalFormJoin.
let prefixes: Set<string> | null = null;

function formPrefixes(): Set<string> {
  if (prefixes !== null) return prefixes;
  prefixes = new Set();
  for (const w of [...LEGAL_FORMS, ...LEGAL_FORM_CANONICAL.keys()])
    for (let i = 1; i < w.length; i++) prefixes.add(w.slice(0, i));
  return prefixes;
}

/**
 * A token that is a word and a legal form typed without the space between them, as the two tokens' texts in order
 * (`grouplimited` -> `group`, `ltd`; `companyrudniy` -> `co`, `rudniy`), or null. The caller reads only tokens the
 * index does not hold (a listed spelling is a name).
 */
export function legalFormSplit(text: string): readonly [string, string] | null {
  if (text.length < MIN_TRAILING_FORM_LENGTH + MIN_FORM_REST_LENGTH) return null;
  const { byEnd, byStart } = formSpellings();
  // (The word beside it may be a legal form too: COMPANYLIMITED.)
  for (const w of byEnd.get(text.slice(-MIN_TRAILING_FORM_LENGTH)) ?? [])
    if (text.length - w.length >= MIN_FORM_REST_LENGTH && text.endsWith(w))
      return [canonical(text.slice(0, -w.length)), canonical(w)];
  if (text.length < MIN_LEADING_FORM_LENGTH + MIN_FORM_REST_LENGTH) return null;
  for (const w of byStart.get(text.slice(0, MIN_LEADING_FORM_LENGTH)) ?? [])
    if (text.length - w.length >= MIN_FORM_REST_LENGTH && text.startsWith(w))
      return [canonical(w), canonical(text.slice(w.length))];
  return null;
}

/**
 * The legal form (`co`, `ltd`, `gmbh`) two adjacent tokens spell together, a space typed inside it (`comp any`,
 * `limi ted`), or null.
 */
export function legalFormJoin(a: string, b: string): string | null {
  // (Most pairs of words: the first is no start of a legal form's spelling, and no string is made.)
  if (!formPrefixes().has(a)) return null;
  const joined = a + b;
  if (joined.length < MIN_TRAILING_FORM_LENGTH) return null;
  return LEGAL_FORMS.has(joined) || LEGAL_FORM_CANONICAL.has(joined) ? canonical(joined) : null;
}
