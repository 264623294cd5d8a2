// The measured targets of the HTTP benchmark: the service on each backend (probe, warm-up, measured run,
// graceful stop, record count) and the bare peers, each a separate process on loopback.
import fs from 'node:fs';
import path from 'node:path';
import type { BenchBackend, RecordCounts } from './http-backends.js';
import { addStatuses, mergeLoads, runLoad, type LoadResult, type LoadSpec } from './http-load.js';
import { freePort, logTail, startServer, type ServerProcess } from './http-processes.js';
import type { BenchRow } from './http-report.js';

/** How hard and how long each target is driven, and how the service runs. */
export interface RunOptions {
  readonly durationSeconds: number;
  readonly connections: number;
  readonly warmupSeconds: number;
  /** Requests in each measured run; null to size it from the warm-up rate and `durationSeconds`. */
  readonly fixedAmount: number | null;
  readonly cpuProf: boolean;
  readonly logLevel: string;
  readonly timeoutSeconds: number;
}

/** What every target needs from the run: options, the project root, a scratch folder and the reporters. */
export interface TargetContext {
  readonly opts: RunOptions;
  readonly root: string;
  readonly workDir: string;
  progress(msg: string): void;
  /** Records a problem that makes the run fail (exit code 1) without stopping it. */
  fail(msg: string): void;
}

/** Length of one segment of a measured run. */
const SEGMENT_SECONDS = 2;

/** Where a measured target sends its requests. */
export interface Endpoint {
  readonly label: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: string;
}

export const LISTS: Endpoint = {
  label: 'service GET /api/v2/lists (auth + rate limit + usage record, 200)',
  method: 'GET',
  path: '/api/v2/lists',
};
const SEARCH: Endpoint = {
  label: 'service POST /api/v2/search (no lists loaded: 503; auth + validation + usage record)',
  method: 'POST',
  path: '/api/v2/search',
  body: JSON.stringify({ prompt: 'John Smith', search_type: 'fuzzy_search' }),
};

function headersFor(ep: Endpoint, apiKey: string | null): Record<string, string> {
  return {
    ...(apiKey === null ? {} : { 'x-api-key': apiKey }),
    ...(ep.body === undefined ? {} : { 'content-type': 'application/json' }),
  };
}

/** One target's warm-up chunks and measured run, with server (and database) CPU per response. */
interface Measured {
  readonly warmup: LoadResult[];
  readonly run: LoadResult;
  readonly cpuUsPerReq: number | null;
  readonly dbCpuUsPerReq: number | null;
}

/**
 * Warm-up in chunks until `warmupSeconds` have passed (so the JIT has settled whatever the target's speed), then
 * a measured run whose request count is sized from the last chunk's rate to last about `durationSeconds`.
 */
async function measure(
  ctx: TargetContext,
  server: ServerProcess,
  ep: Endpoint,
  apiKey: string | null,
  dbCpu: () => Promise<ReadonlyMap<number, number> | null> = async () => null,
): Promise<Measured> {
  const origin = server.origin;
  const base: Omit<LoadSpec, 'amount'> = {
    url: origin + ep.path,
    method: ep.method,
    headers: headersFor(ep, apiKey),
    ...(ep.body === undefined ? {} : { body: ep.body }),
    connections: ctx.opts.connections,
    timeoutSeconds: ctx.opts.timeoutSeconds,
    deadlineSeconds: Math.max(60, ctx.opts.durationSeconds * 5),
  };
  const minChunk = Math.max(ctx.opts.connections * 20, 1000);
  const warmup: LoadResult[] = [];
  const t0 = performance.now();
  let rate = 0;
  while (performance.now() - t0 < ctx.opts.warmupSeconds * 1000) {
    // Each chunk lasts about a second at the best rate seen so far. A chunk's own rate is below the steady
    // one (fresh connections, ramp-down at its end), so the best one sizes the measured run.
    const chunk = await runLoad({ ...base, amount: Math.max(minChunk, Math.round(rate)) });
    warmup.push(chunk);
    rate = Math.max(rate, chunk.reqPerSec);
  }
  const warmed = warmup.reduce((a, w) => a + w.responses, 0);
  ctx.progress(
    `${ep.method} ${ep.path}: warm-up ${warmed} requests, best chunk ${Math.round(rate)} req/s; measured run`,
  );
  const db0 = await dbCpu();
  const cpu0 = server.cpuSeconds();
  // The measured run is a series of fixed-count segments of about SEGMENT_SECONDS each (sized from the rate
  // seen so far) until `durationSeconds` have passed, so it lasts what was asked whatever the warm-up predicted.
  const segments: LoadResult[] = [];
  const tRun = performance.now();
  for (;;) {
    const left = ctx.opts.durationSeconds - (performance.now() - tRun) / 1000;
    if (segments.length > 0 && (left <= 0 || ctx.opts.fixedAmount !== null)) break;
    const amount =
      ctx.opts.fixedAmount ??
      Math.max(ctx.opts.connections * 10, Math.round(rate * Math.min(SEGMENT_SECONDS, Math.max(left, 0.5))));
    const segment = await runLoad({ ...base, amount });
    segments.push(segment);
    rate = segment.reqPerSec;
  }
  const run = mergeLoads(segments);
  const cpu1 = server.cpuSeconds();
  ctx.progress(
    `${ep.method} ${ep.path}: measured run, ${run.responses} requests in ${segments.length} segment(s), ` +
      `${(run.elapsedMs / 1000).toFixed(1)}s at ${Math.round(run.reqPerSec)} req/s`,
  );
  const db1 = await dbCpu();
  const perReq = (seconds: number) => (seconds * 1e6) / run.responses;
  return {
    warmup,
    run,
    cpuUsPerReq: cpu0 === null || cpu1 === null ? null : perReq(cpu1 - cpu0),
    dbCpuUsPerReq: db0 === null || db1 === null ? null : perReq(cpuDelta(db0, db1)),
  };
}

/** CPU used between two snapshots by pid; a process that appeared in between counts from its start. */
function cpuDelta(before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>): number {
  let total = 0;
  for (const [pid, s] of after) total += s - (before.get(pid) ?? 0);
  return total;
}

/** Sums the warm-up chunks' statuses, errors and timeouts. */
function warmupTotals(warmup: readonly LoadResult[]): {
  byStatus: Record<string, number>;
  responses: number;
  errors: number;
  timeouts: number;
} {
  const byStatus: Record<string, number> = {};
  for (const w of warmup) addStatuses(byStatus, w.byStatus);
  return {
    byStatus,
    responses: warmup.reduce((a, w) => a + w.responses, 0),
    errors: warmup.reduce((a, w) => a + w.errors, 0),
    timeouts: warmup.reduce((a, w) => a + w.timeouts, 0),
  };
}

function serviceEnv(ctx: TargetContext, port: number, backend: BenchBackend): NodeJS.ProcessEnv {
  const e: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: ctx.opts.logLevel,
    // No list download or refresh in the background while the service is measured (lists stay unloaded).
    SCREENING_REFRESH_INTERVAL_MINUTES: '0',
    ...backend.env,
  };
  // The backend decides the store; rate limits stay in process (one server, as in the single-machine setup).
  if (backend.name === 'sqlite') delete e.DATABASE_URL;
  delete e.REDIS_URL;
  delete e.LISTS_DIR;
  return e;
}

/** One probe call per endpoint: checks the key works and captures the body the peers will serve. */
async function probe(
  origin: string,
  ep: Endpoint,
  apiKey: string,
): Promise<{ status: number; body: string }> {
  const res = await fetch(origin + ep.path, {
    method: ep.method,
    headers: headersFor(ep, apiKey),
    ...(ep.body === undefined ? {} : { body: ep.body }),
  });
  return { status: res.status, body: await res.text() };
}

export interface ServiceRun {
  readonly rows: BenchRow[];
  readonly listsBody: string | null;
  readonly counts: RecordCounts;
  readonly stopMs: number;
  readonly logLines: number;
}

export async function benchService(ctx: TargetContext, backend: BenchBackend): Promise<ServiceRun> {
  const port = await freePort();
  const logFile = path.join(ctx.workDir, `service-${backend.name}.log`);
  const profDir = path.join(ctx.root, 'bench-results', 'cpu-prof');
  const nodeArgs = [
    ...(ctx.opts.cpuProf
      ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`, `--cpu-prof-name=service-${backend.name}.cpuprofile`]
      : []),
    path.join(ctx.root, 'dist', 'cli', 'bin.js'),
    'serve',
  ];
  ctx.progress(`${backend.name}: starting the service (node dist/cli/bin.js serve) on port ${port}`);
  const server: ServerProcess = await startServer({
    name: `service (${backend.name})`,
    nodeArgs,
    env: serviceEnv(ctx, port, backend),
    port,
    logFile,
    cwd: ctx.root,
  });
  const responses = new Map<string, Record<string, number>>();
  const results: (Measured & { ep: Endpoint })[] = [];
  let listsBody: string | null = null;
  let stopMs: number;
  try {
    for (const ep of [LISTS, SEARCH]) {
      const p = await probe(server.origin, ep, backend.apiKey);
      ctx.progress(`${backend.name}: probe ${ep.method} ${ep.path} -> ${p.status}`);
      if (ep === LISTS) {
        if (p.status !== 200) throw new Error(`GET ${ep.path} answered ${p.status}: ${p.body.slice(0, 300)}`);
        listsBody = p.body;
      }
      const seen: Record<string, number> = { [String(p.status)]: 1 };
      const m = await measure(ctx, server, ep, backend.apiKey, () => backend.dbCpu());
      addStatuses(seen, warmupTotals(m.warmup).byStatus);
      addStatuses(seen, m.run.byStatus);
      responses.set(ep.path, seen);
      results.push({ ...m, ep });
    }
  } finally {
    ctx.progress(`${backend.name}: SIGTERM, waiting for a graceful exit`);
    const exit = await server.stop();
    if (exit.code !== 0) {
      ctx.fail(
        `FAILED: service (${backend.name}) exited with ${exit.code ?? exit.signal} on SIGTERM:\n${logTail(logFile)}`,
      );
    }
    stopMs = exit.ms;
  }
  const counts = await backend.count();
  const rows = results.map(({ ep, warmup, run, cpuUsPerReq, dbCpuUsPerReq }): BenchRow => {
    const seen = responses.get(ep.path)!;
    const recordsByStatus = counts.byEndpoint.get(ep.path) ?? {};
    const responseCount = Object.values(seen).reduce((a, b) => a + b, 0);
    const records = Object.values(recordsByStatus).reduce((a, b) => a + b, 0);
    return {
      target: ep.label,
      kind: 'service',
      backend: backend.name,
      method: ep.method,
      path: ep.path,
      connections: ctx.opts.connections,
      runRequests: run.responses,
      runElapsedMs: run.elapsedMs,
      reqPerSec: run.reqPerSec,
      p50Ms: run.p50Ms,
      p99Ms: run.p99Ms,
      maxMs: run.maxMs,
      serverCpuUsPerReq: cpuUsPerReq,
      dbCpuUsPerReq,
      responses: responseCount,
      responsesByStatus: seen,
      records,
      recordsByStatus,
      lost: responseCount - records,
      errors: warmupTotals(warmup).errors + run.errors,
      timeouts: warmupTotals(warmup).timeouts + run.timeouts,
    };
  });
  const logText = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '';
  return {
    rows,
    listsBody,
    counts,
    stopMs,
    logLines: logText === '' ? 0 : logText.trimEnd().split('\n').length,
  };
}

export async function benchPeer(
  ctx: TargetContext,
  kind: 'fastify' | 'node',
  body: string,
): Promise<BenchRow> {
  const port = await freePort();
  const bodyFile = path.join(ctx.workDir, 'lists-body.json');
  fs.writeFileSync(bodyFile, body);
  const name = kind === 'fastify' ? 'bare Fastify' : 'bare node:http';
  ctx.progress(`peer ${name}: starting on port ${port}`);
  const server = await startServer({
    name,
    nodeArgs: [
      '--import',
      'tsx',
      path.join(ctx.root, 'bench', 'http-peers.ts'),
      kind,
      String(port),
      bodyFile,
    ],
    env: { ...process.env },
    port,
    logFile: path.join(ctx.workDir, `peer-${kind}.log`),
    cwd: ctx.root,
  });
  let result: Measured;
  try {
    result = await measure(ctx, server, LISTS, null);
  } finally {
    await server.stop();
  }
  const { run } = result;
  const warmup = warmupTotals(result.warmup);
  const seen: Record<string, number> = {};
  addStatuses(seen, warmup.byStatus);
  addStatuses(seen, run.byStatus);
  return {
    target: `peer: ${name}, GET /api/v2/lists, same body fixed (no auth/limit/usage/log)`,
    kind: 'peer',
    backend: 'none',
    method: 'GET',
    path: LISTS.path,
    connections: ctx.opts.connections,
    runRequests: run.responses,
    runElapsedMs: run.elapsedMs,
    reqPerSec: run.reqPerSec,
    p50Ms: run.p50Ms,
    p99Ms: run.p99Ms,
    maxMs: run.maxMs,
    serverCpuUsPerReq: result.cpuUsPerReq,
    dbCpuUsPerReq: null,
    responses: warmup.responses + run.responses,
    responsesByStatus: seen,
    records: null,
    recordsByStatus: null,
    lost: null,
    errors: warmup.errors + run.errors,
    timeouts: warmup.timeouts + run.timeouts,
  };
}

/**
 * Every row's records must equal its responses, status by status, and count(*) must equal the sum of all
 * responses; returns the MISMATCH lines (empty when nothing was lost or added).
 */
export function checkCounts(backend: string, rows: readonly BenchRow[], counts: RecordCounts): string[] {
  const out: string[] = [];
  for (const r of rows) {
    const statuses = new Set([...Object.keys(r.responsesByStatus), ...Object.keys(r.recordsByStatus ?? {})]);
    for (const s of statuses) {
      const got = r.responsesByStatus[s] ?? 0;
      const rec = r.recordsByStatus?.[s] ?? 0;
      if (got !== rec)
        out.push(
          `MISMATCH ${backend} ${r.method} ${r.path} status ${s}: ${got} responses received, ${rec} usage records written (lost ${got - rec})`,
        );
    }
  }
  const expected = rows.reduce((a, r) => a + r.responses, 0);
  if (counts.total !== expected)
    out.push(
      `MISMATCH ${backend}: select count(*) from usage_records = ${counts.total}, responses received = ${expected} (lost ${expected - counts.total})`,
    );
  return out;
}
