// The in-memory name index: per query token, the distinct listed tokens its keys reach; a coverage bound that rules
// names out before any is scored (reading only the rarest query tokens' postings); token alignment (+ n-gram
// cosine) to score the few that remain. Reads the packed data of index-data.ts; searches are synchronous and pure.
import type { Match, NameSearcher, SearchType } from '../domain/screening.js';
import { buildNameIndexData } from './index-builder.js';
import type { IndexInput } from './index-builder.js';
import {
  MAX_COMPOUND_PART,
  MIN_DELETION_KEY,
  NUMERIC,
  WEAK,
  WEAK_NAME,
  WEAK_TOKEN_FACTOR,
} from './index-data.js';
import type { FuzzyKeyKind, NameIndexData } from './index-data.js';
import { GramCosine, gramIds } from './ngram-vector.js';
import { LEGAL_FORMS, nameToken, normaliseName } from './normalise-name.js';
import { normaliseScriptJoined } from './script-reading.js';
import type { NameToken, NormalisedName } from './normalise-name.js';
import { HashPostings, Postings } from './postings.js';
import { scoreNames, scoreValue } from './score-names.js';
import type { NameScore, SimilarityMemo, WeightedToken } from './score-names.js';
import { SEARCH_TYPE_SETTINGS } from './search-types.js';
import type { SearchTypeSettings } from './search-types.js';
import { hashString, StringTable } from './string-table.js';
import { TextColumn } from './text-column.js';
import { deletionHashes, matchKey } from './token-keys.js';

export type { IndexInput } from './index-builder.js';
export { WEAK_TOKEN_FACTOR } from './index-data.js';

/** Counters of the last search, for tests and diagnostics: how much of the index a query touched. */
export interface QueryStats {
  /** Posting-list entries read (token -> names). */
  readonly postingsRead: number;
  /** Distinct names reached through the postings read. */
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

/** What one query token (or run of adjacent query tokens, joined) reaches: distinct listed tokens. */
interface Unit {
  /** Query token bits covered (a joined run covers each of its tokens). */
  readonly mask: number;
  /** Its token ids are #unitTids[start, end). */
  readonly start: number;
  end: number;
  /** Names postings to read to spread it. */
  cost: number;
  /** Reached a token some names hold only joined: such names are found by spreading, never by their tokens. */
  compound: boolean;
  /** JOINED_RUN: a run of two or more query tokens, joined; SPLIT_PART: a part of a query token split in two. */
  readonly joined: number;
}

/** Unit kinds (Unit.joined), also the flags of the tokens they reach (#joinReached). */
const JOINED_RUN = 1;
const SPLIT_PART = 2;

/** A token as scoring sees it, with its index id (listed) or query token bit (query). */
interface IndexedToken extends WeightedToken {
  readonly id: number;
}

/** Results per name: the best 50 (DESIGN.md section 1). */
export const MAX_MATCHES = 50;
/** Scores of names the publisher marks weak are multiplied by this. */
export const WEAK_ALIAS_FACTOR = 0.9;
/** A tolerant key (loose, skeleton, metaphone, sound) shared by more distinct tokens than this is no evidence. */
const FUZZY_KEY_TOKEN_CAP = 1000;
/** fuzzy_search's n-gram cosine lifts only names whose tokens the keys reach cover this share of the query. */
const VECTOR_MIN_COVERAGE = 0.5;
/** A joined query token is split only into parts of at least this many letters. */
const MIN_SPLIT_PART = 2;
/** Query tokens beyond 31 share the last mask bit (the bound stays an upper bound). */
const MASK_BITS = 32;
const LISTED_PENALTY_MULTI = 0.35;
const LISTED_PENALTY_SINGLE = 0.7;

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

function bitOf(i: number): number {
  return (1 << Math.min(i, MASK_BITS - 1)) >>> 0;
}

/** Builds the index; every primary name and alias becomes one searchable name. */
export function buildNameIndex(entries: Iterable<IndexInput>): NameIndex {
  return new NameIndex(buildNameIndexData(entries));
}

/** In-memory name index implementing the screening port, over packed (shareable) data. */
export class NameIndex implements NameSearcher {
  /** The packed data: post it to a worker thread and wrap it there (`new NameIndex(data)`): nothing is copied. */
  readonly data: NameIndexData;
  readonly #listIds: ReadonlyMap<string, number>;
  readonly #entryUid: TextColumn;
  readonly #nameRaw: TextColumn;
  readonly #nameTokens: Postings;
  readonly #tokens: StringTable;
  readonly #tokenNames: Postings;
  readonly #joinedNames: Postings;
  readonly #kTable: StringTable;
  readonly #kTokens: Postings;
  readonly #fuzzy: Readonly<Record<FuzzyKeyKind, { table: StringTable; tokens: Postings }>>;
  readonly #deletions: HashPostings;
  readonly #tokenFuzzy: Readonly<Record<FuzzyKeyKind, Postings>>;
  // Per-thread scratch, allocated on first search.
  #tokenObj: (NameToken | undefined)[] = [];
  #weighted: (IndexedToken | undefined)[] = [];
  readonly #listedScratch: IndexedToken[] = [];
  #tokMask = new Uint32Array(0);
  /** Per token: JOINED_RUN / SPLIT_PART when a joined run or a split part of query tokens reached it. */
  #joinReached = new Uint8Array(0);
  #nameStamp = new Uint32Array(0);
  #nameMask = new Uint32Array(0);
  #stamp = 0;
  readonly #touchedTokens: number[] = [];
  readonly #unitTids: number[] = [];
  readonly #hashes: number[] = [];
  readonly #cosine = new GramCosine();
  #lastStats: QueryStats = { postingsRead: 0, namesTouched: 0, scored: 0 };

  constructor(data: NameIndexData) {
    this.data = data;
    this.#listIds = new Map(data.lists.map((slug, i) => [slug, i]));
    this.#entryUid = new TextColumn(data.entryUid);
    this.#nameRaw = new TextColumn(data.nameRaw);
    this.#nameTokens = new Postings(data.nameTokens);
    this.#tokens = new StringTable(data.tokens);
    this.#tokenNames = new Postings(data.tokenNames);
    this.#joinedNames = new Postings(data.joinedNames);
    this.#kTable = new StringTable(data.k.table);
    this.#kTokens = new Postings(data.k.tokens);
    const fuzzy = (kind: FuzzyKeyKind) => ({
      table: new StringTable(data.fuzzy[kind].table),
      tokens: new Postings(data.fuzzy[kind].tokens),
    });
    this.#fuzzy = { l: fuzzy('l'), s: fuzzy('s'), m: fuzzy('m'), x: fuzzy('x') };
    this.#deletions = new HashPostings(data.deletions);
    this.#tokenFuzzy = {
      l: new Postings(data.tokenFuzzy.l),
      s: new Postings(data.tokenFuzzy.s),
      m: new Postings(data.tokenFuzzy.m),
      x: new Postings(data.tokenFuzzy.x),
    };
  }

  /** Number of names (primary names and aliases) indexed. */
  get size(): number {
    return this.data.nameEntry.length;
  }

  /** Number of distinct tokens (and joined short tokens) indexed. */
  get tokenCount(): number {
    return this.data.tokenFlags.length;
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

  /**
   * `exhaustive` (tests and diagnostics): score every name instead of the candidates the coverage bound leaves,
   * with no early stop. The results must be the same; only the work differs.
   */
  search(
    query: string,
    searchType: SearchType,
    opts: { lists: readonly string[] | null; explain: boolean; exhaustive?: boolean },
  ): Match[] {
    const settings = opts.exhaustive
      ? { ...SEARCH_TYPE_SETTINGS[searchType], maxCandidates: Infinity, exhaustive: true }
      : SEARCH_TYPE_SETTINGS[searchType];
    this.#lastStats = { postingsRead: 0, namesTouched: 0, scored: 0 };
    const normalised = normaliseName(query);
    if (normalised.tokens.length === 0 || this.size === 0) return [];
    if (this.#tokMask.length !== this.tokenCount) this.#allocateScratch();
    let allowed: Uint8Array | null = null;
    if (opts.lists !== null) {
      allowed = new Uint8Array(this.data.lists.length);
      for (const slug of opts.lists) {
        const id = this.#listIds.get(slug);
        if (id !== undefined) allowed[id] = 1;
      }
    }
    const best = new Map<number, Hit>();
    const readings = [normalised, ...(settings.keyKinds.includes('x') ? [normaliseScriptJoined(query)] : [])];
    for (const reading of readings)
      if (reading !== null && reading.tokens.length > 0)
        this.#searchReading(reading, settings, allowed, best);
    return this.#results(best, searchType, settings, opts.explain);
  }

  #allocateScratch(): void {
    this.#tokenObj = new Array<NameToken | undefined>(this.tokenCount);
    this.#weighted = new Array<IndexedToken | undefined>(this.tokenCount);
    this.#tokMask = new Uint32Array(this.tokenCount);
    this.#joinReached = new Uint8Array(this.tokenCount);
    this.#nameStamp = new Uint32Array(this.size);
    this.#nameMask = new Uint32Array(this.size);
    this.#stamp = 0;
  }

  #results(
    best: Map<number, Hit>,
    searchType: SearchType,
    settings: SearchTypeSettings,
    explain: boolean,
  ): Match[] {
    const { entryList, lists } = this.data;
    const uid = new Map<number, string>();
    const uidOf = (e: number): string => {
      let u = uid.get(e);
      if (u === undefined) uid.set(e, (u = this.#entryUid.get(e)));
      return u;
    };
    const ranked = [...best.entries()].sort(([ea, a], [eb, b]) => {
      if (a.score !== b.score) return b.score - a.score;
      const la = lists[entryList[ea]!]!;
      const lb = lists[entryList[eb]!]!;
      if (la !== lb) return la < lb ? -1 : 1;
      const ua = uidOf(ea);
      const ub = uidOf(eb);
      if (ua !== ub) return ua < ub ? -1 : 1;
      return ea - eb;
    });
    return ranked.slice(0, MAX_MATCHES).map(([entryId, hit]) => {
      const list = lists[entryList[entryId]!]!;
      const sourceUid = uidOf(entryId);
      const name = this.#nameRaw.get(hit.nameId);
      const match: Match = {
        id: `${list}:${sourceUid}`,
        name,
        list,
        source_uid: sourceUid,
        match_score: hit.score,
      };
      if (!explain) return match;
      const explanation: MatchExplanation = {
        matched_name: name,
        query_tokens: hit.queryTokens,
        name_tokens: Array.from(this.#nameTokens.get(hit.nameId), (t) => this.#tokens.text(t)),
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
          weak_alias: (this.data.nameFlags[hit.nameId]! & WEAK_NAME) !== 0,
        },
        search_type: searchType,
        threshold: settings.threshold,
      };
      return { ...match, explanation };
    });
  }

  #token(tid: number): NameToken {
    let t = this.#tokenObj[tid];
    if (t === undefined) this.#tokenObj[tid] = t = this.tokenAt(tid);
    return t;
  }

  /**
   * Token `tid` as scoring compares it, rebuilt from the keys the index holds (no key is derived again: a listed
   * token is typically met for the first time by a search). Equal to makeToken of its text, but for readings of
   * a single consonant class, which never pair.
   */
  tokenAt(tid: number): NameToken {
    const text = this.#tokens.text(tid);
    const flags = this.data.tokenFlags[tid]!;
    // Weak and numeric tokens carry no tolerant keys in the index (a few hundred distinct ones): derived.
    if (flags & (WEAK | NUMERIC)) return nameToken(text);
    const f = this.#fuzzy;
    const by = this.#tokenFuzzy;
    const first = (kind: FuzzyKeyKind): string => {
      const p = by[kind];
      return p.length(tid) === 0 ? '' : f[kind].table.text(p.flat[p.start(tid)]!);
    };
    const all = (kind: FuzzyKeyKind): string[] =>
      Array.from(by[kind].get(tid), (id) => f[kind].table.text(id));
    return {
      text,
      key: this.#kTable.text(this.data.tokenKey[tid]!),
      loose: first('l'),
      skeleton: first('s'),
      phonetic: all('m'),
      weak: false,
      legalForm: false,
      numeric: false,
      sounds: all('x'),
      script: 'latin',
    };
  }

  #legalFormTids: number[] | null = null;

  #legalForms(): number[] {
    if (this.#legalFormTids === null) {
      this.#legalFormTids = [];
      for (const form of LEGAL_FORMS) {
        const tid = this.#tokens.get(form);
        if (tid >= 0) this.#legalFormTids.push(tid);
      }
    }
    return this.#legalFormTids;
  }

  #queryWeight(token: NameToken): number {
    const kid = this.#kTable.get(token.key);
    const df = kid < 0 ? 0 : this.data.keyDf[kid]!;
    const idf = 1 + Math.log((this.size + 1) / (df + 1));
    return token.weak ? idf * WEAK_TOKEN_FACTOR : idf;
  }

  // ---- units: the distinct listed tokens each query token (or joined run) reaches ----

  #addTid(tid: number, unit: Unit): void {
    const m = this.#tokMask[tid]!;
    if ((m & unit.mask) >>> 0 === unit.mask) return;
    if (m === 0) this.#touchedTokens.push(tid);
    this.#tokMask[tid] = (m | unit.mask) >>> 0;
    if (unit.joined !== 0) this.#joinReached[tid]! |= unit.joined;
    this.#unitTids.push(tid);
    unit.end++;
    unit.cost += this.#tokenNames.length(tid);
    if (this.#joinedNames.length(tid) > 0) unit.compound = true;
  }

  #addKey(table: StringTable, tokens: Postings, key: string, unit: Unit, cap: number): void {
    const id = table.get(key);
    if (id < 0 || tokens.length(id) > cap) return;
    for (let p = tokens.start(id), end = tokens.end(id), flat = tokens.flat; p < end; p++)
      this.#addTid(flat[p]!, unit);
  }

  #addKeyId(kid: number, unit: Unit): void {
    const flat = this.#kTokens.flat;
    for (let p = this.#kTokens.start(kid), end = this.#kTokens.end(kid); p < end; p++)
      this.#addTid(flat[p]!, unit);
  }

  // Listed variant keys within one edit of `key`: a listed key one letter longer (key is one of its deletions),
  // one letter shorter (it is a deletion of key), or the same length with one letter changed or two swapped
  // (they share a deletion).
  // The variant keys indexed under a deletion hash.
  #addDeletionHash(hash: number, unit: Unit): void {
    const d = this.#deletions;
    const hashes = d.hashes;
    for (let i = d.bucketStart(hash), end = d.bucketEnd(hash); i < end; i++)
      if (hashes[i] === hash) this.#addKeyId(d.values[i]!, unit);
  }

  #addDeletions(key: string, unit: Unit): void {
    if (key.length >= MIN_DELETION_KEY - 1) this.#addDeletionHash(hashString(key), unit);
    if (key.length < MIN_DELETION_KEY) return;
    const hashes = this.#hashes;
    deletionHashes(key, hashes);
    for (let skip = 0; skip < hashes.length; skip++) {
      const h = hashes[skip]!;
      this.#addDeletionHash(h, unit);
      const kid = this.#kTable.getDeletion(key, skip, h);
      if (kid >= 0) this.#addKeyId(kid, unit);
    }
  }

  // The same for the spelled text when a typo may have changed how it folds (the index holds listed texts'
  // deletions too): listed texts within one edit of `text`.
  #addTextDeletions(text: string, unit: Unit): void {
    if (text.length < MIN_DELETION_KEY - 1) return;
    this.#addDeletionHash(hashString(text), unit);
    if (text.length < MIN_DELETION_KEY) return;
    const hashes = this.#hashes;
    deletionHashes(text, hashes);
    for (let skip = 0; skip < hashes.length; skip++) {
      const h = hashes[skip]!;
      this.#addDeletionHash(h, unit);
      const tid = this.#tokens.getDeletion(text, skip, h);
      if (tid >= 0) this.#addTid(tid, unit);
    }
  }

  #collectToken(token: NameToken, unit: Unit, settings: SearchTypeSettings): void {
    const kinds = settings.keyKinds;
    const tid = this.#tokens.get(token.text);
    if (tid >= 0) this.#addTid(tid, unit);
    const kid = this.#kTable.get(token.key);
    if (kid >= 0) this.#addKeyId(kid, unit);
    // Two legal forms pair (llc ~ ltd) beyond exact matching: every listed legal form is within reach.
    if (token.legalForm && settings.tolerance !== 'exact')
      for (const t of this.#legalForms()) this.#addTid(t, unit);
    if (token.weak || token.numeric) return;
    const f = this.#fuzzy;
    // A word read from Han, Hangul or Arabic script compares with Latin tokens by sound only.
    if (token.script !== 'latin') {
      if (kinds.includes('x'))
        for (const sound of token.sounds)
          if (sound.length >= 2) this.#addKey(f.x.table, f.x.tokens, sound, unit, FUZZY_KEY_TOKEN_CAP);
      return;
    }
    if (kinds.includes('l')) this.#addKey(f.l.table, f.l.tokens, token.loose, unit, FUZZY_KEY_TOKEN_CAP);
    if (kinds.includes('s') && token.skeleton.length >= 2)
      this.#addKey(f.s.table, f.s.tokens, token.skeleton, unit, FUZZY_KEY_TOKEN_CAP);
    if (kinds.includes('m'))
      for (const code of token.phonetic) {
        // standard_match pairs by metaphone only for codes of 3+ sounds and the same first letter.
        if (settings.tolerance === 'edit') {
          if (code.length < 3) continue;
          const id = f.m.table.get(code);
          if (id < 0 || f.m.tokens.length(id) > FUZZY_KEY_TOKEN_CAP) continue;
          const first = token.text.charCodeAt(0);
          for (const t of f.m.tokens.get(id))
            if (this.data.tokens.bytes[this.data.tokens.offsets[t]!] === first) this.#addTid(t, unit);
        } else this.#addKey(f.m.table, f.m.tokens, code, unit, FUZZY_KEY_TOKEN_CAP);
      }
    if (kinds.includes('d')) {
      this.#addDeletions(token.key, unit);
      if (token.text !== token.key) this.#addTextDeletions(token.text, unit);
    }
  }

  // Runs of 2-4 adjacent query tokens, joined, against single listed tokens ("xi jin ping" vs "xijinping",
  // "abu bakr" vs "abubakar": pairs also within one edit).
  // Within one edit only for two short parts ("abu bakr" ~ "abubakar"), the scope of listed compounds.
  #collectJoin(text: string, unit: Unit, settings: SearchTypeSettings, shortPair: boolean): void {
    const tid = this.#tokens.get(text);
    if (tid >= 0) this.#addTid(tid, unit);
    const key = matchKey(text);
    const kid = this.#kTable.get(key);
    if (kid >= 0) this.#addKeyId(kid, unit);
    if (shortPair && settings.tolerance !== 'exact' && settings.keyKinds.includes('d'))
      this.#addDeletions(key, unit);
  }

  // A query token written joined ("abdulrahman", "abdulrakhman", "holdingssa") against listed names written apart
  // ("Abdul Rahman", "Holdings SA"): its text split in two listed tokens, or its variant key in two listed variant
  // keys (each part then reaching every spelling with that key).
  #collectSplits(
    token: NameToken,
    mask: number,
    newUnit: (mask: number, joined: number) => Unit,
    settings: SearchTypeSettings,
  ): void {
    if (token.weak || token.numeric || token.script !== 'latin') return;
    const { text, key } = token;
    for (let k = MIN_SPLIT_PART; k + MIN_SPLIT_PART <= text.length; k++) {
      const left = this.#tokens.getRange(text, 0, k);
      if (left < 0) continue;
      const right = this.#tokens.getRange(text, k, text.length);
      if (right < 0) continue;
      const unit = newUnit(mask, SPLIT_PART);
      this.#addTid(left, unit);
      this.#addTid(right, unit);
    }
    for (let k = MIN_SPLIT_PART; k + MIN_SPLIT_PART <= key.length; k++) {
      const left = this.#kTable.getRange(key, 0, k);
      if (left < 0) continue;
      const right = this.#kTable.getRange(key, k, key.length);
      if (right < 0) continue;
      const unit = newUnit(mask, SPLIT_PART);
      this.#addKeyId(left, unit);
      this.#addKeyId(right, unit);
      // Tolerant types: each part also reaches its one-edit neighbours ("abdel" + "rahman": Abdul Rahman).
      if (settings.keyKinds.includes('d')) {
        if (k >= MIN_DELETION_KEY) this.#addDeletions(key.slice(0, k), unit);
        if (key.length - k >= MIN_DELETION_KEY) this.#addDeletions(key.slice(k), unit);
      }
    }
  }

  // ---- one reading of the query ----

  #searchReading(
    reading: NormalisedName,
    settings: SearchTypeSettings,
    allowed: Uint8Array | null,
    best: Map<number, Hit>,
  ): void {
    const q = reading.tokens;
    const weights = q.map((t) => this.#queryWeight(t));
    let total = 0;
    for (const w of weights) total += w;
    const bitWeight = new Float64Array(MASK_BITS);
    let strongBits = 0;
    q.forEach((t, i) => {
      bitWeight[Math.min(i, MASK_BITS - 1)]! += weights[i]!;
      if (!t.weak) strongBits = (strongBits | bitOf(i)) >>> 0;
    });

    const units: Unit[] = [];
    this.#unitTids.length = 0;
    const newUnit = (mask: number, joined = 0): Unit => {
      const start = this.#unitTids.length;
      const u: Unit = { mask, start, end: start, cost: 0, compound: false, joined };
      units.push(u);
      return u;
    };
    q.forEach((token, i) => this.#collectToken(token, newUnit(bitOf(i)), settings));
    for (let n = 2; n <= Math.min(4, q.length); n++)
      for (let i = 0; i + n <= q.length; i++) {
        let text = '';
        let mask = 0;
        for (let j = i; j < i + n; j++) {
          text += q[j]!.text;
          mask = (mask | bitOf(j)) >>> 0;
        }
        const shortPair = n === 2 && Math.max(q[i]!.text.length, q[i + 1]!.text.length) <= MAX_COMPOUND_PART;
        this.#collectJoin(text, newUnit(mask, JOINED_RUN), settings, shortPair);
      }
    q.forEach((token, i) => this.#collectSplits(token, bitOf(i), newUnit, settings));

    try {
      const candidates = this.#candidates(units, settings, allowed, total, bitWeight, strongBits, q);
      this.#score(candidates, reading, weights, settings, best);
    } finally {
      for (const t of this.#touchedTokens) {
        this.#tokMask[t] = 0;
        this.#joinReached[t] = 0;
      }
      this.#touchedTokens.length = 0;
    }
  }

  // The least query coverage a name needs to reach the threshold: the token score is at most 100 x coverage. With
  // a vector part (fuzzy_search), the n-gram cosine lifts only names the keys reach for VECTOR_MIN_COVERAGE of the
  // query's weight: a name sharing one syllable or one common given name with the query is no candidate, however
  // many letters the two have in common.
  #neededCoverage(settings: SearchTypeSettings): number {
    const need = settings.threshold - 0.05;
    return settings.vectorWeight > 0 ? Math.min(need / 100, VECTOR_MIN_COVERAGE) : need / 100;
  }

  // Names that can still reach the threshold, with their bound, best bound first.
  //
  // Which names to reach: a name no unit of the query tokens in S reaches has coverage at most the weight outside S,
  // so S = the query tokens whose postings are cheapest per unit of weight, until the weight left outside S is below
  // the coverage needed. Only S's postings are read (a name like "Mohammed" is then read only when the query has
  // nothing rarer). Each name reached is bounded by the query tokens any of its own tokens is reached by.
  #candidates(
    units: readonly Unit[],
    settings: SearchTypeSettings,
    allowed: Uint8Array | null,
    total: number,
    bitWeight: Float64Array,
    strongBits: number,
    q: readonly NameToken[],
  ): { names: number[]; bounds: number[] } {
    const empty = { names: [], bounds: [] };
    const needCov = this.#neededCoverage(settings) - 1e-9;
    let coverable = 0;
    for (const u of units) if (u.end > u.start) coverable = (coverable | u.mask) >>> 0;
    let reachable = 0;
    const bits = Math.min(q.length, MASK_BITS);
    const costPerWeight: [number, number][] = [];
    for (let b = 0; b < bits; b++) {
      const bit = (1 << b) >>> 0;
      if (!(coverable & bit)) continue;
      reachable += bitWeight[b]!;
      let cost = 0;
      for (const u of units) if (u.mask & bit) cost += u.cost;
      costPerWeight.push([b, cost / Math.max(bitWeight[b]!, 1e-9)]);
    }
    const exhaustive = (settings as { exhaustive?: boolean }).exhaustive === true;
    if (!exhaustive && reachable / total < needCov) return empty;
    costPerWeight.sort((x, y) => x[1] - y[1] || x[0] - y[0]);
    let chosen = 0;
    let rest = reachable;
    for (const [b] of costPerWeight) {
      if (rest / total < needCov && !exhaustive) break;
      chosen = (chosen | (1 << b)) >>> 0;
      rest -= bitWeight[b]!;
    }

    const stamp = this.#nextStamp();
    const { nameEntry, entryList, tokenFlags, tokenWeight } = this.data;
    const nameStamp = this.#nameStamp;
    const nameMask = this.#nameMask;
    const reached: number[] = [];
    let postingsRead = 0;
    const tn = this.#tokenNames;
    const jn = this.#joinedNames;
    const tnFlat = tn.flat;
    const jnFlat = jn.flat;
    for (const u of units) {
      const spread = (u.mask & chosen) !== 0;
      if (!spread && !u.compound) continue;
      for (let k = u.start; k < u.end; k++) {
        const tid = this.#unitTids[k]!;
        if (spread) {
          const end = tn.end(tid);
          const start = tn.start(tid);
          postingsRead += end - start;
          for (let p = start; p < end; p++) {
            const name = tnFlat[p]!;
            if (nameStamp[name] === stamp) continue;
            if (allowed !== null && allowed[entryList[nameEntry[name]!]!] !== 1) continue;
            nameStamp[name] = stamp;
            nameMask[name] = 0;
            reached.push(name);
          }
        }
        if (!u.compound) continue;
        // A name holding the token only joined: its own tokens do not show which query tokens reach it.
        for (let p = jn.start(tid), end = jn.end(tid); p < end; p++) {
          const name = jnFlat[p]!;
          postingsRead++;
          if (nameStamp[name] !== stamp) {
            if (allowed !== null && allowed[entryList[nameEntry[name]!]!] !== 1) continue;
            nameStamp[name] = stamp;
            nameMask[name] = 0;
            reached.push(name);
          }
          nameMask[name] = (nameMask[name]! | u.mask) >>> 0;
        }
      }
    }

    if (exhaustive) return this.#everyName(allowed, stamp);
    const need = settings.threshold - 0.05;
    const vw = settings.vectorWeight;
    const nameFlags = this.data.nameFlags;
    const nt = this.#nameTokens;
    const ntFlat = nt.flat;
    const tokMask = this.#tokMask;
    const names: number[] = [];
    const bounds: number[] = [];
    if (vw > 0) this.#cosine.setQuery(q.map((t) => gramIds(t.text)));
    for (const name of reached) {
      let own = 0;
      let hitWeight = 0;
      let allWeight = 0;
      let strongListed = 0;
      for (let p = nt.start(name), end = nt.end(name); p < end; p++) {
        const tid = ntFlat[p]!;
        const w = tokenWeight[tid]!;
        allWeight += w;
        const m = tokMask[tid]!;
        if (m === 0) continue;
        own = (own | m) >>> 0;
        hitWeight += w;
        if (!(tokenFlags[tid]! & WEAK)) strongListed++;
      }
      const joined = nameMask[name]!;
      const mask = (own | joined) >>> 0;
      let covered = 0;
      let strongQuery = 0;
      for (let b = 0; b < bits; b++)
        if (mask & (1 << b)) {
          covered += bitWeight[b]!;
          if (strongBits & (1 << b)) strongQuery++;
        }
      // Joined listed tokens pair with a query token as one: which of them is not known here, so all count.
      const listedCov = joined !== 0 || allWeight === 0 ? 1 : hitWeight / allWeight;
      const penalty = strongQuery >= 2 && strongListed >= 2 ? LISTED_PENALTY_MULTI : LISTED_PENALTY_SINGLE;
      const coverage = Math.min(1, covered / total);
      let bound = 100 * coverage * (1 - penalty * (1 - listedCov));
      if (vw > 0 && bound < need) {
        if (coverage < needCov || (1 - vw) * bound + vw * 100 < need) continue;
        const cosine = this.#nameCosine(name);
        bound = Math.max(bound, (1 - vw) * bound + vw * 100 * cosine);
      }
      if (nameFlags[name]! & WEAK_NAME) bound *= WEAK_ALIAS_FACTOR;
      if (bound < need) continue;
      names.push(name);
      bounds.push(bound);
    }
    this.#lastStats = {
      postingsRead: this.#lastStats.postingsRead + postingsRead,
      namesTouched: this.#lastStats.namesTouched + reached.length,
      scored: this.#lastStats.scored,
    };
    return { names, bounds };
  }

  // Every name (allowed), unbounded: after the postings are read as usual, so joins pair exactly where they would.
  #everyName(allowed: Uint8Array | null, stamp: number): { names: number[]; bounds: number[] } {
    const names: number[] = [];
    const { nameEntry, entryList } = this.data;
    for (let name = 0; name < this.size; name++) {
      if (this.#nameStamp[name] !== stamp) this.#nameMask[name] = 0;
      if (allowed === null || allowed[entryList[nameEntry[name]!]!] === 1) names.push(name);
    }
    return { names, bounds: names.map(() => 100) };
  }

  #nextStamp(): number {
    if (this.#stamp >= 0xfffffffe) {
      this.#nameStamp.fill(0);
      this.#stamp = 0;
    }
    return ++this.#stamp;
  }

  // Scores candidates best bound first; stops once MAX_MATCHES entries score above every remaining bound.
  #score(
    candidates: { names: number[]; bounds: number[] },
    reading: NormalisedName,
    weights: readonly number[],
    settings: SearchTypeSettings,
    best: Map<number, Hit>,
  ): void {
    const { names, bounds } = candidates;
    if (names.length === 0) return;
    const order = Array.from(names.keys()).sort((a, b) => bounds[b]! - bounds[a]! || names[a]! - names[b]!);
    const queryTokens: IndexedToken[] = reading.tokens.map((token, i) => ({
      token,
      weight: weights[i]!,
      id: bitOf(i),
    }));
    const queryTexts = reading.tokens.map((t) => t.text);
    // Identical (score 100) = the same multiset of token texts; token ids are interned by text, so compare ids.
    const queryIds: number[] = [];
    for (const t of reading.tokens) {
      const id = this.#tokens.get(t.text);
      if (id < 0) {
        queryIds.length = 0;
        break;
      }
      queryIds.push(id);
    }
    queryIds.sort((a, b) => a - b);
    const vw = settings.vectorWeight;
    if (vw > 0) this.#cosine.setQuery(reading.tokens.map((t) => gramIds(t.text)));
    // A query token pairs only with listed tokens its keys reached (the bound of #candidates assumes no more); the
    // tokens scoring joins from adjacent ones (no id) are compared as they are.
    const tokMask = this.#tokMask;
    const scoreOpts = {
      tolerance: settings.tolerance,
      minTokenSimilarity: settings.minTokenSimilarity,
      memo: new Map() as SimilarityMemo,
      joinMemo: new Map<string, Map<string, number>>(),
      mayPair: (q: WeightedToken, l: WeightedToken): boolean => {
        const bits = (q as Partial<IndexedToken>).id;
        const tid = (l as Partial<IndexedToken>).id;
        return bits === undefined || tid === undefined || (tokMask[tid]! & bits) !== 0;
      },
    };
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
      const listed = this.#listedWeighted(nameId, this.#listedScratch);
      const tokenScore = identical ? 100 : scoreValue(queryTokens, listed, scoreOpts, this.#mayJoin(nameId));
      let score = tokenScore;
      let cosine = 0;
      if (vw > 0 && !identical) {
        cosine = this.#nameCosine(nameId);
        score = Math.max(tokenScore, (1 - vw) * tokenScore + vw * 100 * cosine);
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
          detail: scoreNames(queryTokens, this.#listedWeighted(nameId), scoreOpts),
          cosine,
          token: tokenScore,
          queryTokens: queryTexts,
          vector: vw > 0,
        });
    }
    this.#lastStats = { ...this.#lastStats, scored: this.#lastStats.scored + scored };
  }

  // Whether a join can pair for this name: it was reached through a joined posting, holds a token a joined run of
  // query tokens reached, or two tokens parts of a split query token reached (then both are covered tokens, and
  // the coverage bound holds as it is). Valid during the reading that reached it.
  #mayJoin(nameId: number): boolean {
    if (this.#nameMask[nameId] !== 0) return true;
    const nt = this.#nameTokens;
    let parts = 0;
    for (let p = nt.start(nameId), end = nt.end(nameId); p < end; p++) {
      const reached = this.#joinReached[nt.flat[p]!]!;
      if (reached & JOINED_RUN) return true;
      if (reached & SPLIT_PART && ++parts >= 2) return true;
    }
    return false;
  }

  // The MAX_MATCHES-th best score so far (names bounded below it cannot enter the results).
  #kthBest(best: Map<number, Hit>): number {
    const scores = Array.from(best.values(), (h) => h.score).sort((a, b) => b - a);
    return scores[MAX_MATCHES - 1] ?? -1;
  }

  // A listed name's tokens as scoring sees them, into `out` (one immutable object per token id, made once).
  #listedWeighted(nameId: number, out: IndexedToken[] = []): IndexedToken[] {
    const nt = this.#nameTokens;
    out.length = 0;
    for (let p = nt.start(nameId), end = nt.end(nameId); p < end; p++) {
      const tid = nt.flat[p]!;
      let w = this.#weighted[tid];
      if (w === undefined)
        this.#weighted[tid] = w = { token: this.#token(tid), weight: this.data.tokenWeight[tid]!, id: tid };
      out.push(w);
    }
    return out;
  }

  // The n-gram cosine of the current query (set on #cosine) with a listed name.
  #nameCosine(nameId: number): number {
    const { offsets, data } = this.data.tokenGrams;
    const nt = this.#nameTokens;
    return this.#cosine.cosinePacked(offsets, data, nt.flat, nt.start(nameId), nt.end(nameId));
  }

  #identical(nameId: number, sortedQueryIds: readonly number[]): boolean {
    const ids = this.#nameTokens.get(nameId);
    if (ids.length !== sortedQueryIds.length || ids.length === 0) return false;
    const sorted = Uint32Array.from(ids).sort();
    for (let i = 0; i < sorted.length; i++) if (sorted[i] !== sortedQueryIds[i]) return false;
    return true;
  }
}
