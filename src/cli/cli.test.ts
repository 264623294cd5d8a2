// The real `screening` CLI as an operator runs it (`node --import tsx src/cli/bin.ts ...`): migrate, users,
// keys, and the revoked key refused. The same flow runs on SQLite and, when configured, PostgreSQL.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { AccountsService } from '../services/accounts/accounts-service.js';
import { openStore, type StoreOptions } from '../store/open-store.js';
import { migrations } from '../store/migrations/index.js';
import type { Store } from '../store/store.js';
import { runCli } from '../test-support/spawn-server.js';

const pgUrl = process.env.TEST_DATABASE_URL ?? '';
const pgSkipReason = 'TEST_DATABASE_URL not set: the CLI flow against PostgreSQL (DATABASE_URL) is skipped';
if (pgUrl === '') console.warn(pgSkipReason);

const PASSWORD_A = 'long password here';
const PASSWORD_B = 'another long password';
// Each CLI run is a Node start that loads the whole app through tsx (seconds on a busy machine).
const CLI_STEP_TIMEOUT = 120_000;

/** Where a flow keeps its data: the environment for the CLI and a way to look inside the same store. */
interface Backend {
  /** Prepares the storage and returns the CLI environment. */
  setUp(): Promise<Record<string, string>>;
  storeOptions(): StoreOptions;
  tearDown(): Promise<void>;
}

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'screening-cli-'));
}

function sqliteBackend(): Backend {
  let dir = '';
  return {
    async setUp() {
      dir = tempDir();
      return { DATA_DIR: dir, LOG_LEVEL: 'silent' };
    },
    storeOptions: () => ({ dialect: 'sqlite', file: path.join(dir, 'screening.sqlite') }),
    async tearDown() {
      if (dir !== '') fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh database per run (the CLI has no schema option, so it would otherwise use `public` of a shared one). */
function postgresBackend(adminUrl: string): Backend {
  const database = `cli_${randomBytes(6).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  let dir = '';
  let created = false;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  return {
    async setUp() {
      await admin(`create database "${database}"`);
      created = true;
      // DATA_DIR is set only to prove it stays unused: the store must be PostgreSQL.
      dir = tempDir();
      return { DATABASE_URL: url.toString(), DATA_DIR: dir, LOG_LEVEL: 'silent' };
    },
    storeOptions: () => ({ dialect: 'postgres', url: url.toString(), poolSize: 2 }),
    async tearDown() {
      if (created) await admin(`drop database if exists "${database}" with (force)`);
      if (dir === '') return;
      const written = fs.readdirSync(dir);
      fs.rmSync(dir, { recursive: true, force: true });
      expect(written, 'nothing written under DATA_DIR when DATABASE_URL is set').toEqual([]);
    },
  };
}

const json = (text: string): Record<string, unknown> => JSON.parse(text) as Record<string, unknown>;
const lines = (text: string): string[] => text.split('\n').filter((l) => l.trim() !== '');

/** Runs `fn` with the account rules the server applies, over a store opened on the same data. */
async function withAccounts<T>(
  backend: Backend,
  fn: (accounts: AccountsService, store: Store) => Promise<T>,
): Promise<T> {
  const store = await openStore(backend.storeOptions());
  const accounts = new AccountsService(store, {
    signupOpen: true,
    sessionTtlHours: 1,
    defaultRateLimitPerMinute: 60,
  });
  try {
    return await fn(accounts, store);
  } finally {
    await accounts.close();
    await store.close();
  }
}

/** What the first `migrate` on an empty database prints: every migration, in order. */
const ALL_APPLIED = `applied: ${Object.keys(migrations).join(', ')}`;

/**
 * migrate, users and keys against one backend, then the revoked key is refused by the account rules the server
 * authenticates with. Every CLI run is a process start (slow), so commands that do not depend on each other run
 * side by side: the steps below are the dependency order.
 */
function cliFlow(makeBackend: () => Backend): void {
  // Made in beforeAll, not while collecting: a skipped suite's body is still collected.
  let backend: Backend;
  let env: Record<string, string> = {};
  const cli = (args: string[], input?: string) => runCli(args, env, input === undefined ? {} : { input });
  let ci = { id: '', key: '', prefix: '' };
  let old = { id: '', key: '' };

  beforeAll(async () => {
    backend = makeBackend();
    env = await backend.setUp();
  });

  afterAll(async () => {
    await backend?.tearDown();
  });

  it.sequential('migrate applies every migration to an empty database', async () => {
    const first = await cli(['migrate']);
    expect(first, first.stderr).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout.trim()).toBe(ALL_APPLIED);
  });

  it.sequential(
    'users create makes an admin (--password) and a user from --password-stdin; migrate again is a no-op',
    async () => {
      const [again, a, b] = await Promise.all([
        cli(['migrate']),
        cli(['users', 'create', '--email', 'a@example.com', '--password', PASSWORD_A, '--admin']),
        cli(['users', 'create', '--email', 'B@Example.com', '--password-stdin'], `${PASSWORD_B}\n`),
      ]);
      expect(again, again.stderr).toMatchObject({ code: 0, stderr: '' });
      expect(again.stdout.trim()).toBe('database is up to date');

      expect(a, a.stderr).toMatchObject({ code: 0, stderr: '' });
      expect(b, b.stderr).toMatchObject({ code: 0, stderr: '' });
      const userA = json(a.stdout);
      const userB = json(b.stdout);
      expect(userA).toEqual({ id: expect.any(String), email: 'a@example.com', admin: true });
      expect(userB).toEqual({ id: expect.any(String), email: 'b@example.com', admin: false });
      await withAccounts(backend, async (accounts, store) => {
        expect(await store.findUserByEmail('a@example.com')).toMatchObject({ id: userA.id, isAdmin: true });
        expect(await store.findUserByEmail('b@example.com')).toMatchObject({ id: userB.id, isAdmin: false });
        // The password read from stdin works without its trailing newline, and the --password one works too.
        await expect(accounts.login('b@example.com', PASSWORD_B)).resolves.toMatchObject({
          token: expect.any(String),
        });
        await expect(accounts.login('a@example.com', PASSWORD_A)).resolves.toBeDefined();
      });
    },
  );

  it.sequential(
    'keys create prints the new key once; keys revoke revokes by id; a taken email is refused clearly',
    async () => {
      // A key to revoke, made directly.
      old = await withAccounts(backend, async (accounts, store) => {
        const user = await store.findUserByEmail('a@example.com');
        return accounts.createApiKey({ userId: user!.id, isAdmin: true }, { name: 'old' });
      });
      const [created, revoked, dup] = await Promise.all([
        cli(['keys', 'create', '--email', 'a@example.com', '--name', 'ci', '--limit', '120']),
        cli(['keys', 'revoke', old.id]),
        cli(['users', 'create', '--email', 'A@example.com', '--password', PASSWORD_A]),
      ]);
      expect(created, created.stderr).toMatchObject({ code: 0, stderr: '' });
      const key = json(created.stdout);
      expect(key).toEqual({
        id: expect.any(String),
        key: expect.stringMatching(/^sk_[A-Za-z0-9_-]{40,}$/),
        prefix: expect.stringMatching(/^sk_/),
        name: 'ci',
        rate_limit_per_minute: 120,
        created_at: expect.any(String),
      });
      expect((key.key as string).startsWith(key.prefix as string)).toBe(true);
      expect((key.prefix as string).length).toBeLessThan((key.key as string).length);
      ci = { id: key.id as string, key: key.key as string, prefix: key.prefix as string };

      expect(revoked, revoked.stderr).toMatchObject({ code: 0, stderr: '' });
      expect(revoked.stdout.trim()).toBe(`revoked ${old.id}`);

      // A user's mistake: one line, no stack, exit code 2.
      expect(dup.code).toBe(2);
      expect(dup.stdout).toBe('');
      expect(dup.stderr.trim()).toBe('error: a user with email a@example.com already exists');
    },
  );

  it.sequential(
    'keys list shows both keys, one revoked, never a key or its hash; the revoked key is refused',
    async () => {
      const [list, table] = await Promise.all([
        cli(['keys', 'list', '--email', 'a@example.com', '--json']),
        cli(['keys', 'list', '--email', 'a@example.com']),
      ]);
      expect(list, list.stderr).toMatchObject({ code: 0, stderr: '' });
      const listed = JSON.parse(list.stdout) as Record<string, unknown>[];
      // The table: one line per key under a heading and a rule, the revoked one dated, within 100 columns.
      expect(table, table.stderr).toMatchObject({ code: 0, stderr: '' });
      const rows = lines(table.stdout);
      expect(rows).toHaveLength(4);
      expect(rows[0]).toMatch(/^id\s+name\s+prefix\s+limit\s+last used\s+revoked$/);
      expect(rows.find((r) => r.startsWith(old.id))).toMatch(/old .*\d{4}-\d\d-\d\d$/);
      expect(rows.find((r) => r.startsWith(ci.id))).toMatch(/ci .*120/);
      for (const r of rows) expect(r.length).toBeLessThanOrEqual(100);
      for (const secret of [ci.key, old.key]) expect(table.stdout).not.toContain(secret);
      expect(listed.map((k) => k.id).sort()).toEqual([ci.id, old.id].sort());
      expect(listed.find((k) => k.id === ci.id)).toEqual({
        id: ci.id,
        name: 'ci',
        prefix: ci.prefix,
        rate_limit_per_minute: 120,
        created_at: expect.any(String),
        last_used_at: null,
        revoked_at: null,
      });
      expect(listed.find((k) => k.id === old.id)).toMatchObject({
        name: 'old',
        revoked_at: expect.any(String),
      });

      await withAccounts(backend, async (accounts, store) => {
        const hashes = await Promise.all(
          [ci.id, old.id].map(async (id) => (await store.findApiKeyById(id))!.keyHash),
        );
        for (const secret of [ci.key, old.key, ...hashes]) expect(list.stdout).not.toContain(secret);
        // What the server does with an x-api-key header (null is its 401): the revoked key no longer
        // authenticates; the key made by the CLI does, with its own limit.
        expect(await accounts.authenticateApiKey(old.key)).toBeNull();
        expect(await accounts.authenticateApiKey(ci.key)).toMatchObject({
          kind: 'api_key',
          apiKeyId: ci.id,
          rateLimitPerMinute: 120,
          userRateLimitPerMinute: null,
          isAdmin: true,
        });
      });
    },
  );

  it.sequential(
    "users set-limit raises a user's budget across all keys, and --default resets it",
    async () => {
      const raised = await cli(['users', 'set-limit', '--email', 'A@example.com', '--limit', '500']);
      expect(raised, raised.stderr).toMatchObject({ code: 0, stderr: '' });
      expect(raised.stdout.trim()).toBe('A@example.com: 500 calls per minute across all keys');
      const limitOf = () =>
        withAccounts(backend, async (_accounts, store) => (await store.findUserByEmail('a@example.com'))!);
      expect((await limitOf()).rateLimitPerMinute).toBe(500);
      const reset = await cli(['users', 'set-limit', '--email', 'a@example.com', '--default']);
      expect(reset.code, reset.stderr).toBe(0);
      expect((await limitOf()).rateLimitPerMinute).toBeNull();
      const both = await cli(['users', 'set-limit', '--email', 'a@example.com']);
      expect(both.code).toBe(2);
      expect(both.stderr.trim()).toBe('error: give either --limit N or --default');
    },
  );
}

// The flows are independent and mostly wait for CLI processes, so the suites run side by side (their steps in order).
describe('CLI on SQLite (DATA_DIR)', { concurrent: true, timeout: CLI_STEP_TIMEOUT }, () =>
  cliFlow(sqliteBackend),
);

describe.skipIf(pgUrl === '')(
  'CLI on PostgreSQL (DATABASE_URL, a fresh database)',
  { concurrent: true, timeout: CLI_STEP_TIMEOUT },
  () => cliFlow(() => postgresBackend(pgUrl)),
);

describe('CLI with invalid input', { concurrent: true, timeout: CLI_STEP_TIMEOUT }, () => {
  let dir = '';
  beforeAll(() => {
    dir = tempDir();
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.sequential(
    'a bad environment: every command exits 2 with one message naming both variables; a bad --limit fails',
    async () => {
      const env = { DATA_DIR: dir, LOG_LEVEL: 'silent', PORT: 'abc', SCREENING_RATE_LIMIT_PER_MINUTE: '0' };
      const commands = [
        ['migrate'],
        ['serve'],
        ['keys', 'create', '--email', 'x@example.com', '--name', 'n'],
      ];
      const [badLimit, ...results] = await Promise.all([
        runCli(['keys', 'create', '--email', 'x@example.com', '--name', 'n', '--limit', '0'], {
          DATA_DIR: dir,
          LOG_LEVEL: 'silent',
        }),
        ...commands.map((args) => runCli(args, env)),
      ]);
      for (const [i, r] of results.entries()) {
        const what = `screening ${commands[i]!.join(' ')}: ${r.stderr}`;
        expect(r.code, what).toBe(2);
        expect(r.stdout, what).toBe('');
        const message = lines(r.stderr);
        expect(message, what).toHaveLength(1);
        expect(message[0]).toMatch(/^Invalid configuration: /);
        expect(message[0]).toContain('PORT must be a whole number, got "abc"');
        expect(message[0]).toContain('SCREENING_RATE_LIMIT_PER_MINUTE must be between 1 and');
      }
      // A bad option value is refused by the argument parser, before anything is opened: a user error (2).
      expect(badLimit.code, badLimit.stderr).toBe(2);
      expect(badLimit.stderr).toMatch(/--limit.*must be a positive whole number/);
      expect(fs.readdirSync(dir), 'no store created').toEqual([]);
    },
  );
});
