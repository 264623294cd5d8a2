// Response shapes of the API as the dashboard reads them (see the spec and src/http/schemas/*).

export interface Session {
  readonly token: string;
  readonly expires_at: string;
}

export interface Me {
  readonly id: string;
  readonly email: string;
  readonly is_admin: boolean;
}

export interface ApiKeyView {
  readonly id: string;
  readonly name: string;
  readonly prefix: string;
  readonly rate_limit_per_minute: number | null;
  readonly created_at: string;
  readonly last_used_at: string | null;
  readonly revoked_at: string | null;
}

export interface CreatedKey {
  readonly id: string;
  readonly key: string;
  readonly prefix: string;
  readonly name: string;
  readonly rate_limit_per_minute: number | null;
  readonly created_at: string;
}

export const BULK_SEARCH_TYPES = ['permissive_match', 'standard_match', 'strict_match'] as const;
export type BulkSearchType = (typeof BULK_SEARCH_TYPES)[number];

export interface BulkRow {
  readonly row_type: 'summary' | 'match';
  readonly search_term: string;
  readonly total_matches?: number;
  /** Summary rows only: the name was not screened (e.g. "no letters or digits to screen"); never a clear. */
  readonly error?: string;
  readonly id?: string;
  readonly name?: string;
  readonly list?: string;
  readonly source_uid?: string;
  readonly match_score?: number;
  readonly explanation?: unknown;
}

export interface BulkSearchResponse {
  readonly param: string;
  readonly results: readonly BulkRow[];
  readonly api_usage_id: string;
}

export interface WalletEntity {
  readonly id: string;
  readonly name: string;
  readonly list: string;
  readonly source_uid: string;
}

export interface WalletResult {
  readonly address: string;
  readonly listed: boolean;
  readonly network: string | null;
  readonly info: string | null;
  readonly entity_uid: number | null;
  readonly entity: WalletEntity | null;
}

export interface BulkWalletResponse {
  readonly results: readonly WalletResult[];
  readonly summary: {
    readonly screened: number;
    readonly listed: number;
    readonly clear: number;
    /** Unlisted addresses that are not valid addresses (their `info` says why); never counted clear. */
    readonly invalid?: number;
  };
  readonly api_usage_id: string;
}

export interface Assessment {
  readonly about_subject: boolean;
  readonly role: string;
  readonly severity: string;
  readonly categories: readonly string[];
  readonly note: string;
}

export interface Article {
  readonly title: string | null;
  readonly url: string | null;
  readonly domain: string | null;
  readonly snippet: string | null;
  readonly score: number | null;
  readonly published_date: string | null;
  readonly name_match: boolean;
  readonly assessment?: Assessment | null;
}

export interface RiskBlock {
  readonly score: number | null;
  readonly band: string;
  readonly summary: string;
  readonly categories: readonly string[];
  readonly highest_severity: string | null;
  readonly implicating_articles: number;
  readonly corroborating_sources: number;
}

export interface AdverseMediaResponse {
  readonly risk: RiskBlock;
  readonly 'adverse media results': readonly Article[];
  readonly summary: { readonly returned: number; readonly name_verified: number };
  readonly screening: {
    readonly classified: boolean;
    readonly analysis_status: string;
    readonly analysis_error?: string;
  };
  readonly api_usage_id: string;
}

export type EntryRecord = Readonly<Record<string, unknown>>;

export interface EntryDetailsResponse {
  readonly entryData: Readonly<Record<string, readonly EntryRecord[]>>;
}

export interface UsageRecord {
  readonly id: string;
  readonly created_at: string;
  readonly endpoint: string;
  readonly method: string;
  readonly search_type: string | null;
  readonly status: number;
  readonly duration_ms: number;
  readonly api_key_id: string | null;
  readonly request_id: string;
  readonly additional_call_info: unknown;
  readonly request: unknown;
  readonly response: unknown;
  /** What a screening call found; null for other calls and for records older than outcomes. */
  readonly outcome?: UsageOutcome | null;
  /** What a screening call screened: the first name or address and how many were sent. */
  readonly subject?: UsageSubject | null;
}

export type UsageOutcomeKind = 'matches' | 'clear' | 'not_screened' | 'unassessed' | 'error';

export interface UsageOutcome {
  readonly kind: UsageOutcomeKind;
  readonly count: number | null;
}

export interface UsageSubject {
  readonly text: string;
  readonly count: number;
}

export interface UsagePage {
  readonly records: readonly UsageRecord[];
  readonly next_cursor: string | null;
  readonly api_usage_id: string;
}

export interface ListView {
  readonly slug: string;
  readonly title: string;
  readonly publisher: string;
  readonly legacy: boolean;
  readonly format: string;
  readonly cadence: string;
  readonly status: string;
  /** Why the list is not carried (status not_carried); null otherwise. */
  readonly reason?: string | null;
  readonly record_count: number | null;
  readonly data_date: string | null;
  /** Whole days from data_date to now. */
  readonly data_age_days?: number | null;
  readonly fetched_at: string | null;
  readonly last_attempt_at: string | null;
  readonly last_success_at: string | null;
  readonly last_error: string | null;
  /** A new version that removes too many entries, stored but not served until an admin accepts or rejects it. */
  readonly held_version: {
    readonly id: string;
    readonly fetched_at: string;
    readonly data_date: string | null;
    readonly record_count: number;
    readonly removed: number;
    readonly added: number;
    readonly changed: number;
    readonly reason: string;
  } | null;
}
