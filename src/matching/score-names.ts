// Token-alignment name score: weighted best pairs, unmatched query tokens costing more than unmatched listed ones.
import { nameToken, PARTICLES, TITLES } from './normalise-name.js';
import { shareEquivalence } from './given-name-groups.js';
import { matchKey } from './token-keys.js';
import {
  droppedROneClass,
  hanOnlySounds,
  initialHSounds,
  latinSounds,
  nearSounds,
  spelledBy,
  vowelsAgree,
  writtenRSounds,
} from './scripts/index.js';
import type { NameToken } from './normalise-name.js';
import {
  coverageScore,
  LISTED_PENALTY_MULTI,
  LISTED_PENALTY_RARE_SURNAME,
  listedPenalty,
} from './score-formula.js';
import { damerauLevenshtein, jaroWinkler, oneAdjacentSwap, stringSimilarity } from './string-similarity.js';

/**
 * How tolerant token comparison is. `exact`: folded or variant-key equality only. `edit`: plus string similarity
 * (Jaro-Winkler / Damerau-Levenshtein) and same-initial double metaphone. `phonetic`: plus loose keys (g/k, eo/o,
 * eu/u, z/s), consonant skeletons and any double-metaphone agreement.
 */
export type TokenTolerance = 'exact' | 'edit' | 'phonetic';

/** A token with its rarity weight (IDF over all listed names; weak tokens scaled down). */
export interface WeightedToken {
  readonly token: NameToken;
  readonly weight: number;
  /**
   * A query's initial ("V." in "V. V. Putin"): pairs with a listed token starting with its letter at QUERY_INITIAL
   * (at every type; the index decides what is an initial: name-index.ts).
   */
  readonly initial?: boolean;
  /**
   * A word of the script reading whose sound is one consonant class (علي, 제이, אורי: Ali, Jay, Uri; fuzzy_search):
   * too common to reach anything by, it pairs only once the name has a firmer pair, with a listed token left over
   * whose sound is that class (LEFTOVER_SOUND; the index grants it in the bound as it does an initial).
   */
  readonly leftover?: boolean;
  /**
   * A particle the query gives as the name itself, beside initials alone ("S. Abu" for "ABU, Sayed": the index decides,
   * name-index.ts): it weighs as a strong token would, and its pair is evidence of the name as a strong pair is (it
   * stays weak for the listed penalty, as the candidate bound counts it).
   */
  readonly name?: boolean;
  /**
   * A query word of MIN_TWO_TYPO_LENGTH+ letters no listed name spells (text or variant key), typed in Latin letters
   * (the index decides, name-index.ts): it also pairs with a listed word two typos away (twoTypos) that no key
   * reached, where the rest of the name carries it (ScoreOptions.twoTypoSupport; the index grants the pair in its
   * bound, as it does an initial's, to every name holding such a word).
   */
  readonly twoTypos?: boolean;
  /**
   * A legal form the query typed with two typos (name-index.ts: `LIMUTRD` read as `ltd`): the reading is kept only
   * where the rest of the name carries it, as a word's two typos are (twoTypoCheck), and the form pairs a listed one
   * (Evidio Campana, read as `evidio co`, is no company, nor the alias EVIDIO).
   */
  readonly twoTypoForm?: boolean;
}

/** Scoring knobs a search type sets. */
export interface ScoreOptions {
  readonly tolerance: TokenTolerance;
  /** Pairs below this token similarity are not paired (both tokens count as unmatched). */
  readonly minTokenSimilarity: number;
  /**
   * Similarities already computed during one search, by query token then listed token (listed tokens are
   * shared objects in the index, so the many candidates of a query that share a token compare it once).
   */
  readonly memo?: SimilarityMemo;
  /** String similarities of joined adjacent tokens with single tokens, by joined text then token text. */
  readonly joinMemo?: Map<string, Map<string, number>>;
  /**
   * Within one search (one query's tokens): whether a run of adjacent listed tokens joins to pair a query token, by the
   * run (joinCompounds' JoinDecisions). The same runs recur in many names of a query (`abd al`, `bin muhammad`).
   */
  readonly joinDecisions?: JoinDecisions;
  /**
   * Whether a query token may pair with a listed token at all (an index pairs only tokens its keys connect, so
   * that its coverage bound holds); absent: every pair is compared.
   */
  readonly mayPair?: (query: WeightedToken, listed: WeightedToken) => boolean;
  /**
   * A strong query token weighing at least this is a rare name (the index sets it from its size: RARE_NAME_SHARE);
   * absent: none is. See `rareSurnameQuery`.
   */
  readonly rareWeight?: number;
  /**
   * The query is a surname with only particles (surnameQueryToken) that at most RARE_SURNAME_PARTY_SHARE of the
   * listed parties carry (the index counts them): a listed name where a particle of the query pairs with the token
   * just before the surname's partner ("AL-KUBAYSI, Ugla" for "al Kubaysi") carries that family name, and its
   * unmatched tokens cost LISTED_PENALTY_RARE_SURNAME as a rare surname's do.
   */
  readonly familyName?: boolean;
  /**
   * The query is a company's rare word with its legal form (rareCompanyWordQuery, at a tolerant type): where both pair
   * as written, the listed company's other words cost LISTED_PENALTY_MULTI.
   */
  readonly rareCompanyWord?: boolean;
  /**
   * Tokens pair only as written (identical texts, or a query's initial): a query written in Han, Arabic or Hebrew at a
   * type that does not pair their readings by the variant key (search-types.ts readingKeys).
   */
  readonly written?: boolean;
  /** How tolerant comparison of two Latin spellings is beyond the tolerance (absent: as tolerant as it allows). */
  readonly rules?: SpellingRules;
  /**
   * A query of one strong token must pair it at least this well, or the name scores 0 (search-types.ts
   * loneTokenMinSimilarity); a word of another script pairs by sound, which is then enough.
   */
  readonly loneTokenMinSimilarity?: number;
  /**
   * The best pair of the query's names (strong tokens, or a particle given as the name) must reach this, or the name
   * scores 0 (search-types.ts anchorMinSimilarity); a word of another script pairs by sound, which is then enough.
   */
  readonly anchorMinSimilarity?: number;
  /**
   * The query is one word of Han or Hangul, a person's own name read syllable by syllable (search-types.ts
   * wholeSyllableName): unmatched listed tokens cost LISTED_PENALTY_SINGLE however many syllables pair.
   */
  readonly wholeName?: boolean;
  /**
   * A query of one strong token that is no rare name (weighing less than `rareWeight`) and weak words pairs those
   * too, or the name scores 0 (search-types.ts commonLoneTokenPairsAll).
   */
  readonly commonLoneTokenPairsAll?: boolean;
  /**
   * A query token no listed name spells (`listedText`) that pairs below 1 pairs only a listed company name
   * (one with a legal form) whose strong tokens all pair, or the name scores 0 (search-types.ts unlistedVariantWhole).
   */
  readonly unlistedVariantWhole?: boolean;
  /**
   * The query holds a weak word read through a typo (name-index.ts: "COMAPNY" read as `co`): at strict that typo is
   * the one departure from the listed name, so every strong query token must pair as written or by its variant key.
   */
  readonly weakTypo?: boolean;
  /** Whether a listed token is spelled `text` (the index's; asked only where unlistedVariantWhole needs it). */
  readonly listedText?: (text: string) => boolean;
  /**
   * A listed abu or umm left unpaired just before a paired token, with no rare query token (weighing at least
   * `rareWeight`) paired as written: the name scores 0 (search-types.ts kunyaPairs).
   */
  readonly kunyaPairs?: boolean;
  /**
   * A query word marked `twoTypos` pairs a listed word two typos away that no key reached (mayPair) only where every
   * other strong query word pairs as written or by its variant key, at least this many of them, and no other such pair
   * is made (twoTypoCheck; search-types.ts twoTypoSupport). Absent or 0: never.
   */
  readonly twoTypoSupport?: number;
  /**
   * The query holds a word marked `twoTypos` or `twoTypoForm` (WeightedToken): absent or false, no pair is granted or
   * checked (most queries: nothing to look at per name).
   */
  readonly twoTypoWords?: boolean;
}

/** What a search type and a query allow of two Latin spellings at the tolerant types (search-types.ts). */
export interface SpellingRules {
  /** One typo in a spelled token of 4+ letters counts at least ONE_EDIT (false: a query's syllables were read, not typed). */
  readonly typos: boolean;
  /** Two spellings that both write vowels pair by sound only where their string similarity reaches this (0: always). */
  readonly soundAlikeSpelling: number;
  /**
   * Two spellings of one given name in different languages, or patronymics of one, pair at EQUIVALENT_NAME
   * (given-name-groups.ts; absent: they do at the tolerant types).
   */
  readonly equivalentNames?: boolean;
}

/** A token in at most this share of the listed names is rare (20 of 50,000). */
export const RARE_NAME_SHARE = 1 / 2500;

/**
 * A surname carried by at most this share of the listed parties is a family name the lists tell apart (97 of 24,000):
 * "al Assad" (42 parties), "al Kubaysi" (9), but not "bin Ali" (544), "al Muhammad" (473), nor "al Rahman" (121: the
 * "Abd al-Rahman" of many given names) or "al Tikriti" (140), names of so many parties that a query of them alone would
 * raise dozens of alerts. Counted by parties, not names: one party listed with ten aliases of its surname is one
 * family. See ScoreOptions.familyName.
 */
export const RARE_SURNAME_PARTY_SHARE = 1 / 250;

/**
 * The one strong token of a query that is a surname with only particles or titles ("bin Laden", "President Putin"),
 * or -1: one strong token, not numeric, at least one particle or title, no legal form.
 */
export function surnameQueryToken(query: readonly WeightedToken[]): number {
  let strong = -1;
  let qualifier = false;
  for (let i = 0; i < query.length; i++) {
    const t = query[i]!.token;
    if (t.legalForm) return -1; // a company's name, no surname
    if (!t.weak) {
      if (strong >= 0 || t.numeric) return -1;
      strong = i;
    } else if (PARTICLES.has(t.text) || TITLES.has(t.text)) qualifier = true;
  }
  return qualifier ? strong : -1;
}

/**
 * A rare surname with only a particle or a title ("bin Laden", "President Putin"): one strong query token, rare,
 * and at least one particle or title. Such a query names one family as a given name would, so its unmatched listed
 * tokens cost LISTED_PENALTY_RARE_SURNAME (the particle must pair, a title need not: score-names.ts align). The
 * candidate bound (name-candidates.ts) assumes as much for every name of such a query.
 */
export function rareSurnameQuery(query: readonly WeightedToken[], rareWeight: number | undefined): boolean {
  if (rareWeight === undefined) return false;
  const s = surnameQueryToken(query);
  return s >= 0 && query[s]!.weight >= rareWeight;
}

/**
 * A company's one rare word with its legal form ("JARVIS SARL", "GALLION INCORPORATED"): one strong Latin query token,
 * not numeric, in at most RARE_NAME_SHARE of the listed names, and a legal form. At the tolerant types
 * (ScoreOptions.rareCompanyWord), where the word and the legal form pair as written, the listed company's other words
 * cost LISTED_PENALTY_MULTI, as beside a second strong pair (`JARVIS CONGO SARL`: the legal form says the word names a
 * company, and a rare word names few). The word's index in the query, or -1. The candidate bound (name-candidates.ts QueryWeights.companyWord) assumes that
 * penalty for the names holding the word as written.
 */
export function rareCompanyWordQuery(
  query: readonly WeightedToken[],
  rareWeight: number | undefined,
): number {
  if (rareWeight === undefined) return -1;
  let strong = -1;
  let legalForm = false;
  for (let i = 0; i < query.length; i++) {
    const t = query[i]!;
    if (t.token.legalForm) legalForm = true;
    else if (!t.token.weak) {
      // (A word of another script pairs by sound alone: no spelling of the listed word.)
      if (strong >= 0 || t.token.numeric || t.token.script !== 'latin') return -1;
      strong = i;
    }
  }
  return legalForm && strong >= 0 && query[strong]!.weight >= rareWeight ? strong : -1;
}

/**
 * The rare surname must pair at least this well (the same name, or one typo in it): a rare or unknown query token
 * that only sounds like a listed one ("President Smith" and SHAMMOUT share a metaphone code) names no family. A word
 * of another script (阿布 扎赫拉, Abu Zahra) pairs by sound alone, which is then enough.
 */
export const RARE_SURNAME_MIN_SIMILARITY = 0.9;

/** Token similarities of one search (see ScoreOptions.memo). */
export type SimilarityMemo = Map<NameToken, Map<NameToken, number>>;

/** One aligned pair, as reported by `explain`. */
export interface TokenPair {
  readonly query: string;
  readonly listed: string;
  readonly similarity: number;
  readonly weight: number;
}

/** The token score and how it was reached. */
export interface NameScore {
  /** 0-100, unrounded. 100 only when every token pairs at similarity 1. */
  readonly score: number;
  readonly pairs: readonly TokenPair[];
  readonly unmatchedQuery: readonly string[];
  readonly unmatchedListed: readonly string[];
  /** Share of the query's weight matched (similarity-weighted). */
  readonly queryCoverage: number;
  /** Share of the listed name's weight matched (similarity-weighted). */
  readonly listedCoverage: number;
  /** Penalty factor for unmatched listed weight applied (1 - penalty * (1 - listedCoverage)). */
  readonly listedPenalty: number;
}

// Similarities for key-level agreement (below 1 so that only identical spellings give 100).
const VARIANT_KEY = 0.97;
const LOOSE_KEY = 0.93;
const SKELETON = 0.88;
const PHONETIC = 0.86;
const LEGAL_FORM_PAIR = 0.9;
const INITIAL = 0.75;
/** A query's initial (WeightedToken.initial) and a listed name starting with its letter, at every type. */
const QUERY_INITIAL = 0.85;
/** A query's initial weighs as a token in every name would: it is one letter of a name, little evidence. */
export const INITIAL_WEIGHT = 1;
const SOUND = 0.8;
const SHORT_SOUND = 0.72;
/**
 * A Han word whose sound of LONG_SOUND_CLASSES classes or more a Latin token gives (弗拉基米尔 PLSML, Vladimir): so
 * many classes in order are seldom a chance, and a transcription keeps every consonant (one syllable for each).
 */
const LONG_SOUND = 0.85;
const LONG_SOUND_CLASSES = 4;
// ...with at most one N: Mandarin closes syllables only with n or ng, of which the characters of Chinese and Japanese
// names' own are full (鎌田 lian tian LNTN, 長谷川 zhang gu chuan SNKSN), transcriptions of foreign names not.
function longHanSound(sound: string): boolean {
  return sound.indexOf('N') === sound.lastIndexOf('N');
}
/** A near sound (one class edit), at fuzzy_search only: under permissive's minimum pair similarity (0.75). */
const NEAR_SOUND = 0.71;
/**
 * The highest similarity of a near-sound pair or a one-class word left over (NEAR_SOUND, LEFTOVER_SOUND): what the
 * candidate bound grants a query token that reaches a name only so (name-candidates.ts).
 */
export const SOFT_PAIR_MAX = 0.72;
/**
 * A two-class Arabic or Hebrew word whose letters spell the Latin token one by one (scripts/letter-pattern.ts): a
 * little more than its classes alone, and firm enough for a one-class word to pair beside it (أحمد علي Ahmad Ali).
 */
const SPELLED_SOUND = 0.73;
/** A one-class script word and a listed token left over with its sound (WeightedToken.leftover). */
const LEFTOVER_SOUND = 0.72;
const NEAR_SOUND_COMPANION = SOUND;
const ONE_EDIT = 0.9;
/**
 * One given name in two languages (Oleksandr, Aliaksandr, Aleksandr) or patronymics of one (Mykolaiovych, Nikolaevich):
 * as close as one typo, under a variant spelling (given-name-groups.ts).
 */
export const EQUIVALENT_NAME = 0.9;
const NEAR_JOIN = 0.9;
/** One adjacent swap in a word of MIN_SWAP_LENGTH+ letters: a typo strict keeps (Lakhal / Lakahl). */
const LONG_SWAP = 0.97;
/** One adjacent swap after the first letter of a three-letter word (Sok / Sko, Abd / Adb): tolerant types. */
const SHORT_SWAP = 0.85;
/**
 * A three-letter query word that is a listed word with one letter after its first left out (Oga / Olga, Rza / Reza)
 * or changed (Aoi / Ali): tolerant types, kept only where the rest of the name carries it (shortEditFails).
 */
const SHORT_EDIT = 0.85;

/**
 * Whether `listed` is `query` (three letters) with one letter after the first added (Olga / Oga) or changed (Ali /
 * Aoi).
 */
export function shortEdit(query: NameToken, listed: NameToken): boolean {
  const a = query.text;
  const b = listed.text;
  if (a.length !== 3 || a[0] !== b[0] || query.script !== 'latin' || listed.script !== 'latin') return false;
  if (query.numeric || listed.numeric) return false;
  if (b.length === 3) return (a[1] === b[1]) !== (a[2] === b[2]);
  if (b.length !== 4) return false;
  let i = 1;
  while (i < 3 && a[i] === b[i]) i++;
  for (; i < 3; i++) if (a[i] !== b[i + 1]) return false;
  return true;
}

/**
 * Words at least this long keep one typo at strict (one letter changed, missing, extra or swapped: Teplinskiy /
 * Teplinskij, Omqr / Omar, Reeza / Reza), where it is the only departure from the listed name (strictTypoFails). Most
 * names' words are short (Omar, Elena, Pavel): at six letters, strict found 67 % of the bench's typo'd names.
 */
export const MIN_STRICT_TYPO_LENGTH = 4;
/**
 * A query word that at most this many listed names spell keeps a strict typo too (query-reach.ts looks up its one-edit
 * neighbours): a spelling so rare is as often a typo, of the query or of the lists (`OJCS`, `TIKHI` once each), or a
 * rare variant as another name (Rani for Rami, Yuna for Yuan); the typo is still the one departure from the listed name.
 */
export const RARE_SPELLING_NAMES = 3;
/**
 * A query of at least this many strong words, every one of them spelled by a listed name, keeps a strict typo in any of
 * them, however many listed names spell it (query-reach.ts looks up its one-edit neighbours): a typo into a commoner
 * spelling (Abid for Abdi, Mohammed for Mohammad) is still the one departure, and the two other words or more, each as
 * written, name the listed name; beside one other word, a commoner spelling stays a name as written (Samer Smith is not
 * Samir SMITH) unless that word is rare and as written (Samer JOUMAA is Samir JOUMAA: query-reach.ts).
 */
export const MIN_HELD_TYPO_WORDS = 3;
/**
 * A company's one strong word keeps a strict typo beside its legal form as written where it is at least this long
 * (AO Tdchnodinamika / AO TECHNODINAMIKA, OOO Mayek / OOO MAYAK): a shorter one is too near other words, and a legal
 * form little evidence (AO Lwda is not AO LEDA). At six letters, strict missed the bench's typo'd five-letter companies
 * (KOTUR OOO, JSC SLABA); at five, the same clean names alert (bench seeds 1-7, 2,000 negatives each).
 */
export const MIN_STRICT_COMPANY_TYPO_LENGTH = 5;
/** A strict typo pairs as a variant spelling does (strict's minimum pair similarity). */
const STRICT_TYPO = 0.97;

// One edit between two Latin spellings of MIN_STRICT_TYPO_LENGTH+ letters, other than a variant spelling.
function strictTypo(a: NameToken, b: NameToken): boolean {
  return (
    a.script === 'latin' &&
    b.script === 'latin' &&
    !a.numeric &&
    !b.numeric &&
    a.text.length >= MIN_STRICT_TYPO_LENGTH &&
    b.text.length >= MIN_STRICT_TYPO_LENGTH &&
    a.key !== b.key &&
    Math.abs(a.text.length - b.text.length) <= 1 &&
    damerauLevenshtein(a.text, b.text) === 1
  );
}

/**
 * Words at least this long pair with a listed word two typos away (two letters changed, missing, extra or swapped:
 * Kuzndtxov / Kuznetsov) at the tolerant types that say so (search-types.ts twoTypoSupport); a shorter word two
 * letters from another is another name as often (Hasan / Hosein). A word shorter than LONG_TWO_TYPO_LENGTH needs one
 * more word of the name paired as written to carry it (Hoswih beside Nodeh and Akbari; not Kozioł beside Aleksander
 * alone: on 10,000 clean faker names, one more alert at permissive with one word).
 */
export const MIN_TWO_TYPO_LENGTH = 6;
/**
 * A word two typos from its pair shorter than this needs one more word of the name to carry it, or a rare name
 * (ScoreOptions.rareWeight) paired as written (twoTypoCheck).
 */
export const LONG_TWO_TYPO_LENGTH = 7;

/**
 * Whether two folded Latin texts of MIN_TWO_TYPO_LENGTH+ letters are exactly two typos apart (damerau-levenshtein 2),
 * the first letter kept (a hand mistypes inside a word, and a name's first letter is its best-read one).
 */
export function twoTypoTexts(a: string, b: string): boolean {
  return (
    a.length >= MIN_TWO_TYPO_LENGTH &&
    b.length >= MIN_TWO_TYPO_LENGTH &&
    Math.abs(a.length - b.length) <= 2 &&
    a.charCodeAt(0) === b.charCodeAt(0) &&
    damerauLevenshtein(a, b) === 2
  );
}

/** Two strong Latin words two typos apart (twoTypoTexts), not spellings of one variant key. */
export function twoTypos(a: NameToken, b: NameToken): boolean {
  return (
    a.script === 'latin' &&
    b.script === 'latin' &&
    !a.weak &&
    !b.weak &&
    !a.numeric &&
    !b.numeric &&
    a.key !== b.key &&
    twoTypoTexts(a.text, b.text)
  );
}

/** Words at least this long keep one adjacent swap at strict. */
export const MIN_SWAP_LENGTH = 5;

/**
 * Whether two tokens differ by one adjacent swap that the tolerance keeps: in a word of five letters or more
 * (text or variant key) at any tolerance, in a three-letter word after its first letter at the tolerant ones.
 */
export function swapSimilarity(a: NameToken, b: NameToken, tolerance: TokenTolerance): number {
  if (a.numeric || b.numeric || a.script !== b.script) return 0;
  if (a.text.length >= MIN_SWAP_LENGTH && oneAdjacentSwap(a.text, b.text)) return LONG_SWAP;
  if (a.key.length >= MIN_SWAP_LENGTH && oneAdjacentSwap(a.key, b.key)) return LONG_SWAP;
  if (tolerance !== 'exact' && a.text.length === 3 && oneAdjacentSwap(a.text, b.text, 1)) return SHORT_SWAP;
  return 0;
}

/** Similarity of two tokens in [0, 1] under a tolerance (and a search type's spelling rules: ScoreOptions.rules). */
export function tokenSimilarity(
  a: NameToken,
  b: NameToken,
  tolerance: TokenTolerance,
  floor = 0,
  rules?: SpellingRules,
): number {
  if (a.text === b.text) return 1;
  if (a.key === b.key) return VARIANT_KEY;
  const swap = swapSimilarity(a, b, tolerance);
  // Strict keeps one typo in a long word of a Latin query (not in a syllable read from Han or Hangul: rules.typos).
  if (tolerance === 'exact')
    return swap > 0 || rules?.typos === false || !strictTypo(a, b) ? swap : STRICT_TYPO;
  // A word of the script reading (Han, Hangul, ...) against a Latin token: its joined syllables are no spelling of
  // the Latin name (hanqi is not a typo of hani), only its consonant classes are evidence; but a katakana or Hangul
  // word is romanised with its vowels, so its text is a spelling too (ハディ hadei ~ hadi, 요시오카 yosioka ~
  // yoshioka): the word pairs by the better of the two, as each word of the plain reading would by its text.
  if (a.script !== b.script) {
    if (tolerance !== 'phonetic') return 0;
    const sound = soundSimilarity(a, b);
    return spelledScript(a) || spelledScript(b)
      ? Math.max(
          sound,
          // (A Han syllable's spelling keeps the search type's typo rule, as the plain reading's: permissive gives
          // none, search-types.ts readingTypos.)
          romanisedSimilarity(
            a,
            b,
            floor,
            swap,
            a.syllable !== true && b.syllable !== true ? true : rules?.typos !== false,
          ),
        )
      : sound;
  }
  const s = spellingSimilarity(a, b, tolerance, floor, swap, rules);
  return s < EQUIVALENT_NAME &&
    rules?.equivalentNames !== false &&
    shareEquivalence(a.equivalents, b.equivalents)
    ? EQUIVALENT_NAME
    : s;
}

/** Scripts whose words the script reading romanises with their vowels (tokenSimilarity). */
export const SPELLED_SCRIPTS: ReadonlySet<string> = new Set(['katakana', 'hangul', 'thai', 'khmer', 'tamil']);

/**
 * Whether a token of the script reading pairs as a spelling too: a word of SPELLED_SCRIPTS, or a Han word of one
 * character (a syllable: 箱 xiang ~ Sang, 陈 chen ~ Chun, as the plain reading pairs it), whose pinyin is that
 * syllable's spelling, where a joined word's is none.
 */
export function spelledScript(token: NameToken): boolean {
  return SPELLED_SCRIPTS.has(token.script) || token.syllable === true;
}

/**
 * How a katakana, Hangul, Thai or Khmer word pairs with a listed token as a spelling (its romanised text: string
 * similarity, the loose key, a swap), 0 under `floor`: what a pair reached by a near sound only may score beyond it
 * (query-reach.ts: 펜데레츠키 pendelecheuki is a near sound of Penderecki and 0.805 as a spelling).
 */
export function spelledSimilarity(
  script: NameToken,
  latin: Pick<NameToken, 'text' | 'key' | 'loose'>,
  floor: number,
  typo = true,
): number {
  // (romanisedSimilarity is this, and a swap, for a Latin token that is no number.)
  if (script.numeric || script.text.length === 1 || latin.text.length === 1) return 0;
  let s = stringPart(script.text, latin.text, floor, typo);
  if (script.key !== script.text || latin.key !== latin.text)
    s = Math.max(s, stringPart(script.key, latin.key, floor, false));
  return script.loose === latin.loose ? Math.max(s, LOOSE_KEY) : s;
}

// A romanised katakana or Hangul word against a Latin token: string similarity and the loose key (Korean eo/o,
// eu/u); no skeleton nor metaphone code (a joined romanisation shares codes with unrelated names: 코리아 kolia and
// Ghul are both KL, 주식회사 jusighoesa and Isis ASS; measured, they raise more alerts than they find names).
function romanisedSimilarity(a: NameToken, b: NameToken, floor: number, swap: number, typo: boolean): number {
  if (a.numeric || b.numeric || a.text.length === 1 || b.text.length === 1) return 0;
  return Math.max(spelledSimilarity(a, b, floor, typo), swap);
}

// Two spellings compared as Latin text: string similarity, keys, metaphone.
function spellingSimilarity(
  a: NameToken,
  b: NameToken,
  tolerance: TokenTolerance,
  floor: number,
  swap: number,
  rules?: SpellingRules,
): number {
  if (a.legalForm && b.legalForm) return LEGAL_FORM_PAIR;
  if (a.numeric || b.numeric) return 0;
  if (a.text.length === 1 || b.text.length === 1) {
    return tolerance === 'phonetic' && a.text[0] === b.text[0] ? INITIAL : 0;
  }
  let s = stringPart(a.text, b.text, floor, rules?.typos ?? true);
  if (a.key !== a.text || b.key !== b.text) s = Math.max(s, stringPart(a.key, b.key, floor, false));
  if (tolerance === 'edit') {
    // Metaphone agreement on a code of 3+ sounds with the same first letter: Mohammed/Muhammad, not John/Jane.
    if (
      a.text[0] === b.text[0] &&
      a.phonetic.some((c) => c.length >= 3 && b.phonetic.includes(c)) &&
      soundAlike(a, b, rules?.soundAlikeSpelling ?? 0)
    ) {
      s = Math.max(s, PHONETIC);
    }
    return Math.max(s, swap);
  }
  if (a.loose === b.loose) s = Math.max(s, LOOSE_KEY);
  // Skeleton and metaphone give at most SKELETON: the spelling check is made only where they would raise `s`.
  if (s < SKELETON) {
    const sound =
      a.skeleton === b.skeleton && a.skeleton.length >= 3
        ? SKELETON
        : a.phonetic.some((c) => c.length >= 2 && b.phonetic.includes(c))
          ? PHONETIC
          : 0;
    if (sound > s && soundAlike(a, b, rules?.soundAlikeSpelling ?? 0)) s = sound;
  }
  return Math.max(s, swap);
}

// Whether two Latin spellings may pair by sound (skeleton, metaphone): always when `spelling` is 0 or either writes no
// vowel after its first letter (unvocalised Arabic or Hebrew, `mhmd`: its consonants are all it writes), else only
// where their letters (text or variant key) agree at least `spelling`: Drews and T.R.O.S. share the code TRS and little
// else (0.52), Foead and Fuad share a code and their letters (0.7).
function soundAlike(a: NameToken, b: NameToken, spelling: number): boolean {
  if (spelling === 0 || !writesVowels(a.text) || !writesVowels(b.text)) return true;
  return (
    stringPart(a.text, b.text, spelling, false) >= spelling ||
    ((a.key !== a.text || b.key !== b.text) && stringPart(a.key, b.key, spelling, false) >= spelling)
  );
}

// A pair where one side writes no vowels (unvocalised Arabic, Persian or Hebrew, `mhmd`) pairs by its consonants: that
// is its "same name" (anchorMinSimilarity). Where neither side writes vowels, two consonant spellings that only sound
// alike (metaphone, 0.86) are not: `مهدیار لاجوردی` `mhdyr ljwrdy` is not `علیرضا مدری` `lyrd mdry`; the same
// consonant skeleton (0.88) or one typo still is.
function unvocalisedAnchor(q: string, l: string, sim: number): boolean {
  const qVowels = writesVowels(q);
  const lVowels = writesVowels(l);
  if (qVowels && lVowels) return false;
  return qVowels || lVowels || sim >= SKELETON;
}

const VOWEL_AFTER_FIRST = /^.+[aeiou]/;
function writesVowels(text: string): boolean {
  return VOWEL_AFTER_FIRST.test(text);
}

// A Latin token against one of the script reading (Han, Hangul, katakana, Arabic, Hebrew): the same consonant
// classes in the same order. Two-class sounds (Igor = KL) are common, so they count less.
function soundSimilarity(a: NameToken, b: NameToken): number {
  const [script, latin] = a.script === 'latin' ? [b, a] : [a, b];
  // The best of the script token's readings (plain, then those of ambiguous spellings) of two or more classes the
  // Latin token can give (one class never pairs): 加萨尼 jia sa ni is SN as Hassan and KSN as Ghassan, three classes.
  let best = -1;
  for (const sound of script.sounds)
    if (sound.length >= 2 && latin.sounds.includes(sound))
      best = Math.max(best, sameSoundSimilarity(script, latin, sound));
  // A Han word's initial h read as a velar against the Latin token's initial h read so (scripts/sound-key.ts
  // initialHSounds: 哈罗恩 ha luo en KLN, Haroun), not its plain reading nor its own velars.
  if (script.script === 'han' && script.text.startsWith('h')) {
    const h = initialHSounds(latin.text);
    if (h.length > 0)
      for (let i = 1; i < script.sounds.length; i++)
        if (h.includes(script.sounds[i]!))
          best = Math.max(best, sameSoundSimilarity(script, latin, script.sounds[i]!));
  }
  if (best < 0) {
    // A Hebrew or Arabic word of one class whose letters spell the Latin token with its written vowels (تشو Cho, كيم
    // Kim: NameToken.spellings, reached by them).
    if (script.spellings?.includes(latin.key)) return SPELLED_SOUND;
    // A Han word against the readings of the Latin token only a Chinese transcription gives (an r before a
    // consonant, or a final consonant, left out where two classes remain: 馬克 Mark, 大衛 David; scripts/sound-key.ts
    // hanOnlySounds).
    if (script.script === 'han') {
      const han = hanOnlySounds(latin.text);
      if (han.length > 0 && script.sounds.some((s) => han.includes(s))) return SHORT_SOUND;
    }
    return nearSoundSimilarity(script, latin);
  }
  return best;
}

// A script token and a Latin token that gives one of its readings, `sound`.
function sameSoundSimilarity(script: NameToken, latin: NameToken, sound: string): number {
  // Arabic and Hebrew write every r: no pairing through a reading of the Latin token that drops one.
  if (
    (script.script === 'arabic' || script.script === 'hebrew') &&
    !writtenRSounds(latin.text).includes(sound)
  )
    return 0;
  // Where a script writes a vowel letter (Hebrew, Arabic), the Latin spelling must have a vowel of that quality, or be
  // the word's letters one by one (vowel letters between two consonants of one class are no gap of the sound: خواكين
  // KN, Joaquin).
  if (script.vowels !== undefined && !vowelsAgree(script.vowels, sound, latin.text))
    return script.letters !== undefined && spelledBy(script.letters, latin.text) ? SPELLED_SOUND : 0;
  if (sound.length >= LONG_SOUND_CLASSES && script.script === 'han' && longHanSound(sound)) return LONG_SOUND;
  // A Hangul word of two classes heard with the r it leaves out (마크 Mark: scripts/script-reading.ts) is two classes.
  if (sound.length >= 3)
    return script.script === 'hangul' && script.sounds[0]!.length < 3 ? SHORT_SOUND : SOUND;
  if (sound.length !== 2) return 0;
  // Two classes are common: a script that writes vowel letters pairs on two only with vowel letters that agree,
  // one for Hebrew, two for Arabic (the lists are full of Arabic names, which one long vowel still pairs by chance),
  // or where the Latin spelling is its letters one by one, vowels only where it may leave a short one out (أحمد
  // Ahmad, עמר Omer: h, m, d and m, r; not Mahdi or Amadi, MT too).
  if (script.vowels === undefined) return SHORT_SOUND;
  if (script.letters !== undefined && spelledBy(script.letters, latin.text)) return SPELLED_SOUND;
  const written = script.vowels.filter((g) => g !== '').length;
  return written >= (script.script === 'arabic' ? 2 : 1) ? SHORT_SOUND : 0;
}

/** Whether a script word of one consonant class (WeightedToken.leftover) sounds as a Latin token: the same class. */
export function leftoverSound(script: NameToken, latin: NameToken): boolean {
  if (script.script === 'latin' || latin.script !== 'latin' || latin.numeric) return false;
  const consonantal = script.script === 'arabic' || script.script === 'hebrew';
  // The index keeps sounds of two classes or more: a listed token's one-class sound is read from its text (with an r
  // before a consonant left out, as the scripts that do not write every r leave it: 조지 George, 荷南 Hernan).
  const readings = consonantal ? writtenRSounds(latin.text) : latinSounds(latin.text);
  const sound = script.sounds.find(
    (s) =>
      s.length === 1 && (readings.includes(s) || (!consonantal && droppedROneClass(latin.text).includes(s))),
  );
  if (sound === undefined) return false;
  return script.vowels === undefined || vowelsAgree(script.vowels, sound, latin.text);
}

// A near sound (one class edit: scripts/sound-key.ts nearSounds), paired at fuzzy_search only (NEAR_SOUND is under
// permissive's minimum pair similarity, and only fuzzy_search's keys reach such tokens). Arabic and Hebrew pair only
// through the Latin readings that keep every r.
function nearSoundSimilarity(script: NameToken, latin: NameToken): number {
  const latinSounds =
    script.script === 'arabic' || script.script === 'hebrew' ? writtenRSounds(latin.text) : latin.sounds;
  for (const s of script.sounds) {
    // ...and no near sound of such a reading.
    if (script.script === 'hangul' && s.length > script.sounds[0]!.length) continue;
    for (const l of latinSounds) if (nearSounds(s, l)) return NEAR_SOUND;
  }
  return 0;
}

// String similarity, with one typo in a 4+ letter token counting at least ONE_EDIT (`typo`: only for the spelled
// texts; one edit between variant keys is a typo on top of a variant spelling, Boyer/Bajer, and gets no bonus).
// Returns 0 without computing the edit distance when even a perfect edit ratio could not lift the mean to `floor`
// (a pure speed-up).
function stringPart(a: string, b: string, floor: number, typo: boolean): number {
  const jw = jaroWinkler(a, b);
  if ((jw + 1) / 2 < (typo ? Math.min(floor, ONE_EDIT) : floor)) return 0;
  const distance = damerauLevenshtein(a, b);
  const s = (jw + 1 - distance / Math.max(a.length, b.length)) / 2;
  return typo && distance === 1 && Math.min(a.length, b.length) >= 4 ? Math.max(s, ONE_EDIT) : s;
}

// Keys of joined texts: the same joins recur across the candidates of one query and across queries.
const joinKeys = new Map<string, string>();
function joinKey(text: string): string {
  let k = joinKeys.get(text);
  if (k === undefined) {
    if (joinKeys.size >= 100_000) joinKeys.clear();
    joinKeys.set(text, (k = matchKey(text)));
  }
  return k;
}

// The texts and keys of runs of adjacent tokens, joined (a trie on the tokens' identities): the same runs recur
// across the names scored for one query (its own runs) and across queries (a listed name's runs, its token objects
// made once per index), and joining strings anew for each is much of joinCompounds' work.
interface JoinNode {
  readonly text: string;
  readonly keys: string;
  /** joinKey(text), once asked for. */
  key?: string;
  next?: Map<NameToken, JoinNode>;
}
// At most this many runs are kept (about 11 MB: some 215 bytes a run), then the trie starts over (820 queries of the
// matching bench at the four search types make 20,000).
const MAX_JOIN_NODES = 50_000;
let joinRoots = new WeakMap<NameToken, JoinNode>();
let joinNodes = 0;
function joinStrings(side: readonly WeightedToken[], from: number, n: number): JoinNode {
  if (joinNodes >= MAX_JOIN_NODES) {
    joinRoots = new WeakMap();
    joinNodes = 0;
  }
  const first = side[from]!.token;
  let node: JoinNode | undefined = joinRoots.get(first);
  if (node === undefined) {
    node = { text: first.text, keys: first.key };
    joinRoots.set(first, node);
    joinNodes++;
  }
  for (let j = from + 1; j < from + n; j++) {
    const t = side[j]!.token;
    let next: JoinNode | undefined = node.next?.get(t);
    if (next === undefined) {
      next = { text: node.text + t.text, keys: node.keys + t.key };
      (node.next ??= new Map()).set(t, next);
      joinNodes++;
    }
    node = next;
  }
  return node;
}

/**
 * Whether a run of adjacent tokens (a JoinNode) joins to pair a token of one `other` side, as joinCompounds decides it
 * from the run and that side alone (not whether the run's own name already spells the join: asked each time).
 */
export type JoinDecisions = Map<object, boolean>;

// `floor`: a similarity under it is only compared with it, so any value under it may be returned (the caller's
// test is the same): the Jaro-Winkler part alone bounds it, and the edit distance is computed only above (a pure
// speed-up; the memo keeps such a bound as its negative).
function joinSimilarity(
  text: string,
  other: string,
  memo?: Map<string, Map<string, number>>,
  floor = 0,
): number {
  let byOther = memo?.get(text);
  let sim = byOther?.get(other);
  if (sim !== undefined && (sim >= 0 || -sim < floor)) return Math.abs(sim);
  if (sim === undefined && floor > 0) {
    // stringSimilarity is the mean of this and an edit ratio of at most 1.
    const bound = (jaroWinkler(text, other) + 1) / 2;
    if (bound < floor) {
      if (memo !== undefined) {
        if (byOther === undefined) memo.set(text, (byOther = new Map()));
        byOther.set(other, -bound);
      }
      return bound;
    }
  }
  sim = stringSimilarity(text, other);
  if (memo !== undefined) {
    if (byOther === undefined) memo.set(text, (byOther = new Map()));
    byOther.set(other, sim);
  }
  return sim;
}

// Whether a join of texts `textLength` and keys `keysLength` letters long can be a token of `other` by length alone
// (what each test of joinCompounds needs of some token there: its text or key as long as the joined text, its key
// within two letters under the joined keys, or, for a near join, its text within two letters of the joined text).
// False skips the join's strings, which could not match (a pure speed-up: most joins of most names).
function joinFits(
  other: readonly WeightedToken[],
  textLength: number,
  keysLength: number,
  nearJoin: boolean,
): boolean {
  for (const o of other) {
    const t = o.token;
    if (t.text.length === textLength || t.key.length === textLength) return true;
    if (t.key.length <= keysLength && t.key.length >= keysLength - 2) return true;
    if (nearJoin && !t.weak && t.text.length >= 5 && Math.abs(t.text.length - textLength) <= 2) return true;
  }
  return false;
}

// Whether a token of `side` is spelled `text`.
function hasText(side: readonly WeightedToken[], text: string): boolean {
  for (const t of side) if (t.token.text === text) return true;
  return false;
}

// Whether a token of `other` is spelled `x` or has the key `x`.
function isTarget(other: readonly WeightedToken[], x: string): boolean {
  for (const o of other) if (o.token.text === x || o.token.key === x) return true;
  return false;
}

// Whether the join `text` of `first` and `second` is one typo-level edit from a (strong, 5+ letter) token of `other`...
function nearJoinPartner(
  first: string,
  second: string,
  text: string,
  other: readonly WeightedToken[],
  joinMemo: Map<string, Map<string, number>> | undefined,
): boolean {
  for (const o of other) {
    if (o.token.weak || o.token.text.length < 5 || Math.abs(o.token.text.length - text.length) > 2) continue;
    const joined = joinSimilarity(text, o.token.text, joinMemo, NEAR_JOIN);
    // ...and only when the join is what matches: "denis ei" is not "denise", "denis" alone is as close
    // (as similar, or as few edits away: denisei and denis are both one letter from denise).
    if (
      joined < NEAR_JOIN ||
      joined <= joinSimilarity(first, o.token.text, joinMemo) ||
      joined <= joinSimilarity(second, o.token.text, joinMemo)
    )
      continue;
    const edits = damerauLevenshtein(text, o.token.text);
    if (edits < damerauLevenshtein(first, o.token.text) && edits < damerauLevenshtein(second, o.token.text))
      return true;
  }
  return false;
}

// Joins adjacent tokens of `side` whose concatenation equals (text or key) a single token of `other`:
// "xi jin ping" vs "xijinping", "al qadhafi" vs "alqadhafi". The joined token carries the summed weight.
function joinCompounds(
  side: readonly WeightedToken[],
  other: readonly WeightedToken[],
  tolerant: boolean,
  joinMemo?: Map<string, Map<string, number>>,
  whole = false,
  decisions?: JoinDecisions,
): WeightedToken[] {
  if (side.length < 2 || other.length === 0) return side as WeightedToken[];
  // Every join below needs a token on the other side at least as long as the shortest join's keys less two
  // letters: when none is, nothing can join (most names), and the string work is skipped.
  let longest = 0;
  for (const o of other) longest = Math.max(longest, o.token.text.length, o.token.key.length);
  let shortestJoin = Infinity;
  for (let i = 0; i + 1 < side.length; i++)
    shortestJoin = Math.min(shortestJoin, side[i]!.token.key.length + side[i + 1]!.token.key.length);
  if (longest < shortestJoin - 2) return side as WeightedToken[];
  let out: WeightedToken[] | null = null;
  for (let i = 0; i < side.length;) {
    let joined = false;
    // A whole syllable name (ScoreOptions.wholeName) is a surname and a given name: never all its syllables as one word.
    for (let n = Math.min(4, side.length - i, whole ? side.length - 1 : 4); n >= 2 && !joined; n--) {
      // An initial is a word of its own ("A. Akbari" is not "aakbari").
      // A legal form joins only as written (사토 `sa to` is Sato): ООО Ольга `ooo olga` is not OLGA, though the
      // variant key of `oooolga` is `olga`.
      let legalForm = false;
      let textLength = 0;
      let keysLength = 0;
      let initial = false;
      for (let j = i; j < i + n; j++) {
        initial ||= side[j]!.initial === true;
        legalForm ||= side[j]!.token.legalForm;
        textLength += side[j]!.token.text.length;
        keysLength += side[j]!.token.key.length;
      }
      if (initial || !joinFits(other, textLength, keysLength, tolerant && n === 2)) continue;
      const strings = joinStrings(side, i, n);
      const { text, keys } = strings;
      if (hasText(side, text)) continue;
      // (What follows depends on the run's tokens and `other` only; no initial is among them, as checked above.)
      const decided = decisions?.get(strings);
      if (decided === false) continue;
      if (decided === undefined && !isTarget(other, text)) {
        if (legalForm) {
          decisions?.set(strings, false);
          continue;
        }
        // The key of a join is the joined keys, give or take a collapsed letter at each seam.
        let near = false;
        for (const o of other)
          if (o.token.key.length <= keys.length && o.token.key.length >= keys.length - 2) {
            near = true;
            break;
          }
        const exactJoin = near && (isTarget(other, keys) || isTarget(other, (strings.key ??= joinKey(text))));
        // Tolerant types also join two tokens whose join is one typo-level edit from a single token on the
        // other side ("abu bakr" vs "abubakar"), unless either part already has an exact partner there.
        const nearJoin =
          !exactJoin &&
          tolerant &&
          n === 2 &&
          !isTarget(other, side[i]!.token.key) &&
          !isTarget(other, side[i + 1]!.token.key) &&
          nearJoinPartner(side[i]!.token.text, side[i + 1]!.token.text, text, other, joinMemo);
        decisions?.set(strings, exactJoin || nearJoin);
        if (!exactJoin && !nearJoin) continue;
      } else if (decided === undefined) decisions?.set(strings, true);
      const parts = side.slice(i, i + n);
      const token = nameToken(text);
      const weak = parts.every((p) => p.token.weak);
      out ??= side.slice(0, i);
      const made = {
        token: weak === token.weak ? token : { ...token, weak },
        weight: sum(parts.map((p) => p.weight)),
      };
      DERIVED.add(made);
      out.push(made);
      i += n;
      joined = true;
    }
    if (!joined) {
      out?.push(side[i]!);
      i++;
    }
  }
  return out ?? (side as WeightedToken[]);
}

// A letter moved across a word boundary ("abdu lrahman" for "abdul rahman"): two adjacent query tokens whose
// joined text is the joined text of two listed tokens (in either order: token order never matters), split
// elsewhere, are read as split where the listed name splits (their summed weight shared as the listed tokens'
// weights are). Exact texts only: one moved space is the whole difference.
function moveBoundaries(query: readonly WeightedToken[], listed: readonly WeightedToken[]): WeightedToken[] {
  if (query.length < 2 || listed.length < 2) return query as WeightedToken[];
  let out: WeightedToken[] | null = null;
  for (let i = 0; i + 1 < query.length; i++) {
    const a = query[i]!.token;
    const b = query[i + 1]!.token;
    if (a.weak || b.weak || a.numeric || b.numeric || a.script !== 'latin' || b.script !== 'latin') continue;
    const joined = joinStrings(query, i, 2).text;
    const split = listedSplit(joined, a.text.length, listed);
    if (split === null) continue;
    const [l1, l2] = split;
    const weight = query[i]!.weight + query[i + 1]!.weight;
    const share = l1.weight / (l1.weight + l2.weight);
    out ??= query.slice();
    out[i] = { token: nameToken(l1.token.text), weight: weight * share };
    out[i + 1] = { token: nameToken(l2.token.text), weight: weight * (1 - share) };
    DERIVED.add(out[i]!);
    DERIVED.add(out[i + 1]!);
    i++;
  }
  return out ?? (query as WeightedToken[]);
}

/** A letter moved across a word boundary: the listed split is at most this many letters from the query's. */
export const MAX_MOVED_LETTERS = 2;

// Two listed tokens whose texts joined are `joined`, split near `at` but not at it; null when none.
function listedSplit(
  joined: string,
  at: number,
  listed: readonly WeightedToken[],
): [WeightedToken, WeightedToken] | null {
  for (const l1 of listed) {
    const first = l1.token.text;
    if (first.length === at || Math.abs(first.length - at) > MAX_MOVED_LETTERS) continue;
    if (first.length >= joined.length || !joined.startsWith(first)) continue;
    for (const l2 of listed)
      if (
        l2 !== l1 &&
        l2.token.text.length === joined.length - first.length &&
        joined.endsWith(l2.token.text)
      )
        return [l1, l2];
  }
  return null;
}

function sum(xs: readonly number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return s;
}

// Scratch of one alignment (searches are synchronous): the similarity matrix, which tokens are used, the pairs.
let sims = new Float64Array(256);
let usedQ = new Uint8Array(16);
let usedL = new Uint8Array(16);
let pairQ = new Int32Array(16);
let pairL = new Int32Array(16);
let pairSim = new Float64Array(16);
let pairCount = 0;
// Set while a name is aligned again without its short words' edits (shortEditFails).
let shortEditsOff = false;
// Set while a name is aligned again without the pairs two typos apart no key reached (twoTypoCheck).
let twoTyposOff = false;
// Tokens scoring made (a join, a moved boundary): no token the query or the listed name holds as such (twoTypoCheck).
const DERIVED = new WeakSet<WeightedToken>();

interface Alignment {
  readonly score: number;
  readonly queryCoverage: number;
  readonly listedCoverage: number;
  readonly listedPenalty: number;
}

// Greedy best-pairs alignment: the most similar unused pair first (ties: more weight, then lower positions), each
// token used once. Leaves the pairs in the scratch arrays, in the order chosen.
function align(
  query: readonly WeightedToken[],
  listed: readonly WeightedToken[],
  opts: ScoreOptions,
): Alignment {
  const nq = query.length;
  const nl = listed.length;
  if (nq * nl > sims.length) sims = new Float64Array(nq * nl * 2);
  if (nq > usedQ.length || nl > usedL.length) {
    const n = Math.max(nq, nl) * 2;
    usedQ = new Uint8Array(n);
    usedL = new Uint8Array(n);
    pairQ = new Int32Array(n);
    pairL = new Int32Array(n);
    pairSim = new Float64Array(n);
  }
  const min = opts.minTokenSimilarity;
  for (let qi = 0; qi < nq; qi++) {
    const q = query[qi]!.token;
    let memo: Map<NameToken, number> | undefined;
    if (opts.memo) {
      memo = opts.memo.get(q);
      if (memo === undefined) opts.memo.set(q, (memo = new Map()));
    }
    for (let li = 0; li < nl; li++) {
      const l = listed[li]!.token;
      // (A word two typos from a listed word pairs though no key reached it: the index grants it in its bound.)
      if (
        opts.mayPair &&
        !opts.mayPair(query[qi]!, listed[li]!) &&
        (opts.twoTypoWords !== true || twoTyposOff || query[qi]!.twoTypos !== true || !twoTypos(q, l))
      ) {
        sims[qi * nl + li] = 0;
        continue;
      }
      // (Aligned again without short edits: the similarities as they were, not the memo's.)
      let sim = shortEditsOff ? undefined : memo?.get(l);
      if (sim === undefined) {
        sim = tokenSimilarity(q, l, opts.tolerance, min, opts.rules);
        if (opts.written === true && sim < 1) sim = 0;
        if (query[qi]!.initial && l.text.length > 1 && l.text[0] === q.text[0])
          sim = Math.max(sim, QUERY_INITIAL);
        if (!shortEditsOff) {
          if (
            sim < SHORT_EDIT &&
            opts.tolerance !== 'exact' &&
            opts.rules?.typos !== false &&
            shortEdit(q, l)
          )
            sim = SHORT_EDIT;
          // At strict, a three-letter word's edit is a typo too, kept as the one departure (strictTypoFails).
          else if (
            sim < STRICT_TYPO &&
            opts.tolerance === 'exact' &&
            opts.rules?.typos !== false &&
            shortEdit(q, l)
          )
            sim = STRICT_TYPO;
          memo?.set(l, sim);
        }
      }
      // A word two typos from a listed word pairs at least at the type's minimum, where the rest of the name carries it
      // (twoTypoCheck; else aligned again without it): two typos in a word of 6-9 letters leave a string similarity of
      // about 0.73-0.84 (Vlqdumir / Vladimir 0.79), under standard's minimum whatever the name around it.
      if (
        sim < min &&
        opts.twoTypoWords === true &&
        !twoTyposOff &&
        query[qi]!.twoTypos === true &&
        twoTypos(q, l)
      )
        sim = min;
      // An initial pairs at every type, strict included (its letter is the name's own first letter, as written).
      sims[qi * nl + li] = (sim >= min || (sim === QUERY_INITIAL && query[qi]!.initial)) && sim > 0 ? sim : 0;
    }
  }
  usedQ.fill(0, 0, nq);
  usedL.fill(0, 0, nl);
  pairCount = 0;
  let qMatched = 0;
  let lMatched = 0;
  let strongPairs = 0;
  let strongSim = 0;
  let initialPairs = 0;
  let namePairs = 0;
  let nearPairs = 0;
  let firmPairs = 0;
  let spelledPairs = 0;
  let anchorSim = 0;
  let shortEdits = 0;
  for (;;) {
    let bq = -1;
    let bl = -1;
    let bSim = 0;
    let bW = 0;
    for (let qi = 0; qi < nq; qi++) {
      if (usedQ[qi]) continue;
      for (let li = 0; li < nl; li++) {
        const sim = sims[qi * nl + li]!;
        if (sim === 0 || usedL[li] || sim < bSim) continue;
        const w = query[qi]!.weight + listed[li]!.weight;
        if (sim > bSim || w > bW) {
          bq = qi;
          bl = li;
          bSim = sim;
          bW = w;
        }
      }
    }
    if (bq < 0) break;
    usedQ[bq] = 1;
    usedL[bl] = 1;
    pairQ[pairCount] = bq;
    pairL[pairCount] = bl;
    pairSim[pairCount++] = bSim;
    const q = query[bq]!;
    const l = listed[bl]!;
    qMatched += bSim * q.weight;
    lMatched += bSim * l.weight;
    if (!q.token.weak && !l.token.weak) {
      strongPairs++;
      // A word of another script pairs by sound alone: that is its "same name".
      strongSim = q.token.script === l.token.script ? bSim : 1;
    }
    if (q.initial) initialPairs++;
    else if (q.name || (!q.token.weak && !l.token.weak)) {
      namePairs++;
      // A word of another script pairs by sound alone, a spelling without vowels (unvocalised Arabic or Hebrew,
      // `mhmd`) by its consonants, and one given name in two languages by the table (Uladzimir, Vladimir): that is
      // their "same name".
      anchorSim = Math.max(
        anchorSim,
        q.token.script !== l.token.script ||
          unvocalisedAnchor(q.token.text, l.token.text, bSim) ||
          (bSim === EQUIVALENT_NAME && shareEquivalence(q.token.equivalents, l.token.equivalents))
          ? 1
          : bSim,
      );
    }
    if (bSim === SHORT_EDIT && shortEdit(q.token, l.token)) shortEdits++;
    if (bSim === NEAR_SOUND) nearPairs++;
    else if (bSim >= NEAR_SOUND_COMPANION && !q.token.weak && !l.token.weak) firmPairs++;
    else if (bSim === SPELLED_SOUND) spelledPairs++;
  }
  // A one-class script word pairs with a listed token left over that has its sound, beside a firmer pair only (or a
  // word spelled letter by letter).
  if (firmPairs > 0 || spelledPairs > 0)
    for (let qi = 0; qi < nq; qi++) {
      const q = query[qi]!;
      if (!q.leftover || usedQ[qi]) continue;
      let bl = -1;
      for (let li = 0; li < nl; li++) {
        const l = listed[li]!;
        // (No mayPair: an index grants this pair in its bound to every name holding a token of the word's sound.)
        if (usedL[li] || l.token.weak || (bl >= 0 && l.weight <= listed[bl]!.weight)) continue;
        if (leftoverSound(q.token, l.token)) bl = li;
      }
      if (bl < 0) continue;
      usedQ[qi] = 1;
      usedL[bl] = 1;
      pairQ[pairCount] = qi;
      pairL[pairCount] = bl;
      pairSim[pairCount++] = LEFTOVER_SOUND;
      qMatched += LEFTOVER_SOUND * q.weight;
      lMatched += LEFTOVER_SOUND * listed[bl]!.weight;
      if (!q.token.weak) {
        strongPairs++;
        namePairs++;
      }
    }
  // A short word's edit the rest of the name does not carry: the alignment without it.
  if (shortEdits > 0 && shortEditFails(query, listed)) {
    shortEditsOff = true;
    try {
      return align(query, listed, opts);
    } finally {
      shortEditsOff = false;
    }
  }
  // A word two typos from its pair the rest of the name does not carry: the alignment without it (a legal form read
  // through two typos: the name scores 0, below).
  const twoTypoState = opts.twoTypoWords === true ? twoTypoCheck(query, listed, opts) : TWO_TYPOS_OK;
  if (twoTypoState === TWO_TYPO_PAIR_FAILS && !twoTyposOff) {
    twoTyposOff = true;
    try {
      return align(query, listed, opts);
    } finally {
      twoTyposOff = false;
    }
  }
  let qTotal = 0;
  let lTotal = 0;
  let hasStrong = false;
  let queryStrong = 0;
  let strongWeight = 0;
  let weakLeft = false;
  for (let qi = 0; qi < nq; qi++) {
    const t = query[qi]!;
    qTotal += t.weight;
    hasStrong ||= !t.token.weak;
    if (!t.token.weak && !t.initial) {
      queryStrong++;
      strongWeight = t.weight;
    }
    // A weak word of the query left unpaired (a title weighs nothing: it is no part of the name).
    if (t.token.weak && !usedQ[qi] && t.weight > 0) weakLeft = true;
  }
  for (const t of listed) {
    lTotal += t.weight;
    hasStrong ||= !t.token.weak;
  }
  const queryCoverage = qTotal > 0 ? qMatched / qTotal : 0;
  const listedCoverage = lTotal > 0 ? lMatched / lTotal : 0;
  const penalty =
    strongPairs === 1 &&
    strongSim >= RARE_SURNAME_MIN_SIMILARITY &&
    ((rareSurnameQuery(query, opts.rareWeight) && qualifierPaired(query)) ||
      (opts.familyName === true && familyPaired(query, listed)))
      ? LISTED_PENALTY_RARE_SURNAME
      : opts.wholeName === true
        ? listedPenalty(Math.min(strongPairs, 1))
        : opts.rareCompanyWord === true && strongPairs === 1 && strongSim === 1 && legalFormWritten(query)
          ? LISTED_PENALTY_MULTI
          : listedPenalty(strongPairs);
  // A weak token (particle, legal form) is never the only evidence, nor are a query's initials (no key reaches what
  // they pair with: the candidates are the names its other tokens reach); a particle the query gives as its name
  // (WeightedToken.name) is evidence beside its initials.
  // A query of one strong token whose pair is weaker than the search type asks of it (loneTokenMinSimilarity).
  const loneTooWeak =
    queryStrong === 1 && strongPairs === 1 && strongSim < (opts.loneTokenMinSimilarity ?? 0);
  // No name of the query paired as the same name or one typo in it, only sound-alikes (anchorMinSimilarity).
  // A common name with a legal form or particle the listed name lacks (Martin SA / MARTIN, Tom von / TOM).
  const commonLone =
    opts.commonLoneTokenPairsAll === true &&
    queryStrong === 1 &&
    weakLeft &&
    strongWeight < (opts.rareWeight ?? Infinity);
  // (A query of one strong token is loneTokenMinSimilarity's.)
  const noAnchor =
    queryStrong >= 2 &&
    namePairs > 0 &&
    anchorSim < (opts.anchorMinSimilarity ?? 0) &&
    !typoAnchor(query, listed, opts.anchorMinSimilarity ?? 0);
  // A spelling of the query's own beside a word of a listed company left out (Siino Group / SINO HOLDINGS GROUP CO).
  // A strict typo that is not the one departure from the listed name.
  const typoFails = opts.tolerance === 'exact' && strictTypoFails(query, listed, opts.weakTypo === true);
  const unlistedPartial =
    opts.unlistedVariantWhole === true &&
    strongLeftOut(listed) &&
    hasLegalForm(listed) &&
    unlistedVariantPair(query, listed, opts);
  // At standard, a company's one word paired through a typo beside a legal form that pairs only as another form, or
  // not at all: two departures from a name of one word (Toti SPA / KOTI CORP, ЗАО Роман / RAMAN COMPANY).
  const loneTypoOtherForm =
    opts.tolerance === 'edit' &&
    queryStrong === 1 &&
    strongPairs === 1 &&
    strongSim < VARIANT_KEY &&
    hasLegalForm(query) &&
    !legalFormWritten(query);
  // A listed "father of" left out before the name it precedes, and no rare name (Ahmed Group / Abu Ahmed Group).
  const childOnly = opts.kunyaPairs === true && kunyaLeftOut(listed) && !rareWrittenPair(query, opts);
  const score =
    (hasStrong && strongPairs === 0) ||
    (initialPairs > 0 && namePairs === 0) ||
    (nearPairs > 0 && firmPairs === 0) ||
    loneTooWeak ||
    loneTypoOtherForm ||
    noAnchor ||
    commonLone ||
    unlistedPartial ||
    childOnly ||
    typoFails ||
    twoTypoState !== TWO_TYPOS_OK
      ? 0
      : coverageScore(queryCoverage, listedCoverage, penalty);
  return { score: Math.max(0, Math.min(100, score)), queryCoverage, listedCoverage, listedPenalty: penalty };
}

/** Words at least this long, each one typo from its pair, are an anchor two together (typoAnchor). */
export const MIN_TYPO_ANCHOR_LENGTH = 5;

// Two long words or more, each one typo from its listed word (SEKIMI Rexheo / SELIMI Rexhep), and every strong word of
// both names paired: as much evidence as one word paired as written (anchorMinSimilarity), where words of four
// letters or fewer one typo apart are not (Xuân Cung Tăng is not Tsang Yung Yuan).
function typoAnchor(
  query: readonly WeightedToken[],
  listed: readonly WeightedToken[],
  anchor: number,
): boolean {
  let typos = 0;
  for (let k = 0; k < pairCount; k++) {
    const q = query[pairQ[k]!]!.token;
    const l = listed[pairL[k]!]!.token;
    if (q.weak || l.weak || query[pairQ[k]!]!.initial === true) continue;
    if (pairSim[k]! >= anchor) continue;
    // (One edit in words of 4+ letters pairs at ONE_EDIT or more: a weaker pair is no typo, and no edits are counted.)
    if (
      pairSim[k]! < ONE_EDIT ||
      q.script !== 'latin' ||
      l.script !== 'latin' ||
      q.text.length < MIN_TYPO_ANCHOR_LENGTH ||
      l.text.length < MIN_TYPO_ANCHOR_LENGTH ||
      damerauLevenshtein(q.text, l.text) !== 1
    )
      return false;
    typos++;
  }
  if (typos < 2 || strongLeftOut(listed)) return false;
  for (let qi = 0; qi < query.length; qi++) {
    const t = query[qi]!;
    if (!t.token.weak && t.initial !== true && !usedQ[qi]) return false;
  }
  return true;
}

// A three-letter word's edit (SHORT_EDIT) is kept only where the rest of the name carries it: the only such
// pair, beside two strong query tokens or more, each paired as written or by its variant key. True when it is not (the
// name is then aligned without it: the word is left over, as before).
function shortEditFails(query: readonly WeightedToken[], listed: readonly WeightedToken[]): boolean {
  let edits = 0;
  let exact = 0;
  for (let k = 0; k < pairCount; k++) {
    const q = query[pairQ[k]!]!;
    if (q.token.weak || q.initial === true) continue;
    if (pairSim[k] === SHORT_EDIT && shortEdit(q.token, listed[pairL[k]!]!.token)) edits++;
    else if (pairSim[k]! >= VARIANT_KEY) exact++;
    else return true;
  }
  for (let qi = 0; qi < query.length; qi++) {
    const t = query[qi]!;
    if (!t.token.weak && t.initial !== true && !usedQ[qi]) return true;
  }
  return edits > 1 || exact < 2;
}

// Two typos in a word (a pair two typos apart that no key reached, WeightedToken.twoTypos; or a legal form read through
// two typos, WeightedToken.twoTypoForm) are kept only where the rest of the name carries them: the only such word, every
// other strong query token paired with a listed token of its variant key (as written or by the key; no join, no moved
// boundary), at least `twoTypoSupport` of them (one more for a word shorter than LONG_TWO_TYPO_LENGTH, unless one is
// a rare name paired as written), and the legal form paired. TWO_TYPOS_OK when they are (or there are none); else
// TWO_TYPO_PAIR_FAILS where a granted pair breaks that (the name is then aligned without it), TWO_TYPO_FORM_FAILS where
// a legal form does (the name scores 0).
const TWO_TYPOS_OK = 0;
const TWO_TYPO_PAIR_FAILS = 1;
const TWO_TYPO_FORM_FAILS = 2;
function twoTypoCheck(
  query: readonly WeightedToken[],
  listed: readonly WeightedToken[],
  opts: ScoreOptions,
): number {
  let forms = 0;
  let formLeft = false;
  let words = false;
  for (let qi = 0; qi < query.length; qi++) {
    const q = query[qi]!;
    words ||= q.twoTypos === true;
    if (q.twoTypoForm === true) {
      forms++;
      formLeft ||= !usedQ[qi];
    }
  }
  // (Most queries: no such word, nothing to check.)
  if (!words && forms === 0) return TWO_TYPOS_OK;
  let granted = 0;
  let short = false;
  let exact = 0;
  let rareExact = false;
  let weaker = false;
  for (let k = 0; k < pairCount; k++) {
    const q = query[pairQ[k]!]!;
    if (q.token.weak || q.initial === true) continue;
    const l = listed[pairL[k]!]!;
    // (A pair no key reached, or one lifted to the type's minimum, align: a key's pair above it is an ordinary one.)
    if (
      q.twoTypos === true &&
      twoTypos(q.token, l.token) &&
      (opts.mayPair?.(q, l) === false || pairSim[k]! <= opts.minTokenSimilarity)
    ) {
      granted++;
      short ||= q.token.text.length < LONG_TWO_TYPO_LENGTH || l.token.text.length < LONG_TWO_TYPO_LENGTH;
    }
    // (A query token and a listed one of the same variant key as written, not joined nor moved: the listed token an
    // index reads the postings of to find the names such a pair may be granted in, name-candidates.ts.)
    else if (q.token.key === l.token.key && !DERIVED.has(q) && !DERIVED.has(l)) {
      exact++;
      rareExact ||= pairSim[k] === 1 && q.weight >= (opts.rareWeight ?? Infinity);
    } else weaker = true;
  }
  if (granted === 0 && forms === 0) return TWO_TYPOS_OK;
  // (A short word needs one more word beside it, or a rare name as written: Hqmfan / Hamdan beside Ahmad is another
  // name as often, Drabam / Dragan beside DRAGAS names the party.)
  let fails =
    formLeft ||
    weaker ||
    granted + forms > 1 ||
    exact < Math.max(1, opts.twoTypoSupport ?? 0) + (short && !rareExact ? 1 : 0);
  for (let qi = 0; qi < query.length && !fails; qi++) {
    const t = query[qi]!;
    fails = !t.token.weak && t.initial !== true && !usedQ[qi];
  }
  return !fails ? TWO_TYPOS_OK : granted > 0 ? TWO_TYPO_PAIR_FAILS : TWO_TYPO_FORM_FAILS;
}

// A strong listed token is left unpaired in this alignment.
function strongLeftOut(listed: readonly WeightedToken[]): boolean {
  for (let li = 0; li < listed.length; li++) if (!usedL[li] && !listed[li]!.token.weak) return true;
  return false;
}

// A strict typo (strictTypo) is kept only as the one departure from the listed name: the only such pair, every other
// strong query token paired as written or by its variant key (no swap either), two strong query tokens or more (or a
// company's one long word beside its legal form as written), and every strong listed token paired (Félix Xavier is
// not TORRES FELIX, Javier). True when a typo pair breaks that (the name then scores 0). A typo'd weak word
// (`weakTypo`) is a departure too: beside it, no strong token pairs through a typo or a swap.
function strictTypoFails(
  query: readonly WeightedToken[],
  listed: readonly WeightedToken[],
  weakTypo: boolean,
): boolean {
  let typo = -1;
  let departures = 0;
  for (let k = 0; k < pairCount; k++) {
    const q = query[pairQ[k]!]!;
    if (q.token.weak || q.initial === true || pairSim[k] === 1) continue;
    const l = listed[pairL[k]!]!.token;
    if (q.token.key === l.key) continue;
    if (weakTypo) return true;
    departures++;
    if (pairSim[k] === STRICT_TYPO && swapSimilarity(q.token, l, 'exact') === 0) {
      if (typo >= 0) return true;
      typo = k;
    }
  }
  if (typo < 0) return false;
  if (departures > 1 || strongLeftOut(listed)) return true;
  let strong = 0;
  for (let qi = 0; qi < query.length; qi++) {
    const t = query[qi]!;
    if (t.token.weak || t.initial === true) continue;
    strong++;
    if (!usedQ[qi]) return true;
  }
  // (A three-letter word's edit beside two other strong words or more, as standard keeps it: shortEditFails.)
  const short = query[pairQ[typo]!]!.token.text.length < MIN_STRICT_TYPO_LENGTH;
  if (strong >= (short ? MIN_HELD_TYPO_WORDS : 2)) return false;
  // A company's one word (AO Tdchnodinamika): its legal form, paired as written, is the name's other word.
  return query[pairQ[typo]!]!.token.text.length < MIN_STRICT_COMPANY_TYPO_LENGTH || !legalFormWritten(query);
}

// A legal form of the query paired as written.
function legalFormWritten(query: readonly WeightedToken[]): boolean {
  for (let k = 0; k < pairCount; k++) if (pairSim[k] === 1 && query[pairQ[k]!]!.token.legalForm) return true;
  return false;
}

// A company's name: it holds a legal form.
function hasLegalForm(listed: readonly WeightedToken[]): boolean {
  for (const t of listed) if (t.token.legalForm) return true;
  return false;
}

// A strong query token no listed name spells paired a strong listed token below 1 (ScoreOptions.unlistedVariantWhole).
function unlistedVariantPair(
  query: readonly WeightedToken[],
  listed: readonly WeightedToken[],
  opts: ScoreOptions,
): boolean {
  for (let k = 0; k < pairCount; k++) {
    const q = query[pairQ[k]!]!;
    if (q.initial === true || q.token.weak || pairSim[k]! === 1 || listed[pairL[k]!]!.token.weak) continue;
    if (opts.listedText?.(q.token.text) === false) return true;
  }
  return false;
}

// A rare strong query token paired as written (ScoreOptions.kunyaPairs).
function rareWrittenPair(query: readonly WeightedToken[], opts: ScoreOptions): boolean {
  const rare = opts.rareWeight ?? Infinity;
  for (let k = 0; k < pairCount; k++) {
    const q = query[pairQ[k]!]!;
    if (pairSim[k] === 1 && !q.token.weak && q.initial !== true && q.weight >= rare) return true;
  }
  return false;
}

/** Particles that make the name after them another person's: "father of", "mother of" (ScoreOptions.kunyaPairs). */
const KUNYA: ReadonlySet<string> = new Set(['abu', 'umm']);

// A listed abu or umm left unpaired just before a paired listed token.
function kunyaLeftOut(listed: readonly WeightedToken[]): boolean {
  for (let li = 0; li + 1 < listed.length; li++)
    if (!usedL[li] && usedL[li + 1] && KUNYA.has(listed[li]!.token.text)) return true;
  return false;
}

// The rare surname's qualifier holds in this alignment: a title (never listed), or a particle that paired.
function qualifierPaired(query: readonly WeightedToken[]): boolean {
  for (let i = 0; i < query.length; i++) {
    const t = query[i]!.token;
    if (TITLES.has(t.text)) return true;
    if (PARTICLES.has(t.text) && usedQ[i]) return true;
  }
  return false;
}

// The family name holds in this alignment: the query's surname paired, and one of its particles paired with the
// listed token just before the surname's partner (a particle of another of the listed names does not count: "al
// Hasan" names no family in "Hasan AL-ZAHRANI").
function familyPaired(query: readonly WeightedToken[], listed: readonly WeightedToken[]): boolean {
  const s = surnameQueryToken(query);
  if (s < 0) return false;
  let partner = -1;
  for (let k = 0; k < pairCount; k++) if (pairQ[k] === s) partner = pairL[k]!;
  if (partner <= 0 || !listed[partner - 1]!.token.weak) return false;
  for (let k = 0; k < pairCount; k++)
    if (pairL[k] === partner - 1 && PARTICLES.has(query[pairQ[k]!]!.token.text)) return true;
  return false;
}

/**
 * The token score of a query against one listed name, without the details scoreNames reports. `joins: false`
 * when the caller knows no adjacent tokens of either side can join to match one of the other (the same score).
 */
export function scoreValue(
  queryTokens: readonly WeightedToken[],
  listedTokens: readonly WeightedToken[],
  opts: ScoreOptions,
  joins = true,
): number {
  if (!joins) return align(queryTokens, listedTokens, opts).score;
  const tolerant = opts.tolerance !== 'exact';
  const query = joinCompounds(
    moveBoundaries(queryTokens, listedTokens),
    listedTokens,
    tolerant,
    opts.joinMemo,
    opts.wholeName === true,
  );
  // (Decisions are by the query's tokens: kept only where no join or moved boundary changed them for this name.)
  const decisions = query === queryTokens ? opts.joinDecisions : undefined;
  return align(query, joinCompounds(listedTokens, query, tolerant, opts.joinMemo, false, decisions), opts)
    .score;
}

/** Scores a query against one listed name (token order irrelevant); deterministic. */
export function scoreNames(
  queryTokens: readonly WeightedToken[],
  listedTokens: readonly WeightedToken[],
  opts: ScoreOptions,
): NameScore {
  const tolerant = opts.tolerance !== 'exact';
  const query = joinCompounds(
    moveBoundaries(queryTokens, listedTokens),
    listedTokens,
    tolerant,
    opts.joinMemo,
    opts.wholeName === true,
  );
  const decisions = query === queryTokens ? opts.joinDecisions : undefined;
  const listed = joinCompounds(listedTokens, query, tolerant, opts.joinMemo, false, decisions);
  const a = align(query, listed, opts);
  const pairs: TokenPair[] = [];
  for (let i = 0; i < pairCount; i++) {
    pairs.push({
      query: query[pairQ[i]!]!.token.text,
      listed: listed[pairL[i]!]!.token.text,
      similarity: round3(pairSim[i]!),
      weight: round3(query[pairQ[i]!]!.weight),
    });
  }
  return {
    score: a.score,
    pairs,
    unmatchedQuery: query.filter((_, i) => !usedQ[i]).map((t) => t.token.text),
    unmatchedListed: listed.filter((_, i) => !usedL[i]).map((t) => t.token.text),
    queryCoverage: a.queryCoverage,
    listedCoverage: a.listedCoverage,
    listedPenalty: a.listedPenalty,
  };
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
