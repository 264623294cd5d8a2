// The caller's screening history: newest first, cursor paging, filters.
import type {
  ListVersionRef,
  UsageOutcome,
  UsageQuery,
  UsageRecord,
  UsageSubject,
} from '../../domain/usage.js';
import { notFound } from '../../errors.js';
import type { Store } from '../../store/store.js';
import { CHAIN_FORM, batchHash } from '../../store/usage-chain-hash.js';
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
  /** The list versions a screening call ran against; null for other calls and records older than evidence. */
  readonly list_versions: ListVersionRef[] | null;
  /** The matching engine's version a screening call ran on; null as for list_versions. */
  readonly engine_version: string | null;
}

/** Where a record sits in the usage chain, and whether its batch still matches its hash now. */
export interface ChainPosition {
  /** The canonical form hashed (changes only with a new chain). */
  readonly form: string;
  readonly seq: number;
  readonly batch_id: string;
  readonly prev_hash: string;
  readonly hash: string;
  readonly record_count: number;
  readonly committed_at: string;
  /** The batch's records hashed again at this read equal its hash (`audit verify` checks the whole chain). */
  readonly batch_intact: boolean;
}

/** One screening's evidence: the record (request, response, versions, engine) and its place in the chain. */
export interface UsageEvidence {
  readonly record: UsageView;
  readonly chain: ChainPosition | null;
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

  /** The record when it is the caller's; anyone else's, or none, is 404 alike. */
  async get(userId: string, id: string): Promise<UsageView> {
    return view(await this.#own(userId, id));
  }

  /** The record with its chain position, its batch re-hashed now. */
  async evidence(userId: string, id: string): Promise<UsageEvidence> {
    const record = await this.#own(userId, id);
    const batch = await this.#store.usageChainBatchOf(id);
    if (!batch) return { record: view(record), chain: null };
    const rows = await this.#store.usageRowsOfBatches([batch.batchId], '', batch.recordCount + 1);
    return {
      record: view(record),
      chain: {
        form: CHAIN_FORM,
        seq: batch.seq,
        batch_id: batch.batchId,
        prev_hash: batch.prevHash,
        hash: batch.hash,
        record_count: batch.recordCount,
        committed_at: batch.committedAt,
        batch_intact:
          rows.length === batch.recordCount &&
          batchHash(
            batch,
            rows.map(({ batch_id: _b, ...r }) => r),
          ) === batch.hash,
      },
    };
  }

  async #own(userId: string, id: string): Promise<UsageRecord> {
    const r = UUID.test(id) ? await this.#store.findUsage(id) : null;
    if (!r || r.userId !== userId) throw notFound(`no usage record ${id}`);
    return r;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    list_versions: r.basis ? [...r.basis.lists] : null,
    engine_version: r.basis?.engineVersion ?? null,
  };
}
