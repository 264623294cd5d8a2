// The audit record written for every metered call, errors included.

export interface UsageRecord {
  /** UUID v7: time-ordered, so it doubles as the paging cursor. */
  readonly id: string;
  readonly createdAt: string;
  readonly userId: string | null;
  readonly apiKeyId: string | null;
  readonly requestId: string;
  readonly method: string;
  readonly endpoint: string;
  readonly searchType: string | null;
  /** The request body as validated, defaults filled in (JSON text); null when it could not be parsed. */
  readonly request: string | null;
  /** The response body as sent (JSON text). */
  readonly response: string | null;
  readonly status: number;
  readonly durationMs: number;
  /** The caller's `additional_call_info` (JSON text), or null. */
  readonly additionalCallInfo: string | null;
  /** What a screening call found; null for other calls and for records written before outcomes were kept. */
  readonly outcome: UsageOutcome | null;
  /** What a screening call screened; null when the request named nothing (or for other calls). */
  readonly subject: UsageSubject | null;
  /** What a screening call ran against (list versions, engine); null for other calls and older records. */
  readonly basis?: ScreeningBasis | null;
}

/** One list version a screening ran against, as the index in use held it. */
export interface ListVersionRef {
  readonly slug: string;
  readonly version_id: string;
  /** The publisher's data date of that version, when the list states one. */
  readonly data_date: string | null;
}

/** What a screening call ran against: the list versions of the index it asked and the engine's version. */
export interface ScreeningBasis {
  readonly lists: readonly ListVersionRef[];
  readonly engineVersion: string;
}

/** Where a screening use case reports the basis it ran on (the in-flight usage context of the call). */
export interface BasisSink {
  basis?: ScreeningBasis;
}

/**
 * What a screening call found, decided when its record is written (from the whole response, so a stored body
 * cut to its head still has it): `matches` (count: listed names, listed addresses or implicating articles),
 * `clear` (count: names, addresses or articles screened and found clear), `not_screened` (count: names or
 * addresses that could not be screened, e.g. no letters or an invalid address, with nothing listed among the rest),
 * `unassessed` (count: articles returned without a judgement), `error` (the call failed; count null).
 */
export const USAGE_OUTCOME_KINDS = ['matches', 'clear', 'not_screened', 'unassessed', 'error'] as const;
export type UsageOutcomeKind = (typeof USAGE_OUTCOME_KINDS)[number];

/** The outcome of a screening call: its kind and the count that goes with it. */
export interface UsageOutcome {
  readonly kind: UsageOutcomeKind;
  readonly count: number | null;
}

/** What a screening call screened: the first (often only) name or address sent, and how many were sent. */
export interface UsageSubject {
  readonly text: string;
  readonly count: number;
}

/** A page request over one user's usage history, newest first. */
export interface UsageQuery {
  readonly userId: string;
  readonly endpoint?: string;
  /** Only records of these endpoints (e.g. the screening endpoints); an empty list matches nothing. */
  readonly endpoints?: readonly string[];
  /** Leave out records of these endpoints (the history read itself, unless asked for). */
  readonly excludeEndpoints?: readonly string[];
  readonly from?: string;
  readonly to?: string;
  readonly status?: number;
  /** Return records strictly older than this record id. */
  readonly before?: string;
  readonly limit: number;
}
