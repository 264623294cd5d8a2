// Tables and the JSON file of the HTTP benchmark.
import fs from 'node:fs';
import path from 'node:path';

/** One measured target: the service on one endpoint and backend, or a peer server. */
export interface BenchRow {
  readonly target: string;
  readonly kind: 'service' | 'peer';
  /** sqlite, postgres, or none for peers. */
  readonly backend: string;
  readonly method: string;
  readonly path: string;
  readonly connections: number;
  /** Requests in the measured run (warm-up excluded). */
  readonly runRequests: number;
  readonly runElapsedMs: number;
  readonly reqPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** CPU time of the server process per response in the measured run (PostgreSQL's own processes excluded). */
  readonly serverCpuUsPerReq: number | null;
  /** CPU of the PostgreSQL backends serving the service, per response; null for SQLite (in process) and peers. */
  readonly dbCpuUsPerReq: number | null;
  /** Every response received by the bench for this target: probe + warm-up + measured run. */
  readonly responses: number;
  readonly responsesByStatus: Readonly<Record<string, number>>;
  /** Usage records for this endpoint after the server stopped; null for peers (they write none). */
  readonly records: number | null;
  readonly recordsByStatus: Readonly<Record<string, number>> | null;
  /** responses - records; null for peers. */
  readonly lost: number | null;
  readonly errors: number;
  readonly timeouts: number;
}

const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');
const fmtMs = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '-');
const fmtStatuses = (s: Readonly<Record<string, number>>) =>
  Object.entries(s)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}x${v}`)
    .join(' ');

/** Columns: text is left-aligned, numbers right-aligned. */
export function renderTable(rows: readonly BenchRow[]): string {
  const header = [
    'target',
    'backend',
    'req/s',
    'p50 ms',
    'p99 ms',
    'server CPU us/req',
    'db CPU us/req',
    'responses',
    'usage records',
    'lost',
    'statuses',
    'errors/timeouts',
  ];
  const right = [false, false, true, true, true, true, true, true, true, true, false, true];
  const body = rows.map((r) => [
    r.target,
    r.backend,
    fmtInt(r.reqPerSec),
    fmtMs(r.p50Ms),
    fmtMs(r.p99Ms),
    r.serverCpuUsPerReq === null ? '-' : fmtInt(r.serverCpuUsPerReq),
    r.dbCpuUsPerReq === null ? '-' : fmtInt(r.dbCpuUsPerReq),
    fmtInt(r.responses),
    r.records === null ? '-' : fmtInt(r.records),
    r.lost === null ? '-' : fmtInt(r.lost),
    fmtStatuses(r.responsesByStatus),
    `${r.errors}/${r.timeouts}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (right[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ');
  const rule = widths.map((w) => '-'.repeat(w)).join('-|-');
  return [line(header), rule, ...body.map(line)].join('\n');
}

/** Writes `data` as pretty JSON, creating the folder. */
export function writeJson(file: string, data: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}
