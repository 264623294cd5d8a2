// The persistence port: one interface, implemented once with Kysely over SQLite or PostgreSQL.
import type { ApiKey, Session, User } from '../domain/accounts.js';
import type { UsageQuery, UsageRecord } from '../domain/usage.js';
import type { ClusterStore } from './cluster-store.js';
import type { ListStore } from './list-store.js';
import type { MonitorStore } from './monitor-store.js';
import type { UsageChainStore } from './usage-chain-store.js';
import type { WebhookStore } from './webhook-store.js';

/** An API key with the owner fields that authentication needs, found by the key's hash. */
export interface ApiKeyWithOwner extends ApiKey {
  readonly ownerIsAdmin: boolean;
  readonly ownerRateLimitPerMinute: number | null;
}

/** A session with the owner fields that authentication needs, found by the token's hash. */
export interface SessionWithOwner extends Session {
  readonly ownerIsAdmin: boolean;
  readonly ownerRateLimitPerMinute: number | null;
}

/** Everything the service persists: accounts, credentials, the usage audit trail, lists, monitoring, webhooks, cluster work. */
export interface Store extends ListStore, MonitorStore, WebhookStore, ClusterStore, UsageChainStore {
  readonly dialect: 'sqlite' | 'postgres';

  /** Runs `fn` only if no other process holds the ingestion lock (PostgreSQL advisory lock; SQLite: one process). Returns false when skipped. */
  withIngestLock(fn: () => Promise<void>): Promise<boolean>;

  /** Applies pending migrations; returns the names applied by this call. */
  migrate(): Promise<string[]>;
  /** Cheap round trip for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;

  insertUser(user: User): Promise<void>;
  findUserByEmail(email: string): Promise<User | null>;
  findUserById(id: string): Promise<User | null>;
  setUserAdmin(id: string, isAdmin: boolean): Promise<void>;
  /** The user's budget across all keys; null restores the default. */
  setUserRateLimit(id: string, perMinute: number | null): Promise<void>;
  countUsers(): Promise<number>;

  insertSession(session: Session): Promise<void>;
  findSessionByTokenHash(tokenHash: string): Promise<SessionWithOwner | null>;
  revokeSession(id: string, at: string): Promise<void>;

  insertApiKey(key: ApiKey): Promise<void>;
  findApiKeyByHash(keyHash: string): Promise<ApiKeyWithOwner | null>;
  findApiKeyById(id: string): Promise<ApiKey | null>;
  listApiKeys(userId: string): Promise<ApiKey[]>;
  /** Marks a key revoked; returns false when the user owns no such live key. */
  revokeApiKey(id: string, userId: string, at: string): Promise<boolean>;
  touchApiKeys(lastUsed: ReadonlyMap<string, string>): Promise<void>;

  /** Writes records in one transaction with their usage chain row: all or none. */
  insertUsage(records: readonly UsageRecord[]): Promise<void>;
  listUsage(query: UsageQuery): Promise<UsageRecord[]>;
  findUsage(id: string): Promise<UsageRecord | null>;
  countUsage(): Promise<number>;
}
