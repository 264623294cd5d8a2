// Builds the configured Store: SQLite file by default, PostgreSQL when a URL is given.
import path from 'node:path';
import { Kysely } from 'kysely';
import { KyselyStore } from './kysely-store.js';
import { createPostgresDialects, type PostgresTimeouts } from './postgres/postgres-dialect.js';
import type { Database } from './schema.js';
import { openSqlite } from './sqlite/sqlite-dialect.js';
import { SqliteUsageWriter } from './sqlite/sqlite-usage-writer.js';
import { WalCheckpointer } from './sqlite/wal-checkpointer.js';
import type { Store } from './store.js';

/**
 * Which backend to open and where; `schema` confines PostgreSQL to one schema, `poolSize` defaults to 10,
 * `timeouts` default to DEFAULT_POSTGRES_TIMEOUTS.
 */
export type StoreOptions =
  | {
      dialect: 'sqlite';
      file: string;
      /** WAL checkpoints in a worker thread, off the request path (the server; see WalCheckpointer). */
      backgroundCheckpoints?: boolean;
    }
  | {
      dialect: 'postgres';
      url: string;
      schema?: string;
      poolSize?: number;
      timeouts?: Partial<PostgresTimeouts>;
    };

/** Opens the store without migrating it; callers run `migrate()` when they own the schema. */
export async function openStore(options: StoreOptions): Promise<Store> {
  if (options.dialect === 'sqlite') {
    const { dialect, database } = openSqlite(options.file);
    const db = new Kysely<Database>({ dialect });
    const checkpointer =
      options.backgroundCheckpoints === true && !database.memory ? new WalCheckpointer(database) : null;
    return new KyselyStore(db, 'sqlite', db, new SqliteUsageWriter(database), () =>
      checkpointer ? checkpointer.stop() : Promise.resolve(),
    );
  }
  const { api, bulk } = await createPostgresDialects({
    url: options.url,
    ...(options.schema === undefined ? {} : { schema: options.schema }),
    ...(options.poolSize === undefined ? {} : { poolSize: options.poolSize }),
    ...(options.timeouts === undefined ? {} : { timeouts: options.timeouts }),
  });
  return new KyselyStore(
    new Kysely<Database>({ dialect: api }),
    'postgres',
    new Kysely<Database>({ dialect: bulk }),
  );
}

/**
 * Store options from the service config: PostgreSQL when DATABASE_URL is set, else `<dataDir>/screening.sqlite`
 * (with WAL checkpoints in a worker thread when `server.backgroundCheckpoints`: the long-running server only).
 */
export function storeOptionsFromConfig(
  cfg: {
    databaseUrl: string | null;
    dataDir: string;
    databasePoolSize?: number;
    databaseTimeoutMs?: number;
    databaseBulkTimeoutMs?: number;
    databaseIdleInTransactionTimeoutMs?: number;
  },
  server: { backgroundCheckpoints?: boolean } = {},
): StoreOptions {
  if (cfg.databaseUrl === null)
    return {
      dialect: 'sqlite',
      file: path.join(cfg.dataDir, 'screening.sqlite'),
      ...(server.backgroundCheckpoints ? { backgroundCheckpoints: true } : {}),
    };
  const timeouts: { -readonly [K in keyof PostgresTimeouts]?: number } = {};
  if (cfg.databaseTimeoutMs !== undefined) timeouts.queryMs = cfg.databaseTimeoutMs;
  if (cfg.databaseBulkTimeoutMs !== undefined) timeouts.bulkMs = cfg.databaseBulkTimeoutMs;
  if (cfg.databaseIdleInTransactionTimeoutMs !== undefined)
    timeouts.idleInTransactionMs = cfg.databaseIdleInTransactionTimeoutMs;
  return {
    dialect: 'postgres',
    url: cfg.databaseUrl,
    ...(cfg.databasePoolSize ? { poolSize: cfg.databasePoolSize } : {}),
    timeouts,
  };
}
