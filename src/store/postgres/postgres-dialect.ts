// Kysely's PostgreSQL dialects over two bounded pg pools (API calls, bulk work), optionally confined to one schema.
import pg from 'pg';
import { PostgresDialect } from 'kysely';
import { boundedPool } from './bounded-pool.js';

/** How long PostgreSQL may take before the store gives up (the service's config supplies them). */
export interface PostgresTimeouts {
  /** Connecting, waiting for a pooled connection, and each statement of an API call. */
  readonly queryMs: number;
  /** Each statement of list ingestion, index loading and migrations, which commit tens of thousands of rows. */
  readonly bulkMs: number;
  /** A session idle inside an open transaction this long is ended by the server, releasing its locks. */
  readonly idleInTransactionMs: number;
}

/** The defaults of SCREENING_DATABASE_TIMEOUT_MS, _BULK_TIMEOUT_MS and _IDLE_IN_TX_TIMEOUT_MS. */
export const DEFAULT_POSTGRES_TIMEOUTS: PostgresTimeouts = Object.freeze({
  queryMs: 5_000,
  bulkMs: 300_000,
  idleInTransactionMs: 60_000,
});

/** Where and how to connect; `schema` confines every connection to that schema (created if missing). */
export interface PostgresDialectOptions {
  readonly url: string;
  readonly schema?: string;
  /** Most connections the API pool opens; default 10. */
  readonly poolSize?: number;
  readonly timeouts?: Partial<PostgresTimeouts>;
}

/** Two dialects on one database: `api` with the short bounds, `bulk` (a few connections) with the long ones. */
export interface PostgresDialects {
  readonly api: PostgresDialect;
  readonly bulk: PostgresDialect;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;
const UNIQUE_VIOLATION = '23505';
// Ingestion holds one connection for its advisory lock and commits on another while the name index and the
// wallet index load the versions they need.
const BULK_POOL_SIZE = 3;
// The client-side bound waits a little longer than the server-side one, so a live but slow server cancels the
// statement itself (the connection stays usable) and only a server that does not answer at all trips the client.
const CLIENT_GRACE_MS = 500;

/** Builds the pools, creates the schema when one is named, and wraps each pool in a Kysely dialect. */
export async function createPostgresDialects(options: PostgresDialectOptions): Promise<PostgresDialects> {
  const { url, schema, poolSize = 10 } = options;
  const timeouts = { ...DEFAULT_POSTGRES_TIMEOUTS, ...options.timeouts };
  // The name is interpolated into SQL and a connection option, so only plain identifiers are accepted.
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error(`invalid PostgreSQL schema name "${schema}": use lower-case letters, digits and _`);
  }
  if (!Number.isInteger(poolSize) || poolSize < 1) {
    throw new Error(`invalid PostgreSQL pool size ${poolSize}: must be a whole number of at least 1`);
  }
  const pool = (max: number, statementMs: number, connectMs: number) => {
    const p = new pg.Pool({
      connectionString: url,
      max,
      // pg-pool applies this both to opening a connection and to waiting for a free one when all are busy.
      connectionTimeoutMillis: connectMs,
      statement_timeout: statementMs,
      query_timeout: statementMs + CLIENT_GRACE_MS,
      idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
      ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
    });
    // An idle client that dies emits 'error' on the pool, which would crash the process if unhandled; the
    // pool has already discarded the client and the next query opens a fresh one, so there is nothing to do.
    p.on('error', () => {});
    return p;
  };
  const apiPool = pool(poolSize, timeouts.queryMs, timeouts.queryMs);
  // Bulk work runs in the background: waiting behind another list's commit is normal, so it waits as long as a
  // statement may take.
  const bulkPool = pool(BULK_POOL_SIZE, timeouts.bulkMs, timeouts.bulkMs);
  const api = boundedPool(apiPool, { connectMs: timeouts.queryMs, statementMs: timeouts.queryMs });
  const bulk = boundedPool(bulkPool, { connectMs: timeouts.bulkMs, statementMs: timeouts.bulkMs });
  if (schema !== undefined) {
    try {
      const client = await api.connect();
      try {
        await client.query(`create schema if not exists "${schema}"`, []);
      } finally {
        client.release();
      }
    } catch (err) {
      // Two processes creating the same schema at once can both pass the "if not exists" check.
      if ((err as { code?: unknown }).code !== UNIQUE_VIOLATION) {
        await Promise.all([apiPool.end(), bulkPool.end()]);
        throw err;
      }
    }
  }
  return { api: new PostgresDialect({ pool: api }), bulk: new PostgresDialect({ pool: bulk }) };
}
