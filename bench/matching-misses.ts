// Seeded cases of the kinds of names issue 17 found missed, drawn from the loaded lists' names: a letter moved
// across a word boundary, one adjacent transposition in a long word and in a three-letter word, a surname that
// begins with a particle written as the particle and the rest alone, a title before a surname, initials, and other
// spellings of the name (Greek script, Dutch and Hungarian spellings of Slavic names), and, from
// matching-script-misses.ts, Ukrainian, Belarusian, Devanagari, Bengali, Myanmar and middle-dot Chinese, and from
// matching-xlang-misses.ts, a given name written in another language and a Cyrillic name in the genitive, and from
// matching-language-forms.ts, one listed person's name as many languages write it;
// MISS_KIND_NOTES says what one case of each kind is. Positives only: the negatives of matching-quality.ts measure
// the alerts.
import type { BenchEntry } from './matching-data.js';
import { entryId, entryNames } from './matching-data.js';
import { seededRandom } from './matching-quality.js';
import { SCRIPT_MISS_KIND_NOTES, SCRIPT_MISS_KINDS, buildScriptMissCases } from './matching-script-misses.js';
import { XLANG_MISS_KIND_NOTES, XLANG_MISS_KINDS, buildXlangMissCases } from './matching-xlang-misses.js';
import {
  LANGUAGE_FORMS_KIND,
  LANGUAGE_FORMS_NOTE,
  buildLanguageFormCases,
} from './matching-language-forms.js';

export const MISS_KINDS = [
  'moved_boundary',
  'swap_long_word',
  'swap_short_word',
  'particle_surname',
  'title_surname',
  'initials',
  'script_el',
  'spelling_nl',
  'spelling_hu',
  ...SCRIPT_MISS_KINDS,
  ...XLANG_MISS_KINDS,
  LANGUAGE_FORMS_KIND,
] as const;
const LATIN_KINDS = MISS_KINDS.filter(
  (k) =>
    !(SCRIPT_MISS_KINDS as readonly string[]).includes(k) &&
    !(XLANG_MISS_KINDS as readonly string[]).includes(k) &&
    k !== LANGUAGE_FORMS_KIND,
);
export type MissKind = (typeof MISS_KINDS)[number];

/** What one case of each kind is (printed by the bench beside table 3e). */
export const MISS_KIND_NOTES: Readonly<Record<MissKind, string>> = {
  moved_boundary: 'the last letter of a word moved to the start of the next, or the other way round',
  swap_long_word: 'two adjacent letters (after the first) swapped in a word of 5+ letters',
  swap_short_word: 'the last two letters of a three-letter word swapped (strict keeps none by design)',
  particle_surname:
    'a listed surname that begins with a particle, as the particle and the rest alone ("BIN LADEN, Hamza" -> "bin Laden"); only a rare surname is meant to match (a common one alone is a lone surname)',
  title_surname:
    'a title (President, Präsident, Президент, Presidente, General, Dr., Minister, Sheikh) and the surname alone (the last word when there is no comma); only a rare surname is meant to match',
  initials: 'the given names as capital initials with dots, then the surname',
  script_el: 'the name written in Greek letters as Greek transcribes foreign names',
  spelling_nl: 'Dutch spelling of a Slavic name (tsj, sj, zj, oe, j)',
  spelling_hu: 'Hungarian spelling of a Slavic name (gyi, tyi)',
  ...SCRIPT_MISS_KIND_NOTES,
  ...XLANG_MISS_KIND_NOTES,
  [LANGUAGE_FORMS_KIND]: LANGUAGE_FORMS_NOTE,
};

export interface MissCase {
  readonly query: string;
  readonly expected: string;
  readonly listedName: string;
  readonly kind: MissKind;
}

const LATIN = /^[A-Za-z ,'-]+$/;
const PARTICLES = new Set([
  'al',
  'el',
  'bin',
  'ben',
  'ibn',
  'abu',
  'van',
  'von',
  'de',
  'da',
  'di',
  'del',
  'la',
  'le',
]);
const TITLES = ['President', 'Präsident', 'Президент', 'Presidente', 'General', 'Dr.', 'Minister', 'Sheikh'];

type Rng = () => number;
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
const cap = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();

// "SURNAME, Given Middle" -> { surname: ["SURNAME"], given: ["Given", "Middle"] }; no comma: the last word is the
// surname.
function parts(name: string): { surname: string[]; given: string[] } {
  const comma = name.indexOf(',');
  const words = (s: string) => s.split(/[\s-]+/).filter(Boolean);
  if (comma >= 0) return { surname: words(name.slice(0, comma)), given: words(name.slice(comma + 1)) };
  const all = words(name);
  return { surname: all.slice(-1), given: all.slice(0, -1) };
}

// Greek letters for Latin ones, as Greek transcribes foreign names (b as μπ, d as ντ, a hard g as γκ, u as ου, j as
// τζ at the start of a word and ι after a letter, c as σ before e/i/y). th is read before h.
const GREEK: ReadonlyArray<[RegExp, string]> = [
  [/th/g, 'θ'],
  [/kh|ch|h/g, 'χ'],
  [/sh|zh/g, 'σ'],
  [/ts/g, 'τσ'],
  [/ph|f/g, 'φ'],
  [/ou|oo|u|w/g, 'ου'],
  [/b/g, 'μπ'],
  [/d/g, 'ντ'],
  [/^j/g, 'τζ'],
  [/j/g, 'ι'],
  [/v/g, 'β'],
  [/c(?=[eiy])/g, 'σ'],
  [/[ck]|q/g, 'κ'],
  [/g(?![eiy])/g, 'γκ'],
  [/g/g, 'γ'],
  [/x/g, 'ξ'],
  [/a/g, 'α'],
  [/e/g, 'ε'],
  [/[iy]/g, 'ι'],
  [/o/g, 'ο'],
  [/l/g, 'λ'],
  [/m/g, 'μ'],
  [/n/g, 'ν'],
  [/p/g, 'π'],
  [/r/g, 'ρ'],
  [/s$/g, 'ς'],
  [/[sz]/g, 'σ'],
  [/t/g, 'τ'],
];
const greek = (word: string): string => GREEK.reduce((w, [re, to]) => w.replace(re, to), word.toLowerCase());

function make(kind: MissKind, name: string, rng: Rng): string | null {
  const words = name.split(/\s+/).filter(Boolean);
  const bare = words.map((w) => w.replace(/,$/, ''));
  const { surname, given } = parts(name);
  switch (kind) {
    case 'moved_boundary': {
      // The last letter of a word moved to the start of the next, or the other way round.
      const i = Math.floor(rng() * (bare.length - 1));
      const [a, b] = [bare[i]!, bare[i + 1]!];
      if (a.length < 3 || b.length < 3) return null;
      const out = [...bare];
      if (rng() < 0.5) [out[i], out[i + 1]] = [a.slice(0, -1), a.slice(-1) + b];
      else [out[i], out[i + 1]] = [a + b[0], b.slice(1)];
      return out.join(' ');
    }
    case 'swap_long_word':
    case 'swap_short_word': {
      const fits = bare
        .map((w, i) => [w, i] as const)
        .filter(([w]) => (kind === 'swap_long_word' ? w.length >= 5 : w.length === 3) && /^\p{L}+$/u.test(w));
      if (fits.length === 0) return null;
      const [w, i] = pick(rng, fits);
      const at = 1 + Math.floor(rng() * (w.length - 2));
      if (w[at] === w[at + 1]) return null;
      const out = [...bare];
      out[i] = w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2);
      return out.join(' ');
    }
    case 'particle_surname': {
      // The listed person's surname that begins with a particle, written as the particle and the rest of the
      // surname ("BIN LADEN, Hamza" -> "bin Laden"; "Sanafi al Nasr" -> "al Nasr"; "AL-BARNAWI, Abu Abdullah" ->
      // "al Barnawi"). A particle inside the given names ("Abu Abdullah", "Bayardo de Jesus") is no surname.
      if (given.length === 0) return null;
      // No comma: the last word is the surname, with the particle just before it; a given name must remain.
      const all = name.split(/[\s-]+/).filter(Boolean);
      const n = all.length;
      const family = name.includes(',')
        ? surname
        : n >= 3 && PARTICLES.has(all[n - 2]!.toLowerCase())
          ? all.slice(n - 2)
          : [];
      if (family.length < 2 || !PARTICLES.has(family[0]!.toLowerCase())) return null;
      if (family.slice(1).some((w) => PARTICLES.has(w.toLowerCase()))) return null;
      return `${family[0]!.toLowerCase()} ${family.slice(1).map(cap).join(' ')}`;
    }
    case 'title_surname':
      if (given.length === 0 || surname.length === 0) return null;
      return `${pick(rng, TITLES)} ${surname.map(cap).join(' ')}`;
    case 'initials':
      if (given.length === 0 || surname.length === 0) return null;
      return `${given.map((g) => `${g[0]!.toUpperCase()}.`).join(' ')} ${surname.map(cap).join(' ')}`;
    case 'script_el':
      return bare.map(greek).join(' ');
    case 'spelling_nl': {
      const out = bare
        .map((w) => w.toLowerCase())
        .map((w) => w.replace(/ch/g, 'tsj').replace(/sh/g, 'sj').replace(/zh/g, 'zj').replace(/u/g, 'oe'))
        .map((w) => w.replace(/y(?=[aeiou])/g, 'j'));
      return out.join(' ') === bare.join(' ').toLowerCase() ? null : out.map(cap).join(' ');
    }
    case 'spelling_hu': {
      const out = bare.map((w) =>
        w
          .toLowerCase()
          .replace(/(?<=[aeiou])di/g, 'gyi')
          .replace(/(?<=[aeiou])ti/g, 'tyi'),
      );
      return out.join(' ') === bare.join(' ').toLowerCase() ? null : out.map(cap).join(' ');
    }
    default:
      return null; // the script kinds: matching-script-misses.ts
  }
}

/**
 * Up to `perKind` cases of each kind, from listed persons' Latin names of two words or more (the script kinds: see
 * matching-script-misses.ts), the extra entries the script kinds index, and a note per script kind; deterministic for
 * a seed.
 */
export function buildMissCases(
  entries: readonly BenchEntry[],
  perKind: number,
  seed: number,
): { cases: MissCase[]; evalEntries: BenchEntry[]; notes: string[] } {
  const rng = seededRandom(seed * 7919 + 17);
  const persons = entries.filter((e) => e.kind === 'person');
  const out: MissCase[] = [];
  for (const kind of LATIN_KINDS) {
    const seen = new Set<string>();
    let made = 0;
    for (let guard = 0; made < perKind && guard < perKind * 400; guard++) {
      const e = pick(rng, persons);
      if (seen.has(entryId(e))) continue;
      const weak = new Set(e.weakAliases ?? []);
      const names = entryNames(e).filter((n) => LATIN.test(n) && !weak.has(n) && n.split(/\s+/).length >= 2);
      if (names.length === 0) continue;
      const name = pick(rng, names);
      const query = make(kind, name, rng);
      if (query === null || query.toLowerCase() === name.toLowerCase()) continue;
      seen.add(entryId(e));
      out.push({ query, expected: entryId(e), listedName: name, kind });
      made++;
    }
  }
  if (perKind === 0) return { cases: out, evalEntries: [], notes: [] };
  const scripts = buildScriptMissCases(entries, perKind, seededRandom(seed * 7919 + 29));
  const xlang = buildXlangMissCases(entries, perKind, seededRandom(seed * 7919 + 31));
  return {
    cases: [...out, ...scripts.cases, ...xlang.cases, ...buildLanguageFormCases(entries)],
    evalEntries: [...scripts.evalEntries, ...xlang.evalEntries],
    notes: [...scripts.notes, ...xlang.notes],
  };
}
