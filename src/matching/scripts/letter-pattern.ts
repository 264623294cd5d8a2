// The Latin spellings the letters of a word in a consonantal script (Arabic, Hebrew) allow, as one regular
// expression: each consonant letter is one of the Latin letters it is transcribed with, each vowel letter a Latin
// vowel of its quality, and after each consonant the script may leave one short vowel unwritten (a Latin spelling
// may have a vowel there, but a final one only if it is e). Finer than the consonant classes: أحمد is Ahmad or Ahmed
// (h, m, d, with vowels where Arabic writes none), not Mahdi nor Amadi, though all three are MT.

/** One letter of the script word. */
export type LetterSlot =
  /**
   * A consonant: its Latin spellings as alternatives of a regular expression (`b|p`); `written`, those letterSpellings
   * lists, where not all of them (a final dal's t is matched, not looked up).
   */
  | { readonly kind: 'consonant'; readonly latin: string; readonly written?: readonly string[] }
  /**
   * A vowel letter: `need`, the Latin spelling has a vowel there (an alif); else it may have none (a hamza or an ayn
   * inside the word); `quality`, the vowels it stands for, as a character class (`iey` for a ya or yod).
   */
  | { readonly kind: 'vowel'; readonly need: boolean; readonly quality?: string }
  /**
   * The last letter, as it is (a final ta marbuta: a vowel and an h, or a t); `written`, its usual spellings
   * (letterSpellings).
   */
  | { readonly kind: 'final'; readonly latin: string; readonly written: readonly string[] };

const VOWELS = '[aeiouy]*';
/** The one short vowel a consonantal script may leave unwritten after a consonant. */
const SHORT = '[aeiou]?';

/**
 * The regular expression of a word's letters, matched against a Latin token with doubled letters collapsed
 * (spelledBy). Adjacent vowel letters are one vowel run of the Latin spelling (عادل Adil: ayn and alif, an a).
 */
export function letterPattern(slots: readonly LetterSlot[], initialVowel = '[aeiou]'): RegExp {
  let source = '';
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    if (slot.kind === 'consonant') {
      // s, c, k, g, z or p before an h is another consonant (sh, ch, kh, gh, zh, ph): سهيل Suhail is not Shel. t and d
      // before an h are th and dh, which transcribe ت and د before ح or ه too (فتحي Fathi).
      const digraph = /(^|\|)[td](\||$)/.test(slot.latin) ? '' : '(?!h)';
      source += `(?:${slot.latin})${digraph}${i === slots.length - 1 ? 'e?' : SHORT}`;
      continue;
    }
    if (slot.kind === 'final') {
      source += `(?:${slot.latin})`;
      continue;
    }
    let j = i;
    let need = false;
    let run = VOWELS;
    for (; j < slots.length; j++) {
      const v = slots[j]!;
      if (v.kind !== 'vowel') break;
      need ||= v.need;
      if (v.quality !== undefined) run += `[${v.quality}]${VOWELS}`;
    }
    if (run === VOWELS && need) run = i === 0 ? `${initialVowel}${VOWELS}` : '[aeiouy]+';
    source += run;
    i = j - 1;
  }
  return new RegExp(`^${source}$`);
}

/** Whether a Latin token's text is a spelling the pattern allows (doubled letters are one: Hattab, Hassan). */
export function spelledBy(pattern: RegExp, latin: string): boolean {
  return pattern.test(latin.replace(/(.)\1+/g, '$1'));
}

/** The most spellings letterSpellings lists: a word of more letters is no short word, and is left to its sound. */
export const MAX_LETTER_SPELLINGS = 64;

/**
 * The Latin spellings of a word's letters with a vowel only where it writes a vowel letter (each consonant one of its
 * transcriptions, a vav or waw o or u, a yod or ya i, e or y, an alif a or e, a hamza or ayn inside the word a or none,
 * a vowel letter starting the word any vowel, the last letter its usual spellings): a subset of what letterPattern
 * allows, to look up (a short foreign name, Korean or Chinese, writes its vowels: تشون chun, كيم kim). Null beyond
 * MAX_LETTER_SPELLINGS.
 */
export function letterSpellings(slots: readonly LetterSlot[]): string[] | null {
  let out = [''];
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    const options =
      slot.kind === 'consonant'
        ? (slot.written ?? slot.latin.split('|'))
        : slot.kind === 'final'
          ? slot.written
          : slot.quality !== undefined
            ? slot.quality.includes('o')
              ? ['o', 'u']
              : ['i', 'e', 'y']
            : slot.need
              ? i === 0
                ? ['a', 'e', 'i', 'o', 'u']
                : ['a', 'e']
              : ['', 'a'];
    if (out.length * options.length > MAX_LETTER_SPELLINGS) return null;
    out = out.flatMap((head) => options.map((o) => head + o));
  }
  return [...new Set(out)].filter((x) => x !== '');
}
