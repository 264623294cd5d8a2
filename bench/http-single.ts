// The one-query-at-a-time part of `npm run bench:http`: POST /api/v2/search on the real lists (../shared/lists,
// loaded by the service's own ingestion, SQLite store), next to the floor (a bare node:http server answering a
// fixed body) and a bare pg_trgm query on the same names, all in the same run and interleaved query by query
// (floor, service, [baseline service], pg_trgm), so load from other work on the machine hits every target alike.
// One client, Node's fetch, keep-alive, loopback. Every search response is counted against the usage records.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sqliteBackend, type BenchBackend } from './http-backends.js';
import { freePort, logTail, startServer, type ServerProcess } from './http-processes.js';
import { entryNames, loadRealEntries, realListPaths } from './matching-data.js';
import { pgTrgmPeer, type PeerName } from './matching-peers.js';
import { buildCases } from './matching-quality.js';
import { latencySummary, quantile } from './latency-summary.js';

export interface SingleOptions {
  readonly root: string;
  readonly workDir: string;
  /** Positive (typo'd listed names, listed names in other scripts) and negative (clean names) cases. */
  readonly positives: number;
  readonly negatives: number;
  readonly warmupQueries: number;
  readonly pgUrl: string;
  readonly cpuProf: boolean;
  readonly logLevel: string;
  /** A second build to measure in the same run (a folder holding dist/ and node_modules/), or null. */
  readonly baseline: string | null;
  /** Search types sent, each measured over every query (rows and targets per type). */
  readonly searchTypes: readonly string[];
  progress(msg: string): void;
  fail(msg: string): void;
}

/** One target's latencies over the measured queries. */
export interface SingleRow {
  readonly target: string;
  readonly queries: number;
  readonly p50Ms: number;
  readonly p90Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly meanMs: number;
  /** CPU of the server process per request over the measured queries (all its types together); null for pg_trgm. */
  readonly serverCpuUs: number | null;
  /** Median usage-record duration_ms: from the first hook to the record being built (server side, no network). */
  readonly recordP50Ms: number | null;
  /** Search responses (readiness probe excluded: /readyz is not metered) and their usage records; null for peers. */
  readonly responses: number | null;
  readonly records: number | null;
  readonly lost: number | null;
}

export interface SingleResult {
  readonly rows: SingleRow[];
  readonly queries: number;
  readonly lines: string[];
  readonly targetsMet: boolean;
}

type Summary = Omit<SingleRow, 'responses' | 'records' | 'lost' | 'serverCpuUs' | 'recordP50Ms'>;
const NO_SERVICE = {
  serverCpuUs: null,
  recordP50Ms: null,
  responses: null,
  records: null,
  lost: null,
} as const;

function summarise(target: string, times: readonly number[]): Summary {
  const { count, ...figures } = latencySummary(times);
  return { target, queries: count, ...figures };
}

interface Service {
  readonly label: string;
  readonly server: ServerProcess;
  readonly backend: BenchBackend;
  /** status -> search responses received. */
  readonly statuses: Record<string, number>;
  /** search type -> latencies of the measured queries. */
  readonly times: Map<string, number[]>;
  cpuUs: number;
}

async function startService(
  opts: SingleOptions,
  label: string,
  distRoot: string,
  listsDir: string,
  slugs: readonly string[],
): Promise<Service> {
  const backend = await sqliteBackend(fs.mkdtempSync(path.join(opts.workDir, `single-${label}-`)));
  const port = await freePort();
  const profDir = path.join(opts.root, 'bench-results', 'cpu-prof');
  const logFile = path.join(opts.workDir, `single-${label}.log`);
  opts.progress(`single: starting ${label} (${path.join(distRoot, 'dist')}) on port ${port}`);
  // SQLite and in-process limits, as in the single-machine setup.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...backend.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: opts.logLevel,
    LISTS_DIR: listsDir,
    SCREENING_LISTS: slugs.join(','),
    SCREENING_REFRESH_INTERVAL_MINUTES: '0',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const server = await startServer({
    name: label,
    nodeArgs: [
      ...(opts.cpuProf
        ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`, `--cpu-prof-name=single-${label}.cpuprofile`]
        : []),
      path.join(distRoot, 'dist', 'cli', 'bin.js'),
      'serve',
    ],
    env,
    port,
    logFile,
    cwd: distRoot,
  });
  const t0 = performance.now();
  for (;;) {
    const r = await fetch(`${server.origin}/readyz`);
    await r.arrayBuffer();
    if (r.status === 200) break;
    if (!server.alive() || performance.now() - t0 > 600_000)
      throw new Error(`${label} never became ready:\n${logTail(logFile)}`);
    await new Promise((res) => setTimeout(res, 200));
  }
  opts.progress(`single: ${label} ready after ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { label, server, backend, statuses: {}, times: new Map(), cpuUs: 0 };
}

async function timed(url: string, init: RequestInit): Promise<{ ms: number; status: number; body: string }> {
  const t0 = performance.now();
  const r = await fetch(url, init);
  const body = await r.text();
  return { ms: performance.now() - t0, status: r.status, body };
}

const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '-');

export function renderSingle(rows: readonly SingleRow[]): string {
  const header = [
    'target',
    'queries',
    'p50 ms',
    'p90 ms',
    'p99 ms',
    'max ms',
    'mean ms',
    'server CPU us/req',
    'in-server p50 ms',
    'responses',
    'usage records',
    'lost',
  ];
  const body = rows.map((r) => [
    r.target,
    String(r.queries),
    fmt(r.p50Ms),
    fmt(r.p90Ms),
    fmt(r.p99Ms),
    fmt(r.maxMs),
    fmt(r.meanMs),
    r.serverCpuUs === null ? '-' : String(Math.round(r.serverCpuUs)),
    r.recordP50Ms === null ? '-' : fmt(r.recordP50Ms),
    r.responses === null ? '-' : String(r.responses),
    r.records === null ? '-' : String(r.records),
    r.lost === null ? '-' : String(r.lost),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((c) => c[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('-|-'), ...body.map(line)].join('\n');
}

/** Median duration_ms of the search records by search type, read from the stopped service's SQLite file. */
function recordDurations(backend: BenchBackend): Map<string, number> {
  const db = new Database(path.join(backend.env.DATA_DIR!, 'screening.sqlite'), { readonly: true });
  try {
    const rows = db
      .prepare(
        "select search_type as type, duration_ms as ms from usage_records where endpoint = '/api/v2/search'",
      )
      .all() as { type: string; ms: number }[];
    const by = new Map<string, number[]>();
    for (const r of rows) by.set(r.type, [...(by.get(r.type) ?? []), r.ms]);
    return new Map(
      [...by].map(([k, v]) => [
        k,
        quantile(
          [...v].sort((a, b) => a - b),
          0.5,
        ),
      ]),
    );
  } finally {
    db.close();
  }
}

export async function benchSingle(opts: SingleOptions): Promise<SingleResult> {
  opts.progress('single: parsing the real lists for the queries and the pg_trgm names');
  const { entries } = await loadRealEntries();
  const cases = buildCases(entries, opts.positives, opts.negatives, 1);
  const queries = [
    ...new Set([...cases.positives.map((p) => p.query), ...cases.negatives.map((n) => n.query)]),
  ];
  const names: PeerName[] = entries.flatMap((e, i) => entryNames(e).map((name) => ({ name, entry: i })));

  const listsDir = path.join(opts.workDir, 'single-lists');
  const slugs: string[] = [];
  for (const { slug, files } of realListPaths()) {
    fs.mkdirSync(path.join(listsDir, slug), { recursive: true });
    for (const [name, file] of Object.entries(files)) fs.symlinkSync(file, path.join(listsDir, slug, name));
    slugs.push(slug);
  }

  const services: Service[] = [];
  let floor: ServerProcess | null = null;
  let trgm: Awaited<ReturnType<typeof pgTrgmPeer>> | null = null;
  const lines: string[] = [];
  try {
    services.push(await startService(opts, 'service', opts.root, listsDir, slugs));
    if (opts.baseline !== null)
      services.push(await startService(opts, 'baseline', opts.baseline, listsDir, slugs));
    const main = services[0]!;
    const request = (q: string, type = opts.searchTypes[0]!): RequestInit => ({
      method: 'POST',
      headers: { 'x-api-key': main.backend.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: q, search_type: type }),
    });
    // The floor answers every request with one fixed body: the service's answer to the first query.
    const sample = await timed(`${main.server.origin}/api/v2/search`, request(queries[0]!));
    main.statuses[String(sample.status)] = 1;
    const bodyFile = path.join(opts.workDir, 'single-floor-body.json');
    fs.writeFileSync(bodyFile, sample.body);
    const floorPort = await freePort();
    floor = await startServer({
      name: 'bare node:http',
      nodeArgs: [
        '--import',
        'tsx',
        path.join(opts.root, 'bench', 'http-peers.ts'),
        'node',
        String(floorPort),
        bodyFile,
      ],
      env: { ...process.env },
      port: floorPort,
      logFile: path.join(opts.workDir, 'single-floor.log'),
      cwd: opts.root,
    });
    opts.progress(`single: pg_trgm index over ${names.length} names`);
    trgm = await pgTrgmPeer(opts.pgUrl, names);
    if ('skipped' in trgm) opts.fail(`FAILED: pg_trgm peer: ${trgm.skipped}`);
    const peer = 'peer' in trgm ? trgm.peer : null;

    const floorTimes: number[] = [];
    const trgmTimes: number[] = [];
    const floorUrl = `${floor.origin}/api/v2/search`;
    const round = async (q: string, measured: boolean): Promise<void> => {
      const init = request(q);
      const f = await timed(floorUrl, init);
      if (measured) floorTimes.push(f.ms);
      for (const type of opts.searchTypes) {
        for (const s of services) {
          const r = await timed(`${s.server.origin}/api/v2/search`, {
            ...request(q, type),
            headers: { 'x-api-key': s.backend.apiKey, 'content-type': 'application/json' },
          });
          s.statuses[String(r.status)] = (s.statuses[String(r.status)] ?? 0) + 1;
          if (measured) {
            const times = s.times.get(type) ?? [];
            times.push(r.ms);
            s.times.set(type, times);
          }
        }
      }
      if (peer) {
        const t0 = performance.now();
        await peer.search(q);
        if (measured) trgmTimes.push(performance.now() - t0);
      }
    };
    opts.progress(`single: warm-up, ${opts.warmupQueries} queries on every target`);
    for (let i = 0; i < opts.warmupQueries; i++) await round(queries[i % queries.length]!, false);
    opts.progress(`single: ${queries.length} queries, one at a time, interleaved`);
    const cpu0 = services.map((s) => s.server.cpuSeconds());
    for (const q of queries) await round(q, true);
    services.forEach((s, i) => {
      const c1 = s.server.cpuSeconds();
      const c0 = cpu0[i];
      s.cpuUs =
        c0 === null || c0 === undefined || c1 === null
          ? NaN
          : ((c1 - c0) * 1e6) / (queries.length * opts.searchTypes.length);
    });

    const rows: SingleRow[] = [
      { ...summarise('floor: bare node:http, fixed body (same POST, body read)', floorTimes), ...NO_SERVICE },
    ];
    for (const s of services) {
      const exit = await s.server.stop();
      if (exit.code !== 0) opts.fail(`FAILED: ${s.label} exited with ${exit.code ?? exit.signal} on SIGTERM`);
      const counts = await s.backend.count();
      const recorded = counts.byEndpoint.get('/api/v2/search') ?? {};
      const responses = Object.values(s.statuses).reduce((a, b) => a + b, 0);
      const records = Object.values(recorded).reduce((a, b) => a + b, 0);
      const non200 = Object.entries(s.statuses).filter(([k]) => k !== '200');
      if (non200.length > 0) opts.fail(`FAILED: ${s.label} answered ${JSON.stringify(s.statuses)}`);
      if (records !== responses || counts.total !== responses)
        opts.fail(
          `MISMATCH ${s.label}: ${responses} search responses, ${records} search records, ${counts.total} records in all`,
        );
      const build = s.label === 'service' ? 'this build' : 'baseline build';
      const inServer = recordDurations(s.backend);
      opts.searchTypes.forEach((type, i) => {
        rows.push({
          ...summarise(`${s.label}: POST /api/v2/search ${type} (${build})`, s.times.get(type) ?? []),
          serverCpuUs: s.cpuUs,
          recordP50Ms: inServer.get(type) ?? null,
          // Counts are per process (every type together): shown once.
          responses: i === 0 ? responses : null,
          records: i === 0 ? records : null,
          lost: i === 0 ? responses - records : null,
        });
      });
    }
    if (peer)
      rows.push({
        ...summarise(`pg_trgm: ${peer.label}, same names, from this process`, trgmTimes),
        ...NO_SERVICE,
      });

    const f = rows[0]!;
    const t = peer ? rows[rows.length - 1]! : null;
    const lost = rows.reduce((a, r) => a + (r.lost ?? 0), 0);
    lines.push(
      `${queries.length} queries (${cases.positives.length} typo'd/re-scripted listed names, ${cases.negatives.length} clean names from 20 faker locales, duplicates dropped), ` +
        `${names.length} listed names; ${opts.warmupQueries} warm-up rounds not counted; one client, Node ${process.version} fetch, keep-alive, loopback.`,
    );
    if (t)
      lines.push(
        `pg_trgm is not behind HTTP: this bench process queries PostgreSQL itself (node-postgres, one loopback round trip ` +
          `on the wire protocol, entry ids only), with no HTTP request or response, no JSON body, no auth, rate limit or ` +
          `usage record, and a lighter client than fetch. The bare HTTP floor alone (same fetch client, fixed body) is ` +
          `${fmt(f.p50Ms)} ms p50 against the 1.5x target's ${fmt(t.p50Ms / 1.5)} ms.`,
      );
    for (const r of rows.slice(1, t ? -1 : undefined))
      lines.push(
        `${r.target} - floor: p50 +${(r.p50Ms - f.p50Ms).toFixed(2)} ms, p99 +${(r.p99Ms - f.p99Ms).toFixed(2)} ms`,
      );
    const checks: [string, boolean][] = [];
    // This build's rows come first, one per search type in order.
    for (const [i, type] of opts.searchTypes.entries()) {
      const s = rows[1 + i]!;
      checks.push(
        [
          `${type}: search p50 within 0.3 ms of the floor (${fmt(s.p50Ms)} <= ${fmt(f.p50Ms + 0.3)})`,
          s.p50Ms <= f.p50Ms + 0.3,
        ],
        [
          `${type}: search p50 at least 1.5x below pg_trgm's (${t ? `${fmt(s.p50Ms)} <= ${fmt(t.p50Ms / 1.5)}, ratio ${(t.p50Ms / s.p50Ms).toFixed(2)}x` : 'pg_trgm not measured'})`,
          t !== null && s.p50Ms * 1.5 <= t.p50Ms,
        ],
        [
          `${type}: search p99 below pg_trgm's (${t ? `${fmt(s.p99Ms)} < ${fmt(t.p99Ms)}` : 'pg_trgm not measured'})`,
          t !== null && s.p99Ms < t.p99Ms,
        ],
      );
    }
    checks.push([`nothing lost from the usage records (lost ${lost})`, lost === 0]);
    for (const [what, ok] of checks) lines.push(`target: ${what} -> ${ok ? 'met' : 'NOT met'}`);
    return { rows, queries: queries.length, lines, targetsMet: checks.every(([, ok]) => ok) };
  } finally {
    for (const s of services) await s.server.stop().catch(() => undefined);
    for (const s of services) await s.backend.cleanup().catch(() => undefined);
    if (floor) await floor.stop().catch(() => undefined);
    if (trgm && 'peer' in trgm) await trgm.peer.close();
  }
}
