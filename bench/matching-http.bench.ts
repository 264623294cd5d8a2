// `npx tsx bench/matching-http.bench.ts` (second half of `npm run bench:matching`): name screening over HTTP against
// the built server (dist, SQLite store) that loaded the real lists in ../shared/lists through its own ingestion:
//   1. readiness: seconds from process start until POST /api/v2/search answers 200 (lists parsed, stored, indexed);
//   2. single-name latency over HTTP (one client, keep-alive, sequential), p50/p99 per search type;
//   3. bulk throughput: 1,000 and 10,000 names in one POST /api/v2/bulk-search;
//   4. responsiveness: single-name probes every 25 ms while a 10,000-name bulk runs, with one and two bulk worker
//      threads and without them (SCREENING_BULK_WORKER=false, the peer: the same work on the event loop).
//
//   npx tsx bench/matching-http.bench.ts [--queries 300] [--runs 3] [--skip-build]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { SearchType } from '../src/domain/screening.js';
import { sharedListsDir, sharedListsSkipReason } from '../src/test-support/shared-lists.js';
import { sqliteBackend } from './http-backends.js';
import { freePort, startServer, type ServerProcess } from './http-processes.js';
import { loadRealEntries, realListPaths } from './matching-data.js';
import { buildCases } from './matching-quality.js';

const { values: args } = parseArgs({
  options: {
    queries: { type: 'string', default: '300' },
    runs: { type: 'string', default: '3' },
    'skip-build': { type: 'boolean', default: false },
  },
});
const ROOT = path.resolve(import.meta.dirname, '..');
const TYPES: readonly SearchType[] = ['strict_match', 'standard_match', 'permissive_match', 'fuzzy_search'];

if (!sharedListsDir) {
  console.warn(sharedListsSkipReason);
  process.exit(0);
}

const quantile = (xs: readonly number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};
const ms = (x: number): string => (x < 1 ? x.toFixed(3) : x.toFixed(2));
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));

if (!args['skip-build']) execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-matching-http-'));
const listsDir = path.join(tmp, 'lists');
const slugs: string[] = [];
for (const { slug, files } of realListPaths()) {
  fs.mkdirSync(path.join(listsDir, slug), { recursive: true });
  for (const [name, file] of Object.entries(files)) fs.symlinkSync(file, path.join(listsDir, slug, name));
  slugs.push(slug);
}

// Queries: the matching harness's positives (real listed names with one change) and negatives (faker names).
const { entries } = await loadRealEntries();
const cases = buildCases(entries, 280, 200, 1);
const queries = [...cases.positives.map((p) => p.query), ...cases.negatives.map((n) => n.query)].slice(
  0,
  Number(args.queries),
);
// Bulk names: distinct, without commas (the field is one comma-separated string), real-looking.
const bulkPool = [
  ...new Set(
    [
      ...cases.negatives.map((n) => n.query),
      ...cases.positives.map((p) => p.query),
      ...buildCases(entries, 0, 12_000, 7).negatives.map((n) => n.query),
    ].filter((n) => !n.includes(',')),
  ),
];
if (bulkPool.length < 10_000) throw new Error(`only ${bulkPool.length} distinct bulk names`);

interface Running {
  server: ServerProcess;
  apiKey: string;
  readyS: number;
}

async function start(bulkWorker: boolean, threads = 1): Promise<Running> {
  const backend = await sqliteBackend(fs.mkdtempSync(path.join(tmp, 'db-')));
  const port = await freePort();
  const t0 = performance.now();
  const server = await startServer({
    name: 'service',
    nodeArgs: ['dist/cli/bin.js', 'serve'],
    env: {
      ...process.env,
      ...backend.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      LISTS_DIR: listsDir,
      SCREENING_LISTS: slugs.join(','),
      SCREENING_REFRESH_INTERVAL_MINUTES: '0',
      SCREENING_BODY_LIMIT_BYTES: String(20 * 1024 * 1024),
      SCREENING_MAX_BULK_ITEMS: '10000',
      SCREENING_BULK_WORKER: String(bulkWorker),
      SCREENING_BULK_WORKER_THREADS: String(threads),
    },
    port,
    logFile: path.join(tmp, `server-${bulkWorker}-${threads}.log`),
    cwd: ROOT,
  });
  for (let i = 0; ; i++) {
    const r = await post(server, backend.apiKey, '/api/v2/search', {
      prompt: 'x',
      search_type: 'strict_match',
    });
    if (r.status === 200) break;
    if (i > 3000) throw new Error(`lists did not load: ${r.status}`);
    await sleep(50);
  }
  return { server, apiKey: backend.apiKey, readyS: (performance.now() - t0) / 1000 };
}

async function post(
  server: ServerProcess,
  apiKey: string,
  route: string,
  body: unknown,
): Promise<{ status: number; json: unknown; ms: number }> {
  const t0 = performance.now();
  const r = await fetch(`${server.origin}${route}`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await r.json()) as unknown;
  return { status: r.status, json, ms: performance.now() - t0 };
}

async function bulk(run: Running, n: number): Promise<{ ms: number; rows: number }> {
  const r = await post(run.server, run.apiKey, '/api/v2/bulk-search', {
    names: bulkPool.slice(0, n).join(','),
    search_type: 'standard_match',
  });
  if (r.status !== 200) throw new Error(`bulk of ${n} answered ${r.status}: ${JSON.stringify(r.json)}`);
  const rows = (r.json as { results: unknown[] }).results.length;
  return { ms: r.ms, rows };
}

// Sequential single-name probes every `everyMs` until `done` resolves; their latencies.
async function probe(run: Running, done: Promise<unknown>, everyMs: number): Promise<number[]> {
  let finished = false;
  void done.then(() => (finished = true));
  const times: number[] = [];
  for (let i = 0; !finished; i++) {
    const r = await post(run.server, run.apiKey, '/api/v2/search', {
      prompt: queries[i % queries.length],
      search_type: 'standard_match',
    });
    if (r.status !== 200) throw new Error(`probe answered ${r.status}`);
    times.push(r.ms);
    await sleep(everyMs);
  }
  return times;
}

const RUNS = Number(args.runs);
console.log(
  `matching over HTTP — node ${process.version}, ${new Date().toISOString()}, ${os.cpus().length} cores`,
);
console.log(`lists: ${slugs.join(', ')} (real files, loaded by the server's own ingestion)`);

const withWorker = await start(true);
try {
  console.log(
    `\n1. READY: ${withWorker.readyS.toFixed(1)} s from process start to the first 200 from /api/v2/search`,
  );

  const latency: Record<string, string | number>[] = [];
  for (const type of TYPES) {
    const times: number[] = [];
    for (const q of queries.slice(0, 20))
      await post(withWorker.server, withWorker.apiKey, '/api/v2/search', { prompt: q });
    for (const q of queries) {
      const r = await post(withWorker.server, withWorker.apiKey, '/api/v2/search', {
        prompt: q,
        search_type: type,
      });
      if (r.status !== 200) throw new Error(`search answered ${r.status}`);
      times.push(r.ms);
    }
    latency.push({
      search_type: type,
      queries: times.length,
      p50_ms: ms(quantile(times, 0.5)),
      p99_ms: ms(quantile(times, 0.99)),
    });
  }
  console.log(
    '\n2. SINGLE-NAME LATENCY over HTTP (one keep-alive client, sequential; includes auth, rate limit, usage record)',
  );
  console.table(latency);

  const bulkRows: Record<string, string | number>[] = [];
  for (const n of [1_000, 10_000]) {
    const times: number[] = [];
    let rows = 0;
    await bulk(withWorker, n); // warm-up
    for (let i = 0; i < RUNS; i++) {
      const b = await bulk(withWorker, n);
      times.push(b.ms);
      rows = b.rows;
    }
    const med = quantile(times, 0.5);
    bulkRows.push({
      worker_threads: 1,
      names: n,
      runs: RUNS,
      median_ms: Math.round(med),
      names_per_s: Math.round((n / med) * 1000),
      result_rows: rows,
    });
  }

  const respons: Record<string, string | number>[] = [];
  const idle = await probe(withWorker, sleep(3_000), 25);
  respons.push({
    server: 'idle (no bulk running)',
    probes: idle.length,
    p50_ms: ms(quantile(idle, 0.5)),
    p99_ms: ms(quantile(idle, 0.99)),
    max_ms: ms(Math.max(...idle)),
  });
  const busy = async (run: Running, label: string) => {
    const job = bulk(run, 10_000);
    const t = await probe(run, job, 25);
    const b = await job;
    respons.push({
      server: label,
      probes: t.length,
      p50_ms: ms(quantile(t, 0.5)),
      p99_ms: ms(quantile(t, 0.99)),
      max_ms: ms(Math.max(...t)),
      bulk_ms: Math.round(b.ms),
    });
  };
  await busy(withWorker, 'during a 10,000-name bulk, one worker thread (SCREENING_BULK_WORKER_THREADS=1)');
  await withWorker.server.stop();
  const twoThreads = await start(true, 2);
  try {
    const times: number[] = [];
    let rows = 0;
    await bulk(twoThreads, 10_000);
    for (let i = 0; i < RUNS; i++) {
      const b = await bulk(twoThreads, 10_000);
      times.push(b.ms);
      rows = b.rows;
    }
    const med = quantile(times, 0.5);
    bulkRows.push({
      worker_threads: 2,
      names: 10_000,
      runs: RUNS,
      median_ms: Math.round(med),
      names_per_s: Math.round((10_000 / med) * 1000),
      result_rows: rows,
    });
    await busy(twoThreads, 'during a 10,000-name bulk, two worker threads (=2, the default)');
  } finally {
    await twoThreads.server.stop();
  }
  const noWorker = await start(false);
  try {
    await bulk(noWorker, 1_000);
    await busy(noWorker, 'during a 10,000-name bulk, on the event loop in slices (peer)');
  } finally {
    await noWorker.server.stop();
  }
  console.log('\n3. BULK over HTTP (POST /api/v2/bulk-search, standard_match, one request)');
  console.table(bulkRows);
  console.log('\n4. RESPONSIVENESS: single-name probes (standard_match) every 25 ms while a bulk runs');
  console.table(respons);
} finally {
  await withWorker.server.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
