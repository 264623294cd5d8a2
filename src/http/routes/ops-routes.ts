// Liveness, readiness and Prometheus metrics: unauthenticated, unmetered.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { HttpMetrics } from '../metrics.js';
import type { HttpDeps } from '../server.js';
import { timingSafeEqual } from 'node:crypto';
import { unauthorized } from '../../errors.js';

/** Constant-time comparison of an Authorization header with the expected bearer token. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '');
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}

export const opsRoutes =
  (deps: HttpDeps, metrics: HttpMetrics): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

    // Ready when the store answers and every carried list has loaded; the body says what is missing.
    app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
      const problems: string[] = [];
      try {
        await deps.store.ping();
      } catch {
        problems.push('store unreachable');
      }
      if (!deps.rateLimiter.healthy()) problems.push('rate-limit backend (Redis) not connected');
      const missing = deps.lists.carried.filter((s) => !deps.lists.loaded(s));
      if (missing.length > 0) problems.push(`lists not loaded: ${missing.join(', ')}`);
      reply.code(problems.length === 0 ? 200 : 503);
      return {
        status: problems.length === 0 ? 'ready' : 'not_ready',
        problems,
        rate_limits: deps.rateLimiter.backend,
      };
    });

    // Open by default (scrapers on a private network); SCREENING_METRICS_TOKEN makes it a bearer-token read.
    const token = deps.config.metricsToken;
    app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
      if (token !== null && !bearerMatches(req.headers.authorization, token))
        throw unauthorized('metrics require Authorization: Bearer <SCREENING_METRICS_TOKEN>');
      reply.type(metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  };
