// What every scenario of `npm run bench:faults` shares: the table row, bounded HTTP calls and call loops, the
// built service started as a child process (http-processes.ts), SDN-style list files and SQLite reads.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sharedListFile, sharedListsDir } from '../src/test-support/shared-lists.js';
import { syntheticEntries } from '../src/test-support/synthetic-names.js';
import { freePort, startServer, type ServerProcess } from './http-processes.js';

/** One row of the printed table: the fault, what the service did, and what was lost (measured, not typed in). */
export interface FaultRow {
  readonly fault: string;
  readonly did: string;
  /** "nothing" when the service behaved as issue 13 requires; otherwise what was lost or went wrong. */
  readonly lost: string;
  readonly ok: boolean;
}

/** A row from the checks that failed (empty: nothing lost). */
export function row(fault: string, did: string, problems: readonly string[]): FaultRow {
  return {
    fault,
    did,
    lost: problems.length === 0 ? 'nothing' : problems.join('; '),
    ok: problems.length === 0,
  };
}

/** Where scenarios start servers and keep files, and how they report progress. */
export interface FaultContext {
  readonly root: string;
  readonly workDir: string;
  progress(msg: string): void;
  /** Registers a clean-up to run at the end, even when the bench is cut short (newest first). */
  defer(fn: () => Promise<unknown> | unknown): void;
}

/** An answer as the bench saw it. */
export interface Answer {
  readonly status: number;
  readonly text: string;
  readonly bytes: number;
  readonly ms: number;
  /** The parsed body, or null when it is not JSON. */
  readonly json: Record<string, unknown> | null;
  readonly headers: Headers;
}

/** One bounded HTTP call; a network error or timeout is status 0 with the message as text. */
export async function call(
  origin: string,
  method: 'GET' | 'POST',
  route: string,
  opts: { key?: string; token?: string; body?: unknown; rawBody?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (opts.key !== undefined) headers['x-api-key'] = opts.key;
  if (opts.token !== undefined) headers.authorization = `Bearer ${opts.token}`;
  const body = opts.rawBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body));
  if (body !== undefined) headers['content-type'] = 'application/json';
  const t0 = performance.now();
  try {
    const res = await fetch(origin + route, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
    });
    const buf = Buffer.from(await res.arrayBuffer());
    const text = buf.toString('utf8');
    let json: Record<string, unknown> | null = null;
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = null;
    }
    return {
      status: res.status,
      text,
      bytes: buf.length,
      ms: performance.now() - t0,
      json,
      headers: res.headers,
    };
  } catch (err) {
    const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    return { status: 0, text, bytes: 0, ms: performance.now() - t0, json: null, headers: new Headers() };
  }
}

/** Runs `fn(i)` for i < count with at most `concurrency` in flight, stopping early past `deadlineMs`. */
export async function bounded<T>(
  count: number,
  concurrency: number,
  deadlineMs: number,
  fn: (i: number) => Promise<T>,
): Promise<T[]> {
  const out: T[] = [];
  const end = performance.now() + deadlineMs;
  let next = 0;
  const worker = async () => {
    while (next < count && performance.now() < end) out.push(await fn(next++));
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return out;
}

/** Statuses counted, as `200x12 429x3`. */
export function statuses(answers: readonly { status: number }[]): string {
  const n = new Map<number, number>();
  for (const a of answers) n.set(a.status, (n.get(a.status) ?? 0) + 1);
  return [...n]
    .sort(([a], [b]) => a - b)
    .map(([s, c]) => `${s}x${c}`)
    .join(' ');
}

export const count = (answers: readonly { status: number }[], status: number): number =>
  answers.filter((a) => a.status === status).length;

/** Whole numbers with thousands separators. */
export const n = (x: number | null | undefined): string =>
  x == null ? String(x) : x.toLocaleString('en-US');

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `check` every 100 ms until it returns a value, or null after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | null>, timeoutMs: number): Promise<T | null> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== null) return v;
    if (Date.now() > end) return null;
    await sleep(100);
  }
}

/**
 * Starts the built service (`node dist/cli/bin.js serve`, or `nodeArgs`) on a free port with `env`, and when
 * `ready` waits (bounded) until /readyz answers 200: every carried list loaded and indexed.
 */
export async function startService(
  ctx: FaultContext,
  name: string,
  env: Record<string, string>,
  opts: { ready?: boolean; nodeArgs?: string[] } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const server = await startServer({
    name,
    nodeArgs: opts.nodeArgs ?? ['dist/cli/bin.js', 'serve'],
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      SCREENING_REFRESH_INTERVAL_MINUTES: '0',
      // One worker thread: the machine's cores are shared with the bench itself.
      SCREENING_BULK_WORKER_THREADS: '1',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    port,
    logFile: path.join(ctx.workDir, `${name}.log`),
    cwd: ctx.root,
  });
  ctx.defer(() => (server.alive() ? server.kill('SIGKILL') : undefined));
  if (opts.ready) {
    const ok = await waitFor(
      async () => ((await call(server.origin, 'GET', '/readyz')).status === 200 ? true : null),
      90_000,
    );
    if (!ok)
      throw new Error(`${name} never became ready: ${(await call(server.origin, 'GET', '/readyz')).text}`);
  }
  return server;
}

/** Signs a new ordinary user up over the API and makes `keys` API keys with the default budget. */
export async function ordinaryUser(origin: string, keys: number): Promise<{ token: string; keys: string[] }> {
  const email = `bench-${Math.random().toString(36).slice(2)}@example.com`;
  const signup = await call(origin, 'POST', '/api/auth/signup', {
    body: { email, password: 'correct horse battery staple' },
  });
  const token = signup.json?.token;
  if (signup.status !== 201 || typeof token !== 'string')
    throw new Error(`signup answered ${signup.status}: ${signup.text}`);
  const made: string[] = [];
  for (let i = 0; i < keys; i++) {
    const k = await call(origin, 'POST', '/api/keys', { token, body: { name: `bench ${i}` } });
    if (k.status !== 201 || typeof k.json?.key !== 'string')
      throw new Error(`key creation answered ${k.status}: ${k.text}`);
    made.push(k.json.key);
  }
  return { token, keys: made };
}

/** Rows of a query on a SQLite store file (opened read-write so a WAL left by a killed process is recovered). */
export function sqliteRows<T>(file: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(file);
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** One record of an OFAC legacy sdn.csv: the line as published, its uid and primary name. */
export interface SdnLine {
  readonly line: string;
  readonly uid: string;
  readonly name: string;
}

const SDN_LINE = /^(\d+),"([^"]*)"/;
const END_BYTE = new RegExp(`${String.fromCharCode(0x1a)}$`);

/**
 * The lines of an SDN file in the publisher's legacy CSV format: the real one in ../shared/lists (14,965
 * records) when present, else `fallbackCount` synthetic records in the same format.
 */
export function sdnLines(fallbackCount = 15_000): { lines: SdnLine[]; origin: string } {
  if (sharedListsDir) {
    const text = fs.readFileSync(sharedListFile('ofac_sdn_2024-05', 'sdn.csv'), 'latin1');
    const lines = text
      .replace(END_BYTE, '')
      .split('\r\n')
      .filter((l) => l !== '')
      .map((line) => {
        const m = SDN_LINE.exec(line);
        if (!m) throw new Error(`unexpected sdn.csv line: ${line.slice(0, 80)}`);
        return { line, uid: m[1]!, name: m[2]! };
      });
    return { lines, origin: 'real OFAC sdn.csv of 2024-05 (../shared/lists)' };
  }
  return { lines: syntheticSdnLines(fallbackCount), origin: 'synthetic SDN-style sdn.csv' };
}

/** `n` synthetic records in the legacy sdn.csv format (12 columns, `-0- ` nulls). */
export function syntheticSdnLines(n: number): SdnLine[] {
  return syntheticEntries(n, 13).map((e, i) => {
    const uid = String(i + 1);
    const name = e.name.replace(/"/g, '');
    const line = `${uid},"${name}","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Bench record ${uid}."`;
    return { line, uid, name };
  });
}

/** The file's bytes: CRLF lines, and the 0x1A end byte OFAC ends its CSV files with unless `endByte` is false. */
export function sdnBody(lines: readonly SdnLine[], endByte = true): Buffer {
  const text = Buffer.from(lines.map((l) => `${l.line}\r\n`).join(''), 'latin1');
  return endByte ? Buffer.concat([text, Buffer.from([0x1a])]) : text;
}

/** A LISTS_DIR holding ofac_sdn/sdn.csv with `n` synthetic records, for servers that only need a list loaded. */
export function smallListsDir(workDir: string, n = 300): { dir: string; lines: SdnLine[] } {
  const dir = fs.mkdtempSync(path.join(workDir, 'lists-'));
  fs.mkdirSync(path.join(dir, 'ofac_sdn'));
  const lines = syntheticSdnLines(n);
  fs.writeFileSync(path.join(dir, 'ofac_sdn', 'sdn.csv'), sdnBody(lines));
  return { dir, lines };
}

/** The environment that carries only ofac_sdn, read from `dir`. */
export const listsFrom = (dir: string): Record<string, string> => ({
  LISTS_DIR: dir,
  SCREENING_LISTS: 'ofac_sdn',
});
