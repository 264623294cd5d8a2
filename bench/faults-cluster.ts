// Issue 18's cluster faults: three processes of the built service on one PostgreSQL database (created for the run,
// dropped after) and one Redis. Measured: how long a version committed on one process takes to be served by the
// others; kill -9 of one process under autocannon load on loopback (every response received with an api_usage_id
// must have its record; the survivors keep answering); and how long work a killed process had claimed takes to be
// taken over: a delta screening, a webhook delivery, an ingestion (the advisory lock).
//
// To catch a process holding a claim, the bench holds a table lock for a moment (as a slow database would): the
// claimant blocks inside its work, is killed there, and the lock is let go right after the kill.
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { postgresBackend, type BenchBackend } from './http-backends.js';
import type { ServerProcess } from './http-processes.js';
import {
  call,
  n,
  row,
  sdnBody,
  sleep,
  startService,
  syntheticSdnLines,
  waitFor,
  type FaultContext,
  type FaultRow,
  type SdnLine,
} from './faults-support.js';

/** The delta lease and poll (DeltaScreener defaults) and the webhook lease (2 × timeout + 5 s) the times depend on. */
const DELTA_LEASE_S = 15;
const DELTA_POLL_S = 5;
const WEBHOOK_TIMEOUT_MS = 2_000;
const CONNECTIONS_PER_PROCESS = 4;

export interface Cluster {
  readonly servers: ServerProcess[];
  readonly backend: BenchBackend;
  readonly dbUrl: string;
  readonly listsDir: string;
  lines: SdnLine[];
}

async function q<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await c.connect();
  try {
    return (await c.query<T>(text, params)).rows;
  } finally {
    await c.end();
  }
}

/** Holds `lock table <table>` in an open transaction until release() (a database that makes the claimant wait). */
async function holdTable(url: string, table: string): Promise<{ release(): Promise<void> }> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('begin');
  await c.query(`lock table ${table} in access exclusive mode`);
  return {
    async release() {
      await c.query('rollback').catch(() => undefined);
      await c.end().catch(() => undefined);
    },
  };
}

export function writeList(dir: string, lines: readonly SdnLine[]): void {
  fs.mkdirSync(path.join(dir, 'ofac_sdn'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'ofac_sdn', 'sdn.csv'), sdnBody(lines));
}

/** A new version of the list: `k` more synthetic records. */
function grow(cluster: Cluster, k: number): void {
  // Synthetic uids from 800,001 up: clear of the real file's (under 60,000) when the cluster carries it.
  const more = syntheticSdnLines(cluster.lines.length + k)
    .slice(cluster.lines.length)
    .map((l) => ({
      ...l,
      uid: String(800_000 + Number(l.uid)),
      line: l.line.replace(/^\d+,/, `${800_000 + Number(l.uid)},`),
    }));
  cluster.lines = [...cluster.lines, ...more];
  writeList(cluster.listsDir, cluster.lines);
}

const servedBy = async (s: ServerProcess): Promise<string | null> => {
  const r = await call(s.origin, 'GET', '/readyz', { timeoutMs: 5_000 });
  const v = (r.json?.served_versions as Record<string, string> | undefined)?.ofac_sdn;
  return v ?? null;
};

const currentVersion = async (cluster: Cluster): Promise<string | null> =>
  (
    await q<{ v: string | null }>(
      cluster.dbUrl,
      "select current_version_id as v from list_status where slug = 'ofac_sdn'",
    )
  )[0]?.v ?? null;

/** The server whose process id (`host:pid`) is `id`. */
const byProcessId = (cluster: Cluster, id: string | null) =>
  cluster.servers.find((s) => id !== null && s.pid !== undefined && id === `${os.hostname()}:${s.pid}`) ??
  null;

/** The live server holding a TCP connection from local port `port` (the peer of a request a receiver got). */
function ownerOfPort(cluster: Cluster, port: number): ServerProcess | null {
  const inodes = new Set<string>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(file)) continue;
    for (const line of fs.readFileSync(file, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      const local = cols[1];
      if (local && parseInt(local.split(':')[1] ?? '', 16) === port) inodes.add(cols[9] ?? '');
    }
  }
  for (const s of cluster.servers) {
    if (!s.alive() || s.pid === undefined) continue;
    const fdDir = `/proc/${s.pid}/fd`;
    for (const fd of fs.readdirSync(fdDir)) {
      const link = (() => {
        try {
          return fs.readlinkSync(path.join(fdDir, fd));
        } catch {
          return '';
        }
      })();
      const m = /^socket:\[(\d+)\]$/.exec(link);
      if (m && inodes.has(m[1]!)) return s;
    }
  }
  return null;
}

async function startCluster(ctx: FaultContext, pgAdmin: string, redisUrl: string): Promise<Cluster> {
  const backend = await postgresBackend(pgAdmin);
  ctx.defer(() => backend.cleanup());
  const dbUrl = backend.env.DATABASE_URL!;
  const listsDir = fs.mkdtempSync(path.join(ctx.workDir, 'cluster-lists-'));
  const lines = syntheticSdnLines(2_000);
  writeList(listsDir, lines);
  const env = {
    ...backend.env,
    REDIS_URL: redisUrl,
    LISTS_DIR: listsDir,
    SCREENING_LISTS: 'ofac_sdn',
    SCREENING_WEBHOOK_ALLOW_LOOPBACK: 'true',
    SCREENING_WEBHOOK_TIMEOUT_MS: String(WEBHOOK_TIMEOUT_MS),
    SCREENING_WEBHOOK_POLL_MS: '500',
    SCREENING_BULK_WORKER: 'false',
  };
  const servers = await Promise.all(
    [0, 1, 2].map((i) => startService(ctx, `cluster-${i}`, env, { ready: true })),
  );
  return { servers, backend, dbUrl, listsDir, lines };
}

/**
 * Refresh on one process; the time from the commit (seen in the store, polled every 10 ms) until each other process
 * serves the version (its /readyz, polled every 20 ms).
 */
export async function propagation(
  cluster: Cluster,
  key: string,
  rounds: number,
  label = `11. a refresh on one of 3 processes (PostgreSQL + Redis), served by the other two`,
): Promise<FaultRow> {
  const times: number[] = [];
  const problems: string[] = [];
  for (let r = 0; r < rounds; r++) {
    const from = cluster.servers[r % 3]!;
    const others = cluster.servers.filter((s) => s !== from);
    const before = await currentVersion(cluster);
    grow(cluster, 5);
    const refresh = call(from.origin, 'POST', '/api/v2/lists/ofac_sdn/refresh', {
      key,
      body: {},
      timeoutMs: 60_000,
    });
    let committedAt = 0;
    let v: string | null = null;
    const end = performance.now() + 60_000;
    while (performance.now() < end) {
      const now = await currentVersion(cluster);
      if (now !== null && now !== before) {
        committedAt = performance.now();
        v = now;
        break;
      }
      await sleep(10);
    }
    if (v === null) {
      const res = await refresh;
      problems.push(`refresh answered ${res.status} and committed nothing: ${res.text.slice(0, 120)}`);
      continue;
    }
    await Promise.all(
      others.map(async (s) => {
        const until = performance.now() + 70_000;
        while (performance.now() < until) {
          if ((await servedBy(s)) === v) {
            times.push(performance.now() - committedAt);
            return;
          }
          await sleep(20);
        }
        problems.push(`${s.name} did not serve ${v} within 70 s`);
      }),
    );
    const res = await refresh;
    if (res.status !== 200) problems.push(`refresh answered ${res.status}: ${res.text.slice(0, 120)}`);
  }
  times.sort((a, b) => a - b);
  const max = times.at(-1) ?? Number.NaN;
  if (max > 2_000) problems.push(`slowest propagation ${max.toFixed(0)} ms, over the 2 s target`);
  return row(
    label,
    `${rounds} refreshes (${n(cluster.lines.length)} records), ${times.length} propagations measured from the commit ` +
      `(seen in the store) to the other process serving the version (its /readyz): median ` +
      `${(times[Math.floor(times.length / 2)] ?? Number.NaN).toFixed(0)} ms, max ${max.toFixed(0)} ms ` +
      '(LISTEN/NOTIFY, then the index rebuild; the 60 s sync is only the fallback)',
    problems,
  );
}

interface Loaded {
  stop(): Promise<void>;
  /** Stops the load on one process (once it is dead: no reconnecting in a loop). */
  stopOne(name: string): void;
  /** Responses received per server, by status (0: connection error or timeout). */
  readonly seen: Map<string, Map<number, number>>;
  readonly ids: string[];
}

/** Bounded autocannon loads of searches, one per process, collecting every api_usage_id received. */
function loadAll(cluster: Cluster, key: string): Loaded {
  const seen = new Map<string, Map<number, number>>();
  const ids: string[] = [];
  const runs = cluster.servers.map((s) => {
    const counts = new Map<number, number>();
    seen.set(s.name, counts);
    const requests = Array.from({ length: 8 }, (_, i) => ({
      method: 'POST' as const,
      path: '/api/v2/search',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: cluster.lines[(i * 97) % cluster.lines.length]!.name }),
      onResponse: (status: number, body: string) => {
        counts.set(status, (counts.get(status) ?? 0) + 1);
        const m = /"api_usage_id":"([^"]+)"/.exec(body);
        if (m) ids.push(m[1]!);
      },
    }));
    let done!: () => void;
    const finished = new Promise<void>((r) => (done = r));
    const inst = autocannon(
      {
        url: s.origin,
        connections: CONNECTIONS_PER_PROCESS,
        amount: 2_000_000,
        timeout: 10,
        requests,
      },
      (_err, result) => {
        if (result) counts.set(0, (counts.get(0) ?? 0) + result.errors);
        done();
      },
    );
    return { name: s.name, inst, finished };
  });
  return {
    seen,
    ids,
    stopOne(name) {
      runs.find((r) => r.name === name)?.inst.stop();
    },
    async stop() {
      for (const r of runs) r.inst.stop();
      await Promise.all(runs.map((r) => r.finished));
    },
  };
}

const fmt = (m: Map<number, number>) =>
  [...m]
    .sort(([a], [b]) => a - b)
    .map(([s, c]) => `${s}x${n(c)}`)
    .join(' ') || 'none';

/**
 * kill -9 of the process that claimed the delta screening of a new version, under load; then its take-over, and
 * the records of every response received.
 */
async function killUnderLoad(
  ctx: FaultContext,
  cluster: Cluster,
  key: string,
  loadMs: number,
): Promise<{ kill: FaultRow; deltaS: number | null; deltaNote: string }> {
  // Subjects the coming version lists (screened on add against the serving version: no match yet), so its delta
  // screening finds them and writes alerts (and so waits on the held lock).
  grow(cluster, 500);
  const subjects = cluster.lines.slice(-500).map((l, i) => ({ name: l.name, reference: `s${i}` }));
  const made = await call(cluster.servers[0]!.origin, 'POST', '/api/v2/subjects', {
    key,
    body: { subjects },
  });
  if (made.status !== 200) throw new Error(`subjects answered ${made.status}: ${made.text.slice(0, 200)}`);
  ctx.progress(
    `cluster kill -9: ${3 * CONNECTIONS_PER_PROCESS} autocannon connections over 3 processes for ${loadMs} ms`,
  );
  const load = loadAll(cluster, key);
  await sleep(loadMs / 2);
  const lock = await holdTable(cluster.dbUrl, 'alerts');
  let released = false;
  const release = async () => {
    if (!released) await lock.release();
    released = true;
  };
  ctx.defer(release);
  const before = await currentVersion(cluster);
  const refresh = call(cluster.servers[2]!.origin, 'POST', '/api/v2/lists/ofac_sdn/refresh', {
    key,
    body: {},
    timeoutMs: 120_000,
  });
  const claimed = await waitFor(async () => {
    const v = await currentVersion(cluster);
    if (v === null || v === before) return null;
    const r = await q<{ claimed_by: string | null }>(
      cluster.dbUrl,
      'select claimed_by from delta_runs where version_id = $1',
      [v],
    );
    return r[0]?.claimed_by ? { version: v, by: r[0].claimed_by } : null;
  }, 30_000);
  if (!claimed) {
    await release();
    await load.stop();
    throw new Error('no process claimed the delta screening of the new version within 30 s');
  }
  const victim = byProcessId(cluster, claimed.by);
  if (!victim) throw new Error(`delta run claimed by ${claimed.by}, not one of the bench's processes`);
  const killedAt = performance.now();
  const killed = await victim.kill('SIGKILL');
  load.stopOne(victim.name);
  await release();
  const taken = await waitFor(async () => {
    const r = await q<{ status: string; claimed_by: string; attempts: number }>(
      cluster.dbUrl,
      'select status, claimed_by, attempts from delta_runs where version_id = $1',
      [claimed.version],
    );
    const x = r[0];
    return x && x.status === 'done' && x.claimed_by !== claimed.by ? x : null;
  }, 90_000);
  const deltaS = taken ? (performance.now() - killedAt) / 1000 : null;
  await sleep(loadMs / 2);
  await load.stop();
  await refresh;
  const survivors = cluster.servers.filter((s) => s !== victim);
  // Survivors stop gracefully (each drains its records); the dead one wrote what it acknowledged before answering.
  for (const s of survivors) await s.stop();
  const found = new Set(
    (await q<{ id: string }>(cluster.dbUrl, 'select id from usage_records')).map((r) => r.id),
  );
  const lost = load.ids.filter((id) => !found.has(id));
  const survivorErrors = survivors.reduce(
    (sum, s) => sum + [...load.seen.get(s.name)!].filter(([st]) => st !== 200).reduce((a, [, c]) => a + c, 0),
    0,
  );
  const p: string[] = [];
  if (killed.signal !== 'SIGKILL') p.push(`the victim ended by ${killed.signal ?? `exit ${killed.code}`}`);
  if (load.ids.length === 0) p.push('no response received');
  if (lost.length > 0) p.push(`${lost.length} acknowledged responses have no usage record`);
  if (survivorErrors > 0) p.push(`${survivorErrors} non-200 answers or errors from the surviving processes`);
  const per = cluster.servers
    .map((s) => `${s.name}${s === victim ? ' (killed)' : ''}: ${fmt(load.seen.get(s.name)!)}`)
    .join('; ');
  return {
    kill: row(
      '12. kill -9 one of 3 processes under load (PostgreSQL + Redis, autocannon on loopback)',
      `${n(load.ids.length)} responses with an api_usage_id, ${n(load.ids.length - lost.length)} of them in the store ` +
        `(lost ${lost.length}); answers by process (status x count, 0 = connection error): ${per}`,
      p,
    ),
    deltaS,
    deltaNote: taken ? `attempt ${taken.attempts}, done by another process` : 'not taken over within 90 s',
  };
}

/** The list.updated delivery of a new version: its receiver holds the first POST; the sending process is killed. */
async function webhookTakeover(cluster: Cluster, key: string): Promise<{ s: number | null; note: string }> {
  const live = cluster.servers.filter((s) => s.alive());
  if (live.length < 2) return { s: null, note: 'fewer than 2 processes left' };
  const arrivals: Array<{ at: number; port: number }> = [];
  const held: http.ServerResponse[] = [];
  const rx = http.createServer((req, res) => {
    req.resume();
    arrivals.push({ at: performance.now(), port: req.socket.remotePort ?? 0 });
    if (arrivals.length === 1) held.push(res);
    else res.writeHead(200).end('ok');
  });
  await new Promise<void>((r) => rx.listen(0, '127.0.0.1', r));
  const port = (rx.address() as { port: number }).port;
  try {
    const hook = await call(live[0]!.origin, 'POST', '/api/v2/webhooks', {
      key,
      body: { url: `http://127.0.0.1:${port}/hook`, events: ['list.updated'] },
    });
    if (hook.status !== 200) return { s: null, note: `webhook answered ${hook.status}` };
    grow(cluster, 3);
    await call(live[0]!.origin, 'POST', '/api/v2/lists/ofac_sdn/refresh', {
      key,
      body: {},
      timeoutMs: 60_000,
    });
    const first = await waitFor(async () => arrivals[0] ?? null, 30_000);
    if (!first) return { s: null, note: 'no delivery arrived within 30 s' };
    const sender = ownerOfPort(cluster, first.port);
    if (!sender) return { s: null, note: 'the sending process was not found' };
    const killedAt = performance.now();
    await sender.kill('SIGKILL');
    const second = await waitFor(async () => arrivals[1] ?? null, 60_000);
    if (!second) return { s: null, note: 'not retried within 60 s' };
    const lease = (WEBHOOK_TIMEOUT_MS * 2 + 5_000) / 1000;
    return {
      s: (second.at - killedAt) / 1000,
      note: `claimed ${((killedAt - first.at) / 1000).toFixed(1)} s before the kill; lease ${lease} s from the claim`,
    };
  } finally {
    for (const r of held) r.destroy();
    rx.close();
    rx.closeAllConnections();
  }
}

/** The process holding the ingestion lock is killed mid-refresh; another refreshes as soon as it can. */
async function ingestTakeover(cluster: Cluster, key: string): Promise<{ s: number | null; note: string }> {
  const live = cluster.servers.filter((s) => s.alive());
  if (live.length < 2) return { s: null, note: `${live.length} process left: nobody to take over` };
  const [holder, other] = live as [ServerProcess, ServerProcess];
  grow(cluster, 3);
  const lock = await holdTable(cluster.dbUrl, 'list_status');
  let released = false;
  try {
    void call(holder.origin, 'POST', '/api/v2/lists/ofac_sdn/refresh', { key, body: {}, timeoutMs: 60_000 });
    const locked = await waitFor(async () => {
      const r = await q<{ n: number }>(
        cluster.dbUrl,
        "select count(*)::int as n from pg_locks where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())",
      );
      return (r[0]?.n ?? 0) > 0 ? true : null;
    }, 20_000);
    if (!locked) return { s: null, note: 'the ingestion lock was never taken' };
    const killedAt = performance.now();
    await holder.kill('SIGKILL');
    await lock.release();
    released = true;
    const ok = await waitFor(async () => {
      const r = await call(other.origin, 'POST', '/api/v2/lists/ofac_sdn/refresh', {
        key,
        body: {},
        timeoutMs: 60_000,
      });
      return r.status === 200 ? r : null;
    }, 60_000);
    if (!ok) return { s: null, note: 'no other process could refresh within 60 s' };
    return {
      s: (performance.now() - killedAt) / 1000,
      note: 'the session lock dies with the killed connection; the next refresh (scheduled or asked for) takes it',
    };
  } finally {
    if (!released) await lock.release();
  }
}

export async function clusterFaults(
  ctx: FaultContext,
  opts: { rounds: number; loadMs: number },
): Promise<FaultRow[]> {
  const pgAdmin =
    process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || '';
  const redisUrl = process.env.BENCH_REDIS_URL || process.env.REDIS_URL || process.env.TEST_REDIS_URL || '';
  if (pgAdmin === '' || redisUrl === '')
    return [
      row(
        '11-13. three processes on PostgreSQL + Redis',
        'not run: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) and BENCH_REDIS_URL (or TEST_REDIS_URL)',
        ['not measured'],
      ),
    ];
  ctx.progress('cluster: 3 processes of the built service on one PostgreSQL database and one Redis');
  const cluster = await startCluster(ctx, pgAdmin, redisUrl);
  const key = cluster.backend.apiKey;
  const rows: FaultRow[] = [await propagation(cluster, key, opts.rounds)];
  const { kill, deltaS, deltaNote } = await killUnderLoad(ctx, cluster, key, opts.loadMs);
  rows.push(kill);
  // The survivors were stopped to count the records: start two again on the same database for the take-overs.
  ctx.progress('cluster: restarting two processes for the webhook and ingestion take-overs');
  const env = {
    ...cluster.backend.env,
    REDIS_URL: redisUrl,
    LISTS_DIR: cluster.listsDir,
    SCREENING_LISTS: 'ofac_sdn',
    SCREENING_WEBHOOK_ALLOW_LOOPBACK: 'true',
    SCREENING_WEBHOOK_TIMEOUT_MS: String(WEBHOOK_TIMEOUT_MS),
    SCREENING_WEBHOOK_POLL_MS: '500',
    SCREENING_BULK_WORKER: 'false',
  };
  cluster.servers.splice(
    0,
    3,
    ...(await Promise.all([3, 4, 5].map((i) => startService(ctx, `cluster-${i}`, env, { ready: true })))),
  );
  const hook = await webhookTakeover(cluster, key);
  const ingest = await ingestTakeover(cluster, key);
  for (const s of cluster.servers) if (s.alive()) await s.stop();
  const p: string[] = [];
  if (deltaS === null) p.push(`delta screening ${deltaNote}`);
  if (hook.s === null) p.push(`webhook delivery: ${hook.note}`);
  if (ingest.s === null) p.push(`ingestion: ${ingest.note}`);
  const t = (s: number | null) => (s === null ? 'not taken over' : `${s.toFixed(1)} s`);
  rows.push(
    row(
      '13. work a killed process had claimed, taken over by another',
      `delta screening: ${t(deltaS)} after the kill (${deltaNote}; lease ${DELTA_LEASE_S} s, looked for every ${DELTA_POLL_S} s); ` +
        `webhook delivery: ${t(hook.s)} (${hook.note}); ingestion: ${t(ingest.s)} (${ingest.note})`,
      p,
    ),
  );
  return rows;
}
