// One autocannon run of a fixed number of requests, with exact response counts and sub-millisecond percentiles.
// A fixed count (not a duration) is used because autocannon ends a timed run by destroying its sockets with
// requests still in flight: the server may or may not record those, so counts could not be compared exactly.
import autocannon from 'autocannon';

/** What to send, how hard and how many times. */
export interface LoadSpec {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly headers: Record<string, string>;
  readonly body?: string;
  readonly connections: number;
  /** Total requests; each connection sends its share and waits for every answer. */
  readonly amount: number;
  readonly timeoutSeconds: number;
  /** The run is stopped and fails past this (a server that stops answering would otherwise hang it). */
  readonly deadlineSeconds: number;
}

/** What came back from one run. */
export interface LoadResult {
  readonly sent: number;
  /** Every response received, whatever its status. */
  readonly responses: number;
  readonly byStatus: Readonly<Record<string, number>>;
  /** Connection errors, timeouts included (autocannon counts timeouts as errors too). */
  readonly errors: number;
  readonly timeouts: number;
  /** From the first request to the last response. */
  readonly elapsedMs: number;
  readonly reqPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Every response's latency in ms, ascending. */
  readonly latencies: Float64Array;
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return new Promise<LoadResult>((resolve, reject) => {
    // autocannon's own histogram has whole-millisecond buckets; keep every latency for exact percentiles.
    const latencies: number[] = [];
    const byStatus: Record<string, number> = {};
    const t0 = performance.now();
    let last = t0;
    let overran = false;
    let instance: autocannon.Instance | null = null;
    const deadline = setTimeout(() => {
      overran = true;
      instance?.stop();
    }, spec.deadlineSeconds * 1000);
    instance = autocannon(
      {
        url: spec.url,
        method: spec.method,
        headers: spec.headers,
        ...(spec.body === undefined ? {} : { body: spec.body }),
        connections: spec.connections,
        amount: spec.amount,
        pipelining: 1,
        // autocannon ends a run on its next sample tick; a short interval keeps the idle tail short.
        sampleInt: 100,
        timeout: spec.timeoutSeconds,
      },
      (err, result) => {
        clearTimeout(deadline);
        if (overran) {
          reject(
            new Error(
              `${spec.method} ${spec.url}: ${latencies.length} of ${spec.amount} responses after ${spec.deadlineSeconds}s; stopped`,
            ),
          );
          return;
        }
        if (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
          return;
        }
        const responses = result['2xx'] + result.non2xx;
        if (responses !== latencies.length) {
          reject(new Error(`autocannon counted ${responses} responses but emitted ${latencies.length}`));
          return;
        }
        const sorted = Float64Array.from(latencies).sort();
        const elapsedMs = last - t0;
        resolve({
          sent: result.requests.sent,
          responses,
          byStatus,
          errors: result.errors,
          timeouts: result.timeouts,
          elapsedMs,
          reqPerSec: elapsedMs > 0 ? (responses * 1000) / elapsedMs : 0,
          p50Ms: percentile(sorted, 50),
          p99Ms: percentile(sorted, 99),
          maxMs: sorted.length > 0 ? sorted[sorted.length - 1]! : Number.NaN,
          latencies: sorted,
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      const key = String(statusCode);
      byStatus[key] = (byStatus[key] ?? 0) + 1;
      last = performance.now();
    });
  });
}

/** Several consecutive runs as one: counts summed, rate over their summed time, percentiles over all latencies. */
export function mergeLoads(parts: readonly LoadResult[]): LoadResult {
  const byStatus: Record<string, number> = {};
  for (const p of parts) addStatuses(byStatus, p.byStatus);
  const sum = (f: (p: LoadResult) => number) => parts.reduce((a, p) => a + f(p), 0);
  const latencies = new Float64Array(sum((p) => p.latencies.length));
  let at = 0;
  for (const p of parts) {
    latencies.set(p.latencies, at);
    at += p.latencies.length;
  }
  latencies.sort();
  const responses = sum((p) => p.responses);
  const elapsedMs = sum((p) => p.elapsedMs);
  return {
    sent: sum((p) => p.sent),
    responses,
    byStatus,
    errors: sum((p) => p.errors),
    timeouts: sum((p) => p.timeouts),
    elapsedMs,
    reqPerSec: elapsedMs > 0 ? (responses * 1000) / elapsedMs : 0,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.length > 0 ? latencies[latencies.length - 1]! : Number.NaN,
    latencies,
  };
}

/** Adds status counts into `into`. */
export function addStatuses(into: Record<string, number>, from: Readonly<Record<string, number>>): void {
  for (const [status, n] of Object.entries(from)) into[status] = (into[status] ?? 0) + n;
}
