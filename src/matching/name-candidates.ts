// The names a query can still match, each with an upper bound of its score, from the units of query-reach.ts,
// reading as few postings as the bound allows (see README section 6). Per-thread scratch: which names a search
// reached and which query tokens reach them only through joined postings.
import { WEAK, WEAK_NAME } from './index-data.js';
import type { IndexViews } from './index-views.js';
import { gramIds } from './ngram-vector.js';
import type { GramCosine } from './ngram-vector.js';
import type { NameToken } from './normalise-name.js';
import { JOINED_RUN, MASK_BITS, SPLIT_PART } from './query-reach.js';
import { droppedROneClass, latinSounds, writtenRSounds } from './scripts/index.js';
import type { QueryReach, Unit } from './query-reach.js';
import {
  coverageScore,
  LISTED_PENALTY_MULTI,
  LISTED_PENALTY_RARE_SURNAME,
  listedPenalty,
  vectorScore,
  WEAK_ALIAS_FACTOR,
} from './score-formula.js';
import { MIN_TWO_TYPO_LENGTH, SOFT_PAIR_MAX, twoTypoTexts } from './score-names.js';
import type { SearchTypeSettings } from './search-types.js';

/** Names to score and their bounds (parallel arrays). */
export interface Candidates {
  readonly names: number[];
  readonly bounds: number[];
  /** fuzzy_search: the n-gram cosine where the bound needed it, else -1 (scoring reuses it). */
  readonly cosines: number[];
  /** Posting-list entries read and names reached, for QueryStats. */
  readonly postingsRead: number;
  readonly namesTouched: number;
}

/** The query's tokens and weights as the bound needs them. */
export interface QueryWeights {
  readonly tokens: readonly NameToken[];
  /** Sum of the query tokens' weights. */
  readonly total: number;
  /** Weight per mask bit. */
  readonly bitWeight: Float64Array;
  /** Bits of the strong (not weak) query tokens. */
  readonly strongBits: number;
  /** A rare surname with only a particle or title (score-names.ts rareSurnameQuery): the lower penalty may apply. */
  readonly rareSurname: boolean;
  /**
   * A company's rare word with its legal form (score-names.ts rareCompanyWordQuery): the listed token id of its text
   * (a name holding it, or joined tokens, may cost LISTED_PENALTY_MULTI), any number no token has where the index does
   * not hold it; else -1.
   */
  readonly companyWord: number;
  /**
   * Bits of the query's initials (one Latin letter in a name written in Latin, Cyrillic or Greek): each pairs with
   * any listed token starting with its letter, which no key reaches, so the bound grants it to every name holding
   * such a token and never reads postings for it.
   */
  readonly initialBits: number;
  /** Per letter code (< 128): the bits of the query's initials of that letter. */
  readonly initialMask: Uint32Array;
  /**
   * Bits of the query's one-class script words (score-names.ts WeightedToken.leftover; fuzzy_search): each pairs
   * with a listed token left over whose sound is its class, which no key reaches, so the bound grants it to every
   * name holding such a token and never reads postings for it. Absent: none.
   */
  readonly leftoverBits?: number;
  /** Per class (LEFTOVER_CLASSES index): the bits of the query's one-class words of that class. */
  readonly leftoverByClass?: Uint32Array;
  /**
   * Bits of the query's words that pair with a listed word two typos away (score-names.ts WeightedToken.twoTypos),
   * which no key reaches: the bound grants each to every name holding such a word (twoTypoMask) among the names read,
   * and the names holding twoTypoAnchor are read too. Absent: none.
   */
  readonly twoTypoBits?: number;
  /**
   * With twoTypoBits: a variant key id of a strong query word every name granted such a pair holds (score-names.ts
   * twoTypoCheck: the other strong words pair by their variant keys), whose tokens' postings are read too.
   */
  readonly twoTypoAnchor?: number;
}

/** The consonant classes (scripts/sound-key.ts), in the order of the bits of a token's one-class readings. */
export const LEFTOVER_CLASSES = 'PTKSLMN';

/** fuzzy_search's n-gram cosine lifts only names whose tokens the keys reach cover this share of the query. */
const VECTOR_MIN_COVERAGE = 0.5;

/** Finds and bounds candidate names; one per thread. */
export class CandidateFinder {
  readonly #v: IndexViews;
  readonly #nameStamp: Uint32Array;
  readonly #nameMask: Uint32Array;
  #stamp = 0;
  // fuzzy_search's cosine, made on first use: each name's squared gram norm + 1 (0 = not computed yet; it does not
  // depend on the query), and each token's dot product with the current query, valid where its stamp is current.
  #normSq: Uint32Array | null = null;
  #tokenDot: Float64Array | null = null;
  #dotStamp = 0;
  #dotVersion = -1;
  // Each listed token's one-class readings (bit i: class LEFTOVER_CLASSES[i]; 0x80: computed), made as the leftover
  // bound first asks for them: they do not depend on the query.
  #oneClass: Uint8Array | null = null;
  // #choosePostings's per-bit scratch (refilled per search: no array allocated off the heap per search).
  readonly #saved = new Float64Array(MASK_BITS);
  // twoTypoMask's answers for the current search, valid where a token's stamp is current.
  #typoMask: Uint32Array | null = null;
  #typoStamp: Uint32Array | null = null;
  #typoSearch = 0;
  // Each listed token's first byte and length (capped at 255), `byte << 8 | length`, made on first use: the bound
  // reads it to skip twoTypoMask for a token no two-typo word can pair (most tokens), without its memo's two reads.
  #tokenShape: Uint16Array | null = null;
  // Per search with two-typo words (#fillTypoFilter): per first character code, the bits of those words that start
  // with it; per listed token length (as #tokenShape caps it), the bits of those words it is within two letters of.
  readonly #typoByFirst = new Uint32Array(256);
  readonly #typoByLength = new Uint32Array(256);
  // Each name's summed token weight (added in token order, as #boundNames would), made on the first search: it does
  // not depend on the query, and reading it spares #boundNames the weight of every token a query does not reach.
  #nameWeight: Float64Array | null = null;

  constructor(views: IndexViews) {
    this.#v = views;
    this.#nameStamp = new Uint32Array(views.nameCount);
    this.#nameMask = new Uint32Array(views.nameCount);
  }

  /**
   * Whether a join can pair for this name: it was reached through a joined posting, holds a token a joined run of
   * query tokens reached, or two tokens parts of a split query token reached (then both are covered tokens, and
   * the coverage bound holds as it is). Valid for the names of the last find().
   */
  mayJoin(nameId: number, reach: QueryReach): boolean {
    if (this.#nameMask[nameId] !== 0) return true;
    const nt = this.#v.nameTokens;
    let parts = 0;
    for (let p = nt.start(nameId), end = nt.end(nameId); p < end; p++) {
      const reached = reach.joined(nt.flat[p]!);
      if (reached & JOINED_RUN) return true;
      if (reached & SPLIT_PART && ++parts >= 2) return true;
    }
    return false;
  }

  /**
   * The bits of the query's one-class words that listed token `tid` may pair with though no key reaches it: those of
   * the classes one of its readings is (every reading, those that keep every r too: a superset of what score-names.ts
   * leftoverSound takes). NameIndex lets them pair there, left over or by their spelling (as an initial pairs with
   * any token of its letter), and the bound grants them as it does an initial.
   */
  leftoverMask(tid: number, byClass: Uint32Array): number {
    const cache = (this.#oneClass ??= new Uint8Array(this.#v.tokenCount));
    let classes = cache[tid]!;
    if (classes === 0) {
      classes = 0x80;
      const text = this.#v.tokens.text(tid);
      for (const sound of [...latinSounds(text), ...writtenRSounds(text), ...droppedROneClass(text)])
        if (sound.length === 1) classes |= 1 << LEFTOVER_CLASSES.indexOf(sound);
      cache[tid] = classes;
    }
    let m = 0;
    for (let i = 0; i < 7; i++) if (classes & (1 << i)) m |= byClass[i]!;
    return m >>> 0;
  }

  /**
   * The bits of `bits` (query words that may pair two typos away: QueryWeights.twoTypoBits) whose text is two typos
   * from listed token `tid`'s (score-names.ts twoTypoTexts: a superset of what scoring grants, which also asks that
   * both be strong words of two variant keys). Remembered per search (find()).
   */
  twoTypoMask(tid: number, q: readonly NameToken[], bits: number): number {
    const stamps = (this.#typoStamp ??= new Uint32Array(this.#v.tokenCount));
    const masks = (this.#typoMask ??= new Uint32Array(this.#v.tokenCount));
    if (stamps[tid] === this.#typoSearch) return masks[tid]!;
    stamps[tid] = this.#typoSearch;
    let m = 0;
    const { bytes, offsets } = this.#v.data.tokens;
    const start = offsets[tid]!;
    const length = offsets[tid + 1]! - start;
    if (length >= MIN_TWO_TYPO_LENGTH) {
      let text: string | null = null;
      for (let b = 0; b < q.length && b < MASK_BITS; b++) {
        const bit = (1 << b) >>> 0;
        if (!(bits & bit)) continue;
        const t = q[b]!.text;
        if (Math.abs(t.length - length) > 2 || t.charCodeAt(0) !== bytes[start]) continue;
        text ??= this.#v.tokens.text(tid);
        if (twoTypoTexts(t, text)) m = (m | bit) >>> 0;
      }
    }
    masks[tid] = m;
    return m;
  }

  /**
   * The n-gram cosine of the query set on `cosine` with a listed name: the same value as
   * `cosine.cosineTokens(...)` (integer sums, so the order of addition does not matter), from the name's norm,
   * computed once per name, and its tokens' dot products, computed once per token and query.
   */
  cosine(nameId: number, cosine: GramCosine): number {
    const { bytes, offsets } = this.#v.data.tokens;
    const nt = this.#v.nameTokens;
    const flat = nt.flat;
    const from = nt.start(nameId);
    const to = nt.end(nameId);
    this.#normSq ??= new Uint32Array(this.#v.nameCount);
    // (Each token's dot product beside its stamp, [2t] and [2t + 1]: one cache line read per token, not two.)
    const tokenDot = (this.#tokenDot ??= new Float64Array(2 * this.#v.tokenCount));
    if (cosine.version !== this.#dotVersion) {
      this.#dotVersion = cosine.version;
      if (this.#dotStamp >= 0xfffffffe) {
        for (let i = 1; i < tokenDot.length; i += 2) tokenDot[i] = 0;
        this.#dotStamp = 0;
      }
      this.#dotStamp++;
    }
    const stamp = this.#dotStamp;
    let dot = 0;
    for (let k = from; k < to; k++) {
      const t = flat[k]!;
      if (tokenDot[2 * t + 1] !== stamp) {
        tokenDot[2 * t] = cosine.tokenDot(bytes, offsets, t);
        tokenDot[2 * t + 1] = stamp;
      }
      dot += tokenDot[2 * t]!;
    }
    let sq = this.#normSq[nameId]!;
    if (sq === 0) {
      sq = cosine.nameNormSq(bytes, offsets, flat, from, to) + 1;
      this.#normSq[nameId] = sq;
    }
    return cosine.cosineOf(dot, sq - 1);
  }

  // The least query coverage a name needs to reach the threshold: the token score is at most 100 x coverage. With
  // a vector part (fuzzy_search), the n-gram cosine lifts only names the keys reach for VECTOR_MIN_COVERAGE of the
  // query's weight: a name sharing one syllable or one common given name with the query is no candidate, however
  // many letters the two have in common.
  #neededCoverage(settings: SearchTypeSettings): number {
    const need = settings.threshold - 0.05;
    return settings.vectorWeight > 0 ? Math.min(need / 100, VECTOR_MIN_COVERAGE) : need / 100;
  }

  /**
   * The names that can still reach the threshold, each with a bound of its score (NameIndex scores them best bound
   * first and stops early: README section 6), in three phases: which postings to read, the names they reach, and
   * which of those to score.
   */
  find(
    reach: QueryReach,
    units: readonly Unit[],
    settings: SearchTypeSettings,
    allowed: Uint8Array | null,
    query: QueryWeights,
    cosine: GramCosine,
    /** Every name, unbounded (tests and diagnostics: NameIndex.search's `exhaustive`). */
    exhaustive = false,
  ): Candidates {
    const needCov = this.#neededCoverage(settings) - 1e-9;
    if ((query.twoTypoBits ?? 0) !== 0) {
      this.#nextTypoSearch();
      this.#fillTypoFilter(query.tokens, query.twoTypoBits!);
    }
    const chosen = this.#choosePostings(units, query, needCov, exhaustive);
    if (chosen === null) return { names: [], bounds: [], cosines: [], postingsRead: 0, namesTouched: 0 };
    const anchor = (query.twoTypoBits ?? 0) !== 0 ? (query.twoTypoAnchor ?? -1) : -1;
    const { reached, postingsRead, stamp } = this.#readPostings(reach, units, chosen, allowed, anchor);
    const namesTouched = reached.length;
    // The query's n-grams, for the bound here and the scoring that follows (which reads the same `cosine`).
    if (settings.vectorWeight > 0) cosine.setQuery(query.tokens.map((t) => gramIds(t.text)));
    if (exhaustive) return { ...this.#everyName(allowed, stamp), postingsRead, namesTouched };
    return {
      ...this.#boundNames(reach, reached, settings, query, needCov, cosine),
      postingsRead,
      namesTouched,
    };
  }

  // Which postings to read: a name no unit of the query tokens in S reaches has coverage at most the weight outside
  // S, so S = the query tokens whose postings are cheapest per unit of weight, until the weight left outside S is
  // below the coverage needed (a name like "Mohammed" is then read only when the query has nothing rarer). Returns
  // S's mask bits; null when even every reachable query token together cannot cover what the threshold needs.
  #choosePostings(
    units: readonly Unit[],
    query: QueryWeights,
    needCov: number,
    exhaustive: boolean,
  ): number | null {
    const { total, bitWeight, tokens: q } = query;
    let coverable = 0;
    for (const u of units) if (u.end > u.start) coverable = (coverable | u.mask) >>> 0;
    let reachable = 0;
    const bits = Math.min(q.length, MASK_BITS);
    const costPerWeight: [number, number][] = [];
    // Per bit: the weight a name none of whose tokens its postings reach can no longer have once they are read.
    const saved = this.#saved.fill(0, 0, bits);
    for (let b = 0; b < bits; b++) {
      const bit = (1 << b) >>> 0;
      // An initial covers names its keys do not reach: its weight always counts as outside S. A one-class script
      // word's too (it pairs with any token of its sound), but its postings are read, last, while the others' leave
      // too much outside: a name may need a pair only the word's keys make.
      if (query.initialBits & bit) {
        reachable += bitWeight[b]!;
        continue;
      }
      const leftover = ((query.leftoverBits ?? 0) & bit) !== 0;
      if (leftover) reachable += bitWeight[b]!;
      if (!(coverable & bit)) continue;
      if (!leftover) reachable += bitWeight[b]!;
      saved[b] = leftover ? 0 : bitWeight[b]!;
      let cost = 0;
      for (const u of units) if (u.mask & bit) cost += u.cost;
      costPerWeight.push([b, leftover ? Infinity : cost / Math.max(saved[b]!, 1e-9)]);
    }
    if (!exhaustive && reachable / total < needCov) {
      // A word that may pair two typos away no key reaches (QueryWeights.twoTypoBits): the names granted such a pair
      // hold the anchor's tokens, read beside the postings chosen (none, where the query needs the grant to be
      // matched at all).
      if ((query.twoTypoAnchor ?? -1) < 0) return null;
      let granted = reachable;
      for (let b = 0; b < bits; b++)
        if ((query.twoTypoBits ?? 0) & ~coverable & (1 << b)) granted += bitWeight[b]!;
      return granted / total < needCov ? null : 0;
    }
    costPerWeight.sort((x, y) => x[1] - y[1] || x[0] - y[0]);
    let chosen = 0;
    let rest = reachable;
    for (const [b] of costPerWeight) {
      if (rest / total < needCov && !exhaustive) break;
      chosen = (chosen | (1 << b)) >>> 0;
      rest -= saved[b]!;
    }
    return chosen;
  }

  // The names the chosen units' postings reach (once each, in the allowed lists), stamped for this search; a name
  // holding a reached token only joined gets the mask of the units reaching it (its own tokens do not show it).
  #readPostings(
    reach: QueryReach,
    units: readonly Unit[],
    chosen: number,
    allowed: Uint8Array | null,
    /** A variant key id whose tokens' names are read too (QueryWeights.twoTypoAnchor), or -1. */
    anchor: number,
  ): { reached: number[]; postingsRead: number; stamp: number } {
    const stamp = this.#nextStamp();
    const { nameEntry, entryList } = this.#v.data;
    const nameStamp = this.#nameStamp;
    const nameMask = this.#nameMask;
    const reached: number[] = [];
    let postingsRead = 0;
    const tn = this.#v.tokenNames;
    const jn = this.#v.joinedNames;
    const tnFlat = tn.flat;
    const jnFlat = jn.flat;
    for (const u of units) {
      const spread = (u.mask & chosen) !== 0;
      if (!spread && !u.compound) continue;
      for (let k = u.start; k < u.end; k++) {
        const tid = reach.tid(k);
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
    if (anchor >= 0) {
      const kt = this.#v.kTokens;
      for (let k = kt.start(anchor), end = kt.end(anchor); k < end; k++) {
        const tid = kt.flat[k]!;
        for (let p = tn.start(tid), last = tn.end(tid); p < last; p++) {
          const name = tnFlat[p]!;
          postingsRead++;
          if (nameStamp[name] === stamp) continue;
          if (allowed !== null && allowed[entryList[nameEntry[name]!]!] !== 1) continue;
          nameStamp[name] = stamp;
          nameMask[name] = 0;
          reached.push(name);
        }
      }
    }
    return { reached, postingsRead, stamp };
  }

  // Which names to score: each reached name is bounded by the query tokens any of its own tokens is reached by
  // (coverage of the query), the share of its own weight reached (coverage of the name) and, for fuzzy_search, the
  // n-gram cosine; names bounded below the threshold are dropped.
  #boundNames(
    reach: QueryReach,
    reached: readonly number[],
    settings: SearchTypeSettings,
    query: QueryWeights,
    needCov: number,
    cosine: GramCosine,
  ): { names: number[]; bounds: number[]; cosines: number[] } {
    const {
      total,
      bitWeight,
      strongBits,
      rareSurname,
      companyWord,
      initialBits,
      initialMask,
      tokens: q,
    } = query;
    const leftoverBits = query.leftoverBits ?? 0;
    const leftoverByClass = query.leftoverByClass;
    const twoTypoBits = query.twoTypoBits ?? 0;
    const { bytes: tokenBytes, offsets: tokenOffsets } = this.#v.data.tokens;
    const bits = Math.min(q.length, MASK_BITS);
    const need = settings.threshold - 0.05;
    const vw = settings.vectorWeight;
    const { nameFlags, tokenFlags, tokenWeight } = this.#v.data;
    const nameMask = this.#nameMask;
    const nt = this.#v.nameTokens;
    const ntFlat = nt.flat;
    const tokMask = reach.masks;
    const nearOnly = reach.nearOnly;
    // (No near sound was looked up: every token's nearOnly is 0, and its reads are skipped.)
    const nearKeys = reach.nearKeysUsed;
    const nameWeight = this.#nameWeights();
    const tokenShape = twoTypoBits !== 0 ? this.#tokenShapes() : null;
    const typoByFirst = this.#typoByFirst;
    const typoByLength = this.#typoByLength;
    const names: number[] = [];
    const bounds: number[] = [];
    const cosines: number[] = [];
    for (const name of reached) {
      let own = 0;
      // Query bits reached other than by a near sound only (and granted initials): a near pair needs a firmer one.
      let firm = 0;
      let near = 0;
      let hitWeight = 0;
      const allWeight = nameWeight[name]!;
      let strongListed = 0;
      let company = false;
      for (let p = nt.start(name), end = nt.end(name); p < end; p++) {
        const tid = ntFlat[p]!;
        company ||= tid === companyWord;
        let m = tokMask[tid]!;
        if (nearKeys) {
          const nearM = nearOnly[tid]!;
          near |= nearM;
          firm |= m & ~nearM;
        } else firm |= m;
        if (initialBits !== 0) {
          const granted = initialMask[tokenBytes[tokenOffsets[tid]!]! & 127] ?? 0;
          m = (m | granted) >>> 0;
          firm |= granted;
        }
        if (leftoverBits !== 0) {
          const granted = this.leftoverMask(tid, leftoverByClass!);
          m = (m | granted) >>> 0;
          firm |= granted;
        }
        if (twoTypoBits !== 0 && (m & twoTypoBits) >>> 0 !== twoTypoBits) {
          // (twoTypoMask grants none where no such word shares the token's first letter and is within two letters
          // of its length: the shape says so without its memo.)
          const shape = tokenShape![tid]!;
          if ((typoByFirst[shape >>> 8]! & typoByLength[shape & 255]!) !== 0) {
            const granted = this.twoTypoMask(tid, q, twoTypoBits);
            m = (m | granted) >>> 0;
            firm |= granted;
          }
        }
        if (m === 0) continue;
        own = (own | m) >>> 0;
        hitWeight += tokenWeight[tid]!;
        if (!(tokenFlags[tid]! & WEAK)) strongListed++;
      }
      const joined = nameMask[name]!;
      const mask = (own | joined) >>> 0;
      // Near sounds and one-class words left over pair only beside a firmer pair (score-names.ts align): a name no
      // strong query token reaches otherwise scores 0 (and fuzzy_search's cosine lifts 0 to at most 50).
      if ((near !== 0 || leftoverBits !== 0) && strongBits !== 0 && ((firm | joined) & strongBits) === 0)
        continue;
      let covered = 0;
      let strongQuery = 0;
      // A query token that can pair with this name only by a near sound pairs at SOFT_PAIR_MAX at most: its weight
      // counts that much (a one-class word pairs as a firm token does with the tokens of its sound it is granted).
      const firmMask = (firm | joined) >>> 0;
      for (let b = 0; b < bits; b++)
        if (mask & (1 << b)) {
          covered += firmMask & (1 << b) ? bitWeight[b]! : SOFT_PAIR_MAX * bitWeight[b]!;
          if (strongBits & (1 << b)) strongQuery++;
        }
      // Joined listed tokens pair with a query token as one: which of them is not known here, so all count.
      const listedCov = joined !== 0 || allWeight === 0 ? 1 : hitWeight / allWeight;
      // At most min(strongQuery, strongListed) strong pairs can be made.
      const penalty = rareSurname
        ? LISTED_PENALTY_RARE_SURNAME
        : company || (companyWord >= 0 && joined !== 0)
          ? LISTED_PENALTY_MULTI
          : listedPenalty(Math.min(strongQuery, strongListed));
      const coverage = Math.min(1, covered / total);
      let bound = coverageScore(coverage, listedCov, penalty);
      let similarity = -1;
      if (vw > 0 && bound < need) {
        if (coverage < needCov || vectorScore(bound, 1, vw) < need) continue;
        similarity = this.cosine(name, cosine);
        bound = vectorScore(bound, similarity, vw);
      }
      if (nameFlags[name]! & WEAK_NAME) bound *= WEAK_ALIAS_FACTOR;
      if (bound < need) continue;
      names.push(name);
      bounds.push(bound);
      cosines.push(similarity);
    }
    return { names, bounds, cosines };
  }

  #nameWeights(): Float64Array {
    if (this.#nameWeight !== null) return this.#nameWeight;
    const { tokenWeight } = this.#v.data;
    const nt = this.#v.nameTokens;
    const flat = nt.flat;
    const out = new Float64Array(this.#v.nameCount);
    for (let name = 0; name < out.length; name++) {
      let all = 0;
      for (let p = nt.start(name), end = nt.end(name); p < end; p++) all += tokenWeight[flat[p]!]!;
      out[name] = all;
    }
    return (this.#nameWeight = out);
  }

  // Every name (allowed), unbounded: after the postings are read as usual, so joins pair exactly where they would.
  #everyName(
    allowed: Uint8Array | null,
    stamp: number,
  ): { names: number[]; bounds: number[]; cosines: number[] } {
    const names: number[] = [];
    const { nameEntry, entryList } = this.#v.data;
    for (let name = 0; name < this.#v.nameCount; name++) {
      if (this.#nameStamp[name] !== stamp) this.#nameMask[name] = 0;
      if (allowed === null || allowed[entryList[nameEntry[name]!]!] === 1) names.push(name);
    }
    return { names, bounds: names.map(() => 100), cosines: names.map(() => -1) };
  }

  #tokenShapes(): Uint16Array {
    if (this.#tokenShape !== null) return this.#tokenShape;
    const { bytes, offsets } = this.#v.data.tokens;
    const out = new Uint16Array(this.#v.tokenCount);
    for (let tid = 0; tid < out.length; tid++) {
      const start = offsets[tid]!;
      const length = offsets[tid + 1]! - start;
      out[tid] = (length === 0 ? 0 : bytes[start]! << 8) | Math.min(length, 255);
    }
    return (this.#tokenShape = out);
  }

  // The filter #boundNames reads before twoTypoMask: a superset of the bits twoTypoMask can grant a token (its first
  // byte the word's first character code, its length MIN_TWO_TYPO_LENGTH+ and within two of the word's).
  #fillTypoFilter(q: readonly NameToken[], bits: number): void {
    const byFirst = this.#typoByFirst;
    const byLength = this.#typoByLength;
    byFirst.fill(0);
    byLength.fill(0);
    for (let b = 0; b < q.length && b < MASK_BITS; b++) {
      const bit = (1 << b) >>> 0;
      if (!(bits & bit)) continue;
      const t = q[b]!.text;
      const c = t.charCodeAt(0);
      if (c < 256) byFirst[c] = (byFirst[c]! | bit) >>> 0;
      for (let n = Math.max(MIN_TWO_TYPO_LENGTH, t.length - 2); n <= Math.min(255, t.length + 2); n++)
        byLength[n] = (byLength[n]! | bit) >>> 0;
    }
  }

  #nextTypoSearch(): void {
    if (this.#typoSearch >= 0xfffffffe) {
      this.#typoStamp?.fill(0);
      this.#typoSearch = 0;
    }
    this.#typoSearch++;
  }

  #nextStamp(): number {
    if (this.#stamp >= 0xfffffffe) {
      this.#nameStamp.fill(0);
      this.#stamp = 0;
    }
    return ++this.#stamp;
  }
}
