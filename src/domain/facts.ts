// Facts about a listed party (or a screened subject) that can tell two parties with the same name apart: dates of
// birth, countries and the kind of party. One normalised shape for every list; extracted at ingestion.
import type { EntryKind } from './entry-kind.js';

/**
 * What a list publishes about a party, normalised. Absent facts are empty arrays (a missing fact changes nothing
 * when screening; only a contradicting one lowers a score).
 */
export interface EntryFacts {
  /** Dates or years of birth as published, partial where partial: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  readonly birthDates: readonly string[];
  /** ISO 3166-1 alpha-2 codes (upper case): nationalities, citizenships, countries of address or incorporation. */
  readonly countries: readonly string[];
}

/** An entry's facts with its kind: what the qualifier checks compare a query against. */
export interface PartyFacts extends EntryFacts {
  readonly kind: EntryKind;
}

/** Qualifiers a caller may add to a query (our extension): each one given is checked against the entry's facts. */
export interface QueryQualifiers {
  /** `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  readonly birthDate?: string;
  /** ISO 3166-1 alpha-2 codes (upper case), already resolved from codes, names or demonyms. */
  readonly countries?: readonly string[];
  readonly entityType?: Exclude<EntryKind, 'unknown'>;
}

/** The facts of an entry that publishes none. */
export const NO_FACTS: EntryFacts = Object.freeze({ birthDates: [], countries: [] });

/** The qualifiers' facts: which were given, in the API's field names (for coverage and explanations). */
export const FACT_NAMES = ['birth_date', 'country', 'entity_type'] as const;
export type FactName = (typeof FACT_NAMES)[number];

/** The kinds a query may name (`entity_type`). */
export const QUERY_ENTITY_TYPES = ['person', 'entity', 'vessel', 'aircraft'] as const;

/** True when no qualifier is given (the search is name-only). */
export function noQualifiers(q: QueryQualifiers | undefined): boolean {
  return (
    q === undefined ||
    (q.birthDate === undefined && (q.countries?.length ?? 0) === 0 && q.entityType === undefined)
  );
}

/** How many entries of one list carry each fact (GET /api/v2/lists `facts_coverage`). */
export interface FactsCoverage {
  readonly entries: number;
  readonly birth_date: number;
  readonly country: number;
  readonly entity_type: number;
}
