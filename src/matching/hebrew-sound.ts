// Consonant-class sound (sound-key.ts) of a word written in Hebrew script, for foreign names transcribed into
// Hebrew. Hebrew is written mostly without vowels: alef, he, het, ayin and yod carry vowels or an h (which the
// Latin reading drops too), vav is a vowel inside a word, and the consonants map straight to classes.

// Niqqud, cantillation and the shin/sin dots: the consonant decides the class, not its pointing.
const POINTING = /[\u0591-\u05bd\u05bf-\u05c7]/g;
// Geresh (and the apostrophes typed for it) after a letter changes its sound: ג׳ j, ז׳ zh, צ׳ ch, ת׳ th.
const GERESH = new Set(['\u05f3', "'", '\u2019', '`', '\u00b4']);
const VAV = '\u05d5';

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
  const chars = [...word.normalize('NFD').replace(POINTING, '')];
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const next = chars[i + 1] ?? '';
    if (ch === VAV) {
      if (next === VAV) {
        out += 'P';
        i++;
      } else if (i === 0) out += 'P';
      continue;
    }
    if (GERESH.has(next)) {
      out += GERESH_CLASS[ch] ?? CLASS[ch] ?? '';
      i++;
      continue;
    }
    out += CLASS[ch] ?? '';
  }
  return out.replace(/(.)\1+/g, '$1');
}
