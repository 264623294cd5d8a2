// The prepared-statement usage write on SQLite: the same stored rows and chain as the Kysely path (batches from
// both chain onto each other and verify), and never inside a Kysely transaction that is open on the connection.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely } from 'kysely';
import { v7 } from 'uuid';
import { afterEach, describe, expect, it } from 'vitest';
import type { UsageRecord } from '../../domain/usage.js';
import { verifyUsageChain } from '../../services/usage/usage-chain-verifier.js';
import { KyselyStore } from '../kysely-store.js';
import { fromUsageRecord } from '../rows.js';
import type { Database } from '../schema.js';
import { openSqlite } from './sqlite-dialect.js';
import { SqliteUsageWriter, USAGE_RECORD_COLUMNS } from './sqlite-usage-writer.js';

const record = (over: Partial<UsageRecord> = {}): UsageRecord => ({
  id: v7(),
  createdAt: '2026-11-27T10:00:00.000Z',
  userId: 'u1',
  apiKeyId: 'k1',
  requestId: `req-${v7()}`,
  method: 'POST',
  endpoint: '/api/v2/search',
  searchType: 'fuzzy_search',
  request: '{"prompt":"Ada Lovelace","z":1,"a":[1.5,"é"]}',
  response: '{"search results":[],"api_usage_id":"x"}',
  status: 200,
  durationMs: 0.731,
  additionalCallInfo: '{"ref":7}',
  outcome: { kind: 'clear', count: 1 },
  subject: { text: 'Ada Lovelace', count: 1 },
  basis: {
    lists: [{ slug: 'ofac_sdn', version_id: 'v-1', data_date: '2026-11-20' }],
    engineVersion: '2026-11-27.1',
  },
  ...over,
});

describe('SqliteUsageWriter', () => {
  let dir: string | null = null;
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of closers.splice(0).reverse()) await c();
    if (dir !== null) fs.rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  /** One SQLite file, a store writing usage through prepared statements and its Kysely handle. */
  async function open(): Promise<{ fast: KyselyStore; db: Kysely<Database>; file: string }> {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'usage-writer-'));
    dir = d;
    const file = path.join(d, 'test.sqlite');
    const { dialect, database } = openSqlite(file);
    const db = new Kysely<Database>({ dialect });
    const fast = new KyselyStore(db, 'sqlite', db, new SqliteUsageWriter(database));
    closers.push(() => fast.close());
    await fast.migrate();
    return { fast, db, file };
  }

  it('binds every usage_records column', () => {
    const row = fromUsageRecord(record(), 'b');
    expect([...USAGE_RECORD_COLUMNS].sort()).toEqual(Object.keys(row).sort());
  });

  it('stores the same rows as the Kysely path, and batches from both paths form one intact chain', async () => {
    const { fast, db, file } = await open();
    // The same file through Kysely alone (no prepared-statement writer), as before this path existed.
    const { dialect } = openSqlite(file);
    const plain = new KyselyStore(new Kysely<Database>({ dialect }), 'sqlite');
    closers.push(() => plain.close());
    const written: UsageRecord[] = [];
    for (let i = 0; i < 6; i++) {
      const batch = [
        record(),
        record({ basis: null, outcome: null, subject: null, additionalCallInfo: null, userId: null }),
      ];
      await (i % 2 ? plain : fast).insertUsage(batch);
      written.push(...batch);
    }
    const stored = await db.selectFrom('usage_records').selectAll().orderBy('id').execute();
    expect(stored.map(({ batch_id: _b, ...r }) => r)).toEqual(
      written.map((r) => {
        const { batch_id: _b, ...row } = fromUsageRecord(r, '');
        return row;
      }),
    );
    const chain = await db.selectFrom('usage_chain').selectAll().orderBy('seq').execute();
    expect(chain.map((c) => c.seq)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await verifyUsageChain(fast)).toMatchObject({
      intact: true,
      batches: 6,
      records: 12,
      broken: null,
    });
  });

  it('commits at once when no transaction is open on the connection', async () => {
    const { fast, file } = await open();
    const reader = new BetterSqlite3(file, { readonly: true });
    closers.push(async () => void reader.close());
    const count = () => (reader.prepare('select count(*) as n from usage_chain').get() as { n: number }).n;
    const written = fast.insertUsage([record()]);
    // Before the call's promise settles, another connection already sees the committed batch.
    expect(count()).toBe(1);
    await written;
    expect(await verifyUsageChain(fast)).toMatchObject({ intact: true, batches: 1, records: 1 });
  });

  it('waits for a Kysely transaction open on the connection and commits apart from it', async () => {
    const { fast, db } = await open();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let opened!: () => void;
    const isOpen = new Promise<void>((r) => (opened = r));
    const outer = db.transaction().execute(async (trx) => {
      await trx.insertInto('usage_chain_checkpoints').values(checkpointRow()).execute();
      opened();
      await held;
      throw new Error('rolled back');
    });
    await isOpen;
    let written = false;
    const write = fast.insertUsage([record()]).then(() => (written = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(written).toBe(false);
    release();
    await expect(outer).rejects.toThrow('rolled back');
    await write;
    // The usage batch survived the other transaction's rollback; the checkpoint inserted there did not.
    expect(await db.selectFrom('usage_chain_checkpoints').selectAll().execute()).toEqual([]);
    expect(await verifyUsageChain(fast)).toMatchObject({ intact: true, batches: 1, records: 1 });
  });
});

const checkpointRow = () => ({
  seq: 41,
  hash: 'f'.repeat(64),
  cutoff: '2020-01-01T00:00:00.000Z',
  batches_deleted: 0,
  records_deleted: 0,
  deleted_at: '2026-11-27T10:00:00.000Z',
});
