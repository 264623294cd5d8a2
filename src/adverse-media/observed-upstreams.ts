// Wrappers that time each call to the adverse media upstreams (the search provider and the LLM analyst) and report
// its outcome, so the composition root can export upstream errors and latency without the adapters knowing.
import { AppError } from '../errors.js';
import { AnalysisError, type Analyst } from './llm/analyst.js';
import type { SearchProvider } from './search/search-provider.js';

/** Which upstream a call went to. */
export type Upstream = 'search' | 'llm';

/** Told about every upstream call: `ok`, or the failure's reason (`upstream_timeout`, `timeout`, …). */
export type ObserveUpstream = (upstream: Upstream, outcome: string, seconds: number) => void;

async function timed<T>(upstream: Upstream, observe: ObserveUpstream, call: () => Promise<T>): Promise<T> {
  const started = process.hrtime.bigint();
  const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
  try {
    const result = await call();
    observe(upstream, 'ok', seconds());
    return result;
  } catch (err) {
    const outcome =
      err instanceof AnalysisError ? err.reason : err instanceof AppError ? err.code : 'unexpected_error';
    observe(upstream, outcome, seconds());
    throw err;
  }
}

/** The search provider, with each search timed and its outcome reported. */
export function observedSearch(provider: SearchProvider, observe: ObserveUpstream): SearchProvider {
  return { search: (req) => timed('search', observe, () => provider.search(req)) };
}

/** The analyst, with each batch timed and its outcome reported. */
export function observedAnalyst(analyst: Analyst, observe: ObserveUpstream): Analyst {
  return {
    assessBatch: (subject, articles) => timed('llm', observe, () => analyst.assessBatch(subject, articles)),
  };
}
