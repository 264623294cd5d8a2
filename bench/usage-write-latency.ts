// Part of `npm run bench:audit`: the latency of one usage write per commit on SQLite (the path of every metered call
// of a one-process server), with the WAL checkpointed as SQLite does by default (inside the commit that passes 1,000
// pages: the peer) and as the server does (a worker thread, WalCheckpointer), in the same run on the same records,
// in alternating rounds so neither gains from the machine's state.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { UsageRecord } from '../src/domain/usage.js';
import { openStore } from '../src/store/open-store.js';
import type { Store } from '../src/store/store.js';
import { latencySummary } from './latency-summary.js';

export interface WriteLatencyRow {
  readonly checkpoints: string;
  readonly writes: number;
  readonly p50Ms: number;
  readonly p90Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly meanMs: number;
  readonly walBytes: number;
}

/** `writes` single-record commits on each store, in `rounds` alternating rounds after one warm-up round each. */
export async function usageWriteLatency(
  record: () => UsageRecord,
  writes: number,
  rounds = 8,
): Promise<WriteLatencyRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-usage-write-'));
  const targets: { label: string; file: string; store: Store; times: number[] }[] = [];
  try {
    for (const [label, background] of [
      ['inline (SQLite default, peer)', false],
      ['worker thread (the server)', true],
    ] as const) {
      const file = path.join(dir, `${background ? 'worker' : 'inline'}.sqlite`);
      const store = await openStore({ dialect: 'sqlite', file, backgroundCheckpoints: background });
      await store.migrate();
      targets.push({ label, file, store, times: [] });
    }
    const perRound = Math.ceil(writes / rounds);
    for (let round = -1; round < rounds; round++)
      for (const t of targets)
        for (let i = 0; i < perRound; i++) {
          const r = record();
          const started = performance.now();
          await t.store.insertUsage([r]);
          if (round >= 0) t.times.push(performance.now() - started);
        }
    return targets.map((t) => {
      const { count, ...figures } = latencySummary(t.times);
      return {
        checkpoints: t.label,
        writes: count,
        ...figures,
        walBytes: fs.existsSync(`${t.file}-wal`) ? fs.statSync(`${t.file}-wal`).size : 0,
      };
    });
  } finally {
    for (const t of targets) await t.store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function renderWriteLatency(rows: readonly WriteLatencyRow[]): string {
  const f = (n: number) => n.toFixed(3);
  const lines = [
    'SQLite checkpoints              | writes | p50 ms | p90 ms | p99 ms | max ms | mean ms | WAL at end',
    '--------------------------------|--------|--------|--------|--------|--------|---------|-----------',
  ];
  for (const r of rows)
    lines.push(
      [
        r.checkpoints.padEnd(31),
        String(r.writes).padStart(6),
        f(r.p50Ms).padStart(6),
        f(r.p90Ms).padStart(6),
        f(r.p99Ms).padStart(6),
        r.maxMs.toFixed(1).padStart(6),
        f(r.meanMs).padStart(7),
        `${(r.walBytes / 1e6).toFixed(1)} MB`.padStart(10),
      ].join(' | '),
    );
  return lines.join('\n');
}
