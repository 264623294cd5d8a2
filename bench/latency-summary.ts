// The latency figures the benches print for a set of timings: p50, p90, p99, max and mean (ms).

/** The value at quantile `q` of ascending `sorted` (NaN when empty). */
export const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

export interface LatencySummary {
  readonly count: number;
  readonly p50Ms: number;
  readonly p90Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  readonly meanMs: number;
}

/** p50, p90, p99, max and mean of `times` (ms, any order). */
export function latencySummary(times: readonly number[]): LatencySummary {
  const s = [...times].sort((a, b) => a - b);
  return {
    count: s.length,
    p50Ms: quantile(s, 0.5),
    p90Ms: quantile(s, 0.9),
    p99Ms: quantile(s, 0.99),
    maxMs: s[s.length - 1] ?? NaN,
    meanMs: s.reduce((a, b) => a + b, 0) / Math.max(1, s.length),
  };
}
