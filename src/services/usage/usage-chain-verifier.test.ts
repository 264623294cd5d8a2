// The usage chain on both backends: intact after concurrent batches, and broken (naming where) by an edited,
// inserted or deleted record or an edited chain row; retention cuts whole batches and leaves a checkpoint the
// verifier starts from.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator } from 'kysely';
import pg from 'pg';
import { v7 } from 'uuid';
import { afterEach, describe, expect, it } from 'vitest';
import type { UsageRecord } from '../../domain/usage.js';
import { migrations } from '../../store/migrations/index.js';
import { openStore } from '../../store/open-store.js';
import { createPostgresDialects } from '../../store/postgres/postgres-dialect.js';
import { createSqliteDialect } from '../../store/sqlite/sqlite-dialect.js';
import type { Store } from '../../store/store.js';
import { UsageRetention } from './usage-retention.js';
import { verifyUsageChain } from './usage-chain-verifier.js';

/** A migrated store and a raw connection beside it that edits rows behind the service's back. */
interface Tamperable {
  readonly store: Store;
  exec(text: string, params?: unknown[]): Promise<void>;
  /** Another store on the same database, as a second process would open it. */
  twin(): Promise<Store>;
  close(): Promise<void>;
}

async function sqliteTamperable(): Promise<Tamperable> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'usage-chain-'));
  const file = path.join(dir, 'test.sqlite');
  const store = await openStore({ dialect: 'sqlite', file });
  await store.migrate();
  const raw = new Database(file);
  raw.pragma('busy_timeout = 5000');
  return {
    store,
    exec: async (text, params = []) => {
      raw.prepare(text.replace(/\$\d+/g, '?')).run(...params);
    },
    twin: () => openStore({ dialect: 'sqlite', file }),
    close: async () => {
      raw.close();
      await store.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresTamperable(url: string): Promise<Tamperable> {
  const schema = `t_${randomBytes(8).toString('hex')}`;
  const store = await openStore({ dialect: 'postgres', url, schema, poolSize: 4 });
  await store.migrate();
  const raw = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await raw.connect();
  return {
    store,
    exec: async (text, params = []) => {
      await raw.query(text, params);
    },
    twin: () => openStore({ dialect: 'postgres', url, schema, poolSize: 2 }),
    close: async () => {
      await store.close();
      await raw.query(`drop schema if exists "${schema}" cascade`);
      await raw.end();
    },
  };
}

const backends: { name: string; open: () => Promise<Tamperable> }[] = [
  { name: 'sqlite', open: sqliteTamperable },
];
const url = process.env.TEST_DATABASE_URL;
if (url) backends.push({ name: 'postgres', open: () => postgresTamperable(url) });

const T0 = Date.parse('2026-11-22T00:00:00.000Z');

const record = (over: Partial<UsageRecord> = {}): UsageRecord => ({
  id: v7(),
  createdAt: new Date(T0).toISOString(),
  userId: 'u1',
  apiKeyId: null,
  requestId: `req-${v7()}`,
  method: 'POST',
  endpoint: '/api/v2/search',
  searchType: 'fuzzy_search',
  request: '{"prompt":"Ada Lovelace","z":1,"a":[1.5,"é"]}',
  response: '{"search results":[]}',
  status: 200,
  durationMs: 1.234,
  additionalCallInfo: null,
  outcome: { kind: 'clear', count: 1 },
  subject: { text: 'Ada Lovelace', count: 1 },
  basis: {
    lists: [{ slug: 'ofac_sdn', version_id: 'v-1', data_date: '2026-11-20' }],
    engineVersion: '2026-11-27.1',
  },
  ...over,
});

for (const backend of backends) {
  describe(`usage chain on ${backend.name}`, () => {
    let t: Tamperable;
    afterEach(async () => {
      await t.close();
    });

    /** Three batches (seq 0, 1, 2) of three records each; returns their records. */
    async function threeBatches(): Promise<UsageRecord[][]> {
      const batches = [0, 1, 2].map(() => [record(), record(), record()]);
      for (const b of batches) await t.store.insertUsage(b);
      return batches;
    }

    it('is intact after batches written concurrently, each linked to the one before', async () => {
      t = await backend.open();
      // On PostgreSQL two stores on one database, as two processes: their batches interleave into one linear
      // chain. (SQLite serves one process; two connections in one process would block each other's busy wait.)
      const other = backend.name === 'postgres' ? await t.twin() : t.store;
      try {
        await Promise.all(
          Array.from({ length: 12 }, (_, i) => (i % 2 ? other : t.store).insertUsage([record(), record()])),
        );
      } finally {
        if (other !== t.store) await other.close();
      }
      const verdict = await verifyUsageChain(t.store);
      expect(verdict).toMatchObject({ intact: true, batches: 12, records: 24, broken: null });
      expect(verdict.head?.seq).toBe(11);
      const found = await t.store.findUsage((await t.store.listUsage({ userId: 'u1', limit: 1 }))[0]!.id);
      expect(found?.basis).toEqual(record().basis);
    });

    it('fails on an edited record, naming its batch', async () => {
      t = await backend.open();
      const batches = await threeBatches();
      await t.exec('update usage_records set response = $1 where id = $2', [
        '{"search results":[1]}',
        batches[1]![2]!.id,
      ]);
      const verdict = await verifyUsageChain(t.store);
      expect(verdict.intact).toBe(false);
      expect(verdict.broken).toMatchObject({ seq: 1 });
      expect(verdict.broken?.reason).toMatch(/does not match its hash/);
      expect(verdict.batches).toBe(1);
    });

    it('fails on an edited basis: the list versions or the engine a record names', async () => {
      t = await backend.open();
      const batches = await threeBatches();
      const versions = JSON.stringify([{ slug: 'ofac_sdn', version_id: 'v-0', data_date: '2026-11-01' }]);
      await t.exec('update usage_records set list_versions = $1 where id = $2', [
        versions,
        batches[2]![0]!.id,
      ]);
      expect((await verifyUsageChain(t.store)).broken).toMatchObject({ seq: 2 });
      await t.exec('update usage_records set engine_version = $1 where id = $2', [
        'older',
        batches[0]![1]!.id,
      ]);
      expect((await verifyUsageChain(t.store)).broken).toMatchObject({ seq: 0 });
    });

    it('fails on a deleted record and on an edited chain row', async () => {
      t = await backend.open();
      const batches = await threeBatches();
      await t.exec('delete from usage_records where id = $1', [batches[2]![0]!.id]);
      expect((await verifyUsageChain(t.store)).broken).toMatchObject({ seq: 2 });
      await t.exec('update usage_chain set committed_at = $1 where seq = 0', ['2020-01-01T00:00:00.000Z']);
      expect((await verifyUsageChain(t.store)).broken).toMatchObject({ seq: 0 });
    });

    it('fails on a record inserted into a batch and on one inserted outside any', async () => {
      t = await backend.open();
      const batches = await threeBatches();
      const extra = v7();
      await t.exec(
        `insert into usage_records (id, created_at, request_id, method, endpoint, status, duration_ms, batch_id)
         select $1, created_at, 'forged', method, endpoint, status, duration_ms, batch_id from usage_records where id = $2`,
        [extra, batches[0]![0]!.id],
      );
      expect((await verifyUsageChain(t.store)).broken).toMatchObject({ seq: 0, recordId: extra });
      await t.exec('delete from usage_records where id = $1', [extra]);
      expect((await verifyUsageChain(t.store)).intact).toBe(true);
      await t.exec(
        `insert into usage_records (id, created_at, request_id, method, endpoint, status, duration_ms)
         values ($1, $2, 'forged', 'POST', '/api/v2/search', 200, 1)`,
        [extra, new Date(T0).toISOString()],
      );
      expect((await verifyUsageChain(t.store)).broken).toMatchObject({ seq: null, recordId: extra });
    });

    it('fails when a whole batch is deleted with its chain row', async () => {
      t = await backend.open();
      const batches = await threeBatches();
      await t.exec(
        'delete from usage_records where id in ($1, $2, $3)',
        batches[1]!.map((r) => r.id),
      );
      await t.exec('delete from usage_chain where seq = 1');
      const verdict = await verifyUsageChain(t.store);
      expect(verdict.broken).toMatchObject({ seq: 2 });
      expect(verdict.broken?.reason).toMatch(/batch 1 is missing/);
    });

    it('retention deletes whole expired batches once, leaving a checkpoint the verifier accepts', async () => {
      t = await backend.open();
      await t.store.insertUsage([record(), record()]);
      await t.store.insertUsage([record()]);
      await new Promise((r) => setTimeout(r, 5));
      await t.store.insertUsage([record(), record(), record()]);
      const chain = await t.store.usageChainBatches(-1, 10);
      expect(chain.map((b) => b.seq)).toEqual([0, 1, 2]);
      // An injected clock: just under five years after the third batch, so the two before it have expired.
      const retentionDays = 1826;
      const now = new Date(Date.parse(chain[2]!.committedAt) + retentionDays * 86_400_000 - 1);
      const retention = new UsageRetention(t.store, { retentionDays, now: () => now });
      expect(await retention.run()).toMatchObject({ ran: true, batches: 2, records: 3 });
      expect(await t.store.usageChainCheckpoint()).toMatchObject({
        seq: 1,
        hash: chain[1]!.hash,
        batchesDeleted: 2,
        recordsDeleted: 3,
      });
      expect(await t.store.countUsage()).toBe(3);
      expect(await verifyUsageChain(t.store)).toMatchObject({ intact: true, batches: 1, records: 3 });
      // A second pass finds nothing more; later batches chain from the checkpoint.
      expect(await retention.run()).toMatchObject({ ran: true, batches: 0 });
      await t.store.insertUsage([record()]);
      expect(await verifyUsageChain(t.store)).toMatchObject({ intact: true, batches: 2 });
      // Cut to nothing: the next batch still links to the last checkpoint.
      const later = new Date(now.getTime() + 86_400_000 * 10);
      expect(await new UsageRetention(t.store, { retentionDays, now: () => later }).run()).toMatchObject({
        batches: 2,
      });
      await t.store.insertUsage([record()]);
      expect(await verifyUsageChain(t.store)).toMatchObject({ intact: true, batches: 1, head: { seq: 4 } });
      // A forged checkpoint that skips the real last deleted batch breaks the link.
      await t.exec('update usage_chain_checkpoints set hash = $1 where seq = 3', ['f'.repeat(64)]);
      expect((await verifyUsageChain(t.store)).broken).toMatchObject({ seq: 4 });
    });

    it('runs retention in one process at a time', async () => {
      t = await backend.open();
      const retention = new UsageRetention(t.store, { retentionDays: 1 });
      const [a, b] = await Promise.all([retention.run(), retention.run()]);
      expect([a.ran, b.ran].sort()).toEqual([false, true]);
      if (backend.name !== 'postgres') return;
      // Another process on the same database skips the pass while this one holds the lock.
      const other = await t.twin();
      try {
        let release = () => {};
        const held = new Promise<void>((r) => (release = r));
        let entered = () => {};
        const inside = new Promise<void>((r) => (entered = r));
        const first = t.store.withRetentionLock(async () => {
          entered();
          await held;
        });
        await inside;
        expect((await new UsageRetention(other, { retentionDays: 1 }).run()).ran).toBe(false);
        release();
        expect(await first).toBe(true);
        expect((await new UsageRetention(other, { retentionDays: 1 }).run()).ran).toBe(true);
      } finally {
        await other.close();
      }
    });
  });
}

// Records written before the chain existed are sealed into batch 0 by migration 0010, so the chain covers them.
describe('migration 0010 seals the records already in the trail', () => {
  const before0010 = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0010'));
  const legacyRow = (i: number) => ({
    id: v7(),
    created_at: new Date(T0 + i).toISOString(),
    user_id: 'u1',
    api_key_id: null,
    request_id: `req-${i}`,
    method: 'POST',
    endpoint: '/api/v2/search',
    search_type: 'fuzzy_search',
    request: `{"prompt":"name ${i}"}`,
    response: '{"search results":[]}',
    status: 200,
    duration_ms: 0.5 + i,
    additional_call_info: null,
  });

  const cases: {
    name: string;
    open: () => Promise<{ db: Kysely<unknown>; store: () => Promise<Store>; done: () => Promise<void> }>;
  }[] = [
    {
      name: 'sqlite',
      open: async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'usage-seal-'));
        const file = path.join(dir, 'test.sqlite');
        const db = new Kysely<unknown>({ dialect: createSqliteDialect(file) });
        return {
          db,
          store: () => openStore({ dialect: 'sqlite', file }),
          done: async () => fs.rmSync(dir, { recursive: true, force: true }),
        };
      },
    },
  ];
  if (url)
    cases.push({
      name: 'postgres',
      open: async () => {
        const schema = `t_${randomBytes(8).toString('hex')}`;
        const { api } = await createPostgresDialects({ url, schema, poolSize: 2 });
        const db = new Kysely<unknown>({ dialect: api });
        return {
          db,
          store: () => openStore({ dialect: 'postgres', url, schema, poolSize: 2 }),
          done: async () => {
            const raw = new pg.Client({ connectionString: url });
            await raw.connect();
            await raw.query(`drop schema if exists "${schema}" cascade`);
            await raw.end();
          },
        };
      },
    });

  for (const c of cases)
    it(`on ${c.name}`, async () => {
      const { db, store: openIt, done } = await c.open();
      let store: Store | null = null;
      try {
        const migrator = new Migrator({ db, provider: { getMigrations: async () => before0010 } });
        expect((await migrator.migrateToLatest()).error).toBeUndefined();
        const rows = [0, 1, 2, 3, 4].map(legacyRow);
        await db
          .insertInto('usage_records' as never)
          .values(rows as never)
          .execute();
        await db.destroy();
        store = await openIt();
        // Later migrations (0011 onwards) may run in the same call.
        expect(await store.migrate()).toContain('0010-usage-evidence');
        expect(await verifyUsageChain(store)).toMatchObject({ intact: true, batches: 1, records: 5 });
        expect((await store.usageChainBatches(-1, 1))[0]).toMatchObject({ seq: 0, recordCount: 5 });
        await store.insertUsage([record()]);
        expect(await verifyUsageChain(store)).toMatchObject({ intact: true, batches: 2, records: 6 });
      } finally {
        await store?.close();
        await done();
      }
    });
});
