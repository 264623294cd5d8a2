// Consonant-class sound (sound-key.ts) of a word written in Arabic script (Arabic and Persian letters), for
// foreign names transcribed into it, with the vowel letters between its classes (vowel-gaps.ts). Written Arabic
// leaves short vowels out but writes long ones (alif, waw, ya), which transcriptions use for foreign vowels.

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
// A final ng is written نغ (Arabic) or نگ (Persian): Latin final ng is one nasal.
const FINAL_NG = /\u0646[\u063a\u06af]$/u;

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
  return out;
}

const ARABIC_VARIANTS: ReadonlyArray<Readonly<Record<string, string>>> = [
  { '\u062b': 'S', '\u0630': 'S', '\u0636': 'S', '\u0638': 'S' }, // ث ذ ض ظ
  { '\u062c': 'K' }, // ج
  { '\u062e': '' }, // خ
];

const ARABIC_CLASS: Readonly<Record<string, string>> = {
  '\u0628': 'P',
  '\u067e': 'P',
  '\u0641': 'P', // ب پ ف
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
