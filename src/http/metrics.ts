// Prometheus metrics of one server instance (its own registry, so tests and several apps never collide).
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';

/** The metrics this server exports at /metrics. */
export interface HttpMetrics {
  readonly registry: Registry;
  readonly requestDuration: Histogram<'method' | 'route' | 'status'>;
  readonly usageRecords: Counter<'outcome'>;
  readonly rateLimited: Counter;
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
  };
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
