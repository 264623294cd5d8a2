// The store backends every store-backed test loops over: SQLite always, PostgreSQL when TEST_DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openStore } from '../store/open-store.js';
import type { Store } from '../store/store.js';

/** One backend under test; each `open()` gives a fresh, migrated, isolated store that cleans up on close(). */
export interface TestBackend {
  name: 'sqlite' | 'postgres';
  open(): Promise<Store>;
  /** Like `open()` but not migrated, for testing migrations themselves. */
  openUnmigrated(): Promise<Store>;
}

/** Why PostgreSQL tests did not run, for the skip notice. */
export const postgresSkipReason = 'TEST_DATABASE_URL not set: PostgreSQL store tests skipped';

let warnedSkip = false;

/** The backends available in this environment; warns once when PostgreSQL is skipped so CI output says so. */
export function testBackends(): TestBackend[] {
  const backends: TestBackend[] = [
    { name: 'sqlite', open: () => openSqlite(true), openUnmigrated: () => openSqlite(false) },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url !== undefined && url !== '') {
    backends.push({
      name: 'postgres',
      open: () => openPostgres(url, true),
      openUnmigrated: () => openPostgres(url, false),
    });
  } else if (!warnedSkip) {
    warnedSkip = true;
    console.warn(postgresSkipReason);
  }
  return backends;
}

async function openSqlite(migrated: boolean): Promise<Store> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'screening-store-'));
  const store = await openStore({ dialect: 'sqlite', file: path.join(dir, 'test.sqlite') });
  return prepared(
    withClose(store, () => fs.rmSync(dir, { recursive: true, force: true })),
    migrated,
  );
}

async function openPostgres(url: string, migrated: boolean): Promise<Store> {
  const schema = `t_${randomBytes(8).toString('hex')}`;
  // A small pool: test files run in parallel and each test opens its own store.
  const store = await openStore({ dialect: 'postgres', url, schema, poolSize: 4 });
  return prepared(
    withClose(store, () => dropSchema(url, schema)),
    migrated,
  );
}

// Closes (and so cleans up) a store whose migration failed, so a broken migration does not leak schemas.
async function prepared(store: Store, migrate: boolean): Promise<Store> {
  if (!migrate) return store;
  try {
    await store.migrate();
    return store;
  } catch (err) {
    await store.close();
    throw err;
  }
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}

// A Proxy rather than a spread or subclass: KyselyStore keeps its state in #private fields, so its methods
// must run with the real instance as `this`.
function withClose(store: Store, cleanup: () => Promise<void> | void): Store {
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= store.close().then(cleanup);
    return closing;
  };
  return new Proxy(store, {
    get(target, prop) {
      if (prop === 'close') return close;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
