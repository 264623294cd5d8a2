// Devanagari and Bengali names read as their romanisations write them. Both scripts write a consonant with an
// inherent a that any-ascii leaves out (नरेंद्र मोदी -> "nremdr modi"): here it is read, and dropped where Hindi and
// Bengali do not say it (Ohala's schwa deletion): at the end of a word unless a cluster precedes it, and in a vowel,
// consonant, _, consonant, vowel context, right to left (अहमद Ahmad, रहमान Rahman, नरेंद्र Narendra). An anusvara is an
// n (m before a labial). The two blocks share their layout, so one table by offset from the block's start serves both.

const DEVANAGARI = 0x0900;
const BENGALI = 0x0980;
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
const NUKTA = 0x3c;
const CANDRABINDU = 0x01;
const ANUSVARA = 0x02;
const VISARGA = 0x03;
const LABIALS = new Set(['p', 'ph', 'b', 'bh', 'm', 'f', 'v']);

interface Unit {
  consonant: string; // '' for an independent vowel
  vowel: string | null; // null: the inherent a; '': none (virama)
  coda: string; // anusvara, candrabindu, visarga
  dropped: boolean; // the inherent a is not said
}

const INDIC_RUN = /[\u0900-\u09ff]+/gu;

/**
 * Devanagari and Bengali runs of a text read as Latin letters (any other text kept as it is). `foreign`: Bengali ভ
 * read as v, as Bengali writes foreign names (ভিক্টর Viktor), not bh (ভারত Bharat).
 */
export function indicLetters(text: string, foreign = false): string {
  return text.replace(INDIC_RUN, (run) => readWord(run, foreign));
}

function blockOffset(cp: number): { base: number; off: number } {
  const base = cp >= BENGALI ? BENGALI : DEVANAGARI;
  return { base, off: cp - base };
}

function readWord(run: string, foreign: boolean): string {
  const units: Unit[] = [];
  const cps = [...run].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < cps.length; i++) {
    const { base, off } = blockOffset(cps[i]!);
    const last = units[units.length - 1];
    let consonant: string | undefined;
    if (off >= 0x15 && off <= 0x39) consonant = CONSONANTS[off - 0x15];
    else if (off >= 0x58 && off <= 0x5f) consonant = NUKTA_CONSONANTS[off - 0x58];
    else if (base === BENGALI && off === 0x4e) consonant = 't'; // ৎ khanda ta
    if (consonant !== undefined) {
      // Bengali: য is j at the start of a word (যশোর Jessore) unless a nukta makes it য় (y); ভ before a virama
      // is a foreign v (ভ্লাদিমির), and anywhere in the foreign reading.
      if (base === BENGALI && off === 0x2f && units.length === 0 && cps[i + 1] !== BENGALI + NUKTA)
        consonant = 'j';
      if (base === BENGALI && off === 0x2d && (foreign || cps[i + 1] === BENGALI + VIRAMA)) consonant = 'v';
      units.push({ consonant, vowel: null, coda: '', dropped: false });
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
    } else if (off === ANUSVARA || off === CANDRABINDU) {
      last.coda = 'n';
    } else if (off === VISARGA) {
      last.coda = 'h';
    }
  }
  dropSchwas(units);
  return units
    .map((u, k) => {
      const next = units[k + 1];
      const coda = u.coda === 'n' && next !== undefined && LABIALS.has(next.consonant) ? 'm' : u.coda;
      const vowel = u.vowel === null ? (u.dropped ? '' : 'a') : u.vowel;
      return u.consonant + vowel + coda;
    })
    .join('');
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
