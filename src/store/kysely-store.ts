// The one Store implementation: Kysely queries written once and run on SQLite or PostgreSQL.
import { sql } from 'kysely';
import { withAdvisoryLock } from './advisory-lock.js';
import type { Kysely } from 'kysely';
import type { ApiKey, Session, User } from '../domain/accounts.js';
import type { UsageQuery, UsageRecord } from '../domain/usage.js';
import { conflict } from '../errors.js';
import { runMigrations } from './migrations/run-migrations.js';
import {
  USAGE_COLUMNS,
  fromApiKey,
  fromSession,
  fromUsageRecord,
  fromUser,
  toApiKey,
  toSession,
  toUsageRecord,
  toUser,
} from './rows.js';
import { KyselyListStore } from './kysely-list-store.js';
import { KyselyMonitorStore } from './kysely-monitor-store.js';
import { KyselyWebhookStore } from './kysely-webhook-store.js';
import { KyselyClusterStore } from './kysely-cluster-store.js';
import type { ClusterEvent, DeltaRun, DeltaRunRow, ServedVersion } from './cluster-store.js';
import type { DeliveryQuery, WebhookQuery } from './webhook-store.js';
import { KyselyUsageChain } from './kysely-usage-chain.js';
import type { SqliteUsageWriter } from './sqlite/sqlite-usage-writer.js';
import type { ChainBatch } from './usage-chain-hash.js';
import type { BatchedRow, ChainCheckpoint, ChainCut } from './usage-chain-store.js';
import { v7 as uuidv7 } from 'uuid';
import type { ClaimedDelivery, Webhook, WebhookAttempt, WebhookDelivery } from '../domain/webhooks.js';
import type { Alert, AlertDecision, Subject } from '../domain/monitoring.js';
import type {
  AlertQuery,
  AlertWrites,
  EntryKey,
  SubjectChange,
  SubjectInput,
  SubjectQuery,
  UpsertedSubject,
} from './monitor-store.js';
import type {
  ListChange,
  ListChangesQuery,
  ListCommit,
  ListStatus,
  NewListVersion,
  IndexedEntry,
  StoredEntry,
  StoredFingerprint,
  StoredVersionInfo,
} from './list-store.js';
import type { Database } from './schema.js';
import type { ApiKeyWithOwner, SessionWithOwner, Store } from './store.js';
import { isUniqueViolation } from './unique-violation.js';

// SQLite allows 32,766 bound parameters per statement and PostgreSQL 65,535; stay well under both.
const MAX_PARAMS_PER_STATEMENT = 30_000;
// Arbitrary constant shared by every process of this service: the first key of the ingestion advisory lock. The
// second is the schema's hash, so services on separate schemas of one database (or parallel test runs) do not
// lock each other out; advisory locks are database-wide.
const INGEST_LOCK_KEY = 735_560_801;
const USAGE_ROWS_PER_INSERT = Math.floor(MAX_PARAMS_PER_STATEMENT / USAGE_COLUMNS);

/**
 * Store over a Kysely instance; the caller picks the dialect, this class owns the instance from then on. `bulk`
 * (PostgreSQL: its own pool with longer statement bounds) runs list ingestion, index loading and migrations, so
 * the short bounds of API calls never cut a legitimate large commit; by default it is the same instance.
 */
export class KyselyStore implements Store {
  readonly #db: Kysely<Database>;
  readonly #bulk: Kysely<Database>;
  readonly #lists: KyselyListStore;
  readonly #bulkLists: KyselyListStore;
  readonly #monitor: KyselyMonitorStore;
  readonly #webhooks: KyselyWebhookStore;
  readonly #cluster: KyselyClusterStore;
  readonly #chain: KyselyUsageChain;
  /** SQLite: the usage write as prepared statements on the same connection (null: through Kysely). */
  readonly #sqliteUsage: SqliteUsageWriter | null;
  readonly #beforeClose: () => Promise<void>;
  #closing: Promise<void> | undefined;
  #ingesting = false;

  constructor(
    db: Kysely<Database>,
    readonly dialect: 'sqlite' | 'postgres',
    bulk: Kysely<Database> = db,
    sqliteUsage: SqliteUsageWriter | null = null,
    /** Run before the pools or file close (the SQLite checkpoint worker lets go of the file first). */
    beforeClose: () => Promise<void> = () => Promise.resolve(),
  ) {
    this.#beforeClose = beforeClose;
    this.#db = db;
    this.#sqliteUsage = sqliteUsage;
    this.#bulk = bulk;
    this.#lists = new KyselyListStore(db, dialect);
    this.#bulkLists = bulk === db ? this.#lists : new KyselyListStore(bulk, dialect);
    this.#cluster = new KyselyClusterStore(db, dialect);
    this.#monitor = new KyselyMonitorStore(db);
    this.#webhooks = new KyselyWebhookStore(db, dialect);
    this.#chain = new KyselyUsageChain(db, dialect);
  }

  async withIngestLock(fn: () => Promise<void>): Promise<boolean> {
    if (this.#ingesting) return false;
    this.#ingesting = true;
    try {
      return await withAdvisoryLock(this.#bulk, this.dialect, INGEST_LOCK_KEY, fn);
    } finally {
      this.#ingesting = false;
    }
  }

  listStatuses(): Promise<ListStatus[]> {
    return this.#lists.listStatuses();
  }

  notifyCluster(event: ClusterEvent): Promise<void> {
    return this.#cluster.notifyCluster(event);
  }

  claimDeltaRun(
    served: readonly ServedVersion[],
    by: string,
    now: string,
    leaseUntil: string,
  ): Promise<DeltaRun | null> {
    return this.#cluster.claimDeltaRun(served, by, now, leaseUntil);
  }

  renewDeltaRun(versionId: string, by: string, leaseUntil: string): Promise<boolean> {
    return this.#cluster.renewDeltaRun(versionId, by, leaseUntil);
  }

  finishDeltaRun(versionId: string, by: string, at: string, outcome: object): Promise<boolean> {
    return this.#cluster.finishDeltaRun(versionId, by, at, outcome);
  }

  releaseDeltaRun(versionId: string, by: string, retryAt: string): Promise<void> {
    return this.#cluster.releaseDeltaRun(versionId, by, retryAt);
  }

  deltaRuns(slug: string): Promise<DeltaRunRow[]> {
    return this.#cluster.deltaRuns(slug);
  }

  commitListVersion(version: NewListVersion, at: string): Promise<void> {
    return this.#bulkLists.commitListVersion(version, at);
  }

  holdListVersion(version: NewListVersion, reason: string, at: string): Promise<void> {
    return this.#bulkLists.holdListVersion(version, reason, at);
  }

  acceptHeldVersion(slug: string, versionId: string, at: string): Promise<boolean> {
    return this.#bulkLists.acceptHeldVersion(slug, versionId, at);
  }

  dropHeldVersion(
    slug: string,
    versionId: string,
    at: string,
    rejection: { readonly error: string } | null,
  ): Promise<boolean> {
    return this.#bulkLists.dropHeldVersion(slug, versionId, at, rejection);
  }

  findListVersion(versionId: string): Promise<StoredVersionInfo | null> {
    return this.#lists.findListVersion(versionId);
  }

  listEntryFingerprints(versionId: string): Promise<StoredFingerprint[]> {
    return this.#bulkLists.listEntryFingerprints(versionId);
  }

  recordListAttempt(slug: string, at: string, error: string | null): Promise<void> {
    return this.#lists.recordListAttempt(slug, at, error);
  }

  loadListEntries(versionId: string, sourceUids?: readonly string[]): Promise<StoredEntry[]> {
    return this.#bulkLists.loadListEntries(versionId, sourceUids);
  }

  loadIndexEntries(versionId: string): Promise<IndexedEntry[]> {
    return this.#bulkLists.loadIndexEntries(versionId);
  }

  loadWalletEntries(versionId: string): Promise<StoredEntry[]> {
    return this.#bulkLists.loadWalletEntries(versionId);
  }

  findRecordsByExactName(name: string): Promise<Record<string, Record<string, unknown>[]>> {
    return this.#lists.findRecordsByExactName(name);
  }

  findListCommit(slug: string, versionId: string): Promise<ListCommit | null> {
    return this.#lists.findListCommit(slug, versionId);
  }

  listChanges(query: ListChangesQuery): Promise<ListChange[]> {
    return this.#lists.listChanges(query);
  }

  upsertSubjects(userId: string, subjects: readonly SubjectInput[], at: string): Promise<UpsertedSubject[]> {
    return this.#monitor.upsertSubjects(userId, subjects, at);
  }

  listSubjects(query: SubjectQuery): Promise<Subject[]> {
    return this.#monitor.listSubjects(query);
  }

  findSubject(userId: string, id: string): Promise<Subject | null> {
    return this.#monitor.findSubject(userId, id);
  }

  deleteSubject(userId: string, id: string, at: string): Promise<boolean> {
    return this.#monitor.deleteSubject(userId, id, at);
  }

  subjectsByIds(ids: readonly string[]): Promise<Subject[]> {
    return this.#monitor.subjectsByIds(ids);
  }

  activeSubjects(): Promise<Subject[]> {
    return this.#monitor.activeSubjects();
  }

  subjectChangesSince(since: string): Promise<SubjectChange[]> {
    return this.#monitor.subjectChangesSince(since);
  }

  monitorState(key: string): Promise<string | null> {
    return this.#monitor.monitorState(key);
  }

  setMonitorState(key: string, value: string, at: string): Promise<void> {
    return this.#monitor.setMonitorState(key, value, at);
  }

  alertsForSubjects(subjectIds: readonly string[]): Promise<Alert[]> {
    return this.#monitor.alertsForSubjects(subjectIds);
  }

  alertsForEntries(keys: readonly EntryKey[]): Promise<Alert[]> {
    return this.#monitor.alertsForEntries(keys);
  }

  writeAlerts(writes: AlertWrites): Promise<void> {
    return this.#monitor.writeAlerts(writes);
  }

  listAlerts(query: AlertQuery): Promise<Alert[]> {
    return this.#monitor.listAlerts(query);
  }

  findAlert(userId: string, id: string): Promise<Alert | null> {
    return this.#monitor.findAlert(userId, id);
  }

  alertDecisions(alertId: string): Promise<AlertDecision[]> {
    return this.#monitor.alertDecisions(alertId);
  }

  currentRecordHashes(keys: readonly EntryKey[]): Promise<Map<string, string | null>> {
    return this.#monitor.currentRecordHashes(keys);
  }

  recordsByHash(
    wanted: readonly (EntryKey & { recordHash: string })[],
  ): Promise<Map<string, Record<string, unknown>>> {
    return this.#monitor.recordsByHash(wanted);
  }

  findCurrentRecord(key: EntryKey): Promise<Record<string, unknown> | null> {
    return this.#monitor.findCurrentRecord(key);
  }

  insertWebhook(webhook: Webhook): Promise<void> {
    return this.#webhooks.insertWebhook(webhook);
  }

  listWebhooks(query: WebhookQuery): Promise<Webhook[]> {
    return this.#webhooks.listWebhooks(query);
  }

  findWebhook(userId: string, id: string): Promise<Webhook | null> {
    return this.#webhooks.findWebhook(userId, id);
  }

  deleteWebhook(userId: string, id: string, at: string): Promise<boolean> {
    return this.#webhooks.deleteWebhook(userId, id, at);
  }

  countWebhooks(userId: string): Promise<number> {
    return this.#webhooks.countWebhooks(userId);
  }

  enqueueListUpdated(list: string, versionId: string, at: string): Promise<void> {
    return this.#webhooks.enqueueListUpdated(list, versionId, at);
  }

  listDeliveries(query: DeliveryQuery): Promise<WebhookDelivery[]> {
    return this.#webhooks.listDeliveries(query);
  }

  deliveryAttempts(deliveryIds: readonly string[]): Promise<Map<string, WebhookAttempt[]>> {
    return this.#webhooks.deliveryAttempts(deliveryIds);
  }

  claimDueDeliveries(now: string, leaseUntil: string, limit: number): Promise<ClaimedDelivery[]> {
    return this.#webhooks.claimDueDeliveries(now, leaseUntil, limit);
  }

  recordAttempt(
    deliveryId: string,
    attempt: WebhookAttempt,
    outcome: { status: 'delivered' | 'pending' | 'failed'; nextAttemptAt: string | null },
  ): Promise<void> {
    return this.#webhooks.recordAttempt(deliveryId, attempt, outcome);
  }

  retryDelivery(webhookId: string, deliveryId: string, now: string): Promise<boolean> {
    return this.#webhooks.retryDelivery(webhookId, deliveryId, now);
  }

  async migrate(): Promise<string[]> {
    if (this.dialect === 'sqlite') return runMigrations(this.#bulk);
    const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(
      this.#bulk,
    );
    return runMigrations(this.#bulk, rows[0]?.schema ?? undefined);
  }

  async ping(): Promise<void> {
    await sql`select 1`.execute(this.#db);
  }

  /** Closes the pools or file; safe to call more than once. */
  close(): Promise<void> {
    this.#closing ??= this.#beforeClose()
      .then(() =>
        Promise.all([this.#db.destroy(), ...(this.#bulk === this.#db ? [] : [this.#bulk.destroy()])]),
      )
      .then(() => undefined);
    return this.#closing;
  }

  async insertUser(user: User): Promise<void> {
    try {
      await this.#db.insertInto('users').values(fromUser(user)).execute();
    } catch (err) {
      // Two sign-ups racing past the service's lookup end here; the loser gets a conflict, not a 500.
      if (isUniqueViolation(err, 'users', 'email')) throw conflict('a user with this email already exists');
      throw err;
    }
  }

  async findUserByEmail(email: string): Promise<User | null> {
    const row = await this.#db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    return row === undefined ? null : toUser(row);
  }

  async findUserById(id: string): Promise<User | null> {
    const row = await this.#db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? null : toUser(row);
  }

  async setUserAdmin(id: string, isAdmin: boolean): Promise<void> {
    await this.#db
      .updateTable('users')
      .set({ is_admin: isAdmin ? 1 : 0 })
      .where('id', '=', id)
      .execute();
  }

  async setUserRateLimit(id: string, perMinute: number | null): Promise<void> {
    await this.#db
      .updateTable('users')
      .set({ rate_limit_per_minute: perMinute })
      .where('id', '=', id)
      .execute();
  }

  async countUsers(): Promise<number> {
    const row = await this.#db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    // PostgreSQL returns count(*) as a bigint string.
    return Number(row.n);
  }

  async insertSession(session: Session): Promise<void> {
    await this.#db.insertInto('sessions').values(fromSession(session)).execute();
  }

  async findSessionByTokenHash(tokenHash: string): Promise<SessionWithOwner | null> {
    const row = await this.#db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('sessions')
      .select(['users.is_admin as owner_is_admin', 'users.rate_limit_per_minute as owner_rate_limit'])
      .where('sessions.token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row === undefined
      ? null
      : {
          ...toSession(row),
          ownerIsAdmin: row.owner_is_admin === 1,
          ownerRateLimitPerMinute: row.owner_rate_limit,
        };
  }

  async revokeSession(id: string, at: string): Promise<void> {
    // Keeps the first revocation time when logout is repeated.
    await this.#db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }

  async insertApiKey(key: ApiKey): Promise<void> {
    await this.#db.insertInto('api_keys').values(fromApiKey(key)).execute();
  }

  async findApiKeyByHash(keyHash: string): Promise<ApiKeyWithOwner | null> {
    const row = await this.#db
      .selectFrom('api_keys')
      .innerJoin('users', 'users.id', 'api_keys.user_id')
      .selectAll('api_keys')
      .select(['users.is_admin as owner_is_admin', 'users.rate_limit_per_minute as owner_rate_limit'])
      .where('api_keys.key_hash', '=', keyHash)
      .executeTakeFirst();
    return row === undefined
      ? null
      : {
          ...toApiKey(row),
          ownerIsAdmin: row.owner_is_admin === 1,
          ownerRateLimitPerMinute: row.owner_rate_limit,
        };
  }

  async findApiKeyById(id: string): Promise<ApiKey | null> {
    const row = await this.#db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
    return row === undefined ? null : toApiKey(row);
  }

  async listApiKeys(userId: string): Promise<ApiKey[]> {
    const rows = await this.#db
      .selectFrom('api_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toApiKey);
  }

  async revokeApiKey(id: string, userId: string, at: string): Promise<boolean> {
    const result = await this.#db
      .updateTable('api_keys')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async touchApiKeys(lastUsed: ReadonlyMap<string, string>): Promise<void> {
    if (lastUsed.size === 0) return;
    await this.#db.transaction().execute(async (trx) => {
      for (const [id, at] of lastUsed) {
        // Flushes from several processes can arrive out of order; never move last_used_at backwards.
        await trx
          .updateTable('api_keys')
          .set({ last_used_at: at })
          .where('id', '=', id)
          .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', at)]))
          .execute();
      }
    });
  }

  async insertUsage(records: readonly UsageRecord[]): Promise<void> {
    if (records.length === 0) return;
    const batchId = uuidv7();
    const rows = records.map((r) => fromUsageRecord(r, batchId));
    const sqliteUsage = this.#sqliteUsage;
    if (sqliteUsage) {
      // The hot path of every metered call on SQLite: the same rows and chain row as below, one synchronous
      // transaction of prepared statements on the one connection; at once when no transaction is open on it, else
      // once Kysely's lock on it is ours (the open transaction has finished).
      if (!sqliteUsage.inTransaction) sqliteUsage.write(batchId, rows);
      else await this.#db.connection().execute(async () => sqliteUsage.write(batchId, rows));
      return;
    }
    // One transaction for the records and their chain row: a batch is durable exactly when it is chained. On
    // PostgreSQL a lone INSERT sent to a server that stops answering would run when it resumes, long after the
    // caller was answered 503 "not recorded"; inside a transaction it is rolled back with the abandoned
    // connection, so only a COMMIT already in flight can still land.
    await this.#db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += USAGE_ROWS_PER_INSERT) {
        await trx
          .insertInto('usage_records')
          .values(rows.slice(i, i + USAGE_ROWS_PER_INSERT))
          .execute();
      }
      await this.#chain.append(trx, batchId, rows);
    });
  }

  usageChainCheckpoint(): Promise<ChainCheckpoint | null> {
    return this.#chain.usageChainCheckpoint();
  }

  usageChainBatches(afterSeq: number, limit: number): Promise<ChainBatch[]> {
    return this.#chain.usageChainBatches(afterSeq, limit);
  }

  usageChainSize(): Promise<{ batches: number; lastSeq: number | null }> {
    return this.#chain.usageChainSize();
  }

  usageRowsOfBatches(batchIds: readonly string[], afterId: string, limit: number): Promise<BatchedRow[]> {
    return this.#chain.usageRowsOfBatches(batchIds, afterId, limit);
  }

  unchainedUsage(limit: number): Promise<BatchedRow[]> {
    return this.#chain.unchainedUsage(limit);
  }

  usageChainBatchOf(recordId: string): Promise<ChainBatch | null> {
    return this.#chain.usageChainBatchOf(recordId);
  }

  cutUsageChain(cutoff: string, at: string, maxBatches: number): Promise<ChainCut> {
    return this.#chain.cutUsageChain(cutoff, at, maxBatches);
  }

  withRetentionLock(fn: () => Promise<void>): Promise<boolean> {
    return this.#chain.withRetentionLock(fn);
  }

  async listUsage(query: UsageQuery): Promise<UsageRecord[]> {
    const limit = Math.floor(query.limit);
    // SQLite reads a negative LIMIT as "no limit"; an empty page is the honest answer.
    if (!(limit >= 1)) return [];
    let q = this.#db.selectFrom('usage_records').selectAll().where('user_id', '=', query.userId);
    if (query.endpoint !== undefined) q = q.where('endpoint', '=', query.endpoint);
    if (query.endpoints !== undefined) {
      if (query.endpoints.length === 0) return [];
      q = q.where('endpoint', 'in', [...query.endpoints]);
    }
    if (query.excludeEndpoints !== undefined && query.excludeEndpoints.length > 0)
      q = q.where('endpoint', 'not in', [...query.excludeEndpoints]);
    if (query.from !== undefined) q = q.where('created_at', '>=', query.from);
    if (query.to !== undefined) q = q.where('created_at', '<', query.to);
    if (query.status !== undefined) q = q.where('status', '=', query.status);
    if (query.before !== undefined) q = q.where('id', '<', query.before);
    const rows = await q.orderBy('id', 'desc').limit(limit).execute();
    return rows.map(toUsageRecord);
  }

  async findUsage(id: string): Promise<UsageRecord | null> {
    const row = await this.#db
      .selectFrom('usage_records')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row === undefined ? null : toUsageRecord(row);
  }

  async countUsage(): Promise<number> {
    const row = await this.#db
      .selectFrom('usage_records')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
