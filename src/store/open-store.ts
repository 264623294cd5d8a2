// Builds the configured Store: SQLite file by default, PostgreSQL when a URL is given.
import path from 'node:path';
import { Kysely } from 'kysely';
import type { Dialect } from 'kysely';
import { KyselyStore } from './kysely-store.js';
import { createPostgresDialect } from './postgres/postgres-dialect.js';
import type { Database } from './schema.js';
import { createSqliteDialect } from './sqlite/sqlite-dialect.js';
import type { Store } from './store.js';

/** Which backend to open and where; `schema` confines PostgreSQL to one schema, `poolSize` defaults to 10. */
export type StoreOptions =
  | { dialect: 'sqlite'; file: string }
  | { dialect: 'postgres'; url: string; schema?: string; poolSize?: number };

/** Opens the store without migrating it; callers run `migrate()` when they own the schema. */
export async function openStore(options: StoreOptions): Promise<Store> {
  const dialect: Dialect =
    options.dialect === 'sqlite'
      ? createSqliteDialect(options.file)
      : await createPostgresDialect({
          url: options.url,
          ...(options.schema === undefined ? {} : { schema: options.schema }),
          ...(options.poolSize === undefined ? {} : { poolSize: options.poolSize }),
        });
  return new KyselyStore(new Kysely<Database>({ dialect }), options.dialect);
}

/** Store options from the service config: PostgreSQL when DATABASE_URL is set, else `<dataDir>/screening.sqlite`. */
export function storeOptionsFromConfig(cfg: {
  databaseUrl: string | null;
  dataDir: string;
  databasePoolSize?: number;
}): StoreOptions {
  return cfg.databaseUrl === null
    ? { dialect: 'sqlite', file: path.join(cfg.dataDir, 'screening.sqlite') }
    : {
        dialect: 'postgres',
        url: cfg.databaseUrl,
        ...(cfg.databasePoolSize ? { poolSize: cfg.databasePoolSize } : {}),
      };
}
