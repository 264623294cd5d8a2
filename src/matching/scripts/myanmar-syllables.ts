// Burmese names read syllable by syllable as lists romanise them (one Latin word a syllable: မင်းအောင်လှိုင် ->
// "min aung hlaing"). any-ascii reads the script letter by letter ("mn'eanlhiun"): a syllable's vowel comes from its
// vowel signs and its closing consonant together (ောင် aung, ိုင် aing, ိန် ein, ွန် un), and its onset from the
// consonant and its medials (ကျ ky, ချ ch, ငြ ny, လှ hl, ရှ sh).

const ONSET: Readonly<Record<string, string>> = {
  က: 'k',
  ခ: 'kh',
  ဂ: 'g',
  ဃ: 'g',
  င: 'ng',
  စ: 's',
  ဆ: 's',
  ဇ: 'z',
  ဈ: 'z',
  ဉ: 'ny',
  ည: 'ny',
  ဋ: 't',
  ဌ: 'ht',
  ဍ: 'd',
  ဎ: 'd',
  ဏ: 'n',
  တ: 't',
  ထ: 'ht',
  ဒ: 'd',
  ဓ: 'd',
  န: 'n',
  ပ: 'p',
  ဖ: 'ph',
  ဗ: 'b',
  ဘ: 'b',
  မ: 'm',
  ယ: 'y',
  ရ: 'y',
  လ: 'l',
  ဝ: 'w',
  သ: 'th',
  ဟ: 'h',
  ဠ: 'l',
  အ: '',
  ဿ: 'th',
};
// Independent vowels: a whole syllable's vowel with no onset.
const INDEPENDENT: Readonly<Record<string, string>> = {
  ဣ: 'i',
  ဤ: 'i',
  ဥ: 'u',
  ဦ: 'oo',
  ဧ: 'e',
  ဩ: 'aw',
  ဪ: 'aw',
};
// Closing consonants by the sound class their vowel takes: velar k, nasal ng, palatal, stop, nasal n, glide y.
const FINAL: Readonly<Record<string, string>> = {
  က: 'k',
  ဂ: 'k',
  င: 'ng',
  စ: 'c',
  ဇ: 'c',
  ဉ: 'nj',
  ည: 'y_',
  ဋ: 't',
  ဍ: 't',
  တ: 't',
  ဒ: 't',
  ပ: 'p',
  ဗ: 'p',
  ဏ: 'n',
  န: 'n',
  မ: 'n',
  ယ: 'e',
  လ: 'l',
};
const ASAT = '\u103a';
const STACKER = '\u1039';
const DOT_BELOW = '\u1037';
const VISARGA = '\u1038';
const isConsonant = (ch: string | undefined): boolean => ch !== undefined && ch >= '\u1000' && ch <= '\u1021';
const MYANMAR_RUN = /[\u1000-\u109f]+/gu;

interface Syllable {
  onset: string;
  independent: string;
  medials: string;
  signs: string;
  final: string;
  tones: string;
}

/** A Myanmar run as Latin syllables separated by spaces (any other text kept as it is). */
export function myanmarSyllables(text: string): string {
  return text.replace(MYANMAR_RUN, (run) => ` ${readRun(run).join(' ')} `);
}

// A consonant closes the syllable before it when an asat (possibly after a dot below) or a stacker follows it.
function closes(chars: readonly string[], i: number): boolean {
  const next = chars[i + 1] === DOT_BELOW ? chars[i + 2] : chars[i + 1];
  return next === ASAT || chars[i + 1] === STACKER;
}

function readRun(run: string): string[] {
  const chars = [...run];
  const out: string[] = [];
  let s: Syllable | null = null;
  const flush = () => {
    if (s !== null) {
      const latin = romanise(s);
      if (latin !== '') out.push(latin);
    }
    s = null;
  };
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    if (isConsonant(ch) && s === null && closes(chars, i)) {
      continue; // a closing consonant with no syllable before it (written apart: ကင်း(င်))
    } else if (isConsonant(ch) && !(s !== null && closes(chars, i))) {
      flush();
      s = { onset: ch, independent: '', medials: '', signs: '', final: '', tones: '' };
    } else if (ch in INDEPENDENT) {
      flush();
      s = { onset: '', independent: ch, medials: '', signs: '', final: '', tones: '' };
    } else if (s === null) {
      continue; // a sign with no letter before it, digits and punctuation
    } else if (isConsonant(ch)) {
      s.final = ch;
    } else if (ch >= '\u103b' && ch <= '\u103e') {
      s.medials += ch;
    } else if (ch === DOT_BELOW || ch === VISARGA) {
      s.tones += ch;
    } else if ((ch >= '\u102b' && ch <= '\u1032') || ch === '\u1036') {
      s.signs += ch;
    } else if (ch === '\u104a' || ch === '\u104b') {
      flush(); // ၊ ။ punctuation
    }
  }
  flush();
  return out;
}

function romanise(s: Syllable): string {
  if (s.independent !== '') {
    // ဦ (and ဥ with ီ) is "oo", as in the names U and Oo.
    if (s.independent === 'ဥ' && s.signs.includes('ီ')) return 'oo';
    return INDEPENDENT[s.independent]!;
  }
  const has = (sign: string) => s.signs.includes(sign);
  const ya = s.medials.includes('\u103b') || s.medials.includes('\u103c');
  const wa = s.medials.includes('\u103d');
  const ha = s.medials.includes('\u103e');
  let onset = ONSET[s.onset] ?? '';
  if (ya) onset = s.onset === 'ခ' ? 'ch' : s.onset === 'င' ? 'ny' : onset + 'y';
  if (ha) onset = s.onset === 'ရ' || s.onset === 'ယ' || (ya && s.onset === 'လ') ? 'sh' : 'h' + onset;
  const fin = FINAL[s.final] ?? (s.signs.includes('\u1036') ? 'n' : '');
  const i = has('ိ') || has('ီ');
  const u = has('ု') || has('ူ');
  const e = has('ေ');
  const aa = has('ာ') || has('ါ');
  const highTone = s.tones.includes(VISARGA);
  let vowel: string;
  if (e && aa) vowel = fin === 'ng' ? 'aung' : fin === 'k' ? 'auk' : 'aw';
  else if (i && u) vowel = fin === 'ng' ? 'aing' : fin === 'k' ? 'aik' : highTone && !ya && !wa ? 'oe' : 'o';
  else if (i) vowel = fin === 'n' ? 'ein' : fin === 't' || fin === 'p' || fin === 'k' ? 'eik' : 'i';
  else if (u) vowel = fin === 'n' ? (onset === '' ? 'ohn' : 'one') : fin === 't' || fin === 'p' ? 'ok' : 'u';
  else if (e) vowel = wa ? 'e' : onset === '' ? 'aye' : 'ay';
  else if (has('ဲ')) vowel = 'e';
  else if (wa && (fin === 'n' || fin === 't' || fin === 'p')) vowel = fin === 'n' ? 'un' : 'ut';
  else
    vowel =
      fin === 'ng' || fin === 'nj'
        ? 'in'
        : fin === 'c'
          ? 'it'
          : fin === 'y_'
            ? 'i'
            : fin === 't' || fin === 'p'
              ? 'at'
              : fin === 'k'
                ? 'et'
                : fin === 'n'
                  ? 'an'
                  : fin === 'e'
                    ? 'e'
                    : 'a';
  if (wa && !(vowel === 'un' || vowel === 'ut')) onset += 'w';
  // A nasal closed with the creaky tone is written with a t (မြင့် Myint, သန့် Thant, ညွန့် Nyunt).
  if (s.tones.includes(DOT_BELOW) && /(?:in|an|un)$/.test(vowel)) vowel += 't';
  return onset + vowel;
}
