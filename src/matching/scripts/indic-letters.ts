import { sinhalaAsDevanagari } from './sinhala-letters.js';

// Names in the Brahmic scripts of India and Sri Lanka read as their romanisations write them. These scripts write a
// consonant with an inherent a that any-ascii leaves out (नरेंद्र मोदी -> "nremdr modi", ರಮ್ಜಾನ್ -> "rmjan"): here it is
// read, and in the Indo-Aryan scripts dropped where Hindi, Bengali, Gujarati and Punjabi do not say it (Ohala's schwa
// deletion): at the end of a word unless a cluster precedes it, and in a vowel, consonant, _, consonant, vowel context,
// right to left (अहमद Ahmad, रहमान Rahman, नरेंद्र Narendra); Tamil, Telugu, Kannada, Malayalam and Sinhala say every
// inherent a they write (a virama marks its absence). An anusvara is an n (m before a labial). The blocks from
// Devanagari to Malayalam share one layout (ISCII's), so one table by offset from the block's start serves them all
// (Sinhala is read through Devanagari: sinhala-letters.ts); Tamil writes no voiced stops (க k or g, ட and த t or d, ப p
// or b) and reads them as Tamil says them: voiced between vowels and after a nasal.

const DEVANAGARI = 0x0900;
const BENGALI = 0x0980;
const GURMUKHI = 0x0a00;
const GUJARATI = 0x0a80;
const ORIYA = 0x0b00;
const TAMIL = 0x0b80;
const MALAYALAM = 0x0d00;
// The blocks from Tamil on (Tamil, Telugu, Kannada, Malayalam): Dravidian scripts, every inherent a said.
const DRAVIDIAN = TAMIL;
// Offsets 0x15-0x39: the consonants.
const CONSONANTS = [
  'k',
  'kh',
  'g',
  'gh',
  'n',
  'ch',
  'chh',
  'j',
  'jh',
  'n',
  't',
  'th',
  'd',
  'dh',
  'n',
  't',
  'th',
  'd',
  'dh',
  'n',
  'n',
  'p',
  'ph',
  'b',
  'bh',
  'm',
  'y',
  'r',
  'r',
  'l',
  'l',
  'l',
  'v',
  'sh',
  'sh',
  's',
  'h',
];
// Offsets 0x58-0x5f: the consonants with a nukta (precomposed), Bengali's ড় ঢ় য় among them.
const NUKTA_CONSONANTS = ['q', 'kh', 'gh', 'z', 'r', 'rh', 'f', 'y'];
// A consonant followed by the nukta sign.
const WITH_NUKTA: Readonly<Record<string, string>> = {
  k: 'q',
  kh: 'kh',
  g: 'gh',
  j: 'z',
  ph: 'f',
  s: 'sh', // Gurmukhi ਸ਼ (NFKC decomposes it)
  d: 'r',
  dh: 'rh',
};
const INDEPENDENT_VOWELS: Readonly<Record<number, string>> = {
  0x05: 'a',
  0x06: 'a',
  0x07: 'i',
  0x08: 'i',
  0x09: 'u',
  0x0a: 'u',
  0x0b: 'ri',
  0x0d: 'e',
  0x0e: 'e',
  0x0f: 'e',
  0x10: 'ai',
  0x11: 'o',
  0x12: 'o',
  0x13: 'o',
  0x14: 'au',
};
const VOWEL_SIGNS: Readonly<Record<number, string>> = {
  0x3e: 'a',
  0x3f: 'i',
  0x40: 'i',
  0x41: 'u',
  0x42: 'u',
  0x43: 'ri',
  0x45: 'e',
  0x46: 'e',
  0x47: 'e',
  0x48: 'ai',
  0x49: 'o',
  0x4a: 'o',
  0x4b: 'o',
  0x4c: 'au',
};
const VIRAMA = 0x4d;
const LA = 0x32;
const NUKTA = 0x3c;
const CANDRABINDU = 0x01;
const ANUSVARA = 0x02;
const VISARGA = 0x03;
const LABIALS = new Set(['p', 'ph', 'b', 'bh', 'm', 'f', 'v']);

// Malayalam chillu letters: a consonant with no vowel (ൻ n, ർ r, ൽ l, ...), by code point.
const CHILLU: Readonly<Record<number, string>> = {
  0x0d54: 'm',
  0x0d55: 'y',
  0x0d56: 'l',
  0x0d7a: 'n',
  0x0d7b: 'n',
  0x0d7c: 'r',
  0x0d7d: 'l',
  0x0d7e: 'l',
  0x0d7f: 'k',
};
// Tamil stops are voiced between vowels and after a nasal, ச (read s) after a nasal only (ஞ்ச nj).
const TAMIL_VOICED: Readonly<Record<string, string>> = { k: 'g', t: 'd', p: 'b', s: 'j' };
const GURMUKHI_ADDAK = 0x71; // doubles the next consonant
const GURMUKHI_TIPPI = 0x70; // a nasal, as an anusvara

interface Unit {
  consonant: string; // '' for an independent vowel
  vowel: string | null; // null: the inherent a; '': none (virama)
  coda: string; // anusvara, candrabindu, visarga
  dropped: boolean; // the inherent a is not said
}

const INDIC_RUN = /[\u0900-\u0d7f]+|[\u0d80-\u0dff\u200d]*[\u0d80-\u0dff][\u0d80-\u0dff\u200d]*/gu;

/** Whether a text has a letter of the Brahmic blocks indicLetters reads (Devanagari to Malayalam, and Sinhala). */
export const INDIC_LETTER = /[\u0900-\u0dff]/u;
const SINHALA_RUN = /^[\u0d80-\u0dff\u200d]+$/u;

/**
 * Runs of the Brahmic scripts from Devanagari to Malayalam in a text read as Latin letters (any other text kept as it
 * is). `foreign`: Bengali ভ, Oriya ଭ and Devanagari भ read as v, as Bengali and Nepali write foreign names (ভিক্টর
 * Viktor, लाभरोभ Lavrov), not bh (ভারত Bharat); Gurmukhi without its inherent a; Tamil stops as written.
 */
export function indicLetters(text: string, foreign = false): string {
  return text.replace(INDIC_RUN, (run) => {
    // Sinhala says every inherent a it writes (a virama marks its absence), as the Dravidian scripts do.
    if (SINHALA_RUN.test(run)) return readWord([...sinhalaAsDevanagari(run)], foreign, false);
    // A run may cross from one block to another only at a block's unassigned points: read each block's letters apart.
    let out = '';
    let start = 0;
    const cps = [...run];
    for (let i = 1; i <= cps.length; i++)
      if (i === cps.length || blockOf(cps[i]!.codePointAt(0)!) !== blockOf(cps[start]!.codePointAt(0)!)) {
        out += readWord(cps.slice(start, i), foreign, blockOf(cps[start]!.codePointAt(0)!) < DRAVIDIAN);
        start = i;
      }
    return out;
  });
}

const blockOf = (cp: number): number => cp & ~0x7f;

function blockOffset(cp: number): { base: number; off: number } {
  const base = blockOf(cp);
  return { base, off: cp - base };
}

// `schwaDeletion`: the inherent a is left out where Hindi leaves it out (the Indo-Aryan scripts).
function readWord(letters: readonly string[], foreign: boolean, schwaDeletion: boolean): string {
  if (letters.length === 0) return '';
  const units: Unit[] = [];
  const cps = letters.map((c) => c.codePointAt(0)!);
  const base = blockOf(cps[0]!);
  let doubleNext = false;
  for (let i = 0; i < cps.length; i++) {
    const { off } = blockOffset(cps[i]!);
    const last = units[units.length - 1];
    let consonant: string | undefined;
    if (off >= 0x15 && off <= 0x39) consonant = CONSONANTS[off - 0x15];
    else if (off >= 0x58 && off <= 0x5f && base < TAMIL) consonant = NUKTA_CONSONANTS[off - 0x58];
    else if (base === BENGALI && off === 0x4e)
      consonant = 't'; // ৎ khanda ta
    else if (base === MALAYALAM && cps[i]! in CHILLU) {
      units.push({ consonant: CHILLU[cps[i]!]!, vowel: '', coda: '', dropped: false });
      continue;
    }
    if (consonant !== undefined) {
      // Bengali: য is j at the start of a word (যশোর Jessore) unless a nukta makes it য় (y). Bengali and Oriya ভ ଭ
      // before a virama are a foreign v (ভ্লাদিমির), and anywhere in the foreign reading; so is Devanagari भ (Nepali
      // भ्लादिमिर), before a virama at the start of a word only (Hindi शुभ्रा Shubhra).
      if (base === BENGALI && off === 0x2f && units.length === 0 && cps[i + 1] !== BENGALI + NUKTA)
        consonant = 'j';
      if (
        off === 0x2d &&
        (base === BENGALI || base === ORIYA || base === DEVANAGARI) &&
        (foreign ||
          (cps[i + 1] === base + VIRAMA &&
            (base !== DEVANAGARI || (units.length === 0 && cps[i + 2] === DEVANAGARI + LA))))
      )
        consonant = 'v';
      if (base === TAMIL) consonant = TAMIL_LETTERS[off] ?? consonant;
      // ச with a vowel is s in a Tamil word (the native reading) and ch in a foreign one (சேகுவேரா Che Guevara, சோய்
      // Choi), which writes s with ஸ.
      if (
        base === TAMIL &&
        off === 0x1a &&
        ((cps[i + 1] === TAMIL + VIRAMA && i + 2 === cps.length && i > 0) ||
          (foreign && cps[i + 1] !== TAMIL + VIRAMA))
      )
        consonant = 'ch';
      // Gujarati ઝ is z (રમઝાન Ramzan, ઝવેરી Zaveri), as Gujarati names are romanised.
      if (base === GUJARATI && off === 0x1d) consonant = 'z';
      if (doubleNext) consonant = consonant.slice(0, 1) + consonant;
      doubleNext = false;
      units.push({ consonant, vowel: null, coda: '', dropped: false });
    } else if (base === GURMUKHI && off === GURMUKHI_ADDAK) {
      doubleNext = true;
    } else if (off in INDEPENDENT_VOWELS) {
      units.push({ consonant: '', vowel: INDEPENDENT_VOWELS[off]!, coda: '', dropped: false });
    } else if (last === undefined) {
      continue;
    } else if (off === NUKTA && last.consonant !== '' && last.consonant !== 'y') {
      last.consonant = WITH_NUKTA[last.consonant] ?? last.consonant;
    } else if (off === VIRAMA) {
      last.vowel = '';
    } else if (off in VOWEL_SIGNS) {
      last.vowel = VOWEL_SIGNS[off]!;
    } else if (off === ANUSVARA || off === CANDRABINDU || (base === GURMUKHI && off === GURMUKHI_TIPPI)) {
      last.coda = 'n';
    } else if (off === VISARGA) {
      last.coda = 'h';
    }
  }
  if (schwaDeletion) dropSchwas(units);
  // Punjabi writes a foreign cluster without a virama (ਵਲਾਦੀਮੀਰ Vladimir): the foreign reading says no inherent a.
  if (foreign && base === GURMUKHI) for (const u of units) u.dropped = true;
  if (base === TAMIL) tamilSounds(units, foreign);
  return units
    .map((u, k) => {
      const next = units[k + 1];
      // Malayalam's anusvara is an m (കിം Kim).
      const coda =
        u.coda === 'n' && (base === MALAYALAM || (next !== undefined && LABIALS.has(next.consonant)))
          ? 'm'
          : u.coda;
      const vowel = u.vowel === null ? (u.dropped ? '' : 'a') : u.vowel;
      return u.consonant + vowel + coda;
    })
    .join('');
}

// Tamil consonants the table reads otherwise (by offset): ச s, ற r, ழ zh.
const TAMIL_LETTERS: Readonly<Record<number, string>> = { 0x1a: 's', 0x31: 'r', 0x34: 'zh' };

// Tamil stops: voiced between vowels and after a nasal (கதிரோவ் Kadirov, அசாத் Asat), unvoiced at the start of a word
// and doubled (பூட்டின் Puttin); in the foreign reading as written (a foreign name's k, t, p are as often written so:
// நிகோலை Nikolai, not Nigolai). A ச with a pulli at the end of a word, which no Tamil word has, is a foreign ch
// (வாசிலியேவிச் Vasilyevich).
function tamilSounds(units: Unit[], foreign: boolean): void {
  if (foreign) return;
  for (let k = 1; k < units.length; k++) {
    const u = units[k]!;
    const before = units[k - 1]!;
    const voiced = TAMIL_VOICED[u.consonant];
    if (voiced === undefined) continue;
    const afterNasal =
      before.coda === 'n' || (before.vowel === '' && (before.consonant === 'n' || before.consonant === 'm'));
    const afterVowel = before.vowel !== '' && before.coda === '';
    // Not the first of a doubled stop (ட்ட tt), which has no vowel.
    if (afterNasal || (afterVowel && u.vowel !== '' && u.consonant !== 's')) u.consonant = voiced;
  }
}

const sounded = (u: Unit | undefined): boolean =>
  u !== undefined && (u.vowel === null ? !u.dropped : u.vowel !== '');
const inherent = (u: Unit): boolean => u.consonant !== '' && u.vowel === null && u.coda === '';

function dropSchwas(units: Unit[]): void {
  const n = units.length;
  if (n < 2) return;
  const lastUnit = units[n - 1]!;
  const beforeLast = units[n - 2]!;
  // The final a is said after a cluster (नरेंद्र Narendra) and not after a single consonant (राम Ram).
  if (inherent(lastUnit) && !(beforeLast.consonant !== '' && beforeLast.vowel === ''))
    lastUnit.dropped = true;
  for (let k = n - 2; k >= 1; k--) {
    const u = units[k]!;
    if (!inherent(u)) continue;
    const next = units[k + 1]!;
    if (sounded(units[k - 1]) && next.consonant !== '' && sounded(next)) u.dropped = true;
  }
}
