// The in-memory name index: inverted index over token keys for candidates, token alignment (+ n-gram cosine) to score.
import type { Match, NameSearcher, SearchType } from '../domain/screening.js';
import { normaliseName, normaliseScriptJoined } from './normalise-name.js';
import type { NameToken, NormalisedName } from './normalise-name.js';
import { GramCosine, gramIds } from './ngram-vector.js';
import { scoreNames } from './score-names.js';
import type { NameScore, SimilarityMemo, WeightedToken } from './score-names.js';
import { SEARCH_TYPE_SETTINGS } from './search-types.js';
import type { IndexKeyKind, SearchTypeSettings } from './search-types.js';
import { KeyedPostings, Postings } from './postings.js';

/** One listed party to index: its primary name and every alias (weak aliases are a subset of aliases). */
export interface IndexInput {
  list: string;
  sourceUid: string;
  name: string;
  aliases: readonly string[];
  weakAliases?: readonly string[];
}

/** Counters of the last search, for tests and diagnostics: how much of the index a query touched. */
export interface QueryStats {
  /** Posting-list entries read. */
  readonly postingsRead: number;
  /** Distinct names that shared at least one key with the query. */
  readonly namesTouched: number;
  /** Names actually scored (at most the search type's maxCandidates). */
  readonly scored: number;
}

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
  detail: NameScore;
  cosine: number;
  token: number;
  queryTokens: readonly string[];
  vector: boolean;
}

function sumStats(a: QueryStats, b: QueryStats): QueryStats {
  return {
    postingsRead: a.postingsRead + b.postingsRead,
    namesTouched: a.namesTouched + b.namesTouched,
    scored: a.scored + b.scored,
  };
}

/** Results per name: the best 50 (DESIGN.md section 1). */
export const MAX_MATCHES = 50;
/** Weak tokens (particles, legal forms) weigh this fraction of their rarity weight. */
export const WEAK_TOKEN_FACTOR = 0.15;
/** Scores of names the publisher marks weak are multiplied by this. */
export const WEAK_ALIAS_FACTOR = 0.9;

// Posting lists longer than these are stop-words for that key kind and are skipped at query time
// (exact keys fall back to the rarest one when a query has nothing else).
const KEY_CAP: Readonly<Record<IndexKeyKind, number>> = {
  t: 50_000,
  k: 50_000,
  l: 20_000,
  s: 20_000,
  m: 20_000,
  g: 10_000,
  x: 20_000,
};
const KEY_HIT: Readonly<Record<Exclude<IndexKeyKind, 'g'>, number>> = {
  t: 1,
  k: 0.97,
  l: 0.9,
  s: 0.85,
  m: 0.85,
  x: 0.8,
};
const TRIGRAM_MIN_SHARE = 0.4;
/** This many best candidates by key agreement are scored even when their coverage bound is below the threshold. */
const ALWAYS_SCORED = 8;
/** ...provided the query tokens they share a key with, plus those unknown to the index, carry this share (%) of its weight. */
const ALWAYS_SCORED_MIN_BOUND = 50;
const MAX_COMPOUND = 4;
/** Adjacent tokens are indexed joined only when each has at most this many letters ("xi jin ping", "abu bakr"). */
const MAX_COMPOUND_PART = 5;

interface EntryRec {
  readonly list: string;
  readonly sourceUid: string;
}

function trigrams(text: string): string[] {
  const padded = `^${text}$`;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return [...out];
}

// Sound keys (x) are indexed for every listed token but looked up only for query tokens read from Han or
// Hangul: they compare a transcription with its Latin original, never two Latin spellings.
function unitKeys(token: NameToken, side: 'index' | 'query'): [Exclude<IndexKeyKind, 'g'>, string][] {
  const keys: [Exclude<IndexKeyKind, 'g'>, string][] = [
    ['t', token.text],
    ['k', token.key],
  ];
  if (token.weak) return keys;
  keys.push(['l', token.loose]);
  if (token.skeleton.length >= 2) keys.push(['s', token.skeleton]);
  for (const code of token.phonetic) keys.push(['m', code]);
  if (side === 'index' || token.script !== 'latin')
    for (const sound of token.sounds) if (sound.length >= 2) keys.push(['x', sound]);
  return keys;
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

/** Builds the index; every primary name and alias becomes one searchable name. */
export function buildNameIndex(entries: Iterable<IndexInput>): NameIndex {
  return new NameIndex(entries);
}

/** In-memory name index implementing the screening port. Searches are synchronous and pure. */
export class NameIndex implements NameSearcher {
  readonly #entries: EntryRec[] = [];
  readonly #listIds = new Map<string, number>();
  readonly #nameEntry: number[] = [];
  readonly #nameList: number[] = [];
  readonly #nameRaw: string[] = [];
  readonly #nameWeak: boolean[] = [];
  readonly #df = new Map<string, number>();
  // Two-level inverted index: key -> distinct tokens -> names. Tokens repeat across names, so keys are derived
  // once per distinct token and posting lists stay short.
  readonly #tokenIds = new Map<string, number>();
  readonly #tokens: NameToken[] = [];
  readonly #tokenNames: Postings;
  readonly #keyTokens: KeyedPostings;
  /** Joined adjacent tokens (2-4) of each name -> names: "xijinping" finds "Xi Jin Ping". */
  readonly #compounds: KeyedPostings;
  readonly #acc: Float64Array;
  /** Per name, the query weight of the query tokens that share any key with it: bounds the query coverage. */
  readonly #ub: Float64Array;
  /** Per name, the best key agreement with the current query token (reset after each token). */
  readonly #tokHit: Float64Array;
  /** Rarity weight per distinct token id (document frequencies are fixed once built). */
  readonly #tokenWeight: Float64Array;
  readonly #nameTokenIds: Uint32Array[] = [];
  /** Per distinct token: how many trigrams its padded text has; and a scratch counter per token for queries. */
  readonly #tokenTrigrams: Uint16Array;
  readonly #trigramCounts: Uint16Array;
  /** Per distinct token, its 2- and 3-gram ids (fuzzy_search's cosine), packed: offsets + data. */
  readonly #tokenGramOffsets: Uint32Array;
  readonly #tokenGramData: Uint16Array;
  readonly #cosine = new GramCosine();
  #lastStats: QueryStats = { postingsRead: 0, namesTouched: 0, scored: 0 };

  constructor(entries: Iterable<IndexInput>) {
    const tokenNames: number[][] = [];
    const keyTokens = new Map<string, number[]>();
    const compounds = new Map<string, number[]>();
    const intern = (token: NameToken): number => {
      let id = this.#tokenIds.get(token.text);
      if (id !== undefined) return id;
      id = this.#tokens.length;
      this.#tokenIds.set(token.text, id);
      this.#tokens.push(token);
      tokenNames.push([]);
      const keys = unitKeys(token, 'index').map(([kind, key]) => `${kind}:${key}`);
      if (!token.weak) for (const tri of trigrams(token.text)) keys.push(`g:${tri}`);
      for (const key of new Set(keys)) {
        const list = keyTokens.get(key);
        if (list === undefined) keyTokens.set(key, [id]);
        else list.push(id);
      }
      return id;
    };
    for (const input of entries) {
      const entryId = this.#entries.length;
      this.#entries.push({ list: input.list, sourceUid: input.sourceUid });
      let listId = this.#listIds.get(input.list);
      if (listId === undefined) {
        listId = this.#listIds.size;
        this.#listIds.set(input.list, listId);
      }
      const weak = new Set(input.weakAliases ?? []);
      const seen = new Set<string>();
      for (const [raw, isWeak] of [
        [input.name, false] as const,
        ...input.aliases.map((a) => [a, weak.has(a)] as const),
      ]) {
        if (seen.has(raw)) continue;
        seen.add(raw);
        const normalised = normaliseName(raw);
        if (normalised.tokens.length === 0) continue;
        const nameId = this.#nameRaw.length;
        this.#nameEntry.push(entryId);
        this.#nameList.push(listId);
        this.#nameRaw.push(raw);
        this.#nameWeak.push(isWeak);
        const tokens = normalised.tokens;
        const dfKeys = new Set<string>();
        const ids = new Uint32Array(tokens.length);
        tokens.forEach((token, i) => {
          const tid = intern(token);
          ids[i] = tid;
          const names = tokenNames[tid]!;
          if (names[names.length - 1] !== nameId) names.push(nameId);
          dfKeys.add(token.key);
        });
        this.#nameTokenIds.push(ids);
        for (const key of dfKeys) this.#df.set(key, (this.#df.get(key) ?? 0) + 1);
        for (let n = 2; n <= Math.min(MAX_COMPOUND, tokens.length); n++) {
          for (let i = 0; i + n <= tokens.length; i++) {
            let text = '';
            let short = true;
            for (let j = i; j < i + n; j++) {
              text += tokens[j]!.text;
              short &&= tokens[j]!.text.length <= MAX_COMPOUND_PART;
            }
            // Joins of longer parts are found through trigrams instead; indexing them would cost a key per pair.
            if (!short) continue;
            const list = compounds.get(text);
            if (list === undefined) compounds.set(text, [nameId]);
            else if (list[list.length - 1] !== nameId) list.push(nameId);
          }
        }
      }
    }
    this.#tokenNames = Postings.from(tokenNames);
    this.#keyTokens = KeyedPostings.from(keyTokens);
    this.#compounds = KeyedPostings.from(compounds);
    this.#acc = new Float64Array(this.#nameRaw.length);
    this.#ub = new Float64Array(this.#nameRaw.length);
    this.#tokHit = new Float64Array(this.#nameRaw.length);
    this.#tokenWeight = Float64Array.from(this.#tokens, (t) => this.#weight(t));
    this.#tokenTrigrams = Uint16Array.from(this.#tokens, (t) => Math.min(65_535, trigrams(t.text).length));
    this.#trigramCounts = new Uint16Array(this.#tokens.length);
    this.#tokenGramOffsets = new Uint32Array(this.#tokens.length + 1);
    let grams = 0;
    this.#tokens.forEach((t, i) => {
      this.#tokenGramOffsets[i] = grams;
      grams += 2 * t.text.length + 1;
    });
    this.#tokenGramOffsets[this.#tokens.length] = grams;
    this.#tokenGramData = new Uint16Array(grams);
    this.#tokens.forEach((t, i) => this.#tokenGramData.set(gramIds(t.text), this.#tokenGramOffsets[i]!));
  }

  /** Number of names (primary names and aliases) indexed. */
  get size(): number {
    return this.#nameRaw.length;
  }

  /** Counters of the most recent search. */
  get lastQueryStats(): QueryStats {
    return this.#lastStats;
  }

  #weight(token: NameToken): number {
    const n = this.#nameRaw.length;
    const df = this.#df.get(token.key) ?? 0;
    const idf = 1 + Math.log((n + 1) / (df + 1));
    return token.weak ? idf * WEAK_TOKEN_FACTOR : idf;
  }

  #weighted(tokens: readonly NameToken[]): WeightedToken[] {
    return tokens.map((token) => ({ token, weight: this.#weight(token) }));
  }

  #listedWeighted(nameId: number): WeightedToken[] {
    const ids = this.#nameTokenIds[nameId]!;
    const out: WeightedToken[] = new Array<WeightedToken>(ids.length);
    for (let i = 0; i < ids.length; i++)
      out[i] = { token: this.#tokens[ids[i]!]!, weight: this.#tokenWeight[ids[i]!]! };
    return out;
  }

  search(
    query: string,
    searchType: SearchType,
    opts: { lists: readonly string[] | null; explain: boolean },
  ): Match[] {
    const settings = SEARCH_TYPE_SETTINGS[searchType];
    const normalised = normaliseName(query);
    if (normalised.tokens.length === 0 || this.size === 0) {
      this.#lastStats = { postingsRead: 0, namesTouched: 0, scored: 0 };
      return [];
    }
    let allowed: boolean[] | null = null;
    if (opts.lists !== null) {
      allowed = new Array<boolean>(this.#listIds.size).fill(false);
      for (const slug of opts.lists) {
        const id = this.#listIds.get(slug);
        if (id !== undefined) allowed[id] = true;
      }
    }
    const best = new Map<number, Hit>();
    let stats: QueryStats | null = null;
    const readings = [normalised, ...(settings.keyKinds.includes('x') ? [normaliseScriptJoined(query)] : [])];
    for (const reading of readings) {
      if (reading === null || reading.tokens.length === 0) continue;
      this.#scoreReading(reading, settings, allowed, best);
      stats = stats === null ? this.#lastStats : sumStats(stats, this.#lastStats);
    }
    if (stats !== null) this.#lastStats = stats;

    const ranked = [...best.entries()].sort(([ea, a], [eb, b]) => {
      if (a.score !== b.score) return b.score - a.score;
      const x = this.#entries[ea]!;
      const y = this.#entries[eb]!;
      if (x.list !== y.list) return x.list < y.list ? -1 : 1;
      if (x.sourceUid !== y.sourceUid) return x.sourceUid < y.sourceUid ? -1 : 1;
      return ea - eb;
    });
    return ranked.slice(0, MAX_MATCHES).map(([entryId, hit]) => {
      const entry = this.#entries[entryId]!;
      const match: Match = {
        id: `${entry.list}:${entry.sourceUid}`,
        name: this.#nameRaw[hit.nameId]!,
        list: entry.list,
        source_uid: entry.sourceUid,
        match_score: hit.score,
      };
      if (!opts.explain) return match;
      const explanation: MatchExplanation = {
        matched_name: this.#nameRaw[hit.nameId]!,
        query_tokens: hit.queryTokens,
        name_tokens: Array.from(this.#nameTokenIds[hit.nameId]!, (id) => this.#tokens[id]!.text),
        pairs: hit.detail.pairs,
        unmatched_query: hit.detail.unmatchedQuery,
        unmatched_listed: hit.detail.unmatchedListed,
        parts: {
          token_score: round1(hit.token),
          query_coverage: Math.round(hit.detail.queryCoverage * 1000) / 1000,
          listed_coverage: Math.round(hit.detail.listedCoverage * 1000) / 1000,
          listed_penalty: hit.detail.listedPenalty,
          ...(hit.vector
            ? { vector_cosine: Math.round(hit.cosine * 1000) / 1000, vector_weight: settings.vectorWeight }
            : {}),
          weak_alias: this.#nameWeak[hit.nameId]!,
        },
        search_type: searchType,
        threshold: settings.threshold,
      };
      return { ...match, explanation };
    });
  }

  // Scores one reading of the query into `best` (per entry, its best-scoring name).
  #scoreReading(
    reading: NormalisedName,
    settings: SearchTypeSettings,
    allowed: boolean[] | null,
    best: Map<number, Hit>,
  ): void {
    const queryTokens = this.#weighted(reading.tokens);
    const candidates = this.#candidates(queryTokens, settings, allowed);
    // Identical (score 100) = the same multiset of token texts; token ids are interned by text, so compare ids.
    const queryIds: number[] = [];
    for (const t of reading.tokens) {
      const id = this.#tokenIds.get(t.text);
      if (id === undefined) {
        queryIds.length = 0;
        break;
      }
      queryIds.push(id);
    }
    queryIds.sort((a, b) => a - b);
    const qVector = settings.vectorWeight > 0 ? this.#cosine : null;
    qVector?.setQuery(reading.tokens.map((t) => gramIds(t.text)));

    const vw = settings.vectorWeight;
    const need = settings.threshold - 0.05;
    const scoreOpts = {
      tolerance: settings.tolerance,
      minTokenSimilarity: settings.minTokenSimilarity,
      memo: new Map() as SimilarityMemo,
    };
    for (let c = 0; c < candidates.ids.length; c++) {
      const nameId = candidates.ids[c]!;
      const identical = this.#identical(nameId, queryIds);
      let cosine = 0;
      if (qVector !== null && !identical) {
        // The cosine is cheaper than the alignment: with the coverage bound it rules most candidates out first.
        cosine = qVector.cosine(this.#nameGrams(nameId));
        const bound = 100 * candidates.bounds[c]!;
        if (Math.max(bound, (1 - vw) * bound + vw * 100 * cosine) < need) continue;
      }
      const detail = scoreNames(queryTokens, this.#listedWeighted(nameId), scoreOpts);
      const tokenScore = identical ? 100 : detail.score;
      let score = tokenScore;
      if (qVector !== null) score = Math.max(tokenScore, (1 - vw) * tokenScore + vw * 100 * cosine);
      if (this.#nameWeak[nameId]) score *= WEAK_ALIAS_FACTOR;
      score = round1(score);
      if (!identical || this.#nameWeak[nameId]) score = Math.min(score, 99.9);
      if (score < settings.threshold) continue;
      const entryId = this.#nameEntry[nameId]!;
      const prev = best.get(entryId);
      if (prev === undefined || score > prev.score || (score === prev.score && nameId < prev.nameId)) {
        best.set(entryId, {
          score,
          nameId,
          detail,
          cosine,
          token: tokenScore,
          queryTokens: reading.tokens.map((t) => t.text),
          vector: qVector !== null,
        });
      }
    }
  }

  // The grams of a listed name's tokens (views into the packed per-token arrays).
  *#nameGrams(nameId: number): Generator<Uint16Array> {
    const ids = this.#nameTokenIds[nameId]!;
    for (let i = 0; i < ids.length; i++) {
      const t = ids[i]!;
      yield this.#tokenGramData.subarray(this.#tokenGramOffsets[t]!, this.#tokenGramOffsets[t + 1]!);
    }
  }

  #identical(nameId: number, sortedQueryIds: readonly number[]): boolean {
    const ids = this.#nameTokenIds[nameId]!;
    if (ids.length !== sortedQueryIds.length || ids.length === 0) return false;
    const sorted = Uint32Array.from(ids).sort();
    for (let i = 0; i < sorted.length; i++) if (sorted[i] !== sortedQueryIds[i]) return false;
    return true;
  }

  // Names holding any token that carries `key`, or null when the key is unknown or a stop-word (over `cap`).
  #keyPostings(key: string, cap: number): Uint32Array[] | null {
    const tids = this.#keyTokens.get(key);
    if (tids === undefined) return null;
    const lists: Uint32Array[] = [];
    let total = 0;
    for (const tid of tids) {
      const names = this.#tokenNames.get(tid);
      total += names.length;
      if (total > cap) return null;
      lists.push(names);
    }
    return lists;
  }

  // Accumulates, per name, the rarity-weighted key agreement with each query token (and joined adjacent
  // tokens), drops names whose best possible score is below the threshold, then keeps the best
  // `maxCandidates`. Only posting lists of the query's keys are read.
  //
  // The bound: a name's score is at most 100 x its query coverage, and a query token can only be covered by a
  // name it shares a key with, so the summed weight of the query tokens that touch a name bounds its coverage.
  // (fuzzy_search's vector part can add at most vectorWeight x (100 - token score).)
  #candidates(
    query: readonly WeightedToken[],
    settings: SearchTypeSettings,
    allowed: boolean[] | null,
  ): { ids: number[]; bounds: number[] } {
    const kinds = new Set(settings.keyKinds);
    const acc = this.#acc;
    const ub = this.#ub;
    const tokHit = this.#tokHit;
    const touched: number[] = [];
    const tokTouched: number[] = [];
    let postingsRead = 0;
    const nameList = this.#nameList;
    const addPosting = (names: Uint32Array, hit: number): void => {
      postingsRead += names.length;
      for (let i = 0; i < names.length; i++) {
        const id = names[i]!;
        if (allowed !== null && allowed[nameList[id]!] !== true) continue;
        const prev = tokHit[id]!;
        if (prev === 0) tokTouched.push(id);
        if (prev < hit) tokHit[id] = hit;
      }
    };
    const flush = (weight: number): void => {
      for (const id of tokTouched) {
        if (acc[id] === 0 && ub[id] === 0) touched.push(id);
        acc[id]! += weight * tokHit[id]!;
        ub[id]! += weight;
        tokHit[id] = 0;
      }
      tokTouched.length = 0;
    };
    let usedExact = false;
    let fallback: { names: Uint32Array; weight: number } | null = null;
    for (const { token, weight } of query) {
      for (const [kind, key] of unitKeys(token, 'query')) {
        if (!kinds.has(kind)) continue;
        const lists = this.#keyPostings(`${kind}:${key}`, KEY_CAP[kind]);
        if (lists === null) {
          if (kind === 't') {
            const tid = this.#tokenIds.get(token.text);
            const names = tid === undefined ? undefined : this.#tokenNames.get(tid);
            if (names !== undefined && (fallback === null || names.length < fallback.names.length)) {
              fallback = { names, weight };
            }
          }
          continue;
        }
        if (kind === 't' || kind === 'k') usedExact = true;
        for (const names of lists) addPosting(names, KEY_HIT[kind]);
      }
      const compound = this.#compounds.get(token.text);
      if (compound !== undefined && compound.length <= KEY_CAP.t) addPosting(compound, 1);
      if (kinds.has('g') && !token.weak && token.text.length >= 3) {
        // Trigram agreement is counted per distinct listed token, then spread to its names.
        // Counted in a typed array indexed by token id (a Map per query token was a third of the query time).
        const counts = this.#trigramCounts;
        const seen: number[] = [];
        let used = 0;
        for (const tri of trigrams(token.text)) {
          const tids = this.#keyTokens.get(`g:${tri}`);
          used++;
          if (tids === undefined) continue;
          if (tids.length > KEY_CAP.g) {
            used--;
            continue;
          }
          for (let i = 0; i < tids.length; i++) {
            const tid = tids[i]!;
            if (counts[tid] === 0) seen.push(tid);
            counts[tid]!++;
          }
        }
        const need = Math.max(2, Math.ceil(TRIGRAM_MIN_SHARE * used));
        for (const tid of seen) {
          const count = counts[tid]!;
          counts[tid] = 0;
          if (count < need) continue;
          const share = count / Math.max(used, this.#tokenTrigrams[tid]!);
          if (share < TRIGRAM_MIN_SHARE) continue;
          const names = this.#tokenNames.get(tid);
          if (names.length > KEY_CAP.g) continue;
          addPosting(names, 0.8 * share);
        }
      }
      flush(weight);
    }
    // Joined query tokens ("xi jin ping") against single listed tokens ("xijinping").
    for (let n = 2; n <= Math.min(MAX_COMPOUND, query.length); n++) {
      for (let i = 0; i + n <= query.length; i++) {
        const parts = query.slice(i, i + n);
        const lists = this.#keyPostings(`t:${parts.map((p) => p.token.text).join('')}`, KEY_CAP.t);
        if (lists === null) continue;
        for (const names of lists) addPosting(names, 1);
        flush(parts.reduce((s, p) => s + p.weight, 0));
      }
    }
    if (!usedExact && fallback !== null) {
      addPosting(fallback.names, 1);
      flush(fallback.weight);
    }
    let total = 0;
    // Query tokens the index has never seen may be respellings or joins the keys miss ("abubakar" for "abu bakr").
    let unknown = 0;
    for (const q of query) {
      total += q.weight;
      if (!this.#keyTokens.has(`t:${q.token.text}`) && !this.#keyTokens.has(`k:${q.token.key}`))
        unknown += q.weight;
    }
    // Scores are rounded to one decimal before the threshold test: keep what could round up to it.
    const need = settings.threshold - 0.05;
    const vw = settings.vectorWeight;
    touched.sort((a, b) => acc[b]! - acc[a]! || a - b);
    const chosen: number[] = [];
    const bounds: number[] = [];
    for (let i = 0; i < touched.length && chosen.length < settings.maxCandidates; i++) {
      const id = touched[i]!;
      const bound = 100 * Math.min(1, ub[id]! / total);
      const best = vw > 0 ? Math.max(bound, (1 - vw) * bound + vw * 100) : bound;
      // The best few by key agreement are scored whatever their bound: a query token can still pair by a join
      // the keys do not see ("abubakar" vs "abu bakr").
      if (i < ALWAYS_SCORED && 100 * ((ub[id]! + unknown) / total) >= ALWAYS_SCORED_MIN_BOUND) {
        chosen.push(id);
        bounds.push(1);
      } else if (best >= need) {
        chosen.push(id);
        bounds.push(bound / 100);
      }
    }
    for (const id of touched) {
      acc[id] = 0;
      ub[id] = 0;
    }
    this.#lastStats = { postingsRead, namesTouched: touched.length, scored: chosen.length };
    return { ids: chosen, bounds };
  }
}
