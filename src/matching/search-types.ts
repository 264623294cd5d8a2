// The four search types: how tolerant token comparison is, the threshold, and how wide candidate generation is.
import type { SearchType } from '../domain/screening.js';
import type { TokenTolerance } from './score-names.js';

/** Kinds of inverted-index keys (see name-index.ts): exact text, variant key, loose key, skeleton, metaphone, one-letter deletions of the variant key (typos), script sound. */
export type IndexKeyKind = 't' | 'k' | 'l' | 's' | 'm' | 'd' | 'x';

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
   * A word of another script also reaches the Latin tokens whose sound is one class edit from its own (near sounds,
   * scripts/sound-key.ts), which pair at NEAR_SOUND (score-names.ts, under permissive's minimum pair similarity).
   */
  readonly nearSounds: boolean;
}

/**
 * | type             | threshold | token comparison                                              | candidates from            | max scored |
 * | ---------------- | --------- | ------------------------------------------------------------- | -------------------------- | ---------- |
 * | strict_match     | 85        | folded or variant-key equality only                           | text, variant key          | 500        |
 * | standard_match   | 80        | + string similarity, one typo (0.9), same-initial metaphone   | + metaphone, deletions     | 1000       |
 * | permissive_match | 70        | + loose key, consonant skeleton, metaphone; pair >= 0.75      | + loose key, skeleton      | 2000       |
 * | fuzzy_search     | 60        | as permissive, pair >= 0.70; score = max(token, (token + 100 x cosine of 2-3-gram vectors) / 2) | as permissive | 2000 |
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
    nearSounds: false,
  },
  standard_match: {
    threshold: 80,
    tolerance: 'edit',
    minTokenSimilarity: 0.84,
    keyKinds: ['t', 'k', 'm', 'd'],
    maxCandidates: 1000,
    vectorWeight: 0,
    nearSounds: false,
  },
  permissive_match: {
    threshold: 70,
    tolerance: 'phonetic',
    minTokenSimilarity: 0.75,
    keyKinds: ['t', 'k', 'l', 's', 'm', 'd', 'x'],
    maxCandidates: 2000,
    vectorWeight: 0,
    nearSounds: false,
  },
  fuzzy_search: {
    threshold: 60,
    tolerance: 'phonetic',
    minTokenSimilarity: 0.7,
    keyKinds: ['t', 'k', 'l', 's', 'm', 'd', 'x'],
    maxCandidates: 2000,
    vectorWeight: 0.5,
    nearSounds: true,
  },
});
