// The four search types: how tolerant token comparison is, the threshold, and how wide candidate generation is.
import type { SearchType } from '../domain/screening.js';
import type { TokenTolerance } from './score-names.js';

/**
 * Kinds of inverted-index keys (see name-index.ts): exact text, variant key, loose key, skeleton, metaphone, one-letter
 * deletions of the variant key (typos), script sound, given-name equivalence (one given name in several languages and
 * its patronymics: given-name-groups.ts; the type then also reads a Slavic name's case endings: slavic-cases.ts).
 */
export type IndexKeyKind = 't' | 'k' | 'l' | 's' | 'm' | 'd' | 'x' | 'g';

/** What a search type changes in candidate generation and scoring. */
export interface SearchTypeSettings {
  /** Matches must score at least this (0-100). */
  readonly threshold: number;
  readonly tolerance: TokenTolerance;
  /** Token pairs below this similarity are not paired. */
  readonly minTokenSimilarity: number;
  /** Index key kinds used to find candidates. */
  readonly keyKinds: readonly IndexKeyKind[];
  /**
   * The candidate cap: at most this many names are scored per reading of a query, best bound first. It bounds a
   * search's work; pruning loses nothing as long as the early stop (50 entries scored above every bound left) comes
   * first, i.e. unless this many names bound at least as high as a name the results need (README section 6).
   */
  readonly maxCandidates: number;
  /** Weight of the n-gram cosine in the final score (0 = token score only). */
  readonly vectorWeight: number;
  /**
   * A syllable of a query written in Han, Hangul or kana that reads as a particle (상도준 `sang do jun`, 欧阳斌 `ou yang
   * bin`) is one (false: it is a syllable of the name, and weighs as a strong token: those scripts write no Latin
   * particles, and a `do` the listed name lacks is a name it lacks, not a particle costing 15 % of its weight).
   */
  readonly readingParticles: boolean;
  /**
   * A query written in Han, Arabic or Hebrew pairs its reading through the variant key (false: only as the reading is
   * written, score-names.ts ScoreOptions.written). Those readings are one romanisation system's (pinyin, a consonant
   * transliteration), whose y and j, c and k, or final h the variant key's Latin spelling rules fold: 宋英 `song ying`
   * is not Song Jing, Hebrew הילה `hylh` is not Arabic هايل `hyl`. (Hangul and kana keep their keys: they transcribe
   * foreign names with doubled consonants and c for k, name-index.ts KEYLESS_SCRIPTS.)
   */
  readonly readingKeys: boolean;
  /**
   * A query written in Han, Hangul or kana gets the one-typo bonus (score-names.ts ScoreOptions.typos; false: its
   * syllables are read, not typed, and one letter apart are two syllables: 田 `tian` is not `xian`, 唐 `tang` not Wang).
   */
  readonly readingTypos: boolean;
  /**
   * Two Latin spellings that both write vowels pair by sound (shared metaphone code, same consonant skeleton) only
   * where their letters agree at least this much (string similarity; 0: always). A spelling without vowels (`mhmd`,
   * unvocalised Arabic) pairs by sound as before: its skeleton is all it writes. At standard, this is asked of its
   * same-initial metaphone pair (Braga / Borrego share PRK and few letters, Mohammed / Muhammad most).
   */
  readonly soundAlikeSpelling: number;
  /**
   * A query of one strong token (a one-word company name with its legal form, a lone name) must pair it at least this
   * well, or the name scores 0 (0: no such rule). One word is all the evidence such a query gives: at 0.9, the same
   * name or one typo in it, not a sound-alike (Kemmer / Camorra, Ström / Stream). A word of another script pairs by
   * sound, which is then enough.
   */
  readonly loneTokenMinSimilarity: number;
  /**
   * A word of another script also reaches the Latin tokens whose sound is one class edit from its own (near sounds,
   * scripts/sound-key.ts), which pair at NEAR_SOUND (score-names.ts, under permissive's minimum pair similarity).
   */
  readonly nearSounds: boolean;
  /**
   * A name must pair at least one of its query's names this well (the same name, a variant spelling or one typo in it),
   * or it scores 0 (0: no such rule): two or three sound-alikes side by side (Kiera Moore / Korea Mirae, یلدا گروه `yld
   * grwh` / Ould Kheirou) are no evidence of one name, however many of them pair. loneTokenMinSimilarity for any
   * number of tokens. A word of another script pairs by sound, and a given name by its forms in other languages
   * (given-name-groups.ts): either is then enough.
   */
  readonly anchorMinSimilarity: number;
  /**
   * A query written as one word in Han or Hangul (a Chinese or Korean person's own name, read syllable by syllable) is
   * the whole name: a listed syllable it lacks costs what a listed name's unmatched token costs beside a single pair
   * (score-formula.ts LISTED_PENALTY_SINGLE), not a left-out middle name's (黎成 `li cheng` is not LI, Cheng Yu).
   */
  readonly wholeSyllableName: boolean;
  /**
   * A query of one strong token that is a common name (in more than RARE_NAME_SHARE of the listed names, score-names.ts)
   * beside weak words (a legal form, a particle) must pair those too, or the name scores 0: one common name is all
   * such a query shares with a listed name that lacks its weak words (Martin SA is a company named Martin, not the
   * alias MARTIN; Tom von is not TOM; ООО Ольга is not OLGA). A rare one still names its party (Acme LLC / ACME).
   */
  readonly commonLoneTokenPairsAll: boolean;
  /**
   * A query word no listed name spells that pairs through its variant key (doubled letters, k/q, y/i folded: Siino ~
   * SINO) pairs only a listed company name (one with a legal form) whose strong words the query pairs all, or the name
   * scores 0: a spelling of its own and a word of the company left out are two departures from the listed name (Siino
   * Group is not SINO HOLDINGS GROUP CO., LTD.: a company's words name it, a Sino Group is another company). A person's
   * middle name or patronymic is often left out, beside a spelling too (Vladimir Puttin, Vlagyimir Putyin for PUTIN,
   * Vladimir Vladimirovich).
   */
  readonly unlistedVariantWhole: boolean;
  /**
   * A listed abu or umm ("father of", "mother of") just before a word the query pairs makes that word another person's
   * name: a query that leaves it out and pairs no rare name as written (RARE_NAME_SHARE, score-names.ts) scores 0
   * (Ahmed Group is not Abu Ahmed Group); a rare name names the party anyway (MUAMMAR MOHAMMED MINYAR QADHAFI).
   */
  readonly kunyaPairs: boolean;
  /**
   * A query word of MIN_TWO_TYPO_LENGTH+ letters no listed name spells, typed in Latin letters, pairs a listed word two
   * typos away after its first letter (score-names.ts twoTypos: Kuzndtxov / Kuznetsov; at least at minTokenSimilarity),
   * no key reaching it, where every other strong query word pairs as written or by its variant key, at least this many
   * of them, one more beside a word under LONG_TWO_TYPO_LENGTH unless one is a rare name as written (0: never). The
   * index grants the pair in its bound to every name holding such a word among the names holding the rarest of those
   * words' variant keys (name-candidates.ts): the rest of the name finds it.
   */
  readonly twoTypoSupport: number;
  /**
   * A query written in Arabic script reads each word whose consonants spell a Latin title or legal form (عمر Omar is
   * `mr`) as a name that must pair (arabic-words-as-names.ts), not a title the query may leave out: Firas bin Omar is
   * not Firas bin Hassan Qaddour. The tolerant types still leave it out: their readings pair the rest of an Arabic
   * alias by its consonants (محمد عمر غلام نبی / MOHAMMED OMAR GHULAM NABI), and `mr` pairs no Latin Omar as a spelling.
   */
  readonly arabicTitlesAsNames: boolean;
}

/**
 * | type             | threshold | token comparison                                              | candidates from            | max scored |
 * | ---------------- | --------- | ------------------------------------------------------------- | -------------------------- | ---------- |
 * | strict_match     | 85        | folded or variant-key equality only                           | text, variant key          | 500        |
 * | standard_match   | 80        | + string similarity, one typo (0.9), same-initial metaphone   | + metaphone, deletions     | 1000       |
 * | permissive_match | 70        | + loose key, consonant skeleton, metaphone; pair >= 0.75      | + loose key, skeleton      | 2000       |
 * | fuzzy_search     | 60        | as permissive, pair >= 0.70; score = max(token, (token + 100 x cosine of 2-3-gram vectors) / 2) | as permissive | 2000 |
 *
 * The tolerant three also pair one given name across languages and its patronymics (key kind 'g',
 * given-name-groups.ts) and read a declined Slavic name in the nominative (slavic-cases.ts); strict pairs spellings
 * only: Oleksandr is another spelling than Aleksandr, not the same one. Strict's equality has four exceptions, each
 * a typo it keeps (score-names.ts): one adjacent swap in a word of five letters or more; a letter moved across a word
 * boundary; one edit (a letter changed, missing, extra, or two swapped) in a word of four letters or more that no
 * listed name spells, where it is the only departure (every other strong query word as written or by its variant key,
 * no swap either; two strong query words or more, or a company's one word of six letters or more beside its legal
 * form as written; every listed strong word paired); and a weak word (a legal form, a title) one typo away, read as
 * that word (weak-word-typo.ts: COMAPNY, LIMIETD) where it is the only departure (every strong word as written or by
 * its variant key): a typo in a weak word does not change whose name it is. At six letters the one edit found 67 % of
 * the bench's typo'd names over seeds 1-7 (most names' words are short: Omar, Elena, Pavel), at four 97 %, with the
 * same clean names alerting.
 */
export const SEARCH_TYPE_SETTINGS: Readonly<Record<SearchType, SearchTypeSettings>> = Object.freeze({
  strict_match: {
    // 85 rather than 90: every query token must be present exactly, but a listed patronymic or middle name
    // the query leaves out ("Vladimir Putin" vs "PUTIN, Vladimir Vladimirovich", about 88) must not be missed.
    threshold: 85,
    tolerance: 'exact',
    minTokenSimilarity: 0.97,
    keyKinds: ['t', 'k'],
    maxCandidates: 500,
    vectorWeight: 0,
    // 상도준 (sang do jun) is not Ji Sang Jun (85 with a particle's weight).
    readingParticles: false,
    readingKeys: false,
    readingTypos: false,
    soundAlikeSpelling: 0,
    loneTokenMinSimilarity: 0,
    nearSounds: false,
    anchorMinSimilarity: 0,
    wholeSyllableName: true,
    commonLoneTokenPairsAll: true,
    unlistedVariantWhole: true,
    kunyaPairs: true,
    twoTypoSupport: 0,
    arabicTitlesAsNames: true,
  },
  standard_match: {
    threshold: 80,
    tolerance: 'edit',
    minTokenSimilarity: 0.84,
    keyKinds: ['t', 'k', 'm', 'd', 'g'],
    maxCandidates: 1000,
    vectorWeight: 0,
    // As permissive (below): 杜锦程 `du jin cheng` is not CHENG JIN (`du` is a syllable, not a particle).
    readingParticles: false,
    readingKeys: true,
    readingTypos: true,
    soundAlikeSpelling: 0.65,
    loneTokenMinSimilarity: 0,
    nearSounds: false,
    // Closer than one typo (0.9): Xuân Cung Tăng is not Tsang Yung Yuan, three typos side by side.
    anchorMinSimilarity: 0.905,
    wholeSyllableName: true,
    commonLoneTokenPairsAll: true,
    unlistedVariantWhole: false,
    kunyaPairs: false,
    twoTypoSupport: 1,
    arabicTitlesAsNames: true,
  },
  permissive_match: {
    threshold: 70,
    tolerance: 'phonetic',
    minTokenSimilarity: 0.75,
    keyKinds: ['t', 'k', 'l', 's', 'm', 'd', 'x', 'g'],
    maxCandidates: 2000,
    vectorWeight: 0,
    readingParticles: false,
    readingKeys: true,
    // Of the 2,000 clean faker names of the bench (seed 1), 109 alerted at permissive, 54 after these: a syllable of a
    // Han name read as a particle (欧阳斌 `bin`), a syllable one letter from another (周笑愚 `xiao` ~ `xian`), two
    // spellings sharing a sound and few letters (Drews ~ T.R.O.S., Emely ~ JAMMAL; Oais ~ AWEYS, 0.59, still pairs), a
    // one-word company name sounding like a listed word (Kemmer Inc ~ CAMORRA, Nguyen SA ~ NEGEEN).
    readingTypos: false,
    soundAlikeSpelling: 0.5,
    loneTokenMinSimilarity: 0.9,
    nearSounds: false,
    anchorMinSimilarity: 0.9,
    wholeSyllableName: true,
    commonLoneTokenPairsAll: true,
    unlistedVariantWhole: false,
    kunyaPairs: false,
    twoTypoSupport: 1,
    arabicTitlesAsNames: false,
  },
  fuzzy_search: {
    threshold: 60,
    tolerance: 'phonetic',
    minTokenSimilarity: 0.7,
    keyKinds: ['t', 'k', 'l', 's', 'm', 'd', 'x', 'g'],
    maxCandidates: 2000,
    vectorWeight: 0.5,
    readingParticles: true,
    readingKeys: true,
    readingTypos: true,
    soundAlikeSpelling: 0,
    loneTokenMinSimilarity: 0,
    nearSounds: true,
    anchorMinSimilarity: 0,
    wholeSyllableName: false,
    commonLoneTokenPairsAll: false,
    unlistedVariantWhole: false,
    kunyaPairs: false,
    twoTypoSupport: 1,
    arabicTitlesAsNames: false,
  },
});
