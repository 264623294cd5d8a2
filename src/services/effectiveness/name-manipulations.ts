// The manipulated forms of a listed party's names that the effectiveness report screens: one function per kind,
// each drawing its choices from the seeded generator, null when the kind does not apply to the party.
import type { ListedParty } from '../../domain/screening.js';
import type { Manipulation } from '../../domain/effectiveness.js';
import { KEYBOARD } from '../../matching/index.js';
import { pick, pickIndex, type Random } from './seeded-random.js';

/** A manipulated form of a listed name, and the names of the party it must be found as. */
export interface ManipulatedName {
  readonly query: string;
  /** The listed spelling the form was made from. */
  readonly listedName: string;
  /** other_script only: the party's Latin-script names, compared pairwise with the query. */
  readonly compareWith?: readonly string[];
}

const LATIN = /^[\p{Script=Latin}\p{M}\p{N}\p{P}\p{S}\s]+$/u;
const LETTER = /\p{L}/u;
/** Words that mark a name as an organisation, vessel or place rather than a person (for parties of unknown kind). */
const ORGANISATION =
  /\b(ltd|llc|inc|corp|co|company|limited|group|bank|trading|holdings?|gmbh|sa|ag|jsc|pjsc|ooo|oao|zao|pao|plc|bv|nv|srl|spa|fze|shipping|industries|international|enterprises?|organi[sz]ation|foundation|association|front|army|brigade|battalion|party|ministry|committee|department|university|institute|cent(er|re)|fund|airlines?|services|logistics|petroleum|oil|gas|energy|general|agency|authority|council|movement|network|establishment|factory|plant|office|state|republic|society|union|partners|capital|investments?|technologies|technology|systems|solutions|cv|sas|entertainment)\b/i;

/** Each letter's neighbours on a QWERTY keyboard (the typos people make; the matching bench uses them too). */
export { KEYBOARD };
const TITLES = ['Mr', 'Mrs', 'Dr', 'President', 'General', 'Minister', 'Colonel', 'Sheikh'];

const isLatin = (name: string): boolean => LATIN.test(name) && LETTER.test(name);
// Dots dropped first, so that S.R.L., S.A. and C.V. read as srl, sa and cv.
const looksLikePerson = (name: string): boolean =>
  !ORGANISATION.test(name.replace(/\./g, '')) && !/\d/.test(name);
/** A person by the kind its list publishes; by the name's words only where the kind is unknown. */
const isPerson = (party: ListedParty, name: string): boolean =>
  party.kind === undefined || party.kind === 'unknown' ? looksLikePerson(name) : party.kind === 'person';
const sameCase = (like: string, ch: string): string => (like === like.toUpperCase() ? ch.toUpperCase() : ch);

/** A person's name as given names and surname ("SURNAME, Given Middle" or "Given Middle Surname"). */
function personParts(name: string): { given: string[]; surname: string[] } | null {
  const comma = name.indexOf(',');
  const words = (s: string): string[] => s.split(/[\s,]+/).filter((w) => LETTER.test(w));
  if (comma >= 0) {
    const surname = words(name.slice(0, comma));
    const given = words(name.slice(comma + 1));
    return surname.length > 0 && given.length > 0 ? { given, surname } : null;
  }
  const all = words(name);
  return all.length >= 2 ? { given: all.slice(0, -1), surname: all.slice(-1) } : null;
}

/** One word of 4+ letters changed by `change` (null: no change applies); other words as they were. */
function changeWord(name: string, random: Random, change: (word: string) => string | null): string | null {
  const parts = name.split(/(\s+)/);
  const candidates = parts.map((w, i) => [w, i] as const).filter(([w]) => /^\p{L}{4,}[,.]?$/u.test(w));
  if (candidates.length === 0) return null;
  const [word, i] = pick(random, candidates);
  const trail = /[,.]$/.test(word) ? word.slice(-1) : '';
  const changed = change(trail ? word.slice(0, -1) : word);
  if (changed === null) return null;
  parts[i] = changed + trail;
  return parts.join('');
}

function typo(name: string, random: Random): string | null {
  return changeWord(name, random, (w) => {
    const i = 1 + pickIndex(random, w.length - 1);
    const near = KEYBOARD[w[i]!.toLowerCase()];
    return near ? w.slice(0, i) + sameCase(w[i]!, pick(random, [...near])) + w.slice(i + 1) : null;
  });
}

function transposition(name: string, random: Random): string | null {
  return changeWord(name, random, (w) => {
    const i = 1 + pickIndex(random, w.length - 2);
    return w[i] === w[i + 1] ? null : w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
  });
}

function reordering(name: string): string | null {
  if (name.includes(',')) {
    const parts = personParts(name);
    return parts ? [...parts.given, ...parts.surname].join(' ') : null;
  }
  const words = name.split(/\s+/).filter(Boolean);
  return words.length >= 2 ? [...words].reverse().join(' ') : null;
}

/** The form of one listed party for one kind, from one of its names; null when the kind does not apply. */
export function manipulate(kind: Manipulation, party: ListedParty, random: Random): ManipulatedName | null {
  const latin = party.names.filter(isLatin);
  if (kind === 'other_script') {
    const other = party.names.filter((n) => !isLatin(n) && LETTER.test(n));
    if (other.length === 0 || latin.length === 0) return null;
    const query = pick(random, other);
    return { query, listedName: latin[0]!, compareWith: latin };
  }
  if (latin.length === 0) return null;
  const name = pick(random, latin);
  const person = isPerson(party, name) ? personParts(name) : null;
  let query: string | null = null;
  switch (kind) {
    case 'typo':
      query = typo(name, random);
      break;
    case 'transposition':
      query = transposition(name, random);
      break;
    case 'reordering':
      query = reordering(name);
      break;
    case 'dropped_middle_name': {
      const all = person ? [...person.given, ...person.surname] : [];
      if (all.length >= 3) {
        const drop = 1 + pickIndex(random, all.length - 2);
        query = all.filter((_, i) => i !== drop).join(' ');
      }
      break;
    }
    case 'title_and_surname':
      if (person) query = `${pick(random, TITLES)} ${person.surname.join(' ')}`;
      break;
    case 'initials':
      if (person)
        query = `${person.given.map((g) => `${g[0]!.toUpperCase()}.`).join(' ')} ${person.surname.join(' ')}`;
      break;
  }
  return query === null || query === name ? null : { query, listedName: name };
}
