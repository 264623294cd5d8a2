// Consonant-class sound (sound-key.ts) of a word written in Hebrew script, for foreign names transcribed into
// Hebrew. Hebrew is written mostly without vowels: alef, he, het, ayin and yod carry vowels or an h (which the
// Latin reading drops too), vav is a vowel inside a word, and the consonants map straight to classes.

import { letterPattern, letterSpellings } from './letter-pattern.js';
import type { LetterSlot } from './letter-pattern.js';

// Niqqud, cantillation and the shin/sin dots: the consonant decides the class, not its pointing.
const POINTING = /[\u0591-\u05bd\u05bf-\u05c7]/g;
// Geresh (and the apostrophes typed for it) after a letter changes its sound: ג׳ j, ז׳ zh, צ׳ ch, ת׳ th.
const GERESH = new Set(['\u05f3', "'", '\u2019', '`', '\u00b4']);
const VAV = '\u05d5';
const HE = '\u05d4';
const YOD = '\u05d9';
// Spellings of one sound in two letters, read as the letter with a geresh that also writes it: טש is ch as צ׳
// (טשייני Cheyney, מיטשל Mitchell), and a final נג is one nasal, ng, as Latin reads it (צ'אנינג Channing).
function hebrewLetterGroups(word: string): string[] {
  return [
    ...word
      .normalize('NFD')
      .replace(POINTING, '')
      .replace(/\u05d8\u05e9/g, '\u05e6\u05f3'),
  ];
}
const FINAL_NG = /\u05e0\u05d2$/u;
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
 * vowel; a letter followed by a geresh takes its geresh sound; טש is ch, a final נג one nasal.
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
  const chars = hebrewLetterGroups(word.replace(FINAL_NG, '\u05e0'));
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

// The Latin letters each Hebrew consonant is transcribed with (letterPattern), and those with a geresh.
const HEBREW_LATIN: Readonly<Record<string, string>> = {
  '\u05d1': 'b|v', // ב
  '\u05d2': 'g|gu', // ג
  '\u05d3': 'd', // ד
  '\u05d4': 'h', // ה
  '\u05d6': 'z|s', // ז
  '\u05d7': 'ch|kh|h', // ח
  '\u05d8': 't|th', // ט
  '\u05db': 'k|ck|c|ch|kh|qu', // כ
  '\u05da': 'k|ck|c|ch|kh|qu', // ך
  '\u05dc': 'l', // ל
  '\u05de': 'm', // מ
  '\u05dd': 'm', // ם
  '\u05e0': 'n', // נ
  '\u05df': 'n', // ן
  '\u05e1': 's|c', // ס
  '\u05e4': 'p|ph|f', // פ
  '\u05e3': 'p|ph|f', // ף
  '\u05e6': 'ts|tz|z|c|s', // צ
  '\u05e5': 'ts|tz|z|c|s', // ץ
  '\u05e7': 'k|ck|c|q|qu', // ק
  '\u05e8': 'r', // ר
  '\u05e9': 'sh|sch|s|ch', // ש
  '\u05ea': 't|th|s', // ת
  '\u05f0': 'v|w', // װ
};
const HEBREW_GERESH_LATIN: Readonly<Record<string, string>> = {
  '\u05d2': 'j|dj|dzh|g', // ג׳
  '\u05d6': 'zh|j|g|s', // ז׳
  '\u05e6': 'ch|tch|tsh|cz|c', // צ׳
  '\u05e5': 'ch|tch|tsh|cz|c', // ץ׳
  '\u05d7': 'kh|ch|h', // ח׳
  '\u05e2': 'gh|g|r', // ע׳
  '\u05d3': 'th|dh|d', // ד׳
  '\u05ea': 'th|t', // ת׳
};

/**
 * The Latin spellings a Hebrew word's letters allow (letter-pattern.ts): each consonant one of its transcriptions
 * (with a geresh, its geresh sound); a vav inside the word o, u or a w (a double vav a v or w), a yod inside the word
 * i, e or y (a double yod any vowel), alef and ayin a vowel or none inside the word and a vowel at its start, a final
 * he a vowel (or an h). Null for a letter it does not know.
 */
export function hebrewLetters(word: string): RegExp | null {
  const slots = hebrewSlots(word);
  return slots === null ? null : letterPattern(slots);
}

/** The spellings of a Hebrew word's letters with its written vowels only (letter-pattern.ts letterSpellings). */
export function hebrewSpellings(word: string): string[] | null {
  const slots = hebrewSlots(word);
  return slots === null ? null : letterSpellings(slots);
}

function hebrewSlots(word: string): LetterSlot[] | null {
  const chars = hebrewLetterGroups(word);
  const slots: LetterSlot[] = [];
  const last = chars.length - 1;
  for (let i = 0; i <= last; i++) {
    const ch = chars[i]!;
    const next = chars[i + 1] ?? '';
    const geresh = GERESH.has(next) ? HEBREW_GERESH_LATIN[ch] : undefined;
    if (geresh !== undefined) {
      slots.push({ kind: 'consonant', latin: geresh });
      i++;
    } else if (GERESH.has(ch)) continue;
    else if ((ch === VAV && next === VAV) || ch === '\u05f0') {
      slots.push({ kind: 'consonant', latin: 'v|w' });
      if (ch === VAV) i++;
    } else if (ch === VAV && i === 0) slots.push({ kind: 'consonant', latin: 'v|w|o|u' });
    else if (ch === VAV || ch === '\u05f1') slots.push({ kind: 'vowel', need: true, quality: 'ouvw' });
    else if ((ch === YOD && next === YOD) || ch === '\u05f2') {
      slots.push({ kind: 'vowel', need: true });
      if (ch === YOD) i++;
    } else if (ch === YOD && i === 0) slots.push({ kind: 'consonant', latin: 'y|i|j|e' });
    else if (ch === YOD) slots.push({ kind: 'vowel', need: true, quality: 'iey' });
    else if (ch === HE && i === last && i > 0)
      slots.push({ kind: 'final', latin: '[aeiouy]+h?|h', written: ['a', 'ah', 'e', 'h'] });
    else if (ch === '\u05d0' || ch === '\u05e2') slots.push({ kind: 'vowel', need: i === 0 });
    else if (HEBREW_LATIN[ch] !== undefined) slots.push({ kind: 'consonant', latin: HEBREW_LATIN[ch] });
    else return null;
  }
  return slots.length === 0 ? null : slots;
}
