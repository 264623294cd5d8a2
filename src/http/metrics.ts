// Prometheus metrics of one server instance (its own registry, so tests and several apps never collide).
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

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
