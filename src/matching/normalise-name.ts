// Name normalisation: any script to folded Latin tokens, each with its romanisation-variant keys.
import anyAscii from 'any-ascii';
import { doubleMetaphone } from 'double-metaphone';
import { arabicSound, hangulSound, latinSounds, pinyinSound } from './sound-key.js';

/** Name particles: kept, but weak (low weight, never the only matching token). */
export const PARTICLES: ReadonlySet<string> = new Set(
  `al el ul as ash ad an ar az bin ben ibn bint binti bte abu umm van von der den ter de da di du
   la le del della dos das do y the of and und et`.split(/\s+/),
);

/** Legal forms, folded; some are canonicalised (limited -> ltd) so equivalent spellings are identical. */
export const LEGAL_FORMS: ReadonlySet<string> = new Set(
  `llc ltd gmbh mbh ooo oao zao pao ao sa ag inc corp co plc bv nv srl spa jsc pjsc cjsc ojsc llp
   lp fze fzco fzc fzllc fzca sarl kg oy ab asa pte pty sdn bhd kk sas sl sro zrt kft tov dmcc sae
   sal cv scs se eood ood ad doo tic as aps ehf hf spolka sp zoo`.split(/\s+/),
);
const LEGAL_FORM_CANONICAL: Readonly<Record<string, string>> = {
  limited: 'ltd',
  corporation: 'corp',
  incorporated: 'inc',
  company: 'co',
};

/** One folded token with the keys candidate generation and scoring compare. */
export interface NameToken {
  /** Folded token: lower-case ASCII letters and digits. */
  readonly text: string;
  /** Romanisation-variant key (kh/h, ph/f, y/j/i, w/v, q/k, doubled letters...): equal keys are spelling variants. */
  readonly key: string;
  /** Looser key on top of `key` (g/k, eo/o, eu/u, z/s): Korean and Arabic romanisation variants. */
  readonly loose: string;
  /** Consonant skeleton (vowels after the first letter dropped): unvocalised Arabic/Hebrew script. */
  readonly skeleton: string;
  /** Distinct double-metaphone codes. */
  readonly phonetic: readonly string[];
  /** Particle or legal form: low weight, never the only match. */
  readonly weak: boolean;
  readonly legalForm: boolean;
  /** Contains a digit: compared by exact text or key only. */
  readonly numeric: boolean;
  /**
   * Consonant-class sequences (sound-key.ts): for a Latin token every reading a transcription may give, for a
   * token from Han/Hangul its one reading. Compared only between a Latin token and one from Han/Hangul.
   */
  readonly sounds: readonly string[];
  /** Where the token's letters came from: a Han or Hangul word joined from its syllables, or anything else. */
  readonly script: 'latin' | 'han' | 'hangul' | 'arabic';
}

/** A normalised name: tokens in original order plus the order-free identity used for "identical" (100). */
export interface NormalisedName {
  readonly tokens: readonly NameToken[];
  /** Sorted token texts joined by a space: two names with the same identity score 100. */
  readonly identity: string;
}

// Han and Hangul are transliterated one character (= one syllable) at a time so that 习近平 gives
// "xi jin ping" rather than "XiJinPing"; the scorer re-joins adjacent syllables when the other side has them joined.
const SYLLABIC = /[\p{Script=Han}\p{Script=Hangul}]/gu;
const ARABIC_ARTICLE = /(^|[^\p{Script=Arabic}])\u0627\u0644(?=\p{Script=Arabic}{2})/gu;
const KANA_RUN = /[\p{Script=Hiragana}\p{Script=Katakana}\u30fc]+/gu;
const APOSTROPHES = /['\u2019\u2018\u02bc\u02bb`\u00b4]/g;
const DOTTED_ACRONYM = /\b(?:[a-z]\.){2,}/g;

/** Any script to folded (lower-case, accent-free ASCII) text, punctuation kept for the tokeniser. */
export function foldText(raw: string): string {
  const nfkc = raw.normalize('NFKC');
  const spaced = nfkc
    // The Arabic article is written joined (القذافي); any-ascii drops its alif, leaving "lqdhfy".
    .replace(ARABIC_ARTICLE, '$1al ')
    .replace(SYLLABIC, (ch) => ` ${anyAscii(ch)} `)
    .replace(KANA_RUN, (run) => ` ${anyAscii(run)} `);
  return anyAscii(spaced).toLowerCase();
}

/** Folded token texts in order: apostrophes removed (O'Brien -> obrien), other punctuation and hyphens split. */
export function tokenTexts(raw: string): string[] {
  const folded = foldText(raw)
    .replace(APOSTROPHES, '')
    .replace(DOTTED_ACRONYM, (m) => m.replace(/\./g, ''));
  const out: string[] = [];
  for (const part of folded.split(/[^a-z0-9]+/)) {
    if (part === '') continue;
    out.push(LEGAL_FORM_CANONICAL[part] ?? part);
  }
  return out;
}

/** Romanisation-variant key of a folded token. */
export function matchKey(text: string): string {
  if (/^[0-9]+$/.test(text)) return text;
  let k = variantLetters(text).replace(/(.)\1+/g, '$1');
  if (k.length > 2 && k.endsWith('h')) k = k.slice(0, -1);
  return k;
}

// The letter-level variant folding of matchKey, before doubled letters are collapsed.
function variantLetters(text: string): string {
  return text
    .replace(/ck/g, 'k')
    .replace(/kh/g, 'h')
    .replace(/ph/g, 'f')
    .replace(/dh/g, 'd')
    .replace(/q/g, 'k')
    .replace(/c(?=[aou])/g, 'k')
    .replace(/ee/g, 'i')
    .replace(/ou/g, 'u')
    .replace(/[yj]/g, 'i')
    .replace(/w/g, 'v');
}

/** Looser key: Korean (g/k, eo/o, eu/u, ae/e) and common consonant voicing variants (z/s). */
export function looseKey(key: string): string {
  return key
    .replace(/eo/g, 'o')
    .replace(/eu/g, 'u')
    .replace(/ae/g, 'e')
    .replace(/g/g, 'k')
    .replace(/z/g, 's')
    .replace(/(.)\1+/g, '$1');
}

/**
 * Consonant skeleton of a folded token: first letter, then the variant letters without vowels, doubled
 * consonants collapsed ("muhammad" -> "mhmd"; "muammar" and unvocalised "mmr" -> "mmr").
 */
export function consonantSkeleton(text: string): string {
  if (text.length <= 1) return text;
  const letters = variantLetters(text);
  let rest = letters
    .slice(1)
    .replace(/[aeiou]/g, '')
    .replace(/(.)\1+/g, '$1');
  if (rest.length > 1 && rest.endsWith('h')) rest = rest.slice(0, -1);
  return letters[0]! + rest;
}

const cache = new Map<string, NameToken>();
const CACHE_LIMIT = 500_000;

/** The token with all its keys (memoised: list names repeat the same tokens many times). */
export function nameToken(text: string): NameToken {
  const hit = cache.get(text);
  if (hit) return hit;
  const key = matchKey(text);
  const legalForm = LEGAL_FORMS.has(text);
  const numeric = /[0-9]/.test(text);
  const [primary, secondary] = numeric ? ['', ''] : doubleMetaphone(text);
  const phonetic = [...new Set([primary, secondary].filter((c) => c.length > 0))];
  const token: NameToken = {
    text,
    key,
    loose: numeric ? key : looseKey(key),
    skeleton: numeric ? key : consonantSkeleton(text),
    phonetic,
    weak: legalForm || PARTICLES.has(text),
    legalForm,
    numeric,
    sounds: numeric ? [] : latinSounds(text),
    script: 'latin',
  };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, token);
  return token;
}

/** Normalises a raw name (any script, any order) into tokens. */
export function normaliseName(raw: string): NormalisedName {
  const texts = tokenTexts(raw);
  return { tokens: texts.map(nameToken), identity: [...texts].sort().join(' ') };
}

const HAN = /\p{Script=Han}/u;
const HANGUL = /\p{Script=Hangul}/u;
const ARABIC = /\p{Script=Arabic}/u;
const ARABIC_ARTICLE_PREFIX = /^\u0627\u0644(?=\p{Script=Arabic}{2})/u;
const WORD_SPLIT = /[\s\p{P}\p{S}\u30fb\u00b7]+/u;

/**
 * A second reading of a name written in Han or Hangul: each word's syllables joined into one token carrying
 * the sound of that script ("尼古拉耶維奇" -> "nigulayeweiqi", sound NKLPS), as foreign names transcribed into
 * Chinese or Korean are written. Null when the name has no Han or Hangul. The syllable-by-syllable reading of
 * normaliseName suits Chinese and Korean people's own names; the index searches both and keeps the best.
 */
export function normaliseScriptJoined(raw: string): NormalisedName | null {
  const nfkc = raw.normalize('NFKC');
  if (!HAN.test(nfkc) && !HANGUL.test(nfkc) && !ARABIC.test(nfkc)) return null;
  const tokens: NameToken[] = [];
  for (const part of nfkc.split(WORD_SPLIT)) {
    if (part === '') continue;
    let word = part;
    if (ARABIC.test(word) && ARABIC_ARTICLE_PREFIX.test(word)) {
      tokens.push(nameToken('al'));
      word = word.replace(ARABIC_ARTICLE_PREFIX, '');
    }
    if (!HAN.test(word) && !HANGUL.test(word) && !ARABIC.test(word)) {
      tokens.push(...tokenTexts(word).map(nameToken));
      continue;
    }
    const script = ARABIC.test(word) ? 'arabic' : HANGUL.test(word) ? 'hangul' : 'han';
    const syllables = [...word]
      .map((ch) =>
        anyAscii(ch)
          .toLowerCase()
          .replace(/[^a-z]/g, ''),
      )
      .filter((x) => x !== '');
    const text = syllables.join('');
    if (text === '') continue;
    const sound =
      script === 'arabic'
        ? arabicSound(word)
        : script === 'han'
          ? pinyinSound(syllables)
          : hangulSound(syllables);
    tokens.push({ ...nameToken(text), sounds: sound === '' ? [] : [sound], script });
  }
  // Foreign names transcribed into Chinese or Korean come as two or more words (given name, surname); a single
  // word is a Chinese or Korean person's own name, read syllable by syllable only.
  if (tokens.length < 2) return null;
  return {
    tokens,
    identity: tokens
      .map((t) => t.text)
      .sort()
      .join(' '),
  };
}
