// Liveness, readiness and Prometheus metrics: unauthenticated, unmetered.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { StoreUnavailableError } from '../../errors.js';
import type { Store } from '../../store/store.js';
import { registerRateLimitMetrics, type HttpMetrics } from '../metrics.js';
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
    registerRateLimitMetrics(metrics.registry, deps.rateLimiter);

    app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

    // Ready when the store answers (within its own short bound, so a hung database never hangs the probe) and
    // every carried list has loaded; the body says what is missing. Losing Redis is a warning, not a problem:
    // the service keeps serving with per-process budgets, so it stays ready and says so.
    app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
      const problems: string[] = [];
      const warnings: string[] = [];
      const store = await storeProblem(deps.store, deps.config.readinessTimeoutMs);
      if (store !== null) problems.push(store);
      const missing = deps.lists.carried.filter((s) => !deps.lists.loaded(s));
      if (missing.length > 0) problems.push(`lists not loaded: ${missing.join(', ')}`);
      const fallback = deps.rateLimiter.fallback();
      if (fallback !== null)
        warnings.push(
          `rate limits are counted per process since ${fallback.since} (${fallback.reason}): until Redis answers, each process allows a key its full budget`,
        );
      reply.code(problems.length === 0 ? 200 : 503);
      return {
        status: problems.length === 0 ? 'ready' : 'not_ready',
        problems,
        warnings,
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

/** Null when the store answers a ping within `timeoutMs`; else what readiness reports. Never waits longer. */
async function storeProblem(store: Store, timeoutMs: number): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(
      () => resolve(`the database does not answer (no reply within ${timeoutMs} ms)`),
      timeoutMs,
    );
  });
  // The ping keeps running after a timeout (bounded by the store's own timeouts); its outcome is then ignored.
  const ping = store.ping().then(
    () => null,
    (err: unknown) =>
      `the database does not answer (${err instanceof StoreUnavailableError ? err.reason : 'the ping failed'})`,
  );
  try {
    return await Promise.race([ping, late]);
  } finally {
    clearTimeout(timer);
  }
}
