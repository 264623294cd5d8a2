// The packed name index: every array on shared memory, so worker threads use the same index without a copy.
// Built by index-builder.ts, read by name-index.ts.
import type { HashPostingsData, PostingsData, StringTableData, TextColumnData } from './storage/index.js';

/**
 * Key kinds read only by the tolerant search types: loose key, consonant skeleton, metaphone, script sound, given-name
 * equivalence (given-name-groups.ts).
 */
export type FuzzyKeyKind = 'l' | 's' | 'm' | 'x' | 'g';

/** A key table and, per key, the tokens that carry it. */
export interface KeyPostingsData {
  readonly table: StringTableData;
  readonly tokens: PostingsData;
}

/** Everything a NameIndex reads; plain data (typed arrays on SharedArrayBuffers), posted to workers as is. */
export interface NameIndexData {
  /** List slugs by list id. */
  readonly lists: readonly string[];
  /** Per entry: its list id. */
  readonly entryList: Uint16Array;
  /** Per entry: the publisher's id. */
  readonly entryUid: TextColumnData;
  /** Per name (primary names and aliases): its entry. */
  readonly nameEntry: Uint32Array;
  /** Per name: WEAK_NAME when the publisher marks the alias weak. */
  readonly nameFlags: Uint8Array;
  /** Per name: the listed spelling (what a match reports and entry details resolves). */
  readonly nameRaw: TextColumnData;
  /** Per name: its token ids in order. */
  readonly nameTokens: PostingsData;
  /** Distinct tokens (folded texts), and joined adjacent short tokens of names. */
  readonly tokens: StringTableData;
  /** Per token: WEAK, LEGAL_FORM, NUMERIC, COMPOUND_USE bits. */
  readonly tokenFlags: Uint8Array;
  /** Per token: rarity weight (IDF over names by variant key; weak tokens scaled down). */
  readonly tokenWeight: Float64Array;
  /** Per token: its variant key's id in `k`. */
  readonly tokenKey: Uint32Array;
  /** Per token: the names holding it as a token. */
  readonly tokenNames: PostingsData;
  /** Per token: the names holding it only joined from adjacent short tokens ("xi jin ping": "xijinping"). */
  readonly joinedNames: PostingsData;
  /** Variant keys -> tokens. */
  readonly k: KeyPostingsData;
  /** Per variant key: how many names hold a token with it. */
  readonly keyDf: Uint32Array;
  readonly fuzzy: Readonly<Record<FuzzyKeyKind, KeyPostingsData>>;
  /** Per token: its keys of each tolerant kind (ids in `fuzzy`), to rebuild its scoring object from the index. */
  readonly tokenFuzzy: Readonly<Record<FuzzyKeyKind, PostingsData>>;
  /** Hash of a variant key with one letter left out -> ids of the variant keys it comes from. */
  readonly deletions: HashPostingsData;
}

/** Token flag bits. */
export const WEAK = 1;
export const LEGAL_FORM = 2;
export const NUMERIC = 4;
export const COMPOUND_USE = 8;
/** Name flag bit: a weak alias. */
export const WEAK_NAME = 1;

/** Weak tokens (particles, legal forms) weigh this fraction of their rarity weight. */
export const WEAK_TOKEN_FACTOR = 0.15;
/** Adjacent tokens are indexed joined, 2 to this many. */
export const MAX_COMPOUND = 4;
/** ...only when each has at most this many letters ("xi jin ping", "abu bakr"). */
export const MAX_COMPOUND_PART = 5;
/** Variant keys of at least this many letters are indexed by their deletions (one-edit typos). */
export const MIN_DELETION_KEY = 4;
