// Consonant-class sound (sound-key.ts) of a word written in Hebrew script, for foreign names transcribed into
// Hebrew. Hebrew is written mostly without vowels: alef, he, het, ayin and yod carry vowels or an h (which the
// Latin reading drops too), vav is a vowel inside a word, and the consonants map straight to classes.

// Niqqud, cantillation and the shin/sin dots: the consonant decides the class, not its pointing.
const POINTING = /[\u0591-\u05bd\u05bf-\u05c7]/g;
// Geresh (and the apostrophes typed for it) after a letter changes its sound: ג׳ j, ז׳ zh, צ׳ ch, ת׳ th.
const GERESH = new Set(['\u05f3', "'", '\u2019', '`', '\u00b4']);
const VAV = '\u05d5';
const HE = '\u05d4';
const YOD = '\u05d9';
// Alef, ayin and the vav-yod and double-yod ligatures: a vowel of any quality in a transcribed foreign name.
const VOWEL_LETTERS = new Set(['\u05d0', '\u05e2', '\u05f1', '\u05f2']);

const CLASS: Readonly<Record<string, string>> = {
  '\u05d1': 'P', // ב b/v
  '\u05e4': 'P', // פ p/f
  '\u05e3': 'P', // ף
  '\u05d3': 'T', // ד
  '\u05ea': 'T', // ת
  '\u05d8': 'T', // ט
  '\u05d2': 'K', // ג
  '\u05e7': 'K', // ק
  '\u05db': 'K', // כ k/kh
  '\u05da': 'K', // ך
  '\u05d6': 'S', // ז
  '\u05e1': 'S', // ס
  '\u05e6': 'S', // צ ts
  '\u05e5': 'S', // ץ
  '\u05e9': 'S', // ש sh/s
  '\u05dc': 'L', // ל
  '\u05e8': 'L', // ר
  '\u05de': 'M', // מ
  '\u05dd': 'M', // ם
  '\u05e0': 'N', // נ
  '\u05df': 'N', // ן
  '\u05f0': 'P', // װ double vav: v/w
};

// With a geresh: ג׳ j and ז׳ zh are sibilants like צ׳ ch; ח׳ kh and ע׳ gh (Arabic names) are velars, as the Latin
// reading that keeps kh and gh as k.
const GERESH_CLASS: Readonly<Record<string, string>> = {
  '\u05d2': 'S',
  '\u05d6': 'S',
  '\u05e6': 'S',
  '\u05d7': 'K',
  '\u05e2': 'K',
};

/**
 * Hebrew script -> class sequence (P T K S L M N). A vav is v/w at the start of a word or doubled (וו), else a
 * vowel; a letter followed by a geresh takes its geresh sound.
 */
export function hebrewSound(word: string): string {
  return hebrewReading(word).sound;
}

/**
 * The class sequence and, as latinVowelGaps (vowel-gaps.ts), what stands in each gap of it: 'o' for a vav inside
 * the word, 'i' for a single yod, 'a' for alef, ayin, a double yod (ei, ai) or a final he, '' for none. Vowel letters
 * between two equal classes that collapse into one are dropped.
 */
export function hebrewReading(word: string): { sound: string; vowels: string[] } {
  const chars = [...word.normalize('NFD').replace(POINTING, '')];
  let sound = '';
  const vowels: string[] = [];
  let gap = '';
  const add = (cls: string): void => {
    if (cls === '') return;
    if (!sound.endsWith(cls)) {
      vowels.push(gap);
      sound += cls;
    }
    gap = '';
  };
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const next = chars[i + 1] ?? '';
    if (ch === VAV) {
      if (next === VAV) {
        add('P');
        i++;
      } else if (i === 0) add('P');
      else gap += 'o';
      continue;
    }
    if (GERESH.has(next)) {
      add(GERESH_CLASS[ch] ?? CLASS[ch] ?? '');
      i++;
      continue;
    }
    if (ch === YOD) {
      if (next === YOD) i++;
      gap += next === YOD ? 'a' : 'i';
    } else if (VOWEL_LETTERS.has(ch) || (ch === HE && i === chars.length - 1)) gap += 'a';
    else add(CLASS[ch] ?? '');
  }
  vowels.push(gap);
  return { sound, vowels };
}
