// `npm run bench:monitoring`: ongoing screening at scale, printed as markdown tables (issue 16's benchmark).
//
//   npm run bench:monitoring -- [--skip-build] [--subjects 1000000] [--changed 1000] [--events 1000]
//                               [--only delta,webhooks,memory]
//
// delta: subjects loaded through POST /api/v2/subjects (10,000 a call) into the built service on loopback (SQLite,
// the real OFAC SDN file from a LISTS_DIR), then a list version with `--changed` entries: time from the version's
// commit to every alert stored and every webhook queued (target: at most 10 s for a million subjects on 2 cores),
// beside its peer, a full re-screen of the same names through POST /api/v2/bulk-search.
// webhooks: delivery to a loopback receiver that fails the first two attempts of every event, is down for 30 s
// and answers slowly for 20 s: queued, delivered, duplicates, lost (target 0), p50/p99 time to delivery.
// memory: the subject index's size per million subjects (packed arrays, heap and RSS growth around the build).
// `--subjects 100000` for development; the full million takes a while (load and bulk peer dominate).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { FaultContext } from './faults-support.js';
import { deltaBench, type DeltaResult } from './monitoring-delta.js';
import { memoryBench, type MemoryResult } from './monitoring-memory.js';
import { webhookBench, type WebhookResult } from './monitoring-webhooks.js';
import { buildDist } from './build-dist.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PARTS = ['delta', 'webhooks', 'memory'] as const;

const { values: args } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    subjects: { type: 'string', default: '1000000' },
    changed: { type: 'string', default: '1000' },
    events: { type: 'string', default: '1000' },
    only: { type: 'string', default: PARTS.join(',') },
  },
});
const subjects = Math.min(3_000_000, Math.max(1_000, Number(args.subjects) || 1_000_000));
const changed = Math.min(10_000, Math.max(2, Number(args.changed) || 1_000));
const events = Math.min(10_000, Math.max(10, Number(args.events) || 1_000));
const only = new Set(args.only.split(',').map((x) => x.trim()));

const progress = (msg: string) =>
  process.stderr.write(`  .. ${new Date().toISOString().slice(11, 19)} ${msg}\n`);
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-monitoring-'));
const cleanups: (() => Promise<unknown> | unknown)[] = [];
const ctx: FaultContext = { root: ROOT, workDir, progress, defer: (fn) => cleanups.push(fn) };

async function cleanUp(): Promise<void> {
  for (const fn of cleanups.splice(0).reverse()) await Promise.resolve(fn()).catch(() => undefined);
  fs.rmSync(workDir, { recursive: true, force: true });
}

const s = (ms: number | null) => (ms === null ? 'n/a' : `${(ms / 1000).toFixed(2)} s`);
const int = (n: number) => n.toLocaleString('en-US');
const mb = (b: number | null) =>
  b === null ? 'n/a (run with --expose-gc)' : `${(b / 2 ** 20).toFixed(0)} MB`;

function table(title: string, rows: readonly (readonly [string, string])[]): void {
  console.log(`\n### ${title}\n\n| measure | value |\n|---|---|`);
  for (const [k, v] of rows) console.log(`| ${k} | ${v.replace(/\|/g, '\\|')} |`);
}

function printDelta(d: DeltaResult): void {
  const target = d.commitToDoneMs !== null && d.commitToDoneMs <= 10_000 ? 'met' : 'MISSED';
  table(
    `Delta screening: ${int(d.subjects)} subjects, a version with ${int(d.changed + d.added)} changed entries`,
    [
      ['list', `ofac_sdn, ${int(d.listEntries)} entries (${d.listOrigin})`],
      [
        'subjects loaded through POST /api/v2/subjects (10,000 a call)',
        `${s(d.loadMs)} (${int(Math.round(d.subjects / (d.loadMs / 1000)))} a second; ${int(d.loadAlerts)} alerts opened)`,
      ],
      ['subject index build after the load (background, service log)', s(d.indexBuildMs)],
      ['new version', `${int(d.changed)} changed + ${int(d.added)} added entries`],
      [
        '**commit -> every alert stored and webhook queued** (target 10 s)',
        `**${s(d.commitToDoneMs)}** (${target})`,
      ],
      [
        'alerts opened by the version / webhook deliveries queued',
        `${int(d.deltaAlerts)} / ${int(d.deltaQueued)}`,
      ],
      ['candidate (subject, entry) pairs confirmed', d.candidates === null ? 'n/a' : int(d.candidates)],
      [
        "where the time went (ms): from the commit's start to delta screening (commit transaction, wallet and name index of the new version) / reads / subject index catch-up / changed entries read / search + confirm (of which finding candidates) / alert + outbox write",
        d.steps === null || d.commitToDoneMs === null
          ? 'n/a'
          : [
              Math.round(
                d.commitToDoneMs -
                  ['read', 'index', 'entries', 'search', 'write'].reduce(
                    (a, k) => a + (d.steps?.[k] ?? 0),
                    0,
                  ),
              ),
              d.steps.read,
              d.steps.index,
              d.steps.entries,
              d.steps.search,
              d.steps.write,
            ]
              .map((x) => int(x ?? 0))
              .join(' / ')
              .replace(/ \/ ([\d,]+) \/ ([\d,]+)$/, ` / $1 (of which ${int(d.steps.candidates ?? 0)}) / $2`),
      ],
      ['refresh call (download, parse, commit, name index, delta)', s(d.refreshCallMs)],
      [
        `peer: full re-screen of the ${int(d.bulkNames)} names through POST /api/v2/bulk-search (10,000 a call)`,
        `${s(d.bulkMs)}${d.bulkFailed ? ` (${d.bulkFailed} calls failed)` : ''}`,
      ],
    ],
  );
}

function printWebhooks(w: WebhookResult): void {
  table(
    'Webhook delivery: receiver fails 2 attempts per event, down 30 s, slow 20 s; events in 3 waves (retry base 200 ms)',
    [
      ['events queued (alert.created)', int(w.queued)],
      ['delivered (receiver, unique event ids)', int(w.receivedUnique)],
      ['delivered (store) / given up (store)', `${int(w.deliveredByStore)} / ${int(w.failedByStore)}`],
      ['duplicates received', int(w.duplicates)],
      ['**lost** (target 0)', `**${int(w.lost)}**`],
      ['attempts received', int(w.attempts)],
      ['time to delivery p50 / p99 / max', `${s(w.p50Ms)} / ${s(w.p99Ms)} / ${s(w.maxMs)}`],
      ['until every event delivered', s(w.elapsedMs)],
    ],
  );
}

function printMemory(m: MemoryResult): void {
  const per = (b: number | null) => (b === null ? null : (b * 1_000_000) / m.subjects);
  table(`Subject index memory: ${int(m.subjects)} synthetic subjects, built in the bench process`, [
    ['build time (one thread)', s(m.buildMs)],
    ['packed index arrays (exact)', `${mb(m.packedBytes)} (${mb(per(m.packedBytes))} per million)`],
    ['heap + array buffers growth (after GC)', `${mb(m.heapBytes)} (${mb(per(m.heapBytes))} per million)`],
    ['RSS growth (after GC)', `${mb(m.rssBytes)} (${mb(per(m.rssBytes))} per million)`],
  ]);
}

if ((!args['skip-build'] && only.has('delta')) || (!args['skip-build'] && only.has('webhooks'))) {
  buildDist(progress);
}

const t0 = performance.now();
try {
  console.log(
    `bench:monitoring — node ${process.version}, ${os.cpus().length} cores, ${new Date().toISOString()}; ` +
      'the built service (dist/) on loopback, SQLite',
  );
  if (only.has('memory')) printMemory(await memoryBench(subjects));
  if (only.has('webhooks')) printWebhooks(await webhookBench(ctx, { events }));
  if (only.has('delta')) printDelta(await deltaBench(ctx, { subjects, changed }));
  console.log(`\n${((performance.now() - t0) / 1000).toFixed(0)} s in all`);
} finally {
  await cleanUp();
}
