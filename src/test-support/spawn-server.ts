// Runs the real CLI (`node --import tsx src/cli/bin.ts ...`) as child processes: `serve` on a free port for
// end-to-end tests, and one-shot commands with their exit code and output.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { CONFIG_VARIABLES } from '../config.js';
import { AccountsService } from '../services/accounts/accounts-service.js';
import { openStore } from '../store/open-store.js';

/** The repository root, where `src/cli/bin.ts` lives. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const CLI_ARGS = ['--import', 'tsx', 'src/cli/bin.ts'];
const OUTPUT_LIMIT = 1024 * 1024;

/**
 * The child's environment: this process's environment without any service variable (so a developer's own
 * DATABASE_URL or REDIS_URL cannot leak into a test) and without NODE_OPTIONS (the test runner's loaders), plus `env`.
 */
export function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [...CONFIG_VARIABLES, 'NODE_OPTIONS']) delete base[name];
  return { ...base, ...env };
}

/** A TCP port that was free a moment ago: listen on port 0, read the port, close. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, host, () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr !== null ? addr.port : 0;
      srv.close((err) => (err ? reject(err) : resolve(port)));
    });
  });
}

/** How a child process ended. */
export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** A `serve` process listening on 127.0.0.1. */
export interface SpawnedServer {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** Everything written to stdout and stderr so far (the last MiB), for failure messages. */
  output(): string;
  /** Resolves with the exit once the process has ended. */
  readonly exited: Promise<Exit>;
  /**
   * Resolves when `text` appears in the output (for example a log message), or when `text` is a predicate, once
   * it holds for the output; rejects if the process exits first or on timeout.
   */
  waitForOutput(text: string | ((output: string) => boolean), timeoutMs?: number): Promise<void>;
  /**
   * Sends `signal` (SIGTERM by default) and resolves with the exit code (null when killed by a signal).
   * If the process is still running after `timeoutMs` it is killed with SIGKILL and the promise rejects.
   */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<number | null>;
}

const running = new Set<ChildProcess>();

/** SIGKILLs every server this module started that is still running: call it in afterAll. */
export async function killLeftoverServers(): Promise<void> {
  const waits: Promise<unknown>[] = [];
  for (const child of running) {
    if (child.exitCode === null && child.signalCode === null) {
      waits.push(new Promise((r) => child.once('exit', r)));
      child.kill('SIGKILL');
    }
  }
  running.clear();
  await Promise.all(waits);
}

/**
 * Starts `serve` with `env` (PORT and HOST are chosen here) and waits until GET /healthz answers 200; `built`
 * runs the build's `dist/cli/bin.js` (as `npm start` does) instead of the sources.
 */
export async function spawnServer(
  env: Record<string, string>,
  opts: { readyTimeoutMs?: number; built?: boolean } = {},
): Promise<SpawnedServer> {
  const port = await freePort();
  const host = '127.0.0.1';
  const url = `http://${host}:${port}`;
  const child = spawn(process.execPath, [...(opts.built ? ['dist/cli/bin.js'] : CLI_ARGS), 'serve'], {
    cwd: REPO_ROOT,
    env: childEnv({ LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: host }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let out = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    out = (out + chunk.toString('utf8')).slice(-OUTPUT_LIMIT);
    for (const l of listeners) l();
  };
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
      for (const l of listeners) l();
    });
  });
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;

  const waitForOutput = (text: string | ((output: string) => boolean), timeoutMs = 30_000) =>
    new Promise<void>((resolve, reject) => {
      const what = typeof text === 'string' ? `"${text}"` : 'the expected output';
      const check = () => {
        if (typeof text === 'string' ? out.includes(text) : text(out)) finish(null);
        else if (hasExited()) finish(new Error(`server exited before printing ${what}:\n${out}`));
      };
      const timer = setTimeout(
        () => finish(new Error(`${what} not printed within ${timeoutMs} ms:\n${out}`)),
        timeoutMs,
      );
      const finish = (err: Error | null) => {
        clearTimeout(timer);
        listeners.delete(check);
        if (err) reject(err);
        else resolve();
      };
      listeners.add(check);
      check();
    });

  const stop = async (signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 15_000): Promise<number | null> => {
    if (!hasExited()) child.kill(signal);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((r) => {
      timer = setTimeout(() => r('timeout'), timeoutMs);
    });
    const result = await Promise.race([exited, timedOut]);
    clearTimeout(timer);
    if (result === 'timeout') {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`server did not exit within ${timeoutMs} ms of ${signal}:\n${out}`);
    }
    return result.code;
  };

  const readyTimeoutMs = opts.readyTimeoutMs ?? 60_000;
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (hasExited()) {
      const e = await exited;
      throw new Error(`server exited (code ${e.code}, signal ${e.signal}) before it was ready:\n${out}`);
    }
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`server not ready within ${readyTimeoutMs} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return { url, port, pid: child.pid!, output: () => out, exited, waitForOutput, stop };
}

/** The outcome of a one-shot CLI command. */
export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `screening <args>` to completion with `env` (and `input` on stdin); never rejects on a non-zero exit. */
export function runCli(
  args: readonly string[],
  env: Record<string, string>,
  opts: { input?: string; timeoutMs?: number } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [...CLI_ARGS, ...args],
      { cwd: REPO_ROOT, env: childEnv(env), timeout: opts.timeoutMs ?? 90_000, killSignal: 'SIGKILL' },
      (err, stdout, stderr) => {
        if (err && typeof err.code !== 'number' && !err.killed) reject(err);
        else resolve({ code: child.exitCode, stdout, stderr });
      },
    );
    child.stdin!.end(opts.input ?? '');
  });
}

/** A temporary DATA_DIR holding a migrated SQLite store with one user and some API keys. */
export interface PreparedDataDir {
  readonly dir: string;
  /** `<dir>/screening.sqlite`, the file `serve` opens for this DATA_DIR. */
  readonly dbFile: string;
  readonly userId: string;
  /** One per requested limit, in order. */
  readonly keys: readonly { readonly id: string; readonly key: string }[];
  /** Deletes the directory. */
  remove(): void;
}

/**
 * Creates a DATA_DIR with a user and one API key per entry of `keyLimits` (null: the default limit). The user's
 * budget across keys is `userLimit`, by default raised to the largest key limit so a key's own limit is reachable.
 */
export async function prepareDataDir(
  keyLimits: readonly (number | null)[],
  opts: { userLimit?: number | null } = {},
): Promise<PreparedDataDir> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'screening-e2e-'));
  const dbFile = path.join(dir, 'screening.sqlite');
  const store = await openStore({ dialect: 'sqlite', file: dbFile });
  const accounts = new AccountsService(store, {
    signupOpen: true,
    sessionTtlHours: 12,
    defaultRateLimitPerMinute: 60,
  });
  try {
    await store.migrate();
    const email = `e2e-${randomUUID()}@example.com`;
    const user = await accounts.createUser(email, 'correct horse battery');
    const userLimit = opts.userLimit === undefined ? raisedUserLimit(keyLimits) : opts.userLimit;
    if (userLimit !== null) await accounts.setUserRateLimit(email, userLimit);
    const keys: { id: string; key: string }[] = [];
    for (const [i, limit] of keyLimits.entries()) {
      const k = await accounts.createApiKey(
        { userId: user.id, isAdmin: true },
        { name: `key ${i}`, rateLimitPerMinute: limit },
      );
      keys.push({ id: k.id, key: k.key });
    }
    return {
      dir,
      dbFile,
      userId: user.id,
      keys,
      remove: () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  } finally {
    await accounts.close();
    await store.close();
  }
}

/** A usage record as stored, reduced to what the end-to-end tests check. */
export interface StoredUsage {
  readonly id: string;
  readonly status: number;
  readonly api_key_id: string | null;
  readonly endpoint: string;
  /** The request body as recorded (JSON text). */
  readonly request: string | null;
}

/** Every usage record in a SQLite store file (read after the servers writing it have stopped). */
export function readUsageRecords(dbFile: string): StoredUsage[] {
  const db = new Database(dbFile, { readonly: true });
  try {
    return db
      .prepare('select id, status, api_key_id, endpoint, request from usage_records')
      .all() as StoredUsage[];
  } finally {
    db.close();
  }
}

/** The user budget that lets every key reach its own limit: the largest key limit above the default, else null. */
export function raisedUserLimit(keyLimits: readonly (number | null)[], defaultPerMinute = 60): number | null {
  const top = Math.max(defaultPerMinute, ...keyLimits.filter((l): l is number => l !== null));
  return top > defaultPerMinute ? top : null;
}
