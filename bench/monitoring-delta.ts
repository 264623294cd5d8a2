// The delta part of `npm run bench:monitoring`: synthetic subjects (the matching bench's generator) loaded through
// POST /api/v2/subjects into the built service on loopback (SQLite, real SDN list from a LISTS_DIR), then a list
// version with `changed` entries (half renamed to subjects' names, half added under subjects' names): time from
// the version's commit to every alert stored and every webhook queued (the delta screening's "done" log line; the
// outbox rows are written in the alerts' transaction). The peer: the same names through POST /api/v2/bulk-search.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { syntheticEntries } from '../src/test-support/synthetic-names.js';
import {
  call,
  listsFrom,
  ordinaryUser,
  sdnBody,
  sdnLines,
  sqliteRows,
  startService,
  waitFor,
  type FaultContext,
  type SdnLine,
} from './faults-support.js';

/** What one delta run measured. */
export interface DeltaResult {
  readonly subjects: number;
  readonly listOrigin: string;
  readonly listEntries: number;
  readonly loadMs: number;
  readonly loadAlerts: number;
  readonly indexBuildMs: number | null;
  readonly changed: number;
  readonly added: number;
  readonly commitToDoneMs: number | null;
  readonly refreshCallMs: number;
  readonly deltaAlerts: number;
  readonly deltaQueued: number;
  readonly candidates: number | null;
  /** The delta screening's own steps (its log line), in ms. */
  readonly steps: Readonly<Record<string, number>> | null;
  readonly bulkMs: number;
  readonly bulkNames: number;
  readonly bulkFailed: number;
}

interface LogLine {
  readonly time?: number;
  readonly msg?: string;
  readonly subjects?: number;
  readonly candidates?: number;
  /** A build's time, or the delta screening's steps. */
  readonly ms?: number | Readonly<Record<string, number>>;
}

/** The service's JSON log lines carrying `msg`. */
function logLines(file: string, msg: string): LogLine[] {
  const out: LogLine[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.includes(msg)) continue;
    try {
      out.push(JSON.parse(line) as LogLine);
    } catch {
      // Not a JSON line.
    }
  }
  return out;
}

const CHUNK = 10_000;

export async function deltaBench(
  ctx: FaultContext,
  opts: { subjects: number; changed: number },
): Promise<DeltaResult> {
  const { lines, origin: listOrigin } = sdnLines();
  const dir = fs.mkdtempSync(path.join(ctx.workDir, 'lists-'));
  fs.mkdirSync(path.join(dir, 'ofac_sdn'));
  const file = path.join(dir, 'ofac_sdn', 'sdn.csv');
  fs.writeFileSync(file, sdnBody(lines));
  const dataDir = path.join(ctx.workDir, 'delta-store');
  fs.mkdirSync(dataDir);
  const dbFile = path.join(dataDir, 'screening.sqlite');

  // Receives the webhooks (answers 200); only there so that every alert has an endpoint to queue for.
  let received = 0;
  const rx = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => rx.listen(0, '127.0.0.1', r));
  ctx.defer(() => new Promise((r) => rx.close(r)));
  const rxPort = (rx.address() as { port: number }).port;

  const service = await startService(
    ctx,
    'monitoring-delta',
    {
      ...listsFrom(dir),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SCREENING_RATE_LIMIT_PER_MINUTE: '1000000',
      SCREENING_WEBHOOK_ALLOW_LOOPBACK: 'true',
      SCREENING_MAX_RECORD_DROP: '0.99',
      // The service's default (startService sets one): the new version's name index builds on both.
      SCREENING_BULK_WORKER_THREADS: '2',
    },
    { ready: true, nodeArgs: ['--max-old-space-size=8000', '--import', 'tsx', 'bench/faults-service.ts'] },
  );
  const { keys } = await ordinaryUser(service.origin, 1);
  const key = keys[0]!;
  const hook = await call(service.origin, 'POST', '/api/v2/webhooks', {
    key,
    body: {
      url: `http://127.0.0.1:${rxPort}/hook`,
      events: ['alert.created', 'alert.reopened', 'alert.delisted', 'list.updated'],
    },
  });
  if (hook.status !== 200) throw new Error(`webhook answered ${hook.status}: ${hook.text}`);

  const names = syntheticEntries(opts.subjects, 21).map((e) => e.name);
  ctx.progress(`loading ${names.length} subjects, ${CHUNK} a call`);
  const t0 = performance.now();
  for (let i = 0; i < names.length; i += CHUNK) {
    const res = await call(service.origin, 'POST', '/api/v2/subjects', {
      key,
      body: { subjects: names.slice(i, i + CHUNK).map((name, j) => ({ name, reference: `c${i + j}` })) },
      timeoutMs: 600_000,
    });
    if (res.status !== 200)
      throw new Error(`subjects call ${i / CHUNK} answered ${res.status}: ${res.text.slice(0, 300)}`);
    if ((i / CHUNK) % 10 === 9)
      ctx.progress(`${i + CHUNK} subjects loaded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  const loadMs = performance.now() - t0;
  const loadAlerts = sqliteRows<{ n: number }>(dbFile, 'select count(*) as n from alerts')[0]!.n;

  // The index is rebuilt in the background after the writes; the version comes once it holds every subject.
  ctx.progress('waiting for the subject index to hold every subject');
  const built = await waitFor(async () => {
    const b = logLines(service.logFile, 'subject index built').find((l) => l.subjects === names.length);
    return b ?? null;
  }, 30 * 60_000);

  // The next version: `changed / 2` entries renamed to subjects' names, as many added under other subjects' names.
  const half = Math.floor(opts.changed / 2);
  const stride = Math.max(1, Math.floor(names.length / opts.changed));
  const pickName = (k: number) => names[(k * stride) % names.length]!.replace(/"/g, '');
  const step = Math.max(1, Math.floor(lines.length / half));
  const next: SdnLine[] = [...lines];
  for (let k = 0; k < half && k * step < lines.length; k++) {
    const l = lines[k * step]!;
    const name = pickName(k);
    next[k * step] = { ...l, name, line: l.line.replace(/^(\d+),"[^"]*"/, `$1,"${name}"`) };
  }
  const changed = next.filter((l, i) => l !== lines[i]).length;
  let uid = Math.max(...lines.map((l) => Number(l.uid))) + 1;
  for (let k = 0; k < half; k++) {
    const name = pickName(half + k);
    const id = String(uid++);
    next.push({
      uid: id,
      name,
      line: `${id},"${name}","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Bench record ${id}."`,
    });
  }
  fs.writeFileSync(file, sdnBody(next));
  const alertsBefore = loadAlerts;
  const queuedBefore = sqliteRows<{ n: number }>(dbFile, 'select count(*) as n from webhook_deliveries')[0]!
    .n;
  ctx.progress(`refreshing the list: ${changed} entries changed, ${half} added`);
  const r0 = performance.now();
  const refresh = await call(service.origin, 'POST', '/bench/refresh', { timeoutMs: 20 * 60_000 });
  const refreshCallMs = performance.now() - r0;
  if (refresh.status !== 200) throw new Error(`refresh answered ${refresh.status}: ${refresh.text}`);
  const commit = sqliteRows<{ committed_at: string; changed_count: number; added_count: number }>(
    dbFile,
    'select committed_at, changed_count, added_count from list_commits order by committed_at desc limit 1',
  )[0]!;
  const done = await waitFor(async () => {
    const d = logLines(service.logFile, 'delta screening done').at(-1);
    return d && d.time !== undefined && d.time >= Date.parse(commit.committed_at) ? d : null;
  }, 60_000);
  const deltaAlerts =
    sqliteRows<{ n: number }>(dbFile, 'select count(*) as n from alerts')[0]!.n - alertsBefore;
  const deltaQueued =
    sqliteRows<{ n: number }>(dbFile, 'select count(*) as n from webhook_deliveries')[0]!.n - queuedBefore;

  // The peer: a full re-screen of the same names through bulk search (commas dropped: bulk splits on them).
  ctx.progress(`bulk-screening the ${names.length} names`);
  let bulkFailed = 0;
  const b0 = performance.now();
  for (let i = 0; i < names.length; i += CHUNK) {
    const res = await call(service.origin, 'POST', '/api/v2/bulk-search', {
      key,
      body: {
        names: names
          .slice(i, i + CHUNK)
          .map((n) => n.replace(/,/g, ''))
          .join(', '),
      },
      timeoutMs: 600_000,
    });
    if (res.status !== 200) bulkFailed++;
  }
  const bulkMs = performance.now() - b0;
  void received;
  await service.stop();
  return {
    subjects: names.length,
    listOrigin,
    listEntries: lines.length,
    loadMs,
    loadAlerts,
    indexBuildMs: typeof built?.ms === 'number' ? built.ms : null,
    changed: commit.changed_count,
    added: commit.added_count,
    commitToDoneMs: done?.time !== undefined ? done.time - Date.parse(commit.committed_at) : null,
    refreshCallMs,
    deltaAlerts,
    deltaQueued,
    candidates: done?.candidates ?? null,
    steps: typeof done?.ms === 'object' ? done.ms : null,
    bulkMs,
    bulkNames: names.length,
    bulkFailed,
  };
}
