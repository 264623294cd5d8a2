// Consonant-class sound (sound-key.ts) of a word written in katakana, for foreign names transcribed into
// Japanese. Each kana is a syllable with a vowel added after every consonant (Smith -> スミス su-mi-su); its
// consonant gives the class: shi, chi, tsu and ji are sibilants, fu a labial, the ra row l or r, ヴ v, and the
// vowels, the y- and h- syllables, the long-vowel mark ー and the doubling mark ッ carry none.

const ROWS: readonly (readonly [string, string])[] = [
  ['カキクケコガギグゲゴヵヶ', 'K'],
  ['サシスセソザジズゼゾチツヂヅ', 'S'],
  ['タテトダデド', 'T'],
  ['ナニヌネノン', 'N'],
  ['フバビブベボパピプペポヴワヰヱヮ', 'P'],
  ['マミムメモ', 'M'],
  ['ラリルレロ', 'L'],
];
const CLASS: ReadonlyMap<string, string> = new Map(
  ROWS.flatMap(([kana, cls]) => [...kana].map((k) => [k, cls] as const)),
);
// ン before a labial is m (Campbell キャンベル, Hamburg ハンブルク).
const LABIAL_AFTER_N = new Set([...'バビブベボパピプペポマミムメモ']);
// ウ before a small vowel is w (ウィルソン Wilson, ウォルター Walter).
const SMALL_VOWEL_AFTER_U = new Set([...'ィェォ']);

/** Katakana -> class sequence (P T K S L M N); other characters carry none. */
export function katakanaSound(word: string): string {
  const chars = [...word];
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const next = chars[i + 1] ?? '';
    if (ch === 'ン' && LABIAL_AFTER_N.has(next)) out += 'M';
    else if (ch === 'ウ' && SMALL_VOWEL_AFTER_U.has(next)) out += 'P';
    else out += CLASS.get(ch) ?? '';
  }
  return out.replace(/(.)\1+/g, '$1');
}
