// `npm run bench:http`: two parts, each with its peers measured in the same run.
//   1. One query at a time on the real lists (bench/http-single.ts): POST /api/v2/search next to the floor (bare
//      node:http answering a fixed body) and a bare pg_trgm query on the same names, interleaved query by query,
//      with the issue's targets (search p50 <= floor + 0.3 ms and <= pg_trgm p50 / 1.5, p99 < pg_trgm p99,
//      nothing lost from the usage records) and their pass/fail.
//   2. The service under load on loopback, on SQLite and PostgreSQL, with every usage record counted against
//      every response, next to bare Fastify and bare node:http peers.
//
//   npm run bench:http -- [--duration 10] [--connections 50] [--warmup 3] [--amount N]
//                         [--backends sqlite,postgres] [--skip-build] [--cpu-prof] [--log-level warn]
//                         [--single-positives 1000] [--single-negatives 700] [--single-warmup 200]
//                         [--search-types fuzzy_search,standard_match] [--baseline DIR] [--only single|load]
// (or BENCH_DURATION, BENCH_CONNECTIONS, BENCH_WARMUP, BENCH_BACKENDS). --warmup is in seconds; --cpu-prof
// writes the service's V8 CPU profiles to bench-results/cpu-prof/ (summarise one with
// `npx tsx bench/cpu-profile-summary.ts FILE --last 10`). --baseline DIR measures a second build (DIR/dist, e.g. main
// checked out and built elsewhere) in part 1, interleaved with this one.
//
// PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test when it
// answers; the run uses a fresh database created on that server and dropped afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { postgresBackend, postgresReachable, sqliteBackend, type BenchBackend } from './http-backends.js';
import { renderTable, writeJson, type BenchRow } from './http-report.js';
import { benchSingle, renderSingle, type SingleResult } from './http-single.js';
import {
  LISTS,
  benchPeer,
  benchService,
  checkCounts,
  type ServiceRun,
  type TargetContext,
} from './http-targets.js';
import { buildDist } from './build-dist.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_FILE = path.join(ROOT, 'bench-results', 'http.json');
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
const SQLITE_TARGET_RPS = 3000;

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string' },
    connections: { type: 'string' },
    warmup: { type: 'string' },
    amount: { type: 'string' },
    backends: { type: 'string' },
    'skip-build': { type: 'boolean', default: false },
    'cpu-prof': { type: 'boolean', default: false },
    'log-level': { type: 'string' },
    'single-positives': { type: 'string' },
    'single-negatives': { type: 'string' },
    'single-warmup': { type: 'string' },
    baseline: { type: 'string' },
    'search-types': { type: 'string' },
    only: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(fs.readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\nimport ')[0]);
  process.exit(0);
}

function positive(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) {
    console.error(`--${name} must be a positive number, got "${raw}"`);
    process.exit(2);
  }
  return n;
}

const env = process.env;
const opts = {
  durationSeconds: positive('duration', args.duration ?? env.BENCH_DURATION, 10),
  connections: Math.round(positive('connections', args.connections ?? env.BENCH_CONNECTIONS, 50)),
  warmupSeconds: positive('warmup', args.warmup ?? env.BENCH_WARMUP, 3),
  fixedAmount: args.amount === undefined ? null : Math.round(positive('amount', args.amount, 1)),
  backends: (args.backends ?? env.BENCH_BACKENDS ?? 'sqlite,postgres').split(',').map((b) => b.trim()),
  cpuProf: args['cpu-prof'],
  logLevel: args['log-level'] ?? 'warn',
  timeoutSeconds: 30,
  singlePositives: Math.round(positive('single-positives', args['single-positives'], 1000)),
  singleNegatives: Math.round(positive('single-negatives', args['single-negatives'], 700)),
  singleWarmup: Math.round(positive('single-warmup', args['single-warmup'], 200)),
  baseline: args.baseline === undefined ? null : path.resolve(args.baseline),
  searchTypes: (args['search-types'] ?? 'fuzzy_search,standard_match').split(',').map((t) => t.trim()),
  only: args.only ?? null,
};
if (opts.only !== null && opts.only !== 'single' && opts.only !== 'load') {
  console.error(`--only must be single or load, got "${opts.only}"`);
  process.exit(2);
}
const explicitPgUrl = env.BENCH_DATABASE_URL || env.DATABASE_URL || null;
const pgUrl = explicitPgUrl ?? DEFAULT_PG_URL;

const progress = (msg: string) => process.stderr.write(`  .. ${msg}\n`);
let failed = false;
const problems: string[] = [];
/** Records a problem; all are printed after the tables and make the exit code 1. */
const fail = (msg: string) => {
  failed = true;
  problems.push(msg);
  progress(msg.split('\n')[0]!);
};
const describe = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function main(): Promise<void> {
  const cpus = os.cpus();
  const loadBefore = os.loadavg()[0]!;
  console.log(
    `HTTP bench: ${cpus.length} x ${cpus[0]?.model ?? 'cpu'}, Node ${process.version}, ` +
      `${opts.connections} connections, ~${opts.durationSeconds}s measured run per target ` +
      `(${opts.fixedAmount === null ? 'back-to-back fixed-count segments of ~2s, each fully answered' : `${opts.fixedAmount} requests`}), ` +
      `${opts.warmupSeconds}s warm-up, service LOG_LEVEL=${opts.logLevel}`,
  );
  console.log(
    'Peers not runnable here: yente (Python) and watchman (Go) are not installed on this machine; ' +
      'the peers below are bare Fastify and bare node:http on the same machine, same run.',
  );
  if (!args['skip-build']) buildDist(progress);
  if (!fs.existsSync(path.join(ROOT, 'dist', 'cli', 'bin.js'))) {
    console.error('dist/cli/bin.js is missing: run without --skip-build');
    process.exit(1);
  }

  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'screening-http-bench-'));
  const ctx: TargetContext = { opts, root: ROOT, workDir, progress, fail };
  const tables: { backend: string; rows: BenchRow[] }[] = [];
  const runs: Record<
    string,
    Omit<ServiceRun, 'rows' | 'listsBody' | 'counts'> & {
      recordsTotal: number;
      responsesTotal: number;
      mismatches: string[];
    }
  > = {};
  let peerRows: BenchRow[] | null = null;
  // The body the service answers GET /api/v2/lists with, served verbatim by the peers.
  let listsBody: string | null = null;
  let single: SingleResult | null = null;
  try {
    if (opts.only !== 'load') {
      try {
        single = await benchSingle({
          root: ROOT,
          workDir,
          positives: opts.singlePositives,
          negatives: opts.singleNegatives,
          warmupQueries: opts.singleWarmup,
          pgUrl,
          cpuProf: opts.cpuProf,
          logLevel: opts.logLevel,
          baseline: opts.baseline,
          searchTypes: opts.searchTypes,
          progress,
          fail,
        });
        if (!single.targetsMet) fail('single-query targets not met (see part 1)');
      } catch (err) {
        fail(`FAILED: single-query part: ${describe(err)}`);
      }
    }
    for (const name of opts.only === 'single' ? [] : opts.backends) {
      let backend: BenchBackend | null = null;
      if (name === 'sqlite') backend = await sqliteBackend(workDir);
      else if (name === 'postgres') {
        const why = await postgresReachable(pgUrl);
        if (why !== null) {
          const msg = `PostgreSQL at ${pgUrl.replace(/\/\/[^@/]*@/, '//***@')} not reachable (${why})`;
          if (explicitPgUrl !== null) fail(`FAILED: ${msg}`);
          else console.log(`${msg}: PostgreSQL skipped`);
          continue;
        }
        backend = await postgresBackend(pgUrl);
      } else {
        fail(`unknown backend "${name}" (sqlite or postgres)`);
        continue;
      }
      try {
        const run = await benchService(ctx, backend);
        const mismatches = checkCounts(backend.name, run.rows, run.counts);
        for (const m of mismatches) fail(m);
        runs[backend.name] = {
          stopMs: run.stopMs,
          logLines: run.logLines,
          recordsTotal: run.counts.total,
          responsesTotal: run.rows.reduce((a, r) => a + r.responses, 0),
          mismatches,
        };
        listsBody ??= run.listsBody;
        tables.push({ backend: backend.name, rows: run.rows });
      } catch (err) {
        fail(`FAILED: ${backend.name}: ${describe(err)}`);
      } finally {
        await backend.cleanup();
      }
    }
    if (listsBody !== null) {
      try {
        peerRows = [await benchPeer(ctx, 'fastify', listsBody), await benchPeer(ctx, 'node', listsBody)];
      } catch (err) {
        fail(`FAILED: peers: ${describe(err)}`);
      }
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }

  console.log('');
  if (single !== null) {
    console.log('== 1. one query at a time, real lists (SQLite store) ==');
    console.log(renderSingle(single.rows));
    for (const l of single.lines) console.log(l);
    console.log('');
  }
  if (tables.length > 0) console.log('== 2. under load ==');
  for (const t of tables) {
    const r = runs[t.backend]!;
    console.log(`== ${t.backend} ==`);
    console.log(renderTable([...t.rows, ...(peerRows ?? [])]));
    const n = (x: number) => x.toLocaleString('en-US');
    console.log(
      `records written / responses received: ${n(r.recordsTotal)} / ${n(r.responsesTotal)} ` +
        `(select count(*) from usage_records after SIGTERM; lost ${n(r.responsesTotal - r.recordsTotal)}); ` +
        `graceful stop took ${Math.round(r.stopMs)} ms; service wrote ${n(r.logLines)} log lines at ${opts.logLevel}`,
    );
    for (const m of r.mismatches) console.log(m);
    console.log('');
  }
  console.log(
    'req/s, p50, p99: the measured run only, every status (time = first request to last response of each segment, summed); ' +
      'responses and usage records: probe + warm-up + measured run; lost = responses - usage records. ' +
      'server CPU us/req: CPU time of the server process in the measured run per response (SQLite runs inside it); ' +
      'db CPU us/req: the same for the PostgreSQL backends serving the run. ' +
      'Peers were measured once, in this run, and appear in every table. ' +
      'The load generator shares this machine (and its CPUs) with the server.',
  );
  const loadAfter = os.loadavg()[0]!;
  console.log(
    `load average (1 min) on this ${cpus.length}-CPU machine: ${loadBefore.toFixed(2)} before the bench, ` +
      `${loadAfter.toFixed(2)} after it` +
      (loadBefore > 0.5
        ? ' (above ~0.5 before the start, other work was competing for the CPUs: the figures are lower than on an idle machine)'
        : ''),
  );
  const sqliteLists = tables.find((t) => t.backend === 'sqlite')?.rows.find((r) => r.path === LISTS.path);
  if (sqliteLists) {
    const met = sqliteLists.reqPerSec >= SQLITE_TARGET_RPS && sqliteLists.lost === 0;
    console.log(
      `target (SQLite, GET /api/v2/lists, >= ${SQLITE_TARGET_RPS.toLocaleString('en-US')} req/s, nothing lost): ` +
        `${Math.round(sqliteLists.reqPerSec).toLocaleString('en-US')} req/s, lost ${sqliteLists.lost} -> ${met ? 'met' : 'NOT met'}`,
    );
  }
  writeJson(RESULTS_FILE, {
    generatedAt: new Date().toISOString(),
    machine: {
      cpus: cpus.length,
      model: cpus[0]?.model ?? null,
      node: process.version,
      platform: process.platform,
    },
    options: opts,
    loadAverage: { before: loadBefore, after: loadAfter },
    notRunnable: ['yente (Python)', 'watchman (Go)'],
    backends: tables.map((t) => ({ backend: t.backend, ...runs[t.backend], rows: t.rows })),
    peers: peerRows ?? [],
    single: single ?? null,
    problems,
    ok: !failed,
  });
  console.log(`results: ${path.relative(ROOT, RESULTS_FILE)}`);
  if (opts.cpuProf) console.log('service CPU profiles: bench-results/cpu-prof/');
  if (failed) {
    console.log(`\n${problems.length} problem(s):\n${problems.join('\n')}`);
    process.exitCode = 1;
  }
}

await main();
