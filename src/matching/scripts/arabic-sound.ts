// Consonant-class sound (sound-key.ts) of a word written in Arabic script (Arabic and Persian letters), for
// foreign names transcribed into it, with the vowel letters between its classes (vowel-gaps.ts). Written Arabic
// leaves short vowels out but writes long ones (alif, waw, ya), which transcriptions use for foreign vowels.
import { letterPattern, letterSpellings } from './letter-pattern.js';
import type { LetterSlot } from './letter-pattern.js';

const WAW = '\u0648';
const YA = new Set(['\u064a', '\u06cc']); // ي ی
// Alif (and its hamza and madda forms, and alif maqsura: Mustafa مصطفى), hamza on its own or on waw or ya, ayn: a
// vowel of any quality.
const VOWEL_LETTERS = new Set([
  '\u0627',
  '\u0623',
  '\u0625',
  '\u0622',
  '\u0649',
  '\u0621',
  '\u0624',
  '\u0626',
  '\u0639',
]);
// Ta marbuta and a final ha end a word in a vowel (Fatima, Hamza).
const FINAL_VOWEL = new Set(['\u0629', '\u0647']);
// A final ng is written نغ (Arabic), نگ (Persian) or نج (Egyptian ج is g: كينج King, Kyong): Latin final ng is one
// nasal.
const FINAL_NG = /\u0646[\u063a\u06af\u062c]$/u;

/**
 * Arabic (and Persian) script -> class sequence. Alif, ya, ta marbuta, hamza, ayn, ha and hha carry no class (as h
 * and vowels in the Latin reading), waw is a vowel except at the start of a word, "تش" spells ch, and a final نغ ng.
 */
export function arabicSound(word: string): string {
  return arabicReading(word).sound;
}

/**
 * The class sequence and what stands in each gap of it: 'i' for a ya, 'a' for any other vowel letter (alif, hamza,
 * ayn, a waw inside the word, which may also be a w, a final ta marbuta or ha), '' for none.
 */
export function arabicReading(
  word: string,
  variant: Readonly<Record<string, string>> = {},
): { sound: string; vowels: string[] } {
  const chars = [...word.replace(/\u062a\u0634/g, '\u0634').replace(FINAL_NG, '\u0646')];
  let sound = '';
  const vowels: string[] = [];
  let gap = '';
  const add = (cls: string): void => {
    if (!sound.endsWith(cls)) {
      vowels.push(gap);
      sound += cls;
    }
    gap = '';
  };
  chars.forEach((ch, i) => {
    const cls = variant[ch] ?? ARABIC_CLASS[ch];
    if (ch === WAW && i === 0) add('P');
    else if (cls === '') return;
    else if (cls !== undefined) add(cls);
    else if (YA.has(ch)) gap += 'i';
    else if (ch === WAW || VOWEL_LETTERS.has(ch) || (FINAL_VOWEL.has(ch) && i === chars.length - 1))
      gap += 'a';
  });
  vowels.push(gap);
  return { sound, vowels };
}

/**
 * The plain sound, then those of letters that transcribe more than one sound, each on its own: ث ذ ض ظ as s or z
 * (Persian and Urdu say them so: رضا Reza), ج as g (Egyptian, and Russian names: بوغدانوف or بوجدانوف Bogdanov), خ
 * for the Spanish j or a dropped h (روخاس Rojas). Deduplicated.
 */
export function arabicSounds(word: string): string[] {
  const out = [arabicSound(word)];
  for (const variant of ARABIC_VARIANTS) {
    if (!Object.keys(variant).some((ch) => word.includes(ch))) continue;
    const sound = arabicReading(word, variant).sound;
    if (!out.includes(sound)) out.push(sound);
  }
  // A final ta marbuta after a consonant is also the t it is said as before another name, which Persian, Turkish and
  // Urdu names keep (رحمة Rahmat, عصمة Ismat; not after a vowel letter or hamza: براءة Baraa).
  if (word.length > 2 && word.endsWith('\u0629') && ARABIC_CLASS[word[word.length - 2]!] !== undefined) {
    const sound = arabicSound(`${word.slice(0, -1)}\u062a`);
    if (!out.includes(sound)) out.push(sound);
  }
  // A waw beside an alif inside the word may be a consonant, w or v (Persian لاوروف Lavrov, ایوانف Ivanov; داود
  // Dawud), which the plain reading takes for a vowel.
  if (WAW_BY_ALIF.test(word)) {
    const sound = arabicSound(word.replace(WAW_BY_ALIF, '\u06a4'));
    if (!out.includes(sound)) out.push(sound);
  }
  return out;
}
const WAW_BY_ALIF = /(?<=.\u0627)\u0648(?!$)|(?<=.)\u0648(?=\u0627)/gu;

const ARABIC_VARIANTS: ReadonlyArray<Readonly<Record<string, string>>> = [
  { '\u062b': 'S', '\u0630': 'S', '\u0636': 'S', '\u0638': 'S' }, // ث ذ ض ظ
  { '\u062c': 'K' }, // ج
  { '\u062e': '' }, // خ
];

const ARABIC_CLASS: Readonly<Record<string, string>> = {
  '\u0628': 'P',
  '\u067e': 'P',
  '\u0641': 'P',
  '\u06a4': 'P', // ب پ ف ڤ
  '\u062a': 'T',
  '\u062b': 'T',
  '\u062f': 'T',
  '\u0630': 'T',
  '\u0636': 'T',
  '\u0637': 'T', // ت ث د ذ ض ط
  '\u062c': 'S',
  '\u0632': 'S',
  '\u0633': 'S',
  '\u0634': 'S',
  '\u0635': 'S',
  '\u0638': 'S',
  '\u0698': 'S',
  '\u0686': 'S', // ج ز س ش ص ظ ژ چ
  '\u062e': 'K',
  '\u063a': 'K',
  '\u0642': 'K',
  '\u0643': 'K',
  '\u06a9': 'K',
  '\u06af': 'K', // خ غ ق ك ک گ
  '\u0644': 'L',
  '\u0631': 'L', // ل ر
  '\u0645': 'M',
  '\u0646': 'N', // م ن
};

// The Latin letters each Arabic (and Persian, Urdu) consonant is transcribed with (letterPattern).
const ARABIC_LATIN: Readonly<Record<string, string>> = {
  '\u0628': 'b|p', // ب
  '\u067e': 'p|b', // پ
  '\u0641': 'f|ph|v', // ف
  '\u06a4': 'v|f', // ڤ
  '\u062a': 't', // ت
  '\u0637': 't', // ط
  '\u0679': 't', // ٹ
  '\u062f': 'd|dh', // د
  '\u0688': 'd', // ڈ
  '\u062b': 'th|t|s', // ث
  '\u0630': 'dh|th|z|d', // ذ
  '\u0636': 'dh|d|z', // ض
  '\u0638': 'dh|th|z|d', // ظ
  '\u062c': 'j|dj|dzh|g|zh', // ج
  '\u0632': 'z|s', // ز
  '\u0633': 's|c', // س
  '\u0635': 's|c', // ص
  '\u0634': 'sh|sch|ch|x', // ش (and the Chinese x: شي Xi, شو Xu)
  '\u0686': 'tch|tsh|ch|zh|q', // چ (and تش, which also writes the Chinese zh and q: تشانغ Zhang, تشيان Qian)
  '\u0698': 'zh|j|g', // ژ
  '\u062e': 'kh|ch|h|x|j', // خ
  '\u063a': 'gh|g', // غ
  '\u0642': 'q|qu|k|ck|c|g', // ق
  '\u0643': 'k|ck|c|qu', // ك
  '\u06a9': 'k|ck|c|qu', // ک
  '\u06af': 'g|gh', // گ
  '\u0644': 'l', // ل
  '\u0631': 'r', // ر
  '\u0691': 'r', // ڑ
  '\u0645': 'm', // م
  '\u0646': 'n', // ن
  '\u06ba': 'n', // ں
  '\u062d': 'h|ch', // ح
  '\u0647': 'h', // ه
  '\u06be': 'h', // ھ
};
// The spellings letterSpellings looks up where not all of ARABIC_LATIN (as many as before the Chinese x and q: a word
// of more spellings than MAX_LETTER_SPELLINGS is looked up by none).
const ARABIC_WRITTEN: Readonly<Record<string, readonly string[]>> = {
  '\u0634': ['sh', 'ch', 'x'], // ش
  '\u0686': ['tch', 'ch', 'zh', 'q'], // چ
};
// Short vowel signs, shadda, sukun, superscript alif and tatweel: the letters decide.
const ARABIC_SIGNS = /[\u064b-\u065f\u0670\u0640]/g;
const ALIF_LIKE = new Set(['\u0627', '\u0622', '\u0671', '\u0649', '\u06d2']); // ا آ ٱ ى ے

/**
 * The Latin spellings an Arabic-script word's letters allow (letter-pattern.ts): each consonant one of its
 * transcriptions; an alif or alif maqsura a vowel, a ya or waw inside the word a vowel of its quality (ya i, e or y;
 * waw o, u or a w), hamza and ayn inside the word a vowel or none; at the start of the word an alif, hamza or ayn a
 * vowel, a waw a w, v, o or u, a ya a y, i, j or e; a final ta marbuta or ha a vowel (with an h, or a t), a final waw
 * may be silent (عمرو Amr). Null for a letter it does not know.
 */
export function arabicLetters(word: string): RegExp | null {
  const slots = arabicSlots(word);
  return slots === null ? null : letterPattern(slots);
}

/** The spellings of an Arabic-script word's letters with its written vowels only (letter-pattern.ts letterSpellings). */
export function arabicSpellings(word: string): string[] | null {
  const slots = arabicSlots(word);
  return slots === null ? null : letterSpellings(slots);
}

function arabicSlots(word: string): LetterSlot[] | null {
  const chars = [...word.replace(ARABIC_SIGNS, '').replace(/\u062a\u0634/g, '\u0686')];
  const slots: LetterSlot[] = [];
  const last = chars.length - 1;
  for (let i = 0; i <= last; i++) {
    const ch = chars[i]!;
    const consonant = ARABIC_LATIN[ch];
    if (ch === '\u0647' && i === last && i > 0)
      slots.push({ kind: 'final', latin: 'h[aeiou]?|[aeiouy]+h?', written: ['a', 'ah', 'e', 'h'] });
    else if (ch === '\u0629' && i === last)
      slots.push({ kind: 'final', latin: '[aeiouy]+h?|[aeiou]?t', written: ['a', 'ah', 'at'] });
    // A final dal is also the t of Turkish and Chadian spellings, which say a final d voiceless (محمد Mehmet,
    // Mahamat; أحمد Ahmet, محمود Mahmut, مراد Murat); a final ba's p is among its spellings already (رجب Recep).
    else if (consonant !== undefined)
      slots.push(
        ch === '\u062f' && i === last && i > 0
          ? { kind: 'consonant', latin: 'd|dh|t', written: ['d', 'dh'] }
          : { kind: 'consonant', latin: consonant, written: ARABIC_WRITTEN[ch] },
      );
    else if (ch === WAW && i === 0) slots.push({ kind: 'consonant', latin: 'w|v|ou|o|u' });
    else if (ch === WAW && i === last)
      slots.push({ kind: 'final', latin: '(?:[aeiouy]*[ouwv][aeiouy]*)?', written: ['o', 'u', 'ou'] });
    else if (ch === WAW) slots.push({ kind: 'vowel', need: true, quality: 'ouwv' });
    else if (YA.has(ch)) {
      if (i === 0) slots.push({ kind: 'consonant', latin: 'y|i|j|e' });
      else slots.push({ kind: 'vowel', need: true, quality: 'iey' });
    } else if (ALIF_LIKE.has(ch)) slots.push({ kind: 'vowel', need: true });
    else if (VOWEL_LETTERS.has(ch)) slots.push({ kind: 'vowel', need: i === 0 });
    else return null;
  }
  return slots.length === 0 ? null : slots;
}
