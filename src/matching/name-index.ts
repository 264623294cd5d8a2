// The in-memory name index: the screening port over the packed index (index-data.ts). A search reads, for each
// reading of the query, which listed tokens its tokens reach (query-reach.ts), the names that can still reach the
// threshold with a bound of their score (name-candidates.ts), and scores those best bound first with the token
// alignment (+ n-gram cosine for fuzzy_search). Searches are synchronous and pure.
import type { ListedParty, Match, NameComparison, NameSearcher, SearchType } from '../domain/screening.js';
import { buildNameIndexData } from './index-builder.js';
import type { IndexInput } from './index-builder.js';
import { WEAK_NAME } from './index-data.js';
import type { NameIndexData } from './index-data.js';
import { IndexViews } from './index-views.js';
import { ARABIC_WORD_NAMES, arabicWordsAsNames } from './arabic-words-as-names.js';
import { CandidateFinder, LEFTOVER_CLASSES } from './name-candidates.js';
import type { Candidates } from './name-candidates.js';
import { GramCosine } from './ngram-vector.js';
import {
  foldText,
  nameToken,
  namedTokens,
  normaliseForeignReading,
  normaliseName,
  normaliseScriptJoined,
  PARTICLES,
  TITLES,
} from './normalise-name.js';
import type { NameToken, NormalisedName } from './normalise-name.js';
import { MASK_BITS, QueryReach, bitOf } from './query-reach.js';
import { vectorScore, WEAK_ALIAS_FACTOR } from './score-formula.js';
import {
  INITIAL_WEIGHT,
  MIN_TWO_TYPO_LENGTH,
  RARE_NAME_SHARE,
  RARE_SPELLING_NAMES,
  RARE_SURNAME_PARTY_SHARE,
  rareCompanyWordQuery,
  rareSurnameQuery,
  scoreNames,
  scoreValue,
  surnameQueryToken,
} from './score-names.js';
import type {
  JoinDecisions,
  NameScore,
  SimilarityMemo,
  SpellingRules,
  WeightedToken,
} from './score-names.js';
import { SEARCH_TYPE_SETTINGS } from './search-types.js';
import { legalFormJoin, legalFormSplit } from './legal-form-split.js';
import {
  MIN_WEAK_KEY_LENGTH,
  MIN_WEAK_SWAP_LENGTH,
  legalFormTwoTypos,
  legalFormTypo,
  legalFormTypoSpellings,
  weakWordTypo,
} from './weak-word-typo.js';
import { isPatronymic, nameEquivalenceKeys } from './given-name-groups.js';
import { DECLINED_PATRONYMIC, balticCandidates, nominativeCandidates } from './slavic-cases.js';
import { matchKey } from './token-keys.js';
import { sinoKoreanName } from './scripts/index.js';
import type { SearchTypeSettings } from './search-types.js';

/** Counters of the last search, for tests and diagnostics: how much of the index a query touched. */
export interface QueryStats {
  /** Posting-list entries read (token -> names). */
  readonly postingsRead: number;
  /** Distinct names reached through the postings read. */
  readonly namesTouched: number;
  /** Names actually scored (at most the search type's maxCandidates). */
  readonly scored: number;
}

/**
 * A surname more parties carry is still a family name when nearly all of them (this share) are listed with a particle
 * just before it: the lists write it as a family name, not as a given name ("al Tikriti": 140 of 140 parties; "al
 * Rahman": 59 of 121, the others' "Abdul Rahman"; "al Hasan": 27 of 308)...
 */
const FAMILY_PARTICLE_SHARE = 0.9;
/** ...up to this share of the parties (390 of 24,000): beyond it, no name is read as a family name. */
const FAMILY_NAME_MAX_SHARE = 1 / 62;

/** The `explanation` of a match when `explain: true`. */
export interface MatchExplanation {
  readonly matched_name: string;
  readonly query_tokens: readonly string[];
  readonly name_tokens: readonly string[];
  readonly pairs: readonly { query: string; listed: string; similarity: number; weight: number }[];
  readonly unmatched_query: readonly string[];
  readonly unmatched_listed: readonly string[];
  readonly parts: Readonly<Record<string, number | boolean>>;
  readonly search_type: SearchType;
  readonly threshold: number;
}

/** The best-scoring name of one entry for a query, with what `explain` reports. */
interface Hit {
  score: number;
  nameId: number;
  /** The pairs and coverages (MatchExplanation), only for a search that explains: else null. */
  detail: NameScore | null;
  cosine: number;
  token: number;
  queryTokens: readonly string[];
  vector: boolean;
}

/** A token as scoring sees it, with its index id (listed) or query token bit (query). */
interface IndexedToken extends WeightedToken {
  readonly id: number;
}

/** Per-thread scratch, made on the first search of this index in a thread. */
interface Scratch {
  readonly reach: QueryReach;
  readonly finder: CandidateFinder;
  readonly cosine: GramCosine;
  readonly listed: IndexedToken[];
}

/** Scripts whose plain reading is syllable by syllable (pinyin, Revised Romanisation, Hepburn): nothing in it is typed. */
const SYLLABIC_SCRIPTS = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/**
 * Scripts whose plain reading the variant key does not fold (search-types.ts readingKeys): pinyin keeps y and j, c and
 * k, apart, a consonant transliteration of Arabic or Hebrew its final h. (Hangul and kana transcribe foreign names with
 * doubled consonants and c for k, 마티아 카사니 `ma ti a ka sa ni` for Mattia Casani: their keys stay.)
 */
const KEYLESS_SCRIPTS = /[\p{Script=Han}\p{Script=Arabic}\p{Script=Hebrew}]/u;
/** A patronymic in a query weighs this share of its rarity weight at the types that pair given names across languages. */
export const PATRONYMIC_QUERY_FACTOR = 0.5;
/** A query written in Cyrillic: any of its words may be declined (slavic-cases.ts). */
const CYRILLIC = /[\u0400-\u04ff]/u;
/** Scripts whose syllables are names' own (Chinese, Korean): one letter apart are two syllables, not a typo. */
const NAME_SYLLABLE_SCRIPTS = /[\p{Script=Han}\p{Script=Hangul}]/u;
/** A syllable of a one-word Han or Hangul name pairs at least this well (search-types.ts wholeSyllableName). */
const WHOLE_NAME_MIN_SIMILARITY = 0.9;
/** Kana spell foreign names with the vowels the script adds (オマール `omaru` for Omar, ガッサン `gatsan` for Ghassan). */
const LATIN_LETTER = /\p{Script=Latin}/u;
/** Every letter of the query Latin (a word boundary there is as typed: legal-form-split.ts). */
const LATIN_ONLY = /^[\p{Script=Latin}\P{L}]*$/u;
const HANGUL = /\p{Script=Hangul}/u;
const KANA_SCRIPTS = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** A Chinese or Korean person's own name written as one word, read syllable by syllable (search-types.ts wholeSyllableName). */
const ONE_WORD_HAN = /^\s*\p{Script=Han}+\s*$/u;
const ONE_WORD_SYLLABLES = /^\s*[\p{Script=Han}\p{Script=Hangul}]+\s*$/u;

/** How a query's tokens may pair at a search type (search-types.ts readingKeys, readingTypos, soundAlikeSpelling). */
interface Spelling {
  readonly written: boolean;
  /** A syllable reading as a particle weighs as a strong token (search-types.ts readingParticles). */
  readonly syllableParticles: boolean;
  /** The query is one word of Han or Hangul syllables: the whole name (search-types.ts wholeSyllableName). */
  readonly wholeName: boolean;
  /** How well the best pair of the query's names must pair (search-types.ts anchorMinSimilarity; 0 for kana). */
  readonly anchor: number;
  readonly rules: SpellingRules;
  /** Every letter of the query Latin: its words are typed as written (query-reach.ts collect's `typed`). */
  readonly latinTyped: boolean;
}

/** Tokens a query's typo of a weak word was read as (#weakTypos). */
const TYPO_READ = new WeakSet<NameToken>();
/** ...of those, the legal forms read through two typos (weak-word-typo.ts legalFormTwoTypos). */
const TWO_TYPO_READ = new WeakSet<NameToken>();

// A weak word read through a typo: a copy of the (memoised) token, so that the mark is this query's.
function typoRead(text: string, twoTypos = false): NameToken {
  const token = { ...nameToken(text) };
  TYPO_READ.add(token);
  if (twoTypos) TWO_TYPO_READ.add(token);
  return token;
}

// An entry's source uid, read once per search (`cache`); a module function, not a closure made per search.
function uidOf(views: IndexViews, cache: Map<number, string>, entry: number): string {
  let u = cache.get(entry);
  if (u === undefined) cache.set(entry, (u = views.entryUid.get(entry)));
  return u;
}

/** The one-class words by class of a query at a type without near sounds (none; never written). */
const NO_LEFTOVERS = new Uint32Array(LEFTOVER_CLASSES.length);
/** The initials mask of a query without initials (never written). */
const NO_INITIALS = new Uint32Array(128);

/**
 * The one-class readings of a strong script word (fuzzy_search's leftover pairing): a word of one class, or one whose
 * other reading is (خوسيه with خ as the Spanish j: Jose, S; 알후티 without its article: Houthi, T; a Han word whose plain
 * reading is one class, though the reading of an ambiguous character gives it two: 哈比卜 ha bi bo, P, is Habib; read
 * with h as the velar of an Arabic kh, KP). None otherwise.
 */
function oneClassSounds(t: NameToken): readonly string[] {
  if (t.script === 'latin' || t.weak) return [];
  return t.sounds.filter((s) => s.length === 1);
}
/** Names written in these alphabets (and no other letters) may carry initials. */
const INITIALS_SCRIPTS = /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\P{L}]*$/u;
const CAPITAL_LETTER_WORD = /(?<![\p{L}\p{M}])\p{Lu}(?![\p{L}\p{M}])/gu;

/**
 * The folded letters a query writes as initials: a capital letter standing alone ("V. V. Putin", "Путин В. В."), in
 * a name written in an alphabet (a lower-case letter is a word, "z o.o", "e figli"; a Han syllable is no initial).
 */
function initialLetters(query: string): string {
  if (!INITIALS_SCRIPTS.test(query)) return '';
  let out = '';
  for (const [letter] of query.matchAll(CAPITAL_LETTER_WORD)) out += foldText(letter);
  return out;
}

/** Results per name: the best 50 (DESIGN.md section 1). */
export const MAX_MATCHES = 50;

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

/** Builds the index; every primary name and alias becomes one searchable name. */
export function buildNameIndex(entries: Iterable<IndexInput>): NameIndex {
  return new NameIndex(buildNameIndexData(entries));
}

/** In-memory name index implementing the screening port, over packed (shareable) data. */
export class NameIndex implements NameSearcher {
  /** The packed data: post it to a worker thread and wrap it there (`new NameIndex(data)`): nothing is copied. */
  readonly data: NameIndexData;
  readonly #v: IndexViews;
  #scratch: Scratch | null = null;
  // The ids of the tokens this index holds that are one typo from a legal form (legalFormTypoSpellings), made once.
  #formTypoIds: Set<number> | null = null;
  /** Scoring objects per token id, made on first use (immutable, shared by every search in this thread). */
  #tokenObj: (NameToken | undefined)[] = [];
  #weighted: (IndexedToken | undefined)[] = [];
  #lastStats: QueryStats = { postingsRead: 0, namesTouched: 0, scored: 0 };
  /** The loaded index a one-name index (the pairwise comparison) weighs and pairs tokens by; else null. */
  readonly #reference: NameIndex | null;
  #firstName: Uint32Array | null = null;
  #sortScratch = new Uint32Array(16);
  readonly #bitWeight = new Float64Array(MASK_BITS);
  /** Scoring's join decisions of the current reading (score-names.ts ScoreOptions.joinDecisions). */
  readonly #joinDecisions: JoinDecisions = new Map();
  /** Whether the (loaded) index holds a token of this text (score-names.ts ScoreOptions.listedText); made once. */
  readonly #listedText = (text: string): boolean => (this.#reference ?? this).#v.tokens.get(text) >= 0;

  /**
   * `reference` (the pairwise comparison, `compare`): weigh query tokens by another index's rarity statistics, and
   * pair a query token with a listed token that index also holds only where that index's keys connect them, as a
   * search of it would.
   */
  constructor(data: NameIndexData, reference: NameIndex | null = null) {
    this.data = data;
    this.#v = new IndexViews(data);
    this.#reference = reference;
  }

  /**
   * The pairwise comparison: how `nameA` (the query) scores against `nameB` (as if listed), exactly as a search for
   * `nameA` scores a listed name spelled `nameB` (but for a publisher's weak alias, which a search scores x 0.9).
   * `nameB` becomes a one-name index whose tokens weigh what they weigh here and pair only where this index's keys
   * connect them, searched with every name scored: one scoring code path.
   */
  compare(nameA: string, nameB: string, searchType: SearchType): NameComparison {
    const data = buildNameIndexData([{ list: 'compare', sourceUid: 'name_b', name: nameB, aliases: [] }]);
    const pair = new NameIndex(data, this);
    for (let tid = 0; tid < pair.tokenCount; tid++)
      data.tokenWeight[tid] = this.queryWeight(pair.tokenAt(tid));
    const threshold = SEARCH_TYPE_SETTINGS[searchType].threshold;
    const [hit] = pair.search(nameA, searchType, { lists: null, explain: true, exhaustive: true, floor: 0 });
    if (hit === undefined) {
      // One side has no token to compare (nothing a search would screen): no agreement at all.
      const explanation: MatchExplanation = {
        matched_name: nameB,
        query_tokens: [],
        name_tokens: [],
        pairs: [],
        unmatched_query: [],
        unmatched_listed: [],
        parts: { token_score: 0 },
        search_type: searchType,
        threshold,
      };
      return { score: 0, match: false, threshold, explanation };
    }
    return {
      score: hit.match_score,
      match: hit.match_score >= threshold,
      threshold,
      explanation: hit.explanation,
    };
  }

  /** Listed parties (entries), in index order. */
  get partyCount(): number {
    return this.data.entryList.length;
  }

  /** Listed party `i` (0 .. partyCount - 1): its id and names, primary first, the publisher's weak aliases left out. */
  party(i: number): ListedParty {
    if (this.#firstName === null) {
      // Names are added entry by entry: each entry's names are one run of name ids.
      const first = new Uint32Array(this.partyCount + 1).fill(this.size);
      const { nameEntry } = this.data;
      for (let n = nameEntry.length - 1; n >= 0; n--) first[nameEntry[n]!] = n;
      for (let e = this.partyCount - 1; e >= 0; e--) first[e] = Math.min(first[e]!, first[e + 1]!);
      this.#firstName = first;
    }
    const list = this.data.lists[this.data.entryList[i]!]!;
    const sourceUid = this.#v.entryUid.get(i);
    const names: string[] = [];
    for (let n = this.#firstName[i]!; n < this.#firstName[i + 1]!; n++)
      if ((this.data.nameFlags[n]! & WEAK_NAME) === 0) names.push(this.#v.nameRaw.get(n));
    return { id: `${list}:${sourceUid}`, list, sourceUid, names };
  }

  /** Rarity weight of a token by this index's statistics (a listed token of this index weighs its tokenWeight). */
  queryWeight(token: NameToken): number {
    return this.#v.queryWeight(token);
  }

  // The weight of a token in RARE_NAME_SHARE of the names (the same IDF as IndexViews.queryWeight).
  get #rareWeight(): number {
    return 1 + Math.log((this.size + 1) / (this.size * RARE_NAME_SHARE + 1));
  }

  // Whether the token's variant key is a family name of the lists: in the names of at most RARE_SURNAME_PARTY_SHARE of
  // the listed parties, or of at most FAMILY_NAME_MAX_SHARE of them, nearly all of which write a particle just before
  // it (FAMILY_PARTICLE_SHARE: al-Tikriti). The postings are read only for a query that is a surname with particles
  // (score-names.ts surnameQueryToken), and no further than the larger limit.
  #familyName(token: NameToken): boolean {
    const kid = this.#v.kTable.get(token.key);
    if (kid < 0) return true;
    const { nameEntry } = this.data;
    const nameTokens = this.#v.nameTokens;
    const parties = new Set<number>();
    const withParticle = new Set<number>();
    const limit = this.partyCount * FAMILY_NAME_MAX_SHARE;
    for (const tid of this.#v.kTokens.get(kid))
      for (const n of this.#v.tokenNames.get(tid)) {
        const e = nameEntry[n]!;
        parties.add(e);
        if (parties.size > limit) return false;
        if (withParticle.has(e)) continue;
        const ids = nameTokens.get(n);
        for (let i = 1; i < ids.length; i++)
          if (ids[i] === tid && PARTICLES.has(this.#v.tokens.text(ids[i - 1]!))) {
            withParticle.add(e);
            break;
          }
      }
    return (
      parties.size <= this.partyCount * RARE_SURNAME_PARTY_SHARE ||
      withParticle.size >= parties.size * FAMILY_PARTICLE_SHARE
    );
  }

  /** Number of names (primary names and aliases) indexed. */
  get size(): number {
    return this.#v.nameCount;
  }

  /** Number of distinct tokens (and joined short tokens) indexed. */
  get tokenCount(): number {
    return this.#v.tokenCount;
  }

  /** Bytes of the packed index (its typed arrays; shared by every thread that searches it). */
  get byteSize(): number {
    let bytes = 0;
    const visit = (v: unknown): void => {
      if (ArrayBuffer.isView(v)) bytes += v.byteLength;
      else if (v !== null && typeof v === 'object') for (const x of Object.values(v)) visit(x);
    };
    visit(this.data);
    return bytes;
  }

  /** Counters of the most recent search. */
  get lastQueryStats(): QueryStats {
    return this.#lastStats;
  }

  /** Token `tid` as scoring compares it (see IndexViews.tokenAt). */
  tokenAt(tid: number): NameToken {
    return this.#v.tokenAt(tid);
  }

  /**
   * `exhaustive` (tests and diagnostics): score every name instead of the candidates the coverage bound leaves,
   * with no early stop. The results must be the same; only the work differs. `floor` (with `exhaustive`, for the
   * pairwise comparison): report names scoring at least this instead of the search type's threshold.
   */
  search(
    query: string,
    searchType: SearchType,
    opts: { lists: readonly string[] | null; explain: boolean; exhaustive?: boolean; floor?: number },
  ): Match[] {
    const settings = opts.exhaustive
      ? {
          ...SEARCH_TYPE_SETTINGS[searchType],
          maxCandidates: Infinity,
          threshold: opts.floor ?? SEARCH_TYPE_SETTINGS[searchType].threshold,
        }
      : SEARCH_TYPE_SETTINGS[searchType];
    this.#lastStats = { postingsRead: 0, namesTouched: 0, scored: 0 };
    const plain = normaliseName(query);
    const normalised = settings.arabicTitlesAsNames ? arabicWordsAsNames(plain, query) : plain;
    if (normalised.tokens.length === 0 || this.size === 0) return [];
    this.#scratch ??= {
      reach: new QueryReach(this.#v),
      finder: new CandidateFinder(this.#v),
      cosine: new GramCosine(),
      listed: [],
    };
    let allowed: Uint8Array | null = null;
    if (opts.lists !== null) {
      allowed = new Uint8Array(this.data.lists.length);
      for (const slug of opts.lists) {
        const id = this.#v.listIds.get(slug);
        if (id !== undefined) allowed[id] = 1;
      }
    }
    const best = new Map<number, Hit>();
    // A query token the index does not hold and one typo from a weak word reads as that word (at strict, as the one
    // departure from the listed name: score-names.ts ScoreOptions.weakTypo).
    // (A legal form's word boundary only where the query is typed in Latin letters: a Russian brand, РусЛимитед, is
    // one word.)
    const latinTyped = LATIN_ONLY.test(query);
    // (A three-letter legal form's typo only where the query is typed in Latin letters, at strict and standard: a
    // romanised syllable, 당서우 `seo`, is no typo; at the phonetic types the rest of such a name pairs by sound
    // alone, and clean names alerted: bench seed 2 permissive 2.75 -> 2.85 %.)
    const shortForms = latinTyped && settings.tolerance !== 'phonetic';
    const { read, plainToo } = this.#weakTypos(
      normalised,
      latinTyped,
      settings.twoTypoSupport > 0,
      shortForms,
    );
    const foreign = normaliseForeignReading(query);
    // The types that pair one given name across languages also read a declined Slavic name in the nominative.
    const declined = settings.keyKinds.includes('g');
    const cyrillic = declined && CYRILLIC.test(query);
    const nominative = declined
      ? [this.#nominative(read, cyrillic), this.#nominative(foreign, cyrillic)]
      : [];
    // A Korean name written in Han syllable by syllable, read in Korean too (金 kim, 一 il), where its words pair as
    // near sounds do: fuzzy_search (scripts/sino-korean.ts).
    const koreanText = settings.nearSounds ? sinoKoreanName(query) : null;
    const korean = koreanText !== null ? normaliseName(koreanText) : null;
    const readings = [
      read,
      ...(plainToo ? [normalised] : []),
      foreign,
      ...(settings.keyKinds.includes('x') ? [normaliseScriptJoined(query)] : []),
      ...nominative,
      ...(korean !== null ? [korean] : []),
    ];
    const initials = normalised.tokens.some((t) => t.text.length === 1) ? initialLetters(query) : '';
    // A query written in a script the plain reading romanises by one system's rules (search-types.ts readingKeys,
    // readingTypos).
    const syllabic = SYLLABIC_SCRIPTS.test(query);
    const spelling: Spelling = {
      // ...and a one-word Han name's pinyin at every type that reads it whole: 宋英 `song ying` is not SONG, Jing.
      written:
        (!settings.readingKeys && KEYLESS_SCRIPTS.test(query)) ||
        (settings.wholeSyllableName && ONE_WORD_HAN.test(query)),
      // (Where the query writes Latin letters too, a particle or legal form may be one: 永田 Co. Ltd.)
      syllableParticles: !settings.readingParticles && syllabic && !LATIN_LETTER.test(query),
      wholeName: settings.wholeSyllableName && ONE_WORD_SYLLABLES.test(query),
      // A kana spelling is a foreign name's with the script's vowels (`afuifu` for Afif), and so is Hangul in two words
      // or more (존 볼 `jon bol` for John Ball): no spelling of it pairs as the same name, its sound may (the script
      // reading).
      anchor:
        KANA_SCRIPTS.test(query) || (HANGUL.test(query) && !ONE_WORD_SYLLABLES.test(query))
          ? 0
          : settings.anchorMinSimilarity,
      latinTyped,
      rules: {
        typos: settings.readingTypos || !NAME_SYLLABLE_SCRIPTS.test(query),
        soundAlikeSpelling: settings.soundAlikeSpelling,
        equivalentNames: settings.keyKinds.includes('g'),
      },
    };
    for (const reading of readings)
      if (reading !== null && reading.tokens.length > 0)
        this.#searchReading(
          this.#scratch,
          reading,
          settings,
          allowed,
          best,
          opts.exhaustive === true,
          reading === read || reading === normalised ? initials : '',
          // A typo'd weak word is read as the word, but the query is not the listed name as written (no 100).
          // ...nor is a declined name read in the nominative, nor a Korean name read in Korean.
          reading === read ? read === normalised : reading !== korean && !nominative.includes(reading),
          spelling,
          opts.explain,
        );
    return this.#results(best, searchType, settings, opts.explain);
  }

  #searchReading(
    s: Scratch,
    reading: NormalisedName,
    settings: SearchTypeSettings,
    allowed: Uint8Array | null,
    best: Map<number, Hit>,
    exhaustive: boolean,
    initials: string,
    asWritten: boolean,
    spelling: Spelling,
    explain: boolean,
  ): void {
    const q = reading.tokens;
    // A syllable of a name written in Han, Hangul or kana that reads as a particle or a legal form (사유이 `sa yu i`)
    // weighs as a strong token at the types that say so (search-types.ts readingParticles).
    const weights = q.map((t) =>
      (this.#reference ?? this).queryWeight(
        spelling.syllableParticles && t.weak && !TITLES.has(t.text) ? { ...t, weak: false } : t,
      ),
    );
    // One letter of a name written in an alphabet is an initial ("V. V. Putin"; a Han syllable "a" is not).
    let initialBits = 0;
    const initialMask = initials === '' ? NO_INITIALS : new Uint32Array(128);
    if (initials !== '')
      q.forEach((t, i) => {
        const c = t.text.charCodeAt(0);
        if (t.text.length !== 1 || !initials.includes(t.text)) return;
        weights[i] = INITIAL_WEIGHT;
        initialBits = (initialBits | bitOf(i)) >>> 0;
        initialMask[c] = (initialMask[c]! | bitOf(i)) >>> 0;
      });
    // A script word of one consonant class pairs with a token left over (score-names.ts WeightedToken.leftover): the
    // bound grants it, as an initial, to the names holding a token that may be read as that class.
    let leftoverBits = 0;
    const leftoverByClass = settings.nearSounds ? new Uint32Array(LEFTOVER_CLASSES.length) : NO_LEFTOVERS;
    if (settings.nearSounds)
      for (let i = 0; i < q.length; i++)
        for (const cls of oneClassSounds(q[i]!)) {
          leftoverBits = (leftoverBits | bitOf(i)) >>> 0;
          const c = LEFTOVER_CLASSES.indexOf(cls);
          leftoverByClass[c] = (leftoverByClass[c]! | bitOf(i)) >>> 0;
        }
    const { bits: twoTypoBits, anchor: twoTypoAnchor } = this.#twoTypoWords(
      q,
      settings,
      spelling.latinTyped,
      initialBits,
    );
    // Initials beside particles alone ("S. Abu" for "ABU, Sayed"): the particles are the name, and weigh as strong
    // tokens do (score-names.ts WeightedToken.name).
    let nameBits = 0;
    if (initialBits !== 0 && q.every((t, i) => t.weak || (initialBits & bitOf(i)) !== 0))
      q.forEach((t, i) => {
        if (!PARTICLES.has(t.text)) return;
        weights[i] = (this.#reference ?? this).queryWeight({ ...t, weak: false });
        nameBits = (nameBits | bitOf(i)) >>> 0;
      });
    // A surname with only particles or titles: rare among the names, or (with a particle) a family name few listed
    // parties carry (score-names.ts ScoreOptions.familyName). An initial is no surname.
    const weighted = q.some((t) => t.weak) ? q.map((token, i) => ({ token, weight: weights[i]! })) : [];
    const surname = surnameQueryToken(weighted);
    const familyName =
      surname >= 0 &&
      (initialBits & bitOf(surname)) === 0 &&
      q.some((t) => PARTICLES.has(t.text)) &&
      (this.#reference ?? this).#familyName(q[surname]!);
    const rareWeight = (this.#reference ?? this).#rareWeight;
    // (A company's rare word with its legal form costs less than a lone word too: score-names.ts rareCompanyWordQuery.)
    const rareSurname = familyName || rareSurnameQuery(weighted, rareWeight);
    const company = settings.tolerance === 'exact' ? -1 : rareCompanyWordQuery(weighted, rareWeight);
    const rareCompanyWord = company >= 0;
    const companyTid = company < 0 ? -1 : this.#v.tokens.get(q[company]!.text);
    const companyWord = company < 0 ? -1 : companyTid >= 0 ? companyTid : this.#v.tokenCount;
    // A title ("President", "Президент", "Sheikh") is no part of the name: it weighs nothing in a query, so a title and
    // a surname score as the surname alone (and a rare surname with a title as section 3 of the README says).
    // A title stands before the name: a word after the name read as a title through a typo weighs as a particle does
    // (Apollinaire Marchal, read as `marshal`, is no title; GRANDEUR GENERLA TRADING still pairs GENERAL).
    let beforeName = true;
    for (let i = 0; i < q.length; i++) {
      const t = q[i]!;
      if (!TITLES.has(t.text) || ARABIC_WORD_NAMES.has(t)) beforeName = false;
      else if (beforeName || !TYPO_READ.has(t)) weights[i] = 0;
    }
    // At the types that pair one given name across languages, a patronymic weighs half (PATRONYMIC_QUERY_FACTOR): a
    // query that gives one should still find the many listed names without it ("Киви Іллі Володимировича" for
    // "Ilya KIVA"), as a listed patronymic the query leaves out costs less than a given name (score-formula.ts).
    if (settings.keyKinds.includes('g'))
      for (let i = 0; i < q.length; i++) {
        const t = q[i]!;
        if (isPatronymic(t.text, t.key, t.equivalents)) weights[i]! *= PATRONYMIC_QUERY_FACTOR;
      }
    let total = 0;
    for (const w of weights) total += w;
    // (One array per index, refilled per reading: a Float64Array of 32 is allocated off the heap, a cost per search.)
    const bitWeight = this.#bitWeight.fill(0);
    let strongBits = 0;
    for (let i = 0; i < q.length; i++) {
      bitWeight[Math.min(i, MASK_BITS - 1)]! += weights[i]!;
      if (!q[i]!.weak) strongBits = (strongBits | bitOf(i)) >>> 0;
    }
    try {
      const units = s.reach.collect(q, settings, false, spelling.latinTyped);
      const candidates = s.finder.find(
        s.reach,
        units,
        settings,
        allowed,
        {
          tokens: q,
          total,
          bitWeight,
          strongBits,
          rareSurname,
          companyWord,
          initialBits,
          initialMask,
          leftoverBits,
          leftoverByClass,
          twoTypoBits,
          twoTypoAnchor,
        },
        s.cosine,
        exhaustive,
      );
      this.#lastStats = {
        postingsRead: this.#lastStats.postingsRead + candidates.postingsRead,
        namesTouched: this.#lastStats.namesTouched + candidates.namesTouched,
        scored: this.#lastStats.scored,
      };
      const referenceReach =
        this.#reference === null ? null : this.#reference.#reachOf(q, settings, this.#v, spelling.latinTyped);
      this.#score(
        s,
        candidates,
        reading,
        weights,
        settings,
        best,
        {
          initialBits,
          leftoverBits,
          leftoverByClass,
          twoTypoBits,
          nameBits,
          asWritten,
          familyName,
          rareCompanyWord,
          spelling,
          explain,
        },
        referenceReach,
      );
    } finally {
      s.reach.reset();
    }
  }

  #results(
    best: Map<number, Hit>,
    searchType: SearchType,
    settings: SearchTypeSettings,
    explain: boolean,
  ): Match[] {
    const { entryList, lists } = this.data;
    const uid = new Map<number, string>();
    const ranked = [...best.entries()].sort(([ea, a], [eb, b]) => {
      if (a.score !== b.score) return b.score - a.score;
      const la = lists[entryList[ea]!]!;
      const lb = lists[entryList[eb]!]!;
      if (la !== lb) return la < lb ? -1 : 1;
      const ua = uidOf(this.#v, uid, ea);
      const ub = uidOf(this.#v, uid, eb);
      if (ua !== ub) return ua < ub ? -1 : 1;
      return ea - eb;
    });
    return ranked.slice(0, MAX_MATCHES).map(([entryId, hit]) => {
      const list = lists[entryList[entryId]!]!;
      const sourceUid = uidOf(this.#v, uid, entryId);
      const name = this.#v.nameRaw.get(hit.nameId);
      const match: Match = {
        id: `${list}:${sourceUid}`,
        name,
        list,
        source_uid: sourceUid,
        match_score: hit.score,
      };
      const detail = hit.detail;
      if (!explain || detail === null) return match;
      const explanation: MatchExplanation = {
        matched_name: name,
        query_tokens: hit.queryTokens,
        name_tokens: Array.from(this.#v.nameTokens.get(hit.nameId), (t) => this.#v.tokens.text(t)),
        pairs: detail.pairs,
        unmatched_query: detail.unmatchedQuery,
        unmatched_listed: detail.unmatchedListed,
        parts: {
          token_score: round1(hit.token),
          query_coverage: Math.round(detail.queryCoverage * 1000) / 1000,
          listed_coverage: Math.round(detail.listedCoverage * 1000) / 1000,
          listed_penalty: detail.listedPenalty,
          ...(hit.vector
            ? { vector_cosine: Math.round(hit.cosine * 1000) / 1000, vector_weight: settings.vectorWeight }
            : {}),
          weak_alias: (this.data.nameFlags[hit.nameId]! & WEAK_NAME) !== 0,
        },
        search_type: searchType,
        threshold: SEARCH_TYPE_SETTINGS[searchType].threshold,
      };
      return { ...match, explanation };
    });
  }

  // The query with each token the (loaded) index does not hold (or a four-letter one at most RARE_SPELLING_NAMES
  // listed names spell, or one of #heldFormTypos) and that is one typo from a weak word read as that word
  // (weak-word-typo.ts): "comoany" as "co", "presidnet" as "president", "psjc" as "pjsc"; `plainToo` where the index
  // holds such a token (the lists' own typo, OJCS, LIMTED, is searched as written too). Where the query is typed in
  // Latin letters, a legal form typed against the word beside it is read as the two (legal-form-split.ts:
  // "grouplimited" as "group ltd"), and one with a space inside it as the form ("comp any" as "co"); and, at the
  // types that keep two typos in a word (`twoTypos`), a token the index does not hold two typos from a long legal
  // form as that form ("limutrd" as "ltd").
  #weakTypos(
    name: NormalisedName,
    latinTyped: boolean,
    twoTypos: boolean,
    shortForms: boolean,
  ): { read: NormalisedName; plainToo: boolean } {
    const v = (this.#reference ?? this).#v;
    const q = name.tokens;
    let out: NameToken[] | null = null;
    let plainToo = false;
    for (let i = 0; i < q.length; i++) {
      const t = q[i]!;
      const latin = t.script === 'latin' && !t.numeric;
      if (latin && i + 1 < q.length) {
        const next = q[i + 1]!;
        const form = next.script === 'latin' && !next.numeric ? legalFormJoin(t.text, next.text) : null;
        if (form !== null && latinTyped) {
          out ??= q.slice(0, i);
          out.push(typoRead(form));
          i++;
          continue;
        }
      }
      let weak: string | null = null;
      let twoTypoForm = false;
      let split: readonly [string, string] | null = null;
      if (!t.weak && latin && t.text.length >= (shortForms ? MIN_WEAK_KEY_LENGTH : MIN_WEAK_SWAP_LENGTH)) {
        const tid = v.tokens.get(t.text);
        // A listed text is a name as written; but a four-letter one few names spell may be the lists' own typo of a
        // legal form (OJCS), and so may a longer one within one typo of a legal form of five letters or more (LIMTED:
        // one lookup in a set of token ids): read both ways. (No typo search of other longer words: it would cost
        // every query holding such words about a microsecond each, for typos of longer weak words the lists hardly
        // make.)
        if (
          tid < 0 ||
          (t.text.length <= MIN_WEAK_SWAP_LENGTH && v.tokenNames.length(tid) <= RARE_SPELLING_NAMES) ||
          (this.#reference ?? this).#heldFormTypos().has(tid)
        ) {
          weak = weakWordTypo(t.text);
          // (A three-letter word is searched as written too: it is a name as often, Pai / PAO.)
          if (weak !== null) plainToo ||= tid >= 0 || t.text.length === MIN_WEAK_KEY_LENGTH;
          else if (tid < 0) {
            split = legalFormSplit(t.text);
            if (split !== null && !latinTyped) split = null;
            // (Two typos only in a word the index does not hold, typed in Latin letters, that holds no legal form.)
            if (split === null && twoTypos && latinTyped) {
              weak = legalFormTwoTypos(t.text);
              twoTypoForm = weak !== null;
            }
          }
        }
      }
      if (weak !== null) {
        out ??= q.slice(0, i);
        out.push(typoRead(weak, twoTypoForm));
      } else if (split !== null) {
        out ??= q.slice(0, i);
        for (const part of split) out.push(nameToken(part).legalForm ? typoRead(part) : nameToken(part));
      } else out?.push(t);
    }
    return { read: out === null ? name : { tokens: out, identity: name.identity }, plainToo };
  }

  // The bits of the reading's words that may pair with a listed word two typos away (score-names.ts
  // WeightedToken.twoTypos): at a type that keeps such pairs (search-types.ts twoTypoSupport), in a query typed in
  // Latin letters, a strong Latin word of MIN_TWO_TYPO_LENGTH+ letters that the (loaded) index does not hold, text or
  // variant key (a listed spelling is a name as written); and the anchor (name-candidates.ts
  // QueryWeights.twoTypoAnchor): of the other strong words, which must pair by their variant keys (at least
  // twoTypoSupport of them: score-names.ts twoTypoCheck), the variant key id here whose tokens fewest names hold.
  #twoTypoWords(
    q: readonly NameToken[],
    settings: SearchTypeSettings,
    latinTyped: boolean,
    initialBits: number,
  ): { bits: number; anchor: number } {
    const none = { bits: 0, anchor: -1 };
    const support = settings.twoTypoSupport;
    // (A word two typos from a listed one pairs at least at the type's minimum: score-names.ts align.)
    const min = MIN_TWO_TYPO_LENGTH;
    if (support <= 0 || !latinTyped || !q.some((t) => t.text.length >= min)) return none;
    const v = (this.#reference ?? this).#v;
    let bits = 0;
    let anchor = -1;
    let anchorNames = Infinity;
    let held = 0;
    for (let i = 0; i < q.length; i++) {
      const t = q[i]!;
      if (t.weak || (initialBits & bitOf(i)) !== 0) continue;
      const kid = this.#v.kTable.get(t.key);
      if (kid >= 0) {
        held++;
        let names = 0;
        for (const tid of this.#v.kTokens.get(kid)) names += this.#v.tokenNames.length(tid);
        if (names < anchorNames) {
          anchor = kid;
          anchorNames = names;
        }
      }
      // (Not the last mask bit, which later tokens share.)
      if (t.numeric || t.script !== 'latin' || t.text.length < min || i >= MASK_BITS - 1) continue;
      if (v.tokens.get(t.text) >= 0 || v.kTable.get(t.key) >= 0) continue;
      bits = (bits | bitOf(i)) >>> 0;
    }
    return bits === 0 || held < support ? none : { bits, anchor };
  }

  // The ids of #formTypoIds, looked up on first use.
  #heldFormTypos(): Set<number> {
    if (this.#formTypoIds !== null) return this.#formTypoIds;
    const tokens = this.#v.tokens;
    const ids = new Set<number>();
    for (const text of legalFormTypoSpellings()) {
      const tid = tokens.get(text);
      if (tid >= 0 && legalFormTypo(text)) ids.add(tid);
    }
    return (this.#formTypoIds = ids);
  }

  // The name read in the nominative (slavic-cases.ts): each word that may be declined read as the first nominative it
  // may come from that is a given name or patronymic of given-name-groups.ts, else the first that the index holds;
  // null when no word is read so. A name written in Cyrillic (Путіна, Олександра: the genitive of Putin and
  // Oleksandr, however many listed names write Putina and Oleksandra: the plain reading is searched too), or in Latin
  // letters with a declined patronymic (Oleksandra Mykolaiovycha Brazhnika); no other Latin name (a cheap test: most
  // queries).
  #nominative(name: NormalisedName | null, cyrillic: boolean): NormalisedName | null {
    if (name === null) return null;
    const declined =
      cyrillic ||
      name.tokens.some(
        (t) =>
          t.script === 'latin' &&
          t.equivalents.length === 0 &&
          DECLINED_PATRONYMIC.test(t.text) &&
          nominativeCandidates(t.text).some((c) => {
            const key = matchKey(c);
            return isPatronymic(c, key, nameEquivalenceKeys(key));
          }),
      );
    // Lithuanian and Latvian nominative endings (slavic-cases.ts balticCandidates): two strong words or more, each in s.
    let strong = 0;
    let baltic = !declined;
    for (const t of name.tokens) {
      if (!baltic) break;
      if (t.weak || t.numeric || t.script !== 'latin') continue;
      strong++;
      baltic = t.text.length > 3 && t.text.endsWith('s');
    }
    baltic &&= strong >= 2;
    if (!declined && !baltic) return null;
    let out: NameToken[] | null = null;
    name.tokens.forEach((t, i) => {
      if (t.weak || t.numeric || t.script !== 'latin' || t.text.length <= 3) return;
      // A given name or patronymic first (Іллі is Ілля, illia, though a listed Illa is held), then a word held.
      const candidates = baltic ? balticCandidates(t.text) : nominativeCandidates(t.text);
      let read = candidates.find((c) => nameEquivalenceKeys(matchKey(c)).length > 0);
      read ??= candidates.find((c) => this.#holds(c, matchKey(c)));
      if (read === undefined) return;
      out ??= name.tokens.slice();
      out[i] = nameToken(read);
    });
    if (out === null) return null;
    return namedTokens(out);
  }

  // Whether this index, or the one it is compared against (compare), holds a token of this text or variant key.
  #holds(text: string, key: string): boolean {
    if (this.#v.tokens.get(text) >= 0 || this.#v.kTable.get(key) >= 0) return true;
    const r = this.#reference;
    return r !== null && (r.#v.tokens.get(text) >= 0 || r.#v.kTable.get(key) >= 0);
  }

  /**
   * For each listed token of `other` (a one-name index), the query token bits that reach the same token in this
   * index (a tolerant key shared by too many tokens is skipped here as in a search), or every bit when this index
   * does not hold the token (nothing here to restrict it).
   */
  #reachOf(
    q: readonly NameToken[],
    settings: SearchTypeSettings,
    other: IndexViews,
    latinTyped: boolean,
  ): Uint32Array {
    this.#scratch ??= {
      reach: new QueryReach(this.#v),
      finder: new CandidateFinder(this.#v),
      cosine: new GramCosine(),
      listed: [],
    };
    const reach = this.#scratch.reach;
    const out = new Uint32Array(other.tokenCount);
    try {
      reach.collect(q, settings, true, latinTyped);
      for (let tid = 0; tid < out.length; tid++) {
        const here = this.#v.tokens.get(other.tokens.text(tid));
        out[tid] = here < 0 ? 0xffffffff : reach.mask(here);
      }
    } finally {
      reach.reset();
    }
    return out;
  }

  #token(tid: number): NameToken {
    let t = this.#tokenObj[tid];
    if (t === undefined) {
      if (this.#tokenObj.length === 0) this.#tokenObj = new Array<NameToken | undefined>(this.tokenCount);
      this.#tokenObj[tid] = t = this.#v.tokenAt(tid);
    }
    return t;
  }

  // Scores candidates best bound first; stops once MAX_MATCHES entries score above every remaining bound.
  #score(
    s: Scratch,
    candidates: Candidates,
    reading: NormalisedName,
    weights: readonly number[],
    settings: SearchTypeSettings,
    best: Map<number, Hit>,
    marks: {
      /** Bits of the query's initials, and of the particles it gives as its name (WeightedToken.name). */
      initialBits: number;
      /** Bits of its one-class script words (WeightedToken.leftover; fuzzy_search). */
      leftoverBits: number;
      /** Per class (name-candidates.ts LEFTOVER_CLASSES): the bits of its one-class words of that class. */
      leftoverByClass: Uint32Array;
      /** Bits of its words that may pair two typos away (WeightedToken.twoTypos). */
      twoTypoBits: number;
      nameBits: number;
      /** The reading's tokens are the query's as written (false: a typo'd weak word read as the word, never 100). */
      asWritten: boolean;
      /** The reading is a surname with particles that few parties carry (score-names.ts ScoreOptions.familyName). */
      familyName: boolean;
      /** A company's rare word with its legal form (score-names.ts ScoreOptions.rareCompanyWord). */
      rareCompanyWord: boolean;
      /** How the query's spellings may pair at this type (search-types.ts). */
      spelling: Spelling;
      /** The search explains its matches: each best name's pairs are reported (scoreNames), else only its score. */
      explain: boolean;
    },
    /** Per listed token of this index: the query token bits a reference index lets it pair with (see #reachOf). */
    referenceReach: Uint32Array | null = null,
  ): void {
    const {
      initialBits,
      leftoverBits,
      leftoverByClass,
      twoTypoBits,
      nameBits,
      asWritten,
      familyName,
      rareCompanyWord,
      spelling,
      explain,
    } = marks;
    const { names, bounds, cosines } = candidates;
    if (names.length === 0) return;
    const order = Array.from(names.keys()).sort((a, b) => bounds[b]! - bounds[a]! || names[a]! - names[b]!);
    const queryTokens: IndexedToken[] = reading.tokens.map((token, i) => ({
      token,
      weight: weights[i]!,
      id: bitOf(i),
      ...((initialBits & bitOf(i)) !== 0 ? { initial: true } : {}),
      ...((leftoverBits & bitOf(i)) !== 0 ? { leftover: true } : {}),
      ...((nameBits & bitOf(i)) !== 0 ? { name: true } : {}),
      ...((twoTypoBits & bitOf(i)) !== 0 ? { twoTypos: true } : {}),
      ...(TWO_TYPO_READ.has(token) ? { twoTypoForm: true } : {}),
    }));
    const queryTexts = reading.tokens.map((t) => t.text);
    // Identical (score 100) = the same multiset of token texts; token ids are interned by text, so compare ids.
    const queryIds: number[] = [];
    for (const t of asWritten ? reading.tokens : []) {
      const id = this.#v.tokens.get(t.text);
      if (id < 0) {
        queryIds.length = 0;
        break;
      }
      queryIds.push(id);
    }
    queryIds.sort((a, b) => a - b);
    const vw = settings.vectorWeight;
    // A query token pairs only with listed tokens its keys reached (name-candidates.ts's bound assumes no more); the
    // tokens scoring joins from adjacent ones (no id) are compared as they are.
    const tokMask = s.reach.masks;
    const scoreOpts = {
      rareWeight: (this.#reference ?? this).#rareWeight,
      familyName,
      rareCompanyWord,
      tolerance: settings.tolerance,
      // A whole name's syllables pair as the same syllable (text, key, or Korean's loose key) or not at all: 孔敏
      // `kong min` is not KANG, Min.
      minTokenSimilarity: spelling.wholeName
        ? Math.max(settings.minTokenSimilarity, WHOLE_NAME_MIN_SIMILARITY)
        : settings.minTokenSimilarity,
      written: spelling.written,
      rules: spelling.rules,
      loneTokenMinSimilarity: settings.loneTokenMinSimilarity,
      anchorMinSimilarity: spelling.anchor,
      commonLoneTokenPairsAll: settings.commonLoneTokenPairsAll,
      unlistedVariantWhole: settings.unlistedVariantWhole,
      weakTypo: !asWritten,
      listedText: this.#listedText,
      kunyaPairs: settings.kunyaPairs,
      twoTypoSupport: settings.twoTypoSupport,
      twoTypoWords: queryTokens.some((t) => t.twoTypos === true || t.twoTypoForm === true),
      wholeName: spelling.wholeName,
      memo: new Map() as SimilarityMemo,
      joinMemo: new Map<string, Map<string, number>>(),
      joinDecisions: this.#joinDecisions,
      mayPair: (q: WeightedToken, l: WeightedToken): boolean => {
        const bits = (q as Partial<IndexedToken>).id;
        const tid = (l as Partial<IndexedToken>).id;
        // An initial pairs with any listed token of its letter, a one-class script word with any token of its sound
        // (CandidateFinder.leftoverMask; the bound grants both: name-candidates.ts); other tokens pair where the keys
        // reach (and, for a comparison, where the loaded index's keys reach too): no other pair, which no bound counts.
        return (
          bits === undefined ||
          tid === undefined ||
          (initialBits & bits) !== 0 ||
          ((leftoverBits & bits) !== 0 && (s.finder.leftoverMask(tid, leftoverByClass) & bits) !== 0) ||
          ((tokMask[tid]! & bits) !== 0 && (referenceReach === null || (referenceReach[tid]! & bits) !== 0))
        );
      },
    };
    // (One map per index, emptied per reading: most readings score a few names and decide no join.)
    this.#joinDecisions.clear();
    const { nameEntry, nameFlags } = this.data;
    let scored = 0;
    let floor = -1;
    for (let c = 0; c < order.length && scored < settings.maxCandidates; c++) {
      const i = order[c]!;
      if (best.size >= MAX_MATCHES && (scored & 15) === 0 && settings.maxCandidates !== Infinity)
        floor = this.#kthBest(best);
      if (round1(bounds[i]!) < floor) break;
      const nameId = names[i]!;
      scored++;
      const identical = this.#identical(nameId, queryIds);
      const listed = this.#listedWeighted(nameId, s.listed);
      const tokenScore = identical
        ? 100
        : scoreValue(queryTokens, listed, scoreOpts, s.finder.mayJoin(nameId, s.reach));
      let score = tokenScore;
      let cosine = 0;
      if (vw > 0 && !identical) {
        cosine = cosines[i]! >= 0 ? cosines[i]! : s.finder.cosine(nameId, s.cosine);
        score = vectorScore(tokenScore, cosine, vw);
      }
      const weak = (nameFlags[nameId]! & WEAK_NAME) !== 0;
      if (weak) score *= WEAK_ALIAS_FACTOR;
      score = round1(score);
      if (!identical || weak) score = Math.min(score, 99.9);
      if (score < settings.threshold) continue;
      const entryId = nameEntry[nameId]!;
      const prev = best.get(entryId);
      if (prev === undefined || score > prev.score || (score === prev.score && nameId < prev.nameId))
        best.set(entryId, {
          score,
          nameId,
          // (The same calls scoreValue made for this name, with the same results: its memos and join decisions
          // gain nothing another name's score reads.)
          detail: explain ? scoreNames(queryTokens, this.#listedWeighted(nameId), scoreOpts) : null,
          cosine,
          token: tokenScore,
          queryTokens: queryTexts,
          vector: vw > 0,
        });
    }
    this.#lastStats = { ...this.#lastStats, scored: this.#lastStats.scored + scored };
  }

  // The MAX_MATCHES-th best score so far (names bounded below it cannot enter the results).
  #kthBest(best: Map<number, Hit>): number {
    const scores = Array.from(best.values(), (h) => h.score).sort((a, b) => b - a);
    return scores[MAX_MATCHES - 1] ?? -1;
  }

  // A listed name's tokens as scoring sees them, into `out` (one immutable object per token id, made once).
  #listedWeighted(nameId: number, out: IndexedToken[] = []): IndexedToken[] {
    const nt = this.#v.nameTokens;
    // Written in place and cut to length (length 0 would drop the array's store: one allocation per name scored).
    let n = 0;
    for (let p = nt.start(nameId), end = nt.end(nameId); p < end; p++) {
      const tid = nt.flat[p]!;
      let w = this.#weighted[tid];
      if (w === undefined && this.#weighted.length === 0)
        this.#weighted = new Array<IndexedToken | undefined>(this.tokenCount);
      if (w === undefined)
        this.#weighted[tid] = w = { token: this.#token(tid), weight: this.data.tokenWeight[tid]!, id: tid };
      out[n++] = w;
    }
    out.length = n;
    return out;
  }

  #identical(nameId: number, sortedQueryIds: readonly number[]): boolean {
    const nt = this.#v.nameTokens;
    const start = nt.start(nameId);
    const n = nt.end(nameId) - start;
    if (n !== sortedQueryIds.length || n === 0) return false;
    // The name's token ids sorted (insertion sort into a scratch array: a name has a few tokens; no array per name).
    if (n > this.#sortScratch.length) this.#sortScratch = new Uint32Array(n * 2);
    const sorted = this.#sortScratch;
    const flat = nt.flat;
    for (let i = 0; i < n; i++) {
      const v = flat[start + i]!;
      let j = i;
      for (; j > 0 && sorted[j - 1]! > v; j--) sorted[j] = sorted[j - 1]!;
      sorted[j] = v;
    }
    for (let i = 0; i < n; i++) if (sorted[i] !== sortedQueryIds[i]) return false;
    return true;
  }
}
