// `audit verify` as an operator runs it: exit 0 with the head hash on an intact chain, exit 3 naming the first
// broken batch once a record is edited behind the service's back; `audit retention` deletes nothing young.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsageRecord } from '../domain/usage.js';
import { openStore } from '../store/open-store.js';
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

describe('audit commands', () => {
  let dir: string;
  let env: Record<string, string>;
  let edited: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'screening-audit-'));
    env = { DATA_DIR: dir, LOG_LEVEL: 'silent' };
    const store = await openStore({ dialect: 'sqlite', file: path.join(dir, 'screening.sqlite') });
    await store.migrate();
    const batches = [0, 1, 2].map(() => [record(), record()]);
    for (const b of batches) await store.insertUsage(b);
    await store.close();
    edited = batches[1]![1]!.id;
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it(
    'verifies an intact chain, then names the batch of an edited record',
    async () => {
      const ok = await runCli(['audit', 'verify'], env);
      expect(ok.code).toBe(0);
      expect(ok.stdout).toMatch(/checked 3 batches, 6 records/);
      expect(ok.stdout).toMatch(/intact: head batch 2, hash [0-9a-f]{64}/);

      const retention = await runCli(['audit', 'retention'], env);
      expect(retention.stdout).toMatch(/deleted 0 batches/);

      const raw = new Database(path.join(dir, 'screening.sqlite'));
      raw.prepare('update usage_records set status = 500 where id = ?').run(edited);
      raw.close();
      const broken = await runCli(['audit', 'verify'], env);
      expect(broken.code).toBe(CHAIN_BROKEN_EXIT);
      expect(broken.stdout).toMatch(/BROKEN at batch 1.*does not match its hash/);
    },
    CLI_STEP_TIMEOUT * 3,
  );
});
