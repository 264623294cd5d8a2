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
}

/** A page request over one user's usage history, newest first. */
export interface UsageQuery {
  readonly userId: string;
  readonly endpoint?: string;
  /** Leave out records of these endpoints (the history read itself, unless asked for). */
  readonly excludeEndpoints?: readonly string[];
  readonly from?: string;
  readonly to?: string;
  readonly status?: number;
  /** Return records strictly older than this record id. */
  readonly before?: string;
  readonly limit: number;
}
