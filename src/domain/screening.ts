// Name-screening types shared by matching, services and HTTP.
import type { EntryKind } from './entry-kind.js';
import type { QueryQualifiers } from './facts.js';

export const SEARCH_TYPES = ['fuzzy_search', 'permissive_match', 'standard_match', 'strict_match'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Bulk takes every search type but fuzzy_search (spec: 400 in bulk). */
export const BULK_SEARCH_TYPES = [
  'permissive_match',
  'standard_match',
  'strict_match',
] as const satisfies readonly SearchType[];
export type BulkSearchType = (typeof BULK_SEARCH_TYPES)[number];

/** One match as the API returns it (explanation only when asked for). */
export interface Match {
  readonly id: string;
  readonly name: string;
  readonly list: string;
  readonly source_uid: string;
  readonly match_score: number;
  readonly explanation?: unknown;
}

/** How one name scores against another under a search type (the pairwise comparison). */
export interface NameComparison {
  /** 0-100: what a search for the first name gives the second if it is listed. */
  readonly score: number;
  /** The score reaches the search type's threshold. */
  readonly match: boolean;
  readonly threshold: number;
  /** The same shape as a search match's explanation (`matched_name` is the second name). */
  readonly explanation: unknown;
}

/** One listed party as the index holds it: its match id and names (primary first, weak aliases left out). */
export interface ListedParty {
  readonly id: string;
  readonly list: string;
  readonly sourceUid: string;
  readonly names: readonly string[];
  /** The kind the list publishes, where the searcher holds the listed facts; absent (or `unknown`) otherwise. */
  readonly kind?: EntryKind;
}

/** The name index port: built from the current list versions by the matching engine. */
export interface NameSearcher {
  search(
    query: string,
    searchType: SearchType,
    opts: {
      lists: readonly string[] | null;
      explain: boolean;
      /** Checked against each match's listed facts (a searcher that cannot check them must not be given them). */
      qualifiers?: QueryQualifiers;
    },
  ): Match[];
  /** Scores nameA against nameB exactly as a search for nameA scores a listed nameB. */
  compare(nameA: string, nameB: string, searchType: SearchType): NameComparison;
  /** Listed parties in index order (effectiveness testing samples them). */
  readonly partyCount: number;
  party(i: number): ListedParty;
}

/** Reads a list's stored records by exact name, for entry details. */
export interface EntryLookup {
  byExactName(name: string): Promise<Record<string, Record<string, unknown>[]>>;
}
