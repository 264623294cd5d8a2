// Kysely's PostgreSQL dialect over a pg.Pool, optionally confined to one schema.
import pg from 'pg';
import { PostgresDialect } from 'kysely';

/** Where and how to connect; `schema` confines every connection to that schema (created if missing). */
export interface PostgresDialectOptions {
  readonly url: string;
  readonly schema?: string;
  /** Most connections the pool opens; default 10. */
  readonly poolSize?: number;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;
const UNIQUE_VIOLATION = '23505';

/** Builds the pool, creates the schema when one is named, and wraps the pool in a Kysely dialect. */
export async function createPostgresDialect(options: PostgresDialectOptions): Promise<PostgresDialect> {
  const { url, schema, poolSize = 10 } = options;
  // The name is interpolated into SQL and a connection option, so only plain identifiers are accepted.
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error(`invalid PostgreSQL schema name "${schema}": use lower-case letters, digits and _`);
  }
  if (!Number.isInteger(poolSize) || poolSize < 1) {
    throw new Error(`invalid PostgreSQL pool size ${poolSize}: must be a whole number of at least 1`);
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  // An idle client that dies emits 'error' on the pool, which would crash the process if unhandled; the
  // pool has already discarded the client and the next query opens a fresh one, so there is nothing to do.
  pool.on('error', () => {});
  if (schema !== undefined) {
    try {
      await pool.query(`create schema if not exists "${schema}"`);
    } catch (err) {
      // Two processes creating the same schema at once can both pass the "if not exists" check.
      if ((err as { code?: unknown }).code !== UNIQUE_VIOLATION) {
        await pool.end();
        throw err;
      }
    }
  }
  return new PostgresDialect({ pool });
}
