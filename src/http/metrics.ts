// Prometheus metrics of one server instance (its own registry, so tests and several apps never collide).
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import type { CatalogRow } from '../services/lists/list-service.js';

/** The metrics this server exports at /metrics. */
export interface HttpMetrics {
  readonly registry: Registry;
  readonly requestDuration: Histogram<'method' | 'route' | 'status'>;
  readonly usageRecords: Counter<'outcome'>;
  readonly rateLimited: Counter;
  /** List refreshes that failed, by list (a held version is not a failure). */
  readonly listRefreshFailures: Counter<'list'>;
  /** Seconds to build the name index from the carried lists (each build, at start and after a refresh). */
  readonly indexBuild: Histogram;
  /** Names in the index last built. */
  readonly indexNames: Gauge;
  /** Calls to the adverse media upstreams by upstream (`search`, `llm`) and outcome (`ok` or the failure). */
  readonly upstreamCalls: Counter<'upstream' | 'outcome'>;
  readonly upstreamDuration: Histogram<'upstream'>;
  /** Matches returned by name screening, by list. */
  readonly screeningHits: Counter<'list'>;
}

export function createMetrics(): HttpMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    requestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    usageRecords: new Counter({
      name: 'usage_records_total',
      help: 'Usage records by outcome (written or failed)',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    rateLimited: new Counter({
      name: 'rate_limited_requests_total',
      help: 'Requests refused with 429',
      registers: [registry],
    }),
    listRefreshFailures: new Counter({
      name: 'list_refresh_failures_total',
      help: 'List refreshes that failed, by list',
      labelNames: ['list'],
      registers: [registry],
    }),
    indexBuild: new Histogram({
      name: 'name_index_build_seconds',
      help: 'Time to build the name index from the carried lists',
      buckets: [0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300],
      registers: [registry],
    }),
    indexNames: new Gauge({
      name: 'name_index_entries',
      help: 'Listed parties in the name index last built',
      registers: [registry],
    }),
    upstreamCalls: new Counter({
      name: 'adverse_media_upstream_calls_total',
      help: 'Calls to the adverse media search provider and LLM by outcome (ok, or the failure reason)',
      labelNames: ['upstream', 'outcome'],
      registers: [registry],
    }),
    upstreamDuration: new Histogram({
      name: 'adverse_media_upstream_duration_seconds',
      help: 'Duration of calls to the adverse media search provider and LLM, failures included',
      labelNames: ['upstream'],
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30, 60, 120],
      registers: [registry],
    }),
    screeningHits: new Counter({
      name: 'screening_hits_total',
      help: 'Matches returned by name screening (single, bulk and v1), by list',
      labelNames: ['list'],
      registers: [registry],
    }),
  };
}

/**
 * Per-list freshness, read from the catalog at each scrape: the age of each list's data (from its publication
 * date, else from when it was fetched), when it last refreshed successfully, and how many records it serves.
 * Lists never loaded have no sample, so an alert on absence or on age catches both. The catalog is cached for a
 * moment, so one scrape reads the store once.
 */
export function registerListMetrics(registry: Registry, catalog: () => Promise<readonly CatalogRow[]>): void {
  const seconds = (iso: string | null) => (iso === null ? NaN : Date.parse(iso) / 1000);
  const gauge = (name: string, help: string, value: (r: CatalogRow, now: number) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['list'],
      registers: [registry],
      async collect() {
        this.reset();
        const now = Date.now() / 1000;
        for (const r of await catalog()) {
          const v = value(r, now);
          if (Number.isFinite(v)) this.set({ list: r.slug }, v);
        }
      },
    });
  gauge(
    'list_data_age_seconds',
    'Age of the data each list serves: now minus its publication date, else minus when it was fetched',
    (r, now) => now - seconds(r.data_date ?? r.fetched_at),
  );
  gauge(
    'list_last_success_timestamp_seconds',
    'When each list last refreshed successfully (Unix time)',
    (r) => seconds(r.last_success_at),
  );
  gauge('list_records', 'Records each list serves', (r) =>
    r.fetched_at === null ? NaN : (r.record_count ?? NaN),
  );
}

/**
 * The rate-limit fallback, read from the limiter at each scrape: a gauge that is 1 while Redis is lost and budgets
 * are counted per process, and the calls counted that way since start.
 */
export function registerRateLimitMetrics(registry: Registry, limiter: RateLimiter): void {
  new Gauge({
    name: 'rate_limit_fallback_active',
    help: '1 while the shared rate-limit backend (Redis) is lost and each process counts budgets on its own',
    registers: [registry],
    collect() {
      this.set(limiter.fallback() === null ? 0 : 1);
    },
  });
  new Counter({
    name: 'rate_limit_fallback_checks_total',
    help: 'Budget checks counted by the per-process fallback because Redis did not answer (a key call checks its key and its user)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(limiter.fallbackCalls);
    },
  });
}
