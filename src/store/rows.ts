// Converts between domain objects and table rows: camelCase <-> snake_case, boolean <-> 0/1.
import type { ApiKey, Session, User } from '../domain/accounts.js';
import {
  USAGE_OUTCOME_KINDS,
  type ListVersionRef,
  type UsageOutcomeKind,
  type UsageRecord,
} from '../domain/usage.js';
import type { ApiKeysTable, SessionsTable, UsageRecordsTable, UsersTable } from './schema.js';

/** A user as the domain sees it. */
export const toUser = (r: UsersTable): User => ({
  id: r.id,
  email: r.email,
  passwordHash: r.password_hash,
  isAdmin: r.is_admin === 1,
  createdAt: r.created_at,
  rateLimitPerMinute: r.rate_limit_per_minute,
});

/** A users row ready to insert. */
export const fromUser = (u: User): UsersTable => ({
  id: u.id,
  email: u.email,
  password_hash: u.passwordHash,
  is_admin: u.isAdmin ? 1 : 0,
  created_at: u.createdAt,
  rate_limit_per_minute: u.rateLimitPerMinute,
});

/** A session as the domain sees it. */
export const toSession = (r: SessionsTable): Session => ({
  id: r.id,
  userId: r.user_id,
  tokenHash: r.token_hash,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  revokedAt: r.revoked_at,
});

/** A sessions row ready to insert. */
export const fromSession = (s: Session): SessionsTable => ({
  id: s.id,
  user_id: s.userId,
  token_hash: s.tokenHash,
  created_at: s.createdAt,
  expires_at: s.expiresAt,
  revoked_at: s.revokedAt,
});

/** An API key as the domain sees it. */
export const toApiKey = (r: ApiKeysTable): ApiKey => ({
  id: r.id,
  userId: r.user_id,
  name: r.name,
  prefix: r.prefix,
  keyHash: r.key_hash,
  rateLimitPerMinute: r.rate_limit_per_minute,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  revokedAt: r.revoked_at,
});

/** An api_keys row ready to insert. */
export const fromApiKey = (k: ApiKey): ApiKeysTable => ({
  id: k.id,
  user_id: k.userId,
  name: k.name,
  prefix: k.prefix,
  key_hash: k.keyHash,
  rate_limit_per_minute: k.rateLimitPerMinute,
  created_at: k.createdAt,
  last_used_at: k.lastUsedAt,
  revoked_at: k.revokedAt,
});

/** A usage record as the domain sees it. */
export const toUsageRecord = (r: UsageRecordsTable): UsageRecord => ({
  id: r.id,
  createdAt: r.created_at,
  userId: r.user_id,
  apiKeyId: r.api_key_id,
  requestId: r.request_id,
  method: r.method,
  endpoint: r.endpoint,
  searchType: r.search_type,
  request: r.request,
  response: r.response,
  status: r.status,
  durationMs: Number(r.duration_ms),
  additionalCallInfo: r.additional_call_info,
  outcome: isOutcomeKind(r.outcome)
    ? { kind: r.outcome, count: r.outcome_count === null ? null : Number(r.outcome_count) }
    : null,
  subject: r.subject === null ? null : { text: r.subject, count: Number(r.subject_count ?? 1) },
  // Left out (not null) where absent, so a record written without a basis reads back as it was written.
  ...(r.engine_version === null || r.engine_version === undefined
    ? {}
    : { basis: { lists: parseListVersions(r.list_versions), engineVersion: r.engine_version } }),
});

function parseListVersions(text: string | null): ListVersionRef[] {
  if (text === null) return [];
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? (parsed as ListVersionRef[]) : [];
}

/** A usage_records row ready to insert, in the committed batch `batchId`. */
export const fromUsageRecord = (u: UsageRecord, batchId: string): UsageRecordsTable => ({
  id: u.id,
  created_at: u.createdAt,
  user_id: u.userId,
  api_key_id: u.apiKeyId,
  request_id: u.requestId,
  method: u.method,
  endpoint: u.endpoint,
  search_type: u.searchType,
  request: u.request,
  response: u.response,
  status: u.status,
  duration_ms: u.durationMs,
  additional_call_info: u.additionalCallInfo,
  outcome: u.outcome?.kind ?? null,
  outcome_count: u.outcome?.count ?? null,
  subject: u.subject?.text ?? null,
  subject_count: u.subject?.count ?? null,
  // Keys in a fixed order: the text is hashed into the usage chain as stored.
  list_versions: u.basis
    ? JSON.stringify(
        u.basis.lists.map((l) => ({ slug: l.slug, version_id: l.version_id, data_date: l.data_date })),
      )
    : null,
  engine_version: u.basis?.engineVersion ?? null,
  batch_id: batchId,
});

const OUTCOME_KINDS: ReadonlySet<string> = new Set(USAGE_OUTCOME_KINDS);
const isOutcomeKind = (k: string | null): k is UsageOutcomeKind => k !== null && OUTCOME_KINDS.has(k);

/** Columns per usage row, for sizing multi-row inserts under the bound-parameter limits. */
export const USAGE_COLUMNS = 20;
