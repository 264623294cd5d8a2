// `audit verify` as an operator runs it, on SQLite (DATA_DIR) and PostgreSQL (DATABASE_URL): exit 0 with the head
// hash on an intact chain, exit 3 naming the first broken batch once a record is edited, then one deleted, behind
// the service's back; `audit retention` deletes nothing young.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsageRecord } from '../domain/usage.js';
import { openStore, type StoreOptions } from '../store/open-store.js';
import { runCli } from '../test-support/spawn-server.js';
import { CHAIN_BROKEN_EXIT } from './audit-commands.js';

const CLI_STEP_TIMEOUT = 120_000;

const record = (): UsageRecord => ({
  id: v7(),
  createdAt: new Date().toISOString(),
  userId: 'u1',
  apiKeyId: null,
  requestId: `req-${v7()}`,
  method: 'POST',
  endpoint: '/api/v2/search',
  searchType: 'fuzzy_search',
  request: '{"prompt":"Ada"}',
  response: '{"search results":[]}',
  status: 200,
  durationMs: 1,
  additionalCallInfo: null,
  outcome: { kind: 'clear', count: 1 },
  subject: { text: 'Ada', count: 1 },
});

/** A store the CLI reads through its environment, and a raw connection that edits rows behind its back. */
interface Backend {
  readonly name: string;
  setUp(): Promise<{ env: Record<string, string>; store: StoreOptions }>;
  exec(text: string, param: string): Promise<void>;
  tearDown(): Promise<void>;
}

function sqliteBackend(): Backend {
  let dir = '';
  return {
    name: 'SQLite (DATA_DIR)',
    async setUp() {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'screening-audit-'));
      return {
        env: { DATA_DIR: dir, LOG_LEVEL: 'silent' },
        store: { dialect: 'sqlite', file: path.join(dir, 'screening.sqlite') },
      };
    },
    async exec(text, param) {
      const raw = new Database(path.join(dir, 'screening.sqlite'));
      raw.prepare(text).run(param);
      raw.close();
    },
    async tearDown() {
      if (dir !== '') fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh database (the CLI has no schema option). */
function postgresBackend(adminUrl: string): Backend {
  const url = new URL(adminUrl);
  url.pathname = `/audit_${randomBytes(6).toString('hex')}`;
  const run = async (connectionString: string, text: string, params: string[] = []) => {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      await client.query(text, params);
    } finally {
      await client.end();
    }
  };
  let created = false;
  return {
    name: 'PostgreSQL (DATABASE_URL)',
    async setUp() {
      await run(adminUrl, `create database "${url.pathname.slice(1)}"`);
      created = true;
      return {
        env: { DATABASE_URL: url.toString(), DATA_DIR: '/nonexistent-unused', LOG_LEVEL: 'silent' },
        store: { dialect: 'postgres', url: url.toString(), poolSize: 2 },
      };
    },
    exec: (text, param) => run(url.toString(), text.replace('?', '$1'), [param]),
    async tearDown() {
      if (created) await run(adminUrl, `drop database if exists "${url.pathname.slice(1)}" with (force)`);
    },
  };
}

const backends: Backend[] = [sqliteBackend()];
if (process.env.TEST_DATABASE_URL) backends.push(postgresBackend(process.env.TEST_DATABASE_URL));

for (const backend of backends)
  describe(`audit commands on ${backend.name}`, () => {
    let env: Record<string, string>;
    let batches: UsageRecord[][];
    beforeAll(async () => {
      const setUp = await backend.setUp();
      env = setUp.env;
      const store = await openStore(setUp.store);
      await store.migrate();
      batches = [0, 1, 2].map(() => [record(), record()]);
      for (const b of batches) await store.insertUsage(b);
      await store.close();
    });
    afterAll(() => backend.tearDown());

    it(
      'verifies an intact chain, then names the batch of an edited record, then the earlier one of a deleted record',
      async () => {
        const ok = await runCli(['audit', 'verify'], env);
        expect(ok.code).toBe(0);
        expect(ok.stdout).toMatch(/checked 3 batches, 6 records/);
        expect(ok.stdout).toMatch(/intact: head batch 2, hash [0-9a-f]{64}/);

        const retention = await runCli(['audit', 'retention'], env);
        expect(retention.stdout).toMatch(/deleted 0 batches/);

        await backend.exec('update usage_records set status = 500 where id = ?', batches[1]![1]!.id);
        const edited = await runCli(['audit', 'verify'], env);
        expect(edited.code).toBe(CHAIN_BROKEN_EXIT);
        expect(edited.stdout).toMatch(/BROKEN at batch 1.*does not match its hash/);

        // A deletion in an earlier batch is now the first broken point.
        await backend.exec('delete from usage_records where id = ?', batches[0]![0]!.id);
        const deleted = await runCli(['audit', 'verify'], env);
        expect(deleted.code).toBe(CHAIN_BROKEN_EXIT);
        expect(deleted.stdout).toMatch(/BROKEN at batch 0: batch 0 holds 1 records where 2 were committed/);
      },
      CLI_STEP_TIMEOUT * 4,
    );
  });
