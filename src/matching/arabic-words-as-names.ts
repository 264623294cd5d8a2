// An Arabic-script query's words are read as their consonants, and a consonant skeleton may spell a Latin title or
// legal form: عمر (Omar) is `mr`, سا `sa`. Such a word is a name, not a title the query may drop.
import { nameEquivalenceKeys } from './given-name-groups.js';
import { PARTICLES, type NormalisedName, type NameToken } from './normalise-name.js';

/** The tokens this made names: a query's title weighs nothing (name-index.ts), these weigh as names. */
export const ARABIC_WORD_NAMES = new WeakSet<NameToken>();

/** Every letter of the query Arabic-script (Arabic, Persian, Urdu), and at least one. */
const ARABIC_ONLY = /^[\p{Script=Arabic}\P{L}]*\p{Script=Arabic}[\p{Script=Arabic}\P{L}]*$/u;

/**
 * The plain reading of a query written in Arabic script with every word that reads as a Latin title or legal form
 * made a strong token (its particles, read as Latin words such as `al`, stay weak); the reading itself otherwise.
 * Hebrew is left alone: מר and ד"ר are that script's own titles.
 */
export function arabicWordsAsNames(reading: NormalisedName, query: string): NormalisedName {
  if (!reading.tokens.some(readAsTitle) || !ARABIC_ONLY.test(query)) return reading;
  return {
    ...reading,
    tokens: reading.tokens.map((t) => {
      if (!readAsTitle(t)) return t;
      const name: NameToken = {
        ...t,
        weak: false,
        legalForm: false,
        equivalents: nameEquivalenceKeys(t.key),
      };
      ARABIC_WORD_NAMES.add(name);
      return name;
    }),
  };
}

function readAsTitle(t: NameToken): boolean {
  return t.weak && !t.numeric && !PARTICLES.has(t.text);
}
