// Table types as the database holds them: snake_case, ISO-8601 text timestamps, JSON as text, booleans as 0/1.

/** Row shape of `users`; `email` is lower-cased by the caller and unique. */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  is_admin: number;
  created_at: string;
  /** Budget across all of the user's keys and sessions; null = the default. */
  rate_limit_per_minute: number | null;
}

/** Row shape of `sessions`; only the token's hash is kept. */
export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

/** Row shape of `api_keys`; only the key's hash and a visible prefix are kept. */
export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  rate_limit_per_minute: number | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** Row shape of `usage_records`, the audit trail; `id` is a UUID v7 so it sorts by time. */
export interface UsageRecordsTable {
  id: string;
  created_at: string;
  user_id: string | null;
  api_key_id: string | null;
  request_id: string;
  method: string;
  endpoint: string;
  search_type: string | null;
  request: string | null;
  response: string | null;
  status: number;
  duration_ms: number;
  additional_call_info: string | null;
  /** A UsageOutcomeKind, null outside screening calls (and for records older than the column). */
  outcome: string | null;
  outcome_count: number | null;
  subject: string | null;
  subject_count: number | null;
  /** JSON: the list versions a screening call ran against ([{slug, version_id, data_date}]); null otherwise. */
  list_versions: string | null;
  engine_version: string | null;
  /** The committed batch (usage_chain.batch_id) that holds the record. */
  batch_id: string | null;
}

/** Row shape of `usage_chain`: one committed usage batch, hashed over the previous hash and its records. */
export interface UsageChainTable {
  seq: number;
  batch_id: string;
  prev_hash: string;
  hash: string;
  record_count: number;
  first_id: string | null;
  last_id: string | null;
  committed_at: string;
}

/** Row shape of `usage_chain_checkpoints`: where retention cut the chain (the last deleted batch and its hash). */
export interface UsageChainCheckpointsTable {
  seq: number;
  hash: string;
  cutoff: string;
  batches_deleted: number;
  records_deleted: number;
  deleted_at: string;
}

/** Row shape of `list_versions`: one ingested version of one source. */
export interface ListVersionsTable {
  id: string;
  slug: string;
  fetched_at: string;
  data_date: string | null;
  record_count: number;
  checksum: string;
  /** JSON: per file, the ETag / Last-Modified the publisher sent (for conditional GET). */
  validators: string | null;
  /** JSON: the file names parsed. */
  file_set: string;
  /** The version this one's delta counts are against (the current one when it was fetched); null for a first load. */
  base_version_id: string | null;
  added_count: number | null;
  removed_count: number | null;
  changed_count: number | null;
  /** Why the version was held for review instead of served; null when it was served at once. */
  hold_reason: string | null;
}

/** Row shape of `list_commits`: a version made current, once, with its delta counts against the one it replaced. */
export interface ListCommitsTable {
  version_id: string;
  slug: string;
  committed_at: string;
  /** The version it replaced; null for a list's first version (every entry then counts as added). */
  base_version_id: string | null;
  added_count: number;
  removed_count: number;
  changed_count: number;
}

/** Row shape of `list_changes`: one entry a committed version added, removed or changed. */
export interface ListChangesTable {
  version_id: string;
  /** Order within the version: added and changed in the new version's order, then removed in the old one's. */
  seq: number;
  slug: string;
  committed_at: string;
  kind: 'added' | 'removed' | 'changed';
  /** The screening list the entry is on (a source may publish several). */
  list: string;
  source_uid: string;
  /** The entry's primary name (the old version's for a removed entry). */
  name: string;
}

/** Row shape of `list_status`: which version serves and how the last refresh went. */
export interface ListStatusTable {
  slug: string;
  current_version_id: string | null;
  last_attempt_at: string | null;
  last_success_at: string | null;
  last_error: string | null;
  /** A version stored but not served until an admin accepts it (it removed too many entries). */
  held_version_id: string | null;
  /** Checksum of the publication an admin last rejected: the same bytes are not held again. */
  rejected_checksum: string | null;
}

/** Row shape of `list_entries`: one listed party of one version; JSON columns as text. */
export interface ListEntriesTable {
  version_id: string;
  seq: number;
  slug: string;
  list: string;
  source_uid: string;
  name: string;
  kind: string;
  aliases: string;
  weak_aliases: string;
  record: string;
  wallets: string | null;
  /** SHA-256 of the record's canonical JSON (null for entries stored before it was kept). */
  record_hash: string | null;
  /** The entry's facts (EntryFacts as JSON); null for entries stored before they were extracted. */
  facts: string | null;
}

/** Row shape of `list_names`: every name (primary and alias) of an entry, for exact lookups. */
export interface ListNamesTable {
  version_id: string;
  seq: number;
  name: string;
}

/** Row shape of `subjects`: an account's monitored subject; deleted ones are kept (deleted_at) with their alerts. */
export interface SubjectsTable {
  id: string;
  user_id: string;
  /** The account's own id for the subject, unique per account; the upsert key. */
  reference: string | null;
  name: string;
  search_type: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /** The subject's qualifiers (QueryQualifiers as JSON); null when none. */
  qualifiers: string | null;
}

/** Row shape of `alerts`: one per (subject, listed entry). */
export interface AlertsTable {
  id: string;
  user_id: string;
  subject_id: string;
  list: string;
  source_uid: string;
  match_name: string;
  match_score: number;
  /** JSON of the match's explanation. */
  explanation: string | null;
  status: string;
  record_hash: string | null;
  subject_hash: string;
  created_at: string;
  updated_at: string;
}

/** Row shape of `alert_decisions`: the append-only log of every status change of an alert. */
export interface AlertDecisionsTable {
  id: string;
  alert_id: string;
  at: string;
  /** The deciding user; null for the service itself. */
  actor: string | null;
  from_status: string | null;
  to_status: string;
  reason: string;
}

/** Row shape of `webhooks`: an account's endpoint; deleted ones are kept (deleted_at) for their deliveries. */
export interface WebhooksTable {
  id: string;
  user_id: string;
  url: string;
  /** JSON array of the subscribed event names. */
  events: string;
  secret: string;
  created_at: string;
  deleted_at: string | null;
}

/** Row shape of `webhook_deliveries`: the outbox, one row per event and endpoint. */
export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  /** The event's id, the same for every endpoint it goes to (receivers de-duplicate on it). */
  event_id: string;
  event_type: string;
  /** The JSON body exactly as it is sent (and signed). */
  body: string;
  /** pending, delivered or failed (gave up). */
  status: string;
  attempts: number;
  /** When the next attempt is due; null once delivered or given up. */
  next_attempt_at: string | null;
  created_at: string;
  delivered_at: string | null;
}

/** Row shape of `webhook_attempts`: every POST of a delivery, answered or not. */
export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  at: string;
  /** The receiver's HTTP status; null when none came (timeout, connection error). */
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

/** Row shape of `delta_runs`: the delta screening of one list version, claimed by one process at a time. */
export interface DeltaRunsTable {
  version_id: string;
  slug: string;
  committed_at: string;
  /** pending or done. */
  status: string;
  /** The process that claimed it last (`hostname:pid:start`); null until claimed. */
  claimed_by: string | null;
  /** Until when the claim holds; another process takes a pending row over after it. */
  lease_until: string | null;
  attempts: number;
  started_at: string | null;
  done_at: string | null;
  /** What the run did (JSON), once done. */
  outcome: string | null;
}

/** Every table the store touches, for Kysely's type checking. */
/** Row shape of `monitor_state`: monitoring facts that outlive a process (e.g. `engine_version`). */
export interface MonitorStateTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  api_keys: ApiKeysTable;
  usage_records: UsageRecordsTable;
  usage_chain: UsageChainTable;
  usage_chain_checkpoints: UsageChainCheckpointsTable;
  list_versions: ListVersionsTable;
  list_status: ListStatusTable;
  list_entries: ListEntriesTable;
  list_names: ListNamesTable;
  list_commits: ListCommitsTable;
  list_changes: ListChangesTable;
  subjects: SubjectsTable;
  alerts: AlertsTable;
  alert_decisions: AlertDecisionsTable;
  monitor_state: MonitorStateTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  delta_runs: DeltaRunsTable;
}
