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
  return read([...word], NONE);
}

/**
 * The class sequence, then the other readings where katakana is ambiguous: フ before a consonant or at the end of the
 * word may be an h that other spellings drop (アフマド Ahmad, not Afmad; サラーフ Salah, シャイフ Shaykh); a word-initial ウ before a consonant may be v (ウラジーミル
 * Vladimir); チ inside a word may be ti (コンスタンチン Konstantin, while a final チ is the ch of -vich).
 */
export function katakanaSounds(word: string): string[] {
  const chars = [...word];
  const out = new Set<string>();
  for (let mask = 0; mask < 8; mask++) out.add(read(chars, mask));
  return [...out].filter((x) => x !== '');
}

const NONE = 0;
const FU_AS_H = 1;
const U_AS_V = 2;
const CHI_AS_TI = 4;

function read(chars: readonly string[], mask: number): string {
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const next = chars[i + 1] ?? '';
    const consonantNext = CLASS.has(next) && next !== 'ン';
    if (ch === 'ン' && LABIAL_AFTER_N.has(next)) out += 'M';
    else if (ch === 'ウ' && SMALL_VOWEL_AFTER_U.has(next)) out += 'P';
    else if (ch === 'ウ' && i === 0 && consonantNext && mask & U_AS_V) out += 'P';
    else if (ch === 'フ' && (consonantNext || i === chars.length - 1) && mask & FU_AS_H) continue;
    else if (ch === 'チ' && i < chars.length - 1 && mask & CHI_AS_TI) out += 'T';
    else out += CLASS.get(ch) ?? '';
  }
  return out.replace(/(.)\1+/g, '$1');
}
