// Liveness, readiness and Prometheus metrics: unauthenticated, unmetered.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { unauthorized } from '../../errors.js';
import type { HealthService } from '../../services/health/health-service.js';
import type { HttpMetrics } from '../metrics.js';

/** What the ops routes need: readiness, the metrics registry and the optional metrics token. */
export interface OpsRouteDeps {
  readonly health: HealthService;
  readonly metrics: HttpMetrics;
  /** When set, GET /metrics requires `Authorization: Bearer <token>`. */
  readonly metricsToken: string | null;
}

/** Constant-time comparison of an Authorization header with the expected bearer token. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '');
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}

export const opsRoutes =
  (deps: OpsRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

    // Ready when a screening would succeed; the body says what is missing. Never hangs on a hung database.
    app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
      const readiness = await deps.health.readiness();
      reply.code(readiness.status === 'ready' ? 200 : 503);
      return readiness;
    });

    // Open by default (scrapers on a private network); SCREENING_METRICS_TOKEN makes it a bearer-token read.
    const token = deps.metricsToken;
    app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
      if (token !== null && !bearerMatches(req.headers.authorization, token))
        throw unauthorized('metrics require Authorization: Bearer <SCREENING_METRICS_TOKEN>');
      reply.type(deps.metrics.registry.contentType);
      return deps.metrics.registry.metrics();
    });
  };
