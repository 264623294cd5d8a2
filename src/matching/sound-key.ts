// Consonant-class "sound" keys for names transcribed into Chinese characters or Hangul and back.
//
// A foreign name written in Han or Hangul comes back from transliteration as syllables with vowels inserted
// between consonants ("Nikolayevich" -> 尼古拉耶维奇 -> ni gu la ye wei qi; "Sergei" -> 세르게이 -> se leu ge i).
// Its vowels and exact consonants are lost, but the order of consonant classes survives: labials, dentals,
// velars, sibilants, liquids (l and r are one sound in both languages), nasals. Both sides are reduced to that
// sequence of classes (P T K S L M N), so "ni gu la ye wei qi" and "nikolayevich" both give NKLPS.

/**
 * Every class sequence a Latin spelling may be heard as after transcription: the plain reading, then readings
 * with the changes Chinese and Korean transcriptions make (a final r dropped: Kantor -> kan te; soft g and d
 * before i: Dugin -> du jin, Vladimir -> fu la ji mi er; x as s: Alexander -> ya li shan da; Slavic j as y:
 * Zeljko -> jel li ko; th as s: Elizabeth -> el li ja be seu). Deduplicated, plain reading first.
 */
export function latinSounds(text: string): string[] {
  const spellings = new Set([text]);
  for (const change of LATIN_VARIANTS)
    for (const s of [...spellings]) {
      const v = change(s);
      if (v !== s) spellings.add(v);
    }
  return [...new Set([...spellings].map(latinSound))].filter((x) => x !== '');
}

const LATIN_VARIANTS: ReadonlyArray<(s: string) => string> = [
  // Arabic kh and gh are consonants (خ, غ) that the plain reading drops with h.
  (s) => s.replace(/kh|gh/g, 'k'),
  (s) => (s.length > 3 && s.endsWith('r') ? s.slice(0, -1) : s),
  (s) => s.replace(/g(?=[eiy])/g, 'j'),
  (s) => s.replace(/d(?=i)/g, 'j'),
  (s) => s.replace(/x/g, 's'),
  (s) => s.replace(/j/g, 'y'),
  (s) => s.replace(/th/g, 's'),
];

/** Latin spelling -> class sequence (h, y and vowels carry no class; doubled classes collapse). */
export function latinSound(text: string): string {
  const s = text
    .replace(/sch|sh|ch|zh|tch|ts|tz|j/g, 'S')
    .replace(/kh|gh|h/g, '')
    .replace(/ph|th(?=[aeiou])/g, (m) => (m === 'ph' ? 'P' : 'T'))
    .replace(/ck|qu|q/g, 'K')
    .replace(/c(?=[eiy])/g, 'S')
    .replace(/x/g, 'KS')
    .replace(/ng$/g, 'N')
    .replace(/[bpfvw]/g, 'P')
    .replace(/[dt]/g, 'T')
    .replace(/[gkc]/g, 'K')
    .replace(/[sz]/g, 'S')
    .replace(/[lr]/g, 'L')
    .replace(/m/g, 'M')
    .replace(/n/g, 'N')
    .replace(/[^PTKSLMN]/g, '');
  return collapse(s);
}

/** Pinyin syllables (any-ascii of Han characters, one per character) -> class sequence. */
export function pinyinSound(syllables: readonly string[]): string {
  let out = '';
  syllables.forEach((syl, i) => {
    if (syl === 'er') {
      out += 'L';
      return;
    }
    const m = /^(zh|ch|sh|[bpmfdtnlgkhjqxzcsrwy])?([a-z]*)$/.exec(syl);
    if (!m) return;
    out += PINYIN_INITIAL[m[1] ?? ''] ?? '';
    const fin = m[2] ?? '';
    // A nasal final before a nasal initial spells a doubled consonant (Muhammad -> mu han mo de).
    const nextNasal = /^[mn]/.test(syllables[i + 1] ?? '');
    if ((fin.endsWith('ng') || fin.endsWith('n')) && !nextNasal) out += 'N';
  });
  return collapse(out);
}

const PINYIN_INITIAL: Readonly<Record<string, string>> = {
  b: 'P',
  p: 'P',
  f: 'P',
  w: 'P',
  d: 'T',
  t: 'T',
  g: 'K',
  k: 'K',
  zh: 'S',
  ch: 'S',
  sh: 'S',
  j: 'S',
  q: 'S',
  x: 'S',
  z: 'S',
  c: 'S',
  s: 'S',
  l: 'L',
  r: 'L',
  m: 'M',
  n: 'N',
  h: '',
  y: '',
  '': '',
};

/** Revised-Romanisation syllables (any-ascii of Hangul, one per block) -> class sequence. */
export function hangulSound(syllables: readonly string[]): string {
  let out = '';
  for (const syl of syllables) {
    const m = /^(kk|tt|pp|ss|jj|ch|[gkdtbpjsmnlrh])?([aeiouwy]+)(ng|[gkdtbpsmnlrh])?$/.exec(syl);
    if (!m) continue;
    out += HANGUL_CONSONANT[m[1] ?? ''] ?? '';
    out += HANGUL_CONSONANT[m[3] ?? ''] ?? '';
  }
  return collapse(out);
}

const HANGUL_CONSONANT: Readonly<Record<string, string>> = {
  g: 'K',
  k: 'K',
  kk: 'K',
  d: 'T',
  t: 'T',
  tt: 'T',
  b: 'P',
  p: 'P',
  pp: 'P',
  j: 'S',
  jj: 'S',
  ch: 'S',
  s: 'S',
  ss: 'S',
  l: 'L',
  r: 'L',
  m: 'M',
  n: 'N',
  ng: 'N',
  h: '',
  '': '',
};

function collapse(s: string): string {
  return s.replace(/(.)\1+/g, '$1');
}

/**
 * Arabic (and Persian) script -> class sequence. Written Arabic leaves short vowels out; alif, ya, ta marbuta,
 * hamza, ayn, ha and hha carry no class (as h and vowels in the Latin reading), waw is a vowel except at the start
 * of a word, and "تش" spells ch.
 */
export function arabicSound(word: string): string {
  let out = '';
  const chars = [...word.replace(/\u062a\u0634/g, '\u0634')];
  chars.forEach((ch, i) => {
    if (ch === '\u0648') {
      if (i === 0) out += 'P';
      return;
    }
    out += ARABIC_CLASS[ch] ?? '';
  });
  return collapse(out);
}

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
