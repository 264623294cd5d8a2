// The stores the HTTP benchmark runs the service on: a fresh SQLite file, and a fresh PostgreSQL database
// created for the run and dropped after it, each seeded with one admin user and one API key.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type * as AccountsModule from '../src/services/accounts/accounts-service.js';
import type * as OpenStoreModule from '../src/store/open-store.js';
import type { StoreOptions } from '../src/store/open-store.js';
import { procCpuSeconds } from './http-processes.js';

interface DistModules {
  readonly openStore: typeof OpenStoreModule.openStore;
  readonly AccountsService: typeof AccountsModule.AccountsService;
}
let dist: Promise<DistModules> | null = null;

/**
 * The store is seeded and counted with the built code (dist/), the very code the service process runs, so a
 * stale or fresh build never disagrees with src/ about the schema; the types still come from src/. Loaded on
 * first use, after the bench has built dist/.
 */
function fromDist(): Promise<DistModules> {
  dist ??= (async () => {
    const root = new URL('../dist/', import.meta.url);
    const stores = (await import(new URL('store/open-store.js', root).href)) as typeof OpenStoreModule;
    const accounts = (await import(
      new URL('services/accounts/accounts-service.js', root).href
    )) as typeof AccountsModule;
    return { openStore: stores.openStore, AccountsService: accounts.AccountsService };
  })();
  return dist;
}

/** Usage records counted per endpoint and status once the server has stopped. */
export interface RecordCounts {
  /** `select count(*) from usage_records`, through the Store port. */
  readonly total: number;
  /** endpoint -> status -> records. */
  readonly byEndpoint: ReadonlyMap<string, Readonly<Record<string, number>>>;
}

/** A seeded, empty store the service is pointed at. */
export interface BenchBackend {
  readonly name: 'sqlite' | 'postgres';
  /** Variables the service process gets (DATA_DIR always, DATABASE_URL for PostgreSQL). */
  readonly env: Readonly<Record<string, string>>;
  readonly apiKey: string;
  /**
   * CPU seconds used so far by the database server's processes serving this run, by pid; null when the
   * database runs inside the service (SQLite) or its processes cannot be read (not on this machine).
   */
  dbCpu(): Promise<ReadonlyMap<number, number> | null>;
  /** Counts the records; call after the server has exited. */
  count(): Promise<RecordCounts>;
  /** Removes the file or drops the database. */
  cleanup(): Promise<void>;
}

async function seed(options: StoreOptions): Promise<string> {
  const { openStore, AccountsService } = await fromDist();
  const store = await openStore(options);
  try {
    await store.migrate();
    const accounts = new AccountsService(store, {
      signupOpen: false,
      sessionTtlHours: 1,
      defaultRateLimitPerMinute: 60,
    });
    const user = await accounts.createUser('bench@example.com', 'bench-password-not-secret', true);
    // Far above what the run sends, so the rate limiter is consulted on every call but never refuses one.
    const key = await accounts.createApiKey(
      { userId: user.id, isAdmin: true },
      { name: 'http bench', rateLimitPerMinute: 100_000_000 },
    );
    await accounts.setUserRateLimit('bench@example.com', 100_000_000);
    await accounts.close();
    return key.key;
  } finally {
    await store.close();
  }
}

async function countWith(
  options: StoreOptions,
  grouped: () => Promise<{ endpoint: string; status: number; n: number | string }[]>,
): Promise<RecordCounts> {
  const { openStore } = await fromDist();
  const store = await openStore(options);
  let total: number;
  try {
    total = await store.countUsage();
  } finally {
    await store.close();
  }
  const byEndpoint = new Map<string, Record<string, number>>();
  for (const row of await grouped()) {
    const m = byEndpoint.get(row.endpoint) ?? {};
    m[String(row.status)] = Number(row.n);
    byEndpoint.set(row.endpoint, m);
  }
  return { total, byEndpoint };
}

const GROUPED_SQL =
  'select endpoint, status, count(*) as n from usage_records group by endpoint, status order by endpoint, status';

export async function sqliteBackend(root: string): Promise<BenchBackend> {
  const dataDir = path.join(root, 'sqlite-data');
  // The service opens <DATA_DIR>/screening.sqlite (storeOptionsFromConfig).
  const options: StoreOptions = { dialect: 'sqlite', file: path.join(dataDir, 'screening.sqlite') };
  const apiKey = await seed(options);
  return {
    name: 'sqlite',
    env: { DATA_DIR: dataDir },
    apiKey,
    dbCpu: async () => null,
    count: () =>
      countWith(options, async () => {
        const db = new Database(options.file, { readonly: true });
        try {
          return db.prepare(GROUPED_SQL).all() as { endpoint: string; status: number; n: number }[];
        } finally {
          db.close();
        }
      }),
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** Whether a PostgreSQL server answers at `url` (a short connect timeout, so an absent server costs little). */
export async function postgresReachable(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (err) {
    return (err as Error).message || String(err);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** CPU of every PostgreSQL backend connected to `dbName` (the service's pool), read from /proc. */
async function backendCpu(adminUrl: string, dbName: string): Promise<ReadonlyMap<number, number> | null> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [dbName],
    );
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      const s = procCpuSeconds(pid);
      if (s === null) return null;
      cpu.set(pid, s);
    }
    return cpu;
  } finally {
    await client.end();
  }
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A database `bench_<random>` on the server `adminUrl` points at, so the record count is this run's alone. */
export async function postgresBackend(adminUrl: string): Promise<BenchBackend> {
  const dbName = `bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database "${dbName}"`);
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  const url = u.toString();
  const drop = () => adminQuery(adminUrl, `drop database if exists "${dbName}" with (force)`);
  let apiKey: string;
  try {
    apiKey = await seed({ dialect: 'postgres', url });
  } catch (err) {
    await drop();
    throw err;
  }
  return {
    name: 'postgres',
    env: { DATABASE_URL: url },
    apiKey,
    dbCpu: () => backendCpu(adminUrl, dbName),
    count: () =>
      countWith({ dialect: 'postgres', url }, async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          const { rows } = await client.query<{ endpoint: string; status: number; n: string }>(GROUPED_SQL);
          return rows;
        } finally {
          await client.end();
        }
      }),
    cleanup: drop,
  };
}
