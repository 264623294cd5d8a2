// Runs the analyst over a screening's articles: batches of 3 to 5, run concurrently up to a limit, each retried
// once; a batch that still fails leaves its articles unjudged and the screening partial (or unavailable).
import pRetry from 'p-retry';
import {
  AnalysisError,
  type Analyst,
  type ArticleForAnalysis,
  type ModelAssessment,
  type Subject,
} from '../../adverse-media/llm/analyst.js';

export const MAX_BATCH = 5;

/** The outcome of analysis: one model label per article (null = unjudged), and how the run went. */
export interface AnalysisOutcome {
  readonly labels: readonly (ModelAssessment | null)[];
  readonly status: 'ok' | 'partial' | 'unavailable';
  readonly error: string | null;
}

export interface AnalysisOptions {
  /** Batches in flight at once. */
  readonly concurrency: number;
  /** Pause before the single retry of a failed batch. */
  readonly retryDelayMs: number;
}

/**
 * Batch sizes for n articles: as few batches as fit 5 each, sizes as even as possible, so never fewer than 3
 * once there are 6 or more (7 gives 4 + 3, not 5 + 2). Fewer than 3 articles make one small batch.
 */
export function batchSizes(n: number): number[] {
  if (n <= 0) return [];
  const batches = Math.ceil(n / MAX_BATCH);
  const base = Math.floor(n / batches);
  const extra = n % batches;
  return Array.from({ length: batches }, (_, i) => base + (i < extra ? 1 : 0));
}

/** Runs `fn` over items with at most `limit` running at once; results in input order. */
export async function mapWithLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return out;
}

const reasonOf = (err: unknown) =>
  err instanceof AnalysisError ? err.message : 'the analysis failed unexpectedly';

/** Judges the articles; never throws (a failed analysis is reported, not raised). */
export async function analyseArticles(
  analyst: Analyst | null,
  subject: Subject,
  articles: readonly ArticleForAnalysis[],
  opts: AnalysisOptions,
): Promise<AnalysisOutcome> {
  if (articles.length === 0) return { labels: [], status: 'ok', error: null };
  if (!analyst)
    return {
      labels: articles.map(() => null),
      status: 'unavailable',
      error: 'analysis is not configured on this server',
    };
  const batches: ArticleForAnalysis[][] = [];
  let start = 0;
  for (const size of batchSizes(articles.length)) {
    batches.push(articles.slice(start, start + size));
    start += size;
  }
  const results = await mapWithLimit(batches, opts.concurrency, async (batch) => {
    try {
      const labels = await pRetry(() => analyst.assessBatch(subject, batch), {
        retries: 1,
        minTimeout: opts.retryDelayMs,
        maxTimeout: opts.retryDelayMs,
        randomize: false,
      });
      return { ok: true as const, labels };
    } catch (err) {
      return { ok: false as const, reason: reasonOf(err) };
    }
  });
  const byId = new Map<string, ModelAssessment>();
  const reasons = new Set<string>();
  let failedBatches = 0;
  let unjudged = 0;
  results.forEach((r, i) => {
    if (r.ok) for (const l of r.labels) byId.set(l.id, l);
    else {
      failedBatches++;
      unjudged += batches[i]!.length;
      reasons.add(r.reason);
    }
  });
  const labels = articles.map((a) => byId.get(a.id) ?? null);
  if (failedBatches === 0) return { labels, status: 'ok', error: null };
  const status = failedBatches === batches.length ? 'unavailable' : 'partial';
  const error =
    `analysis failed for ${failedBatches} of ${batches.length} batches after a retry ` +
    `(${unjudged} of ${articles.length} articles not assessed): ${[...reasons].join('; ')}`;
  return { labels, status, error };
}
