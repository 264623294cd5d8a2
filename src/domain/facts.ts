// Facts about a listed party (or a screened subject) that can tell two people with the same name apart: dates of
// birth, countries and the kind of party. One normalised shape for every list; filled at ingestion.
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

/** Qualifiers a caller may add to a query (our extension): each one given is checked against the entry's facts. */
export interface QueryQualifiers {
  /** `YYYY`, `YYYY-MM` or `YYYY-MM-DD`. */
  readonly birthDate?: string;
  /** ISO 3166-1 alpha-2 codes (upper case), already resolved from codes, names or demonyms. */
  readonly countries?: readonly string[];
  readonly entityType?: EntryKind;
}
