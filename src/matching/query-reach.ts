// What each query token reaches in the index: the distinct listed tokens its keys lead to (its text, variant key,
// one-edit neighbours, loose key, skeleton, metaphone codes, script sounds), and the same for runs of adjacent
// query tokens joined and for a query token split in two. Scoring pairs a query token only with what it reached,
// which is what makes the coverage bound of name-candidates.ts exact.
import { MIN_DELETION_KEY } from './index-data.js';
import type { IndexViews } from './index-views.js';
import { isMemoisedToken } from './normalise-name.js';
import type { NameToken } from './normalise-name.js';
import { hashString } from './storage/index.js';
import type { Postings, StringTable } from './storage/index.js';
import {
  MAX_MOVED_LETTERS,
  MIN_HELD_TYPO_WORDS,
  MIN_STRICT_TYPO_LENGTH,
  RARE_SPELLING_NAMES,
  RARE_NAME_SHARE,
  MIN_SWAP_LENGTH,
  SOFT_PAIR_MAX,
  spelledScript,
  spelledSimilarity,
} from './score-names.js';
import type { SearchTypeSettings } from './search-types.js';
import { deletionHashes, matchKey, matchKeyBytes } from './token-keys.js';
import { nearSoundKeys, hanOnlyKeys } from './scripts/index.js';
import { MAX_COMPOUND_PART } from './index-data.js';

/** A three-letter word one letter from another is at most about this alike as a string (gio / gil 0.74). */
const SHORT_CHANGE_STRING = 0.75;

/** What one query token (or run of adjacent query tokens, joined, or split part) reaches: distinct listed tokens. */
export interface Unit {
  /** Query token bits covered (a joined run covers each of its tokens). */
  readonly mask: number;
  /** Its token ids are QueryReach.tid(start .. end - 1). */
  readonly start: number;
  end: number;
  /** Names postings to read to spread it. */
  cost: number;
  /** Reached a token some names hold only joined: such names are found by spreading, never by their tokens. */
  compound: boolean;
  /** 0, JOINED_RUN or SPLIT_PART. */
  readonly joined: number;
}

/** A run of two or more query tokens, joined (also the flag of the tokens it reaches). */
export const JOINED_RUN = 1;
/** A part of a query token split in two (also the flag of the tokens it reaches). */
export const SPLIT_PART = 2;
/** Query tokens beyond 31 share the last mask bit (the bound stays an upper bound). */
export const MASK_BITS = 32;
/** A tolerant key (loose, skeleton, metaphone, sound) shared by more distinct tokens than this is no evidence. */
const FUZZY_KEY_TOKEN_CAP = 1000;
/** A joined query token is split only into parts of at least this many letters. */
const MIN_SPLIT_PART = 2;
/** A query word's reach is remembered only when it is at most this many listed tokens... */
const MAX_REMEMBERED_REACH = 4096;
/** ...and the remembered reaches of an index hold at most this many words and token ids in all (then they are
 * forgotten). */
const MAX_REMEMBERED_WORDS = 20_000;
const MAX_REMEMBERED_TIDS = 1 << 20;
/** A remembered reach is `start * REACH_SPAN + length` in QueryReach's pool (lengths up to MAX_REMEMBERED_REACH). */
const REACH_SPAN = 8192;

/** The mask bit of query token `i`. */
export function bitOf(i: number): number {
  return (1 << Math.min(i, MASK_BITS - 1)) >>> 0;
}

/** Per-thread scratch of one reading of a query: which query tokens reach each listed token. */
export class QueryReach {
  readonly #v: IndexViews;
  readonly #tokMask: Uint32Array;
  readonly #nearOnly: Uint32Array;
  #nearKeys = false;
  // Whether the current collect() looked up a near sound (else every #nearOnly is 0).
  #nearKeysUsed = false;
  // The katakana or Hangul word whose near sounds are being looked up (fuzzy_search): it pairs by its spelling too.
  #nearSpelled: NameToken | null = null;
  readonly #joinReached: Uint8Array;
  readonly #touched: number[] = [];
  readonly #unitTids: number[] = [];
  readonly #hashes: number[] = [];
  // #addShortChanges's three letters, reused.
  readonly #shortLetters = new Uint8Array(3);
  // The query of the current collect() is typed in Latin letters (collect's `typed`).
  #typed = false;
  // What a Latin query word reached the last times it was asked, by key kinds and text: the token ids its keys
  // gave #addTid, in order, as a range of #pool. A recurring word (common given names, particles) calls #addTid
  // with them again instead of looking its keys up (the same calls, so the same state). Per index (a rebuilt index
  // has its own).
  readonly #remembered = new Map<string, Map<string, number>>();
  #rememberedWords = 0;
  #pool = new Uint32Array(0);
  #poolLength = 0;
  #recording: number[] | null = null;
  readonly #record: number[] = [];
  // The units of the current collect(), and while a split's reach is recorded, the index in #recording of the
  // current unit's count (-1: no unit yet; -2: no split recorded).
  #units: Unit[] | null = null;
  #splitHead = -2;
  // Whether strict may keep a typo in this reading (collect: #strictTypos).
  #typos = true;
  // Whether a word few listed names spell may be the typo (collect: #strictTypos: no word of the reading is unheld).
  #rareTypos = true;
  // Whether any listed word may be the typo (collect: #strictTypos: no word unheld, three strong words or more).
  #heldTypos = false;
  // Whether a three-letter word may be the typo (collect: #strictTypos: three strong words or more).
  #shortTypos = false;
  // The listed words of a two-word reading that may be the typo: beside a rare word (collect: #strictTypos).
  readonly #besideRare: NameToken[] = [];

  constructor(views: IndexViews) {
    this.#v = views;
    this.#tokMask = new Uint32Array(views.tokenCount);
    this.#nearOnly = new Uint32Array(views.tokenCount);
    this.#joinReached = new Uint8Array(views.tokenCount);
  }

  /**
   * The units of a reading's tokens (each token, joined runs of 2-4, splits in two). Call reset() after use.
   * `everyTypo`: look up strict's typo neighbours even where the reading cannot keep a typo (a comparison asks
   * what the loaded index's keys reach of a name it may not hold: #strictTypos counts this index's words).
   * `typed`: every letter of the query is Latin, so its words are as typed (not an Arabic or Hebrew reading's).
   */
  collect(q: readonly NameToken[], settings: SearchTypeSettings, everyTypo = false, typed = false): Unit[] {
    this.#typed = typed;
    const strictTypos = settings.tolerance === 'exact' && this.#strictTypos(q);
    this.#typos = settings.tolerance !== 'exact' || everyTypo || strictTypos;
    const units: Unit[] = [];
    this.#units = units;
    this.#unitTids.length = 0;
    // Only at standard_match (one edit, no sound keys): at strict a word's few lookups cost less than keeping them,
    // and at the phonetic types the words reach many more tokens, so that keeping them costs the queries that meet
    // a word for the first time more than its lookups (measured: first-sight queries' p50 +5 % at permissive).
    const remember = settings.tolerance === 'edit' && settings.keyKinds.includes('d');
    const kinds = remember ? settings.keyKinds.join('') : '';
    const remembered = remember ? this.#words(kinds) : null;
    for (let i = 0; i < q.length; i++)
      this.#collectToken(q[i]!, this.#newUnit(bitOf(i), 0), settings, remembered);
    for (let n = 2; n <= Math.min(4, q.length); n++)
      for (let i = 0; i + n <= q.length; i++) {
        let text = '';
        let mask = 0;
        for (let j = i; j < i + n; j++) {
          text += q[j]!.text;
          mask = (mask | bitOf(j)) >>> 0;
        }
        const shortPair = n === 2 && Math.max(q[i]!.text.length, q[i + 1]!.text.length) <= MAX_COMPOUND_PART;
        this.#collectJoin(text, this.#newUnit(mask, JOINED_RUN), settings, shortPair);
        if (n === 2) this.#collectMovedBoundary(q[i]!, q[i + 1]!, mask);
      }
    const rememberedSplits = remember ? this.#words(`split:${kinds}`) : null;
    for (let i = 0; i < q.length; i++) this.#collectSplits(q[i]!, bitOf(i), settings, rememberedSplits);
    this.#units = null;
    return units;
  }

  // A new unit of the current collect() (no closure per search: a hot path). While a split's reach is recorded
  // (#collectSplits), each unit's token count is written before its token ids.
  #newUnit(mask: number, joined: number): Unit {
    const recording = this.#splitHead >= -1 ? this.#recording : null;
    if (recording !== null) {
      if (this.#splitHead >= 0) recording[this.#splitHead] = recording.length - this.#splitHead - 1;
      this.#splitHead = recording.length;
      recording.push(0);
    }
    const start = this.#unitTids.length;
    const u: Unit = { mask, start, end: start, cost: 0, compound: false, joined };
    this.#units!.push(u);
    return u;
  }

  /** Forgets what the last collect() reached. */
  reset(): void {
    for (const t of this.#touched) {
      this.#tokMask[t] = 0;
      this.#joinReached[t] = 0;
      this.#nearOnly[t] = 0;
    }
    this.#touched.length = 0;
    this.#nearKeysUsed = false;
  }

  /** The query token bits that reach listed token `tid` (0: none). */
  mask(tid: number): number {
    return this.#tokMask[tid]!;
  }

  /** JOINED_RUN / SPLIT_PART flags of what reached listed token `tid`. */
  joined(tid: number): number {
    return this.#joinReached[tid]!;
  }

  /** The k-th token id of the units (a unit's are start .. end - 1). */
  tid(k: number): number {
    return this.#unitTids[k]!;
  }

  /** The per-token masks (read-only use: the candidate stage reads them in tight loops). */
  get masks(): Uint32Array {
    return this.#tokMask;
  }

  /** Per listed token: the query token bits of `masks` that reached it by a near sound only (fuzzy_search). */
  get nearOnly(): Uint32Array {
    return this.#nearOnly;
  }

  /** Whether the last collect() looked up a near sound: false means every token's `nearOnly` is 0. */
  get nearKeysUsed(): boolean {
    return this.#nearKeysUsed;
  }

  /** `text` split at `k` when both parts are listed tokens: one unit reaching both. */
  #addSplitAt(text: string, k: number, mask: number): void {
    const left = this.#v.tokens.getRange(text, 0, k);
    if (left < 0) return;
    const right = this.#v.tokens.getRange(text, k, text.length);
    if (right < 0) return;
    const unit = this.#newUnit(mask, SPLIT_PART);
    this.#addTid(left, unit);
    this.#addTid(right, unit);
  }

  #words(kinds: string): Map<string, number> {
    let words = this.#remembered.get(kinds);
    if (words === undefined) this.#remembered.set(kinds, (words = new Map()));
    return words;
  }

  #addTid(tid: number, unit: Unit): void {
    if (this.#recording !== null) this.#recording.push(tid);
    const m = this.#tokMask[tid]!;
    // Reached by a near sound only (until another key reaches it for the same query tokens), unless the word pairs
    // with it as a spelling above what the bound grants a near pair (a romanised word: score-names.ts
    // spelledSimilarity), which no key of its spelling reached.
    if (this.#nearKeys) {
      if (
        (m & unit.mask) >>> 0 !== unit.mask &&
        (this.#nearSpelled === null ||
          spelledSimilarity(this.#nearSpelled, this.#spelling(tid), SOFT_PAIR_MAX) <= SOFT_PAIR_MAX)
      )
        this.#nearOnly[tid] = (this.#nearOnly[tid]! | (unit.mask & ~m)) >>> 0;
    } else if (this.#nearOnly[tid] !== 0) this.#nearOnly[tid] = (this.#nearOnly[tid]! & ~unit.mask) >>> 0;
    if ((m & unit.mask) >>> 0 === unit.mask) return;
    if (m === 0) this.#touched.push(tid);
    this.#tokMask[tid] = (m | unit.mask) >>> 0;
    if (unit.joined !== 0) this.#joinReached[tid]! |= unit.joined;
    this.#unitTids.push(tid);
    unit.end++;
    unit.cost += this.#v.tokenNames.length(tid);
    if (this.#v.joinedNames.length(tid) > 0) unit.compound = true;
  }

  // Listed token `tid`'s text, variant key and loose key: what spelledSimilarity compares (no whole token is made).
  #spelling(tid: number): { text: string; key: string; loose: string } {
    const v = this.#v;
    const l = v.tokenFuzzy.l;
    return {
      text: v.tokens.text(tid),
      key: v.kTable.text(v.data.tokenKey[tid]!),
      loose: l.length(tid) === 0 ? '' : v.fuzzy.l.table.text(l.flat[l.start(tid)]!),
    };
  }

  #addKey(table: StringTable, tokens: Postings, key: string, unit: Unit, cap: number): void {
    const id = table.get(key);
    if (id < 0 || tokens.length(id) > cap) return;
    for (let p = tokens.start(id), end = tokens.end(id), flat = tokens.flat; p < end; p++)
      this.#addTid(flat[p]!, unit);
  }

  #addKeyId(kid: number, unit: Unit): void {
    const flat = this.#v.kTokens.flat;
    for (let p = this.#v.kTokens.start(kid), end = this.#v.kTokens.end(kid); p < end; p++)
      this.#addTid(flat[p]!, unit);
  }

  // The variant keys indexed under a deletion hash.
  #addDeletionHash(hash: number, unit: Unit): void {
    const d = this.#v.deletions;
    const hashes = d.hashes;
    for (let i = d.bucketStart(hash), end = d.bucketEnd(hash); i < end; i++)
      if (hashes[i] === hash) this.#addKeyId(d.values[i]!, unit);
  }

  // Listed spellings within one edit of `s`: one letter longer (s is one of their deletions), one letter shorter
  // (a deletion of s), or the same length with one letter changed or two swapped (they share a deletion). `s` is
  // a variant key (shorter ones looked up among variant keys), or a spelled text that may fold otherwise after a
  // typo, cxpital / capital (among token texts; the index holds listed texts' deletions too).
  // `texts` (a key that is its token's text): its deletions are looked up among listed texts too, where a listed
  // text that folds otherwise may be one (bastsam / bassam, key basam; gronup / group, key grup).
  #addDeletions(s: string, unit: Unit, spelled = false, texts = false): void {
    if (s.length >= MIN_DELETION_KEY - 1) this.#addDeletionHash(hashString(s), unit);
    if (s.length < MIN_DELETION_KEY) return;
    const hashes = this.#hashes;
    deletionHashes(s, hashes);
    for (let skip = 0; skip < hashes.length; skip++) {
      const h = hashes[skip]!;
      this.#addDeletionHash(h, unit);
      if (spelled) {
        const tid = this.#v.tokens.getDeletion(s, skip, h);
        if (tid >= 0) this.#addTid(tid, unit);
      } else {
        const kid = this.#v.kTable.getDeletion(s, skip, h);
        if (kid >= 0) this.#addKeyId(kid, unit);
        if (texts) {
          const tid = this.#v.tokens.getDeletion(s, skip, h);
          if (tid >= 0) this.#addTid(tid, unit);
        }
      }
    }
  }

  // A Latin word's reach depends on its text (as a memoised token: makeToken's fields), the index and the search
  // type's tolerance and key kinds only (near sounds are for script words).
  #collectToken(
    token: NameToken,
    unit: Unit,
    settings: SearchTypeSettings,
    remembered: Map<string, number> | null,
  ): void {
    if (remembered === null || token.script !== 'latin' || !isMemoisedToken(token)) {
      this.#reachToken(token, unit, settings);
      return;
    }
    const known = remembered.get(token.text);
    if (known !== undefined) {
      const pool = this.#pool;
      const start = Math.floor(known / REACH_SPAN);
      for (let i = start, end = start + (known % REACH_SPAN); i < end; i++) this.#addTid(pool[i]!, unit);
      return;
    }
    const recording = this.#record;
    recording.length = 0;
    this.#recording = recording;
    try {
      this.#reachToken(token, unit, settings);
    } finally {
      this.#recording = null;
    }
    this.#remember(remembered, token.text, recording);
  }

  #remember(remembered: Map<string, number>, text: string, recording: readonly number[]): void {
    const n = recording.length;
    if (n > MAX_REMEMBERED_REACH) return;
    if (this.#rememberedWords >= MAX_REMEMBERED_WORDS || this.#poolLength + n > MAX_REMEMBERED_TIDS) {
      for (const words of this.#remembered.values()) words.clear();
      this.#rememberedWords = 0;
      this.#poolLength = 0;
    }
    const start = this.#poolLength;
    if (start + n > this.#pool.length) {
      const pool = new Uint32Array(
        Math.min(MAX_REMEMBERED_TIDS, Math.max(4096, start + n, this.#pool.length * 2)),
      );
      pool.set(this.#pool.subarray(0, start));
      this.#pool = pool;
    }
    const pool = this.#pool;
    for (let i = 0; i < n; i++) pool[start + i] = recording[i]!;
    remembered.set(text, start * REACH_SPAN + n);
    this.#rememberedWords++;
    this.#poolLength = start + n;
  }

  // Whether strict may keep a typo in a reading (score-names.ts strictTypoFails): only as the one departure from the
  // listed name, beside a strong word or a legal form. Where two strong words of 2+ letters are spelled by no listed
  // name (text or variant key), or the reading is one strong word alone, none keeps one, and no word's one-edit
  // neighbours are looked up (many clean names; two such words joined into a listed one, beside a typo elsewhere, are
  // then two departures too).
  #strictTypos(q: readonly NameToken[]): boolean {
    let strong = 0;
    let legalForm = false;
    let unheld = 0;
    for (const t of q) {
      legalForm ||= t.legalForm;
      // A number is a word of the name too (ZENIT 3D, FU YUAN YU 008, ARCTICA 1), as scoring counts it.
      if (t.weak || (t.text.length < 2 && !t.numeric)) continue;
      strong++;
      if (t.numeric) continue;
      if (this.#v.tokens.get(t.text) < 0 && this.#v.kTable.get(t.key) < 0 && ++unheld >= 2) return false;
    }
    // A word no listed name spells is the reading's one departure if any: no other word's typo is looked up. Where
    // every word is listed, one of three strong words or more may be a typo into a commoner spelling (Abid for Abdi,
    // Mohammed for Mohammad): the two others or more, paired as written, name the listed name.
    this.#rareTypos = unheld === 0;
    this.#heldTypos = unheld === 0 && strong >= MIN_HELD_TYPO_WORDS;
    this.#shortTypos = strong >= MIN_HELD_TYPO_WORDS;
    // Two listed words, one of them rare (in at most RARE_NAME_SHARE of the names): the other may be the typo, into a
    // commoner spelling too (Samer for Samir beside JOUMAA); the rare one, as written, names the listed name.
    this.#besideRare.length = 0;
    if (unheld === 0 && strong === 2) {
      const words = q.filter((t) => !t.weak && !t.numeric && t.text.length >= 2);
      if (words.length === 2) {
        const rare = this.#v.nameCount * RARE_NAME_SHARE;
        const [a, b] = words as [NameToken, NameToken];
        const ta = this.#v.tokens.get(a.text);
        const tb = this.#v.tokens.get(b.text);
        if (tb >= 0 && this.#v.tokenNames.length(tb) <= rare) this.#besideRare.push(a);
        if (ta >= 0 && this.#v.tokenNames.length(ta) <= rare) this.#besideRare.push(b);
      }
    }
    return strong >= 2 || legalForm;
  }

  #reachToken(token: NameToken, unit: Unit, settings: SearchTypeSettings): void {
    const kinds = settings.keyKinds;
    const tid = this.#v.tokens.get(token.text);
    if (tid >= 0) this.#addTid(tid, unit);
    const kid = this.#v.kTable.get(token.key);
    if (kid >= 0) this.#addKeyId(kid, unit);
    // Two legal forms pair (llc ~ ltd) beyond exact matching: every listed legal form is within reach.
    if (token.legalForm && settings.tolerance !== 'exact')
      for (const t of this.#v.legalForms()) this.#addTid(t, unit);
    if (token.weak || token.numeric) return;
    const f = this.#v.fuzzy;
    // A word read from Han, Hangul or Arabic script compares with Latin tokens by sound only.
    if (token.script !== 'latin') {
      if (kinds.includes('x'))
        for (const sound of token.sounds) {
          if (sound.length >= 2) this.#addKey(f.x.table, f.x.tokens, sound, unit, FUZZY_KEY_TOKEN_CAP);
          if (settings.nearSounds) {
            // A Han word of two classes also reaches the Latin tokens whose r before a consonant, or final
            // consonant, a Chinese transcription leaves out (scripts/sound-key.ts hanOnlySounds: 馬克 MK reaches Mark,
            // MLK; 大衛 TP David, TPT), at fuzzy_search only, where two classes pair.
            if (token.script === 'han')
              for (const key of hanOnlyKeys(sound))
                this.#addKey(f.x.table, f.x.tokens, key, unit, FUZZY_KEY_TOKEN_CAP);
            // (A Hangul reading with an r added has no near sounds: score-names.ts nearSoundSimilarity.)
            if (!(token.script === 'hangul' && sound.length > token.sounds[0]!.length)) {
              this.#nearKeys = true;
              this.#nearKeysUsed = true;
              if (spelledScript(token) && settings.tolerance === 'phonetic') this.#nearSpelled = token;
              for (const near of nearSoundKeys(sound))
                this.#addKey(f.x.table, f.x.tokens, near, unit, FUZZY_KEY_TOKEN_CAP);
              this.#nearKeys = false;
              this.#nearSpelled = null;
            }
          }
        }
      // A Hebrew or Arabic word of one class reaches the listed tokens its letters spell with its written vowels (their
      // variant keys; score-names.ts pairs them), at the types of near sounds.
      if (token.spellings !== undefined && settings.nearSounds)
        for (const key of token.spellings) {
          const k = this.#v.kTable.get(key);
          if (k >= 0) this.#addKeyId(k, unit);
        }
      // A katakana or Hangul word's text is a spelling too (score-names.ts tokenSimilarity): its loose key and
      // one-edit neighbours reach as a Latin token's do (at the types that compare it so).
      if (!spelledScript(token) || settings.tolerance !== 'phonetic') return;
      this.#addKey(f.l.table, f.l.tokens, token.loose, unit, FUZZY_KEY_TOKEN_CAP);
      this.#addDeletions(token.key, unit);
      if (token.text !== token.key) this.#addDeletions(token.text, unit, true);
      return;
    }
    this.#addSwaps(token, unit, settings);
    // (At the phonetic types only for a query typed in Latin letters: an Arabic reading's syllables would pair as
    // sound-alikes, njy / njt; at standard, under its minimum pair similarity, such a word pairs by the short-edit
    // rule alone.) A word at most RARE_SPELLING_NAMES listed names spell too: so rare a spelling is as often a typo
    // (Kom for Kim, Gio for Gil), still kept only where two other words as written carry it; not at a type whose
    // minimum pair similarity is under a three-letter change's as strings (fuzzy_search's 0.7: kom / kim 0.73 would
    // pair as a string, whatever the rest of the name).
    if (
      (tid < 0 ||
        (settings.minTokenSimilarity >= SHORT_CHANGE_STRING &&
          this.#v.tokenNames.length(tid) <= RARE_SPELLING_NAMES)) &&
      (settings.tolerance === 'edit' || (settings.tolerance === 'phonetic' && this.#typed)) &&
      token.text.length === 3 &&
      !token.numeric
    )
      this.#addShortChanges(token.text, unit);
    // Strict keeps one typo in a word of 4+ letters (score-names.ts MIN_STRICT_TYPO_LENGTH): the listed texts one edit
    // from a word no listed name spells (a listed spelling is a name as written, and most words of a query are: their
    // deletions are not looked up; `tid`, its text's id, was looked up above), or at most RARE_SPELLING_NAMES do where
    // no word of the reading is unheld (that word is then the one departure).
    if (
      settings.tolerance === 'exact' &&
      this.#typos &&
      (tid < 0 ||
        (this.#rareTypos &&
          (this.#heldTypos ||
            this.#v.tokenNames.length(tid) <= RARE_SPELLING_NAMES ||
            this.#besideRare.includes(token)))) &&
      token.text.length >= MIN_STRICT_TYPO_LENGTH &&
      !token.numeric
    )
      this.#addDeletions(token.text, unit, true);
    // ...and a three-letter word no listed name spells, beside two strong words or more: the listed words it is with
    // a letter after its first left out or changed (score-names.ts shortEdit; standard's short edit, as strict's one
    // typo: `ior` reaches `igor`, `aoi` `ali`); a listed one too where every word of the reading is listed, three
    // strong words or more (#heldTypos: the two others, as written, name the listed name: `KOM, Su Il` is `KIM, Su
    // Il`, `Chol Nam KIN` `Chol Nam KIM`).
    else if (
      settings.tolerance === 'exact' &&
      this.#typos &&
      this.#shortTypos &&
      (tid < 0 || this.#heldTypos) &&
      token.text.length === 3 &&
      !token.numeric
    ) {
      this.#addDeletions(token.text, unit, true);
      this.#addShortChanges(token.text, unit);
    }
    // The same given name in another language, or a patronymic of it (given-name-groups.ts).
    if (kinds.includes('g'))
      for (const e of token.equivalents) this.#addKey(f.g.table, f.g.tokens, e, unit, FUZZY_KEY_TOKEN_CAP);
    if (kinds.includes('l')) this.#addKey(f.l.table, f.l.tokens, token.loose, unit, FUZZY_KEY_TOKEN_CAP);
    if (kinds.includes('s') && token.skeleton.length >= 2)
      this.#addKey(f.s.table, f.s.tokens, token.skeleton, unit, FUZZY_KEY_TOKEN_CAP);
    if (kinds.includes('m'))
      for (const code of token.phonetic) {
        // standard_match pairs by metaphone only for codes of 3+ sounds and the same first letter.
        if (settings.tolerance === 'edit') this.#addMetaphoneCode(token, code, unit);
        else this.#addKey(f.m.table, f.m.tokens, code, unit, FUZZY_KEY_TOKEN_CAP);
      }
    if (kinds.includes('d')) {
      // (A word no listed name spells, text or key: most words of a query are spelled as listed, and typos are not.)
      const texts = tid < 0 && kid < 0 && token.script === 'latin' && token.text === token.key;
      this.#addDeletions(token.key, unit, false, texts);
      if (token.text !== token.key) this.#addDeletions(token.text, unit, true);
    }
  }

  // The listed tokens sharing a metaphone code of 3+ sounds with `token` and its first letter (standard_match's
  // metaphone pairing).
  #addMetaphoneCode(token: NameToken, code: string, unit: Unit): void {
    if (code.length < 3) return;
    const f = this.#v.fuzzy;
    const id = f.m.table.get(code);
    if (id < 0 || f.m.tokens.length(id) > FUZZY_KEY_TOKEN_CAP) return;
    const first = token.text.charCodeAt(0);
    for (const t of f.m.tokens.get(id))
      if (this.#v.data.tokens.bytes[this.#v.data.tokens.offsets[t]!] === first) this.#addTid(t, unit);
  }

  // Listed tokens one adjacent swap away where scoring keeps the swap (score-names.ts swapSimilarity): a word of
  // MIN_SWAP_LENGTH+ letters, text or variant key, at every type ("lakahl" reaches "lakhal" at strict); a
  // three-letter word after its first letter at the tolerant types ("sko" reaches "sok"; longer words are reached
  // by their deletions there).
  #addSwaps(token: NameToken, unit: Unit, settings: SearchTypeSettings): void {
    const tolerant = settings.tolerance !== 'exact';
    const { text, key } = token;
    if (text.length >= MIN_SWAP_LENGTH && tolerant && settings.keyKinds.includes('d')) return;
    // At strict, by text and by variant key (a swap may undo a key rule: lakahl / lakhal, key lahal).
    if (text.length >= MIN_SWAP_LENGTH && !tolerant)
      for (let i = 0; i + 1 < text.length; i++) {
        if (text[i] === text[i + 1]) continue;
        const tid = this.#v.tokens.getSwap(text, i);
        if (tid >= 0) this.#addTid(tid, unit);
      }
    if (key.length >= MIN_SWAP_LENGTH && !tolerant && key !== text) {
      for (let i = 0; i + 1 < key.length; i++) {
        if (key[i] === key[i + 1]) continue;
        const kid = this.#v.kTable.getSwap(key, i);
        if (kid >= 0) this.#addKeyId(kid, unit);
      }
    }
    if (text.length === 3 && tolerant) {
      const tid = this.#v.tokens.getSwap(text, 1);
      if (tid >= 0) this.#addTid(tid, unit);
    }
  }

  // The listed three-letter texts one letter after the first from a three-letter word no listed name spells (Aoi
  // reaches Ali: score-names.ts SHORT_CHANGE, kept only where the rest of the name carries it).
  #addShortChanges(text: string, unit: Unit): void {
    const letters = this.#shortLetters;
    for (let k = 0; k < 3; k++) {
      const c = text.charCodeAt(k);
      if (c < 0x61 || c > 0x7a) return;
      letters[k] = c;
    }
    for (let i = 1; i < 3; i++) {
      const own = letters[i]!;
      for (let c = 0x61; c <= 0x7a; c++) {
        if (c === own) continue;
        letters[i] = c;
        const tid = this.#v.tokens.getBytes(letters, 3);
        if (tid >= 0) this.#addTid(tid, unit);
      }
      letters[i] = own;
    }
  }

  // Runs of 2-4 adjacent query tokens, joined, against single listed tokens ("xi jin ping" vs "xijinping",
  // "abu bakr" vs "abubakar": pairs also within one edit).
  // Within one edit only for two short parts ("abu bakr" ~ "abubakar"), the scope of listed compounds.
  #collectJoin(text: string, unit: Unit, settings: SearchTypeSettings, shortPair: boolean): void {
    const tid = this.#v.tokens.get(text);
    if (tid >= 0) this.#addTid(tid, unit);
    // The join's variant key as a string only where its one-edit neighbours are looked up (a join is new text, and
    // making its key's string costs more than the lookup).
    if (shortPair && settings.tolerance !== 'exact' && settings.keyKinds.includes('d')) {
      const key = matchKey(text);
      const kid = this.#v.kTable.get(key);
      if (kid >= 0) this.#addKeyId(kid, unit);
      this.#addDeletions(key, unit);
      return;
    }
    const kid = this.#v.kTable.getBytes(matchKeyBytes(text));
    if (kid >= 0) this.#addKeyId(kid, unit);
  }

  // Two adjacent query tokens with a letter moved across their boundary ("abdu lrahman"): their joined text split
  // elsewhere into two listed tokens ("abdul" + "rahman"), as scoring reads them (score-names.ts moveBoundaries).
  #collectMovedBoundary(a: NameToken, b: NameToken, mask: number): void {
    if (a.weak || b.weak || a.numeric || b.numeric || a.script !== 'latin' || b.script !== 'latin') return;
    const text = a.text + b.text;
    // One or two letters moved: the listed split is that close to the query's.
    const from = Math.max(MIN_SPLIT_PART, a.text.length - MAX_MOVED_LETTERS);
    const to = Math.min(text.length - MIN_SPLIT_PART, a.text.length + MAX_MOVED_LETTERS);
    for (let k = from; k <= to; k++) {
      if (k !== a.text.length) this.#addSplitAt(text, k, mask);
    }
  }

  // A query token written joined ("abdulrahman", "abdulrakhman", "holdingssa") against listed names written apart
  // ("Abdul Rahman", "Holdings SA"): its text split in two listed tokens, or its variant key in two listed variant
  // keys (each part then reaching every spelling with that key).
  // Remembered as #collectToken's reach is (each split unit's token ids after their count).
  #collectSplits(
    token: NameToken,
    mask: number,
    settings: SearchTypeSettings,
    remembered: Map<string, number> | null,
  ): void {
    if (token.weak || token.numeric || token.script !== 'latin') return;
    if (remembered === null || !isMemoisedToken(token)) {
      this.#reachSplits(token, mask, settings);
      return;
    }
    const known = remembered.get(token.text);
    if (known !== undefined) {
      const pool = this.#pool;
      const start = Math.floor(known / REACH_SPAN);
      for (let i = start, end = start + (known % REACH_SPAN); i < end;) {
        const n = pool[i++]!;
        const unit = this.#newUnit(mask, SPLIT_PART);
        for (const last = i + n; i < last; i++) this.#addTid(pool[i]!, unit);
      }
      return;
    }
    const recording = this.#record;
    recording.length = 0;
    this.#recording = recording;
    this.#splitHead = -1;
    let head: number;
    try {
      this.#reachSplits(token, mask, settings);
    } finally {
      this.#recording = null;
      head = this.#splitHead;
      this.#splitHead = -2;
    }
    if (head >= 0) recording[head] = recording.length - head - 1;
    this.#remember(remembered, token.text, recording);
  }

  #reachSplits(token: NameToken, mask: number, settings: SearchTypeSettings): void {
    const { text, key } = token;
    for (let k = MIN_SPLIT_PART; k + MIN_SPLIT_PART <= text.length; k++) this.#addSplitAt(text, k, mask);
    for (let k = MIN_SPLIT_PART; k + MIN_SPLIT_PART <= key.length; k++) {
      const left = this.#v.kTable.getRange(key, 0, k);
      if (left < 0) continue;
      const right = this.#v.kTable.getRange(key, k, key.length);
      if (right < 0) continue;
      const unit = this.#newUnit(mask, SPLIT_PART);
      this.#addKeyId(left, unit);
      this.#addKeyId(right, unit);
      // Tolerant types: each part also reaches its one-edit neighbours ("abdel" + "rahman": Abdul Rahman).
      if (settings.keyKinds.includes('d')) {
        if (k >= MIN_DELETION_KEY) this.#addDeletions(key.slice(0, k), unit);
        if (key.length - k >= MIN_DELETION_KEY) this.#addDeletions(key.slice(k), unit);
      }
    }
  }
}
