// The caller's screening history: newest first, cursor paging, filters.
import type { UsageOutcome, UsageQuery, UsageRecord, UsageSubject } from '../../domain/usage.js';
import type { Store } from '../../store/store.js';
import { SCREENING_ENDPOINTS } from './screening-endpoints.js';

/** Kinds of call the history can be narrowed to: `screening` is every screening endpoint, no catalog or history reads. */
export const USAGE_KINDS = ['screening'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

/** A history request: the store's query, optionally narrowed to a kind of call. */
export interface UsageListQuery extends UsageQuery {
  readonly kind?: UsageKind;
}

/** A page of history as the API returns it. */
export interface UsagePage {
  readonly records: UsageView[];
  /** Pass as `before` to get the next (older) page; null on the last page. */
  readonly next_cursor: string | null;
}

/** One usage record as the API returns it; request and response are parsed back to JSON. */
export interface UsageView {
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
  readonly outcome: UsageOutcome | null;
  /** What a screening call screened (the first name or address and how many). */
  readonly subject: UsageSubject | null;
}

export class UsageService {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  async list({ kind, ...query }: UsageListQuery): Promise<UsagePage> {
    const endpoints = kind === 'screening' ? SCREENING_ENDPOINTS : undefined;
    const rows = await this.#store.listUsage({ ...query, endpoints, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return { records: page.map(view), next_cursor: rows.length > query.limit && last ? last.id : null };
  }
}

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function view(r: UsageRecord): UsageView {
  return {
    id: r.id,
    created_at: r.createdAt,
    endpoint: r.endpoint,
    method: r.method,
    search_type: r.searchType,
    status: r.status,
    duration_ms: r.durationMs,
    api_key_id: r.apiKeyId,
    request_id: r.requestId,
    additional_call_info: parse(r.additionalCallInfo),
    request: parse(r.request),
    response: parse(r.response),
    outcome: r.outcome,
    subject: r.subject,
  };
}
