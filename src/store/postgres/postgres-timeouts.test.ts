// PostgreSQL bounds on a live server: API statements and pool waits end as StoreUnavailableError, bulk work is not cut short.
import { randomBytes } from 'node:crypto';
import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { v7 } from 'uuid';
import { afterEach, describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../../errors.js';
import { openStore } from '../open-store.js';
import type { Database } from '../schema.js';
import type { Store } from '../store.js';
import { createPostgresDialects, type PostgresTimeouts } from './postgres-dialect.js';
import { unavailableError } from './unavailable-error.js';

const url = process.env.TEST_DATABASE_URL ?? '';
if (url === '') console.warn('TEST_DATABASE_URL not set: PostgreSQL timeout tests skipped');

const SHORT: Partial<PostgresTimeouts> = { queryMs: 300, bulkMs: 30_000 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `fn` while another session holds an exclusive lock on `table`, released after `holdMs`. */
async function whileLocked<T>(table: string, schema: string, holdMs: number, fn: () => Promise<T>) {
  const locker = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await locker.connect();
  try {
    await locker.query('begin');
    await locker.query(`lock table ${table} in access exclusive mode`);
    const started = Date.now();
    const running = fn().then(
      (value) => ({ ok: true as const, value, ms: Date.now() - started }),
      (error: unknown) => ({ ok: false as const, error, ms: Date.now() - started }),
    );
    await sleep(holdMs);
    await locker.query('commit');
    return await running;
  } finally {
    await locker.end();
  }
}

describe.skipIf(url === '')('PostgreSQL timeouts (live server)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function store(): Promise<{ store: Store; schema: string }> {
    const schema = `t_${randomBytes(8).toString('hex')}`;
    const s = await openStore({ dialect: 'postgres', url, schema, poolSize: 2, timeouts: SHORT });
    cleanups.push(async () => {
      await s.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema if exists "${schema}" cascade`);
      await c.end();
    });
    await s.migrate();
    return { store: s, schema };
  }

  async function dialects(poolSize = 2) {
    const { api, bulk } = await createPostgresDialects({ url, poolSize, timeouts: SHORT });
    const dbs = {
      api: new Kysely<Database>({ dialect: api }),
      bulk: new Kysely<Database>({ dialect: bulk }),
    };
    cleanups.push(async () => {
      await Promise.all([dbs.api.destroy(), dbs.bulk.destroy()]);
    });
    return dbs;
  }

  it('an API statement past the bound is cancelled as StoreUnavailableError naming it; the pool stays usable', async () => {
    const { api } = await dialects();
    const err = await sql`select pg_sleep(2)`.execute(api).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreUnavailableError);
    expect((err as Error).message).toBe(
      'the database did not answer within 300 ms; the call was not completed',
    );
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(api);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('the bulk dialect lets a statement run past the API bound, and each session carries its own bounds', async () => {
    const { api, bulk } = await dialects();
    await expect(sql`select pg_sleep(1)`.execute(bulk)).resolves.toBeDefined();
    const show = async (db: Kysely<Database>, name: string) =>
      (await sql<Record<string, string>>`${sql.raw(`show ${name}`)}`.execute(db)).rows[0]?.[name];
    expect(await show(api, 'statement_timeout')).toBe('300ms');
    expect(await show(bulk, 'statement_timeout')).toBe('30s');
    expect(await show(api, 'idle_in_transaction_session_timeout')).toBe('1min');
  });

  it('waiting for a pooled connection is bounded: every connection busy -> StoreUnavailableError', async () => {
    const { api } = await dialects(1);
    let release!: () => void;
    const held = api.connection().execute(() => new Promise<void>((r) => (release = r)));
    await sleep(50);
    const err = await sql`select 1`.execute(api).catch((e: unknown) => e);
    release();
    await held;
    expect(err).toBeInstanceOf(StoreUnavailableError);
    expect((err as Error).message).toMatch(/did not answer within 300 ms/);
    await expect(sql`select 1`.execute(api)).resolves.toBeDefined();
  });

  it('a usage write blocked past the API bound fails as StoreUnavailableError', async () => {
    const { store: s, schema } = await store();
    const outcome = await whileLocked('usage_records', schema, 1_000, () =>
      s.insertUsage([
        {
          id: v7(),
          createdAt: new Date().toISOString(),
          userId: null,
          apiKeyId: null,
          requestId: 'r1',
          method: 'POST',
          endpoint: '/api/v2/search',
          searchType: null,
          request: '{}',
          response: '{}',
          status: 200,
          durationMs: 1,
          additionalCallInfo: null,
          outcome: null,
          subject: null,
        },
      ]),
    );
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error).toBeInstanceOf(StoreUnavailableError);
    expect(await s.countUsage()).toBe(0);
  });

  it('a list commit blocked longer than the API bound still commits (it runs on the bulk bounds)', async () => {
    const { store: s, schema } = await store();
    const entries = Array.from({ length: 5_000 }, (_, i) => ({
      list: 'test_list',
      sourceUid: String(i),
      name: `Name ${i}`,
      aliases: [`Alias ${i}`],
      kind: 'person' as const,
      record: { uid: i },
    }));
    const id = v7();
    const outcome = await whileLocked('list_versions', schema, 1_000, () =>
      s.commitListVersion(
        {
          id,
          slug: 'test_list',
          fetchedAt: new Date().toISOString(),
          dataDate: null,
          checksum: 'x',
          validators: {},
          fileSet: [],
          entries,
        },
        new Date().toISOString(),
      ),
    );
    expect(outcome.ok, String(!outcome.ok && outcome.error)).toBe(true);
    // The commit really waited longer than the API bound would have allowed.
    expect(outcome.ms).toBeGreaterThan(600);
    expect((await s.loadListEntries(id)).length).toBe(5_000);
  });
});

describe('unavailableError', () => {
  it('turns timeouts and lost connections into StoreUnavailableError and leaves other errors alone', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    expect(unavailableError(refused, 1000)).toBeInstanceOf(StoreUnavailableError);
    expect((unavailableError(refused, 1000) as Error).message).toMatch(/cannot be reached/);
    const readTimeout = unavailableError(new Error('Query read timeout'), 1234) as Error;
    expect(readTimeout.message).toMatch(/did not answer within 1234 ms/);
    expect(readTimeout.cause).toBeInstanceOf(Error);
    const unique = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(unavailableError(unique, 1000)).toBe(unique);
    // A cancel someone asked for (pg_cancel_backend) is not a timeout.
    const cancelled = Object.assign(new Error('canceling statement due to user request'), { code: '57014' });
    expect(unavailableError(cancelled, 1000)).toBe(cancelled);
  });
});
