// Name normalisation: any script to folded Latin tokens, each with its romanisation-variant keys; and the second
// reading of a name written in Han, Hangul, Arabic, Hebrew, katakana or Myanmar (scripts/script-reading.ts) as tokens.
import anyAscii from 'any-ascii';
import { doubleMetaphone } from 'double-metaphone';
import {
  armenianLetters,
  georgianWithoutNominative,
  INDIC_LETTER,
  indicLetters,
  khmerLetters,
  latinSounds,
  myanmarSyllables,
  readScriptWords,
  thaiLetters,
} from './scripts/index.js';
import type { NameScript } from './scripts/index.js';
import { consonantSkeleton, looseKey, matchKey } from './token-keys.js';
import { nameEquivalenceKeys } from './given-name-groups.js';

/** Name particles: kept, but weak (low weight, never the only matching token). */
export const PARTICLES: ReadonlySet<string> = new Set(
  `al el ul as ash ad an ar az bin ben ibn bint binti bte abu umm van von der den ter de da di du
   la le del della dos das do y the of and und et`.split(/\s+/),
);

/**
 * Titles and honorifics in many languages, folded (any-ascii: Präsident -> prasident, Президент -> prezident,
 * Господин -> gospodin): weak like particles, so "President Putin" is Putin with a title, not a name of two words.
 * Only words that are rarely a name themselves (no Major, King, Bishop, Don, Pan, Amir, Imam, Sultan).
 */
export const TITLES: ReadonlySet<string> = new Set(
  `mr mrs ms mme mlle miss mister madame monsieur messrs herr frau sir dr doctor doktor dott prof professor
   profesor president presidente prezident prezydent prasident praesident presidentti elnok predsednik
   vicepresident vice minister ministre ministro chairman chairwoman senator senador governor
   gobernador excellency excelencia honourable honorable rev reverend gospodin gospozha senor senora
   senorita senhor senhora signor signora general generalleutnant colonel col kolonel polkovnik
   lieutenant lt captain capt kapitan commander cmdr admiral adm marshal brigadier brig sergeant sgt
   sheikh sheik shaikh shaykh cheikh mullah mulla
   maulana mawlana maulvi mawlawi ayatollah hojatoleslam`.split(/\s+/),
);

/** Particles and titles are weak (legal forms too, see LEGAL_FORMS). */
export function weakText(text: string): boolean {
  return PARTICLES.has(text) || TITLES.has(text);
}

/** Legal forms, folded; some are canonicalised (limited -> ltd) so equivalent spellings are identical. */
export const LEGAL_FORMS: ReadonlySet<string> = new Set(
  `llc ltd gmbh mbh ooo oao zao pao ao sa ag inc corp co plc bv nv srl spa jsc pjsc cjsc ojsc llp
   lp fze fzco fzc fzllc fzca sarl kg oy ab asa pte pty sdn bhd kk sas sl sro zrt kft tov dmcc sae
   sal cv scs se eood ood ad doo tic as aps ehf hf spolka sp zoo`.split(/\s+/),
);
// A Map, not an object literal: a token such as "constructor" must not read Object.prototype.
export const LEGAL_FORM_CANONICAL: ReadonlyMap<string, string> = new Map([
  ['limited', 'ltd'],
  ['corporation', 'corp'],
  ['incorporated', 'inc'],
  ['company', 'co'],
]);

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
   * Consonant-class sequences (scripts/sound-key.ts): for a Latin token every reading a transcription may give,
   * for a token of the script reading (scripts/script-reading.ts) its plain reading, then those of ambiguous
   * spellings (katakana). Compared only between a Latin token and one of the script reading.
   */
  readonly sounds: readonly string[];
  /**
   * Where the token's letters came from: a word of the script reading (scripts/script-reading.ts), joined from
   * its syllables or letters, or anything else ('latin', every token of normaliseName).
   */
  readonly script: NameScript;
  /**
   * For a token of a script that writes some vowels as letters (Hebrew): the vowel letters in each gap of its sound
   * (scripts/vowel-gaps.ts), for its one sound. A Latin token it pairs with by sound must have vowels there too.
   */
  readonly vowels?: readonly string[];
  /**
   * For a Hebrew or Arabic word of the script reading: the Latin spellings its letters allow (scripts/letter-pattern.ts),
   * consonant by consonant, with vowels only where it writes a vowel letter or may leave a short vowel out.
   */
  readonly letters?: RegExp;
  /**
   * For a Hebrew or Arabic word of one consonant class: the variant keys of the Latin spellings of its letters with its
   * written vowels (scripts/letter-pattern.ts letterSpellings), which reach the listed tokens of those keys
   * (query-reach.ts) at the types that pair by near sounds, where they pair as a letter spelling (score-names.ts).
   */
  readonly spellings?: readonly string[];
  /**
   * A Han word of one character in the script reading (scripts/script-reading.ts ScriptWord): its pinyin pairs as a
   * spelling too, as a katakana or Hangul word's romanisation does (score-names.ts spelledScript).
   */
  readonly syllable?: true;
  /**
   * Given-name equivalence keys (given-name-groups.ts): a spelling of a given name in one of its languages, or a
   * patronymic of one (Oleksandr and Aleksandr, Mykolaiovych and Nikolaevich share one). Latin tokens only.
   */
  readonly equivalents: readonly string[];
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
// Abd, the head of an Arabic compound name, as Arabic and Hebrew write it apart (عبد جليل, עבד אל-נאצר): any-ascii
// reads "bd"; read as the lists write it, abd, which pairs with Abdul and Abdullah (given-name-groups.ts).
const ABD_WORD =
  /(?<![\p{Script=Arabic}\p{Script=Hebrew}])(?:\u0639\u0628\u062f|\u05e2\u05d1\u05d3)(?![\p{Script=Arabic}\p{Script=Hebrew}])/gu;
const KANA_RUN = /[\p{Script=Hiragana}\p{Script=Katakana}\u30fc]+/gu;
const APOSTROPHES = /['\u2019\u2018\u02bc\u02bb`\u00b4]/g;
const DOTTED_ACRONYM = /\b(?:[a-z]\.){2,}/g;
const NON_ALNUM = /[^a-z0-9]+/;

// Scripts whose letters any-ascii reads one by one where names written in them use letter groups: Greek (ου is u,
// μπ/ντ/γκ are b/d/g at the start of a word and mb/nd/ng inside: Βλαντιμίρ Πούτιν -> vlandimir poutin), the Brahmic
// scripts from Devanagari to Malayalam (a consonant's inherent a, scripts/indic-letters.ts: नरेंद्र मोदी -> narendra
// modi, ರಮ್ಜಾನ್ -> ramjan; ভ in a cluster is a foreign v: ভ্লাদিমির -> vladimir), Myanmar (syllables with their vowels
// and closing consonants, scripts/myanmar-syllables.ts: မင်းအောင်လှိုင် -> min aung hlaing), Thai and Lao (a vowel
// written before its consonant read after it, scripts/thai-letters.ts), Khmer (vowels by their letters,
// scripts/khmer-letters.ts), Armenian (ու u, ռ r: scripts/caucasus-letters.ts).
const GREEK_WORD = /[\p{Script=Greek}\p{M}]+/gu;

const MYANMAR = /[\u1000-\u109f]/u;
const THAI_LAO = /[\u0e00-\u0eff]/u;
const KHMER = /[\u1780-\u17ff]/u;
const ARMENIAN = /[\u0530-\u058f]/u;
const GEORGIAN = /[\u10a0-\u10ff]/u;

function readAlphabets(nfkc: string): string {
  let out = nfkc;
  if (/\p{Script=Greek}/u.test(out)) out = out.replace(GREEK_WORD, (w) => greekLetters(w, false));
  if (INDIC_LETTER.test(out)) out = indicLetters(out);
  if (MYANMAR.test(out)) out = myanmarSyllables(out);
  if (THAI_LAO.test(out)) out = thaiLetters(out);
  if (KHMER.test(out)) out = khmerLetters(out);
  if (ARMENIAN.test(out)) out = armenianLetters(out);
  return out;
}

function hasNonAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) return true;
  return false;
}

// Whether every character of `text` is below the Greek block (U+0370): Latin letters with accents, punctuation. None
// of the scripts read letter by letter here, nor the Arabic, Hebrew, Han, Hangul or kana that foldText marks, is; a
// cheap test that skips their regular expressions for most queries that are not plain ASCII.
function belowGreek(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x370) return false;
  return true;
}

function greekLetters(word: string, foreign: boolean): string {
  const w = word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ου/g, 'ou')
    .replace(/^μπ/, 'b')
    .replace(/^ντ/, 'd')
    .replace(/^γκ/, 'g');
  return foreign
    ? w
        .replace(/μπ/g, 'b')
        .replace(/ντ/g, 'd')
        .replace(/γκ/g, 'g')
        .replace(/γγ/g, 'ng')
        .replace(/τζ/g, 'j')
        .replace(/χ/g, 'kh')
    : w.replace(/μπ/g, 'mb').replace(/ντ/g, 'nd').replace(/γκ|γγ/g, 'ng');
}

// The second reading of a name whose spelling of foreign (mostly Russian) names differs from its letters: Greek
// μπ/ντ/γκ as b/d/g inside a word too (Λάντεν -> laden), τζ as j and χ as kh (Τζαμάλ Jamal, Χασάν Hassan);
// Belarusian дз and ц before a soft vowel as Russian д and т, ў as в, and у before a consonant at the start of a
// word as в (Уладзімір Пуцін -> vladimir putin, Белякоў -> belyakov; the plain reading keeps tsimafei for Цімафей
// and belyakou); Ukrainian г as h (Євген Yevhen, Геннадій Hennadiy; the plain reading keeps g for the Russian
// spellings); Bengali ভ as v anywhere (ভিক্টর Viktor); a Dutch spelling of a Slavic or Asian name (Sjoigoe,
// Kjong-soe, Joe: oe is u, j before a vowel is y, sj/zj/tsj are sh/zh/ch), for a Latin name with a Dutch j (sj, zj,
// kj, tsj, or a j with an oe); Nepali भ, Oriya ଭ as v anywhere, Gurmukhi without its inherent a (a cluster written
// without a virama: ਵਲਾਦੀਮੀਰ Vladimir), Tamil stops as written (நிகோலை Nikolai); Thai and Lao as a transcription
// read back (scripts/thai-letters.ts: คิม จอง Kim Jong); Georgian without the nominative -i of a foreign name
// (პუტინი Putin).
const BELARUSIAN = /[іўІЎ]/u;
const NOT_BELARUSIAN = /[иїєґИЇЄҐ]/u;
const BELARUSIAN_SOFT = /(дз|ц)(?=[іеёюяьІЕЁЮЯЬ])/giu;
const BELARUSIAN_W = /[ўЎ]/gu;
const BELARUSIAN_INITIAL_U = /(?<!\p{L})[уУ](?=[бвгджзйклмнпрстфхцчшщ])/giu;
const UKRAINIAN = /[іїєґІЇЄҐ]/u;
const NOT_UKRAINIAN = /[ыэўЫЭЎ]/u;
const UKRAINIAN_H = /[гГ]/gu;
const DUTCH_J = /[szk]j|oe.*j|j.*oe/i;

/** The foreign-name reading of a name in those scripts or a Dutch-spelt one; null when it reads as the plain one. */
export function normaliseForeignReading(raw: string): NormalisedName | null {
  if (!hasNonAscii(raw)) return DUTCH_J.test(raw) ? dutchReading(raw) : null;
  let text = raw.normalize('NFKC');
  if (belowGreek(text)) return null;
  if (/\p{Script=Greek}/u.test(text)) text = text.replace(GREEK_WORD, (w) => greekLetters(w, true));
  if (BELARUSIAN.test(text) && !NOT_BELARUSIAN.test(text))
    text = text
      .replace(BELARUSIAN_SOFT, (m) => (m.toLowerCase() === 'ц' ? 'т' : 'д'))
      .replace(BELARUSIAN_W, (m) => (m === 'ў' ? 'в' : 'В'))
      .replace(BELARUSIAN_INITIAL_U, (m) => (m === 'у' ? 'в' : 'В'));
  if (UKRAINIAN.test(text) && !NOT_UKRAINIAN.test(text))
    text = text.replace(UKRAINIAN_H, (m) => (m === 'г' ? 'х' : 'Х'));
  if (/[\u092d\u09ad\u0b2d\u0a00-\u0a7f\u0b80-\u0bff]/u.test(text)) text = indicLetters(text, true);
  if (THAI_LAO.test(text)) text = thaiLetters(text, true);
  if (GEORGIAN.test(text)) text = georgianWithoutNominative(text);
  if (text === raw.normalize('NFKC')) return null;
  const reading = normaliseName(text);
  return reading.identity === normaliseName(raw).identity ? null : reading;
}

function dutchReading(raw: string): NormalisedName | null {
  const text = raw
    .toLowerCase()
    .replace(/tsj/g, 'ch')
    .replace(/([sz])j/g, '$1h')
    .replace(/oe/g, 'u')
    .replace(/j(?=[aeiou])/g, 'y');
  const reading = normaliseName(text);
  return reading.identity === normaliseName(raw).identity ? null : reading;
}

/** Any script to folded (lower-case, accent-free ASCII) text, punctuation kept for the tokeniser. */
export function foldText(raw: string): string {
  const normalised = raw.normalize('NFKC');
  if (belowGreek(normalised)) return anyAscii(normalised).toLowerCase();
  const nfkc = readAlphabets(normalised);
  const spaced = nfkc
    // The Arabic article is written joined (القذافي); any-ascii drops its alif, leaving "lqdhfy".
    .replace(ARABIC_ARTICLE, '$1al ')
    .replace(ABD_WORD, ' abd ')
    .replace(SYLLABIC, (ch) => ` ${anyAscii(ch)} `)
    .replace(KANA_RUN, (run) => ` ${anyAscii(run)} `);
  return anyAscii(spaced).toLowerCase();
}

/** Folded token texts in order: apostrophes removed (O'Brien -> obrien), other punctuation and hyphens split. */
export function tokenTexts(raw: string): string[] {
  const plain = plainAsciiTokens(raw);
  if (plain !== null) return plain;
  const folded = foldText(raw)
    .replace(APOSTROPHES, '')
    .replace(DOTTED_ACRONYM, (m) => m.replace(/\./g, ''));
  const out: string[] = [];
  for (const part of folded.split(NON_ALNUM)) {
    if (part === '') continue;
    out.push(LEGAL_FORM_CANONICAL.get(part) ?? part);
  }
  return out;
}

// Printable ASCII without apostrophes or dots (most listed names and queries) needs no NFKC, transliteration or
// regular expression: lower-case and split on everything but letters and digits. Null for anything else.
function plainAsciiTokens(raw: string): string[] | null {
  const out: string[] = [];
  let start = -1;
  for (let i = 0; i <= raw.length; i++) {
    const c = i < raw.length ? raw.charCodeAt(i) : 32;
    if (c < 32 || c > 126 || c === 39 || c === 46 || c === 96) return null; // control, non-ASCII, ' . `
    const alnum = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
    if (alnum) {
      if (start < 0) start = i;
      continue;
    }
    if (start >= 0) {
      const lower = raw.slice(start, i).toLowerCase();
      out.push(LEGAL_FORM_CANONICAL.get(lower) ?? lower);
      start = -1;
    }
  }
  return out;
}

const cache = new Map<string, NameToken>();
const CACHE_LIMIT = 500_000;

/** The token with all its keys (memoised: list names and queries repeat the same tokens many times). */
export function nameToken(text: string): NameToken {
  const hit = cache.get(text);
  if (hit) return hit;
  const token = makeToken(text);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, token);
  return token;
}

/** Whether `token` is the memoised token of its text (then every field of it is makeToken's of its text). */
export function isMemoisedToken(token: NameToken): boolean {
  return cache.get(token.text) === token;
}

/** The token with all its keys, not memoised (the index builder derives each distinct token once). */
export function makeToken(text: string): NameToken {
  const key = matchKey(text);
  const legalForm = LEGAL_FORMS.has(text);
  const numeric = hasDigit(text);
  let phonetic: string[] = [];
  if (!numeric) {
    const [primary, secondary] = doubleMetaphone(text);
    if (primary !== '')
      phonetic = secondary !== '' && secondary !== primary ? [primary, secondary] : [primary];
    else if (secondary !== '') phonetic = [secondary];
  }
  return {
    text,
    key,
    loose: numeric ? key : looseKey(key),
    skeleton: numeric ? key : consonantSkeleton(text),
    phonetic,
    weak: legalForm || weakText(text),
    legalForm,
    numeric,
    sounds: numeric ? [] : latinSounds(text),
    script: 'latin',
    equivalents: legalForm || numeric || weakText(text) ? [] : nameEquivalenceKeys(key),
  };
}

function hasDigit(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) return true;
  }
  return false;
}

/** Normalises a raw name (any script, any order) into tokens. */
export function normaliseName(raw: string): NormalisedName {
  const texts = tokenTexts(raw);
  return { tokens: texts.map(nameToken), identity: [...texts].sort().join(' ') };
}

/**
 * A second reading of a name written in Han, Hangul, Arabic, Hebrew, katakana or Myanmar: each word read as one token
 * carrying the sound of that script ("尼古拉耶維奇" -> "nigulayeweiqi", sound NKLPS; "ולדימיר" -> PLTML), as
 * foreign names transcribed into those scripts are written. Null when the name has none of them or is one word.
 * The syllable-by-syllable reading of normaliseName suits Chinese and Korean people's own names; the index
 * searches both and keeps the best.
 */
export function normaliseScriptJoined(raw: string): NormalisedName | null {
  const words = readScriptWords(raw);
  if (words === null) return null;
  const tokens: NameToken[] = [];
  for (const word of words) {
    if (word.script === 'latin') {
      tokens.push(...tokenTexts(word.text).map(nameToken));
      continue;
    }
    // Arabic and Hebrew words are read as their consonants, which may spell a Latin title or legal form (عمر Omar
    // is mr): they are names, never weak (their particles are read as Latin words: scripts/script-reading.ts).
    const plain = nameToken(word.text);
    const consonantal = word.script === 'arabic' || word.script === 'hebrew';
    const token: NameToken = {
      ...plain,
      ...(consonantal && plain.weak ? { weak: false, legalForm: false } : {}),
      sounds: word.sounds,
      script: word.script,
      ...(word.syllable ? { syllable: true as const } : {}),
    };
    if (word.vowels === undefined) tokens.push(token);
    else
      tokens.push(
        word.letters === undefined
          ? { ...token, vowels: word.vowels }
          : {
              ...token,
              vowels: word.vowels,
              letters: word.letters,
              ...(word.spellings ? { spellings: [...new Set(word.spellings.map(matchKey))] } : {}),
            },
      );
  }
  // Foreign names transcribed into these scripts come as two or more words (given name, surname); a single word
  // is a Chinese or Korean person's own name, read syllable by syllable only.
  if (tokens.length < 2) return null;
  return namedTokens(tokens);
}

/** The name these tokens make, in this order (its identity is their sorted texts). */
export function namedTokens(tokens: readonly NameToken[]): NormalisedName {
  return {
    tokens,
    identity: tokens
      .map((t) => t.text)
      .sort()
      .join(' '),
  };
}
