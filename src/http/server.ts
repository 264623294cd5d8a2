// Builds the Fastify app: parsers, validation, the per-route auth/rate-limit/usage hooks, error mapping, OpenAPI and routes.
import { randomUUID } from 'node:crypto';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config.js';
import { AppError, RateLimitedError, badRequest } from '../errors.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import type { HealthService } from '../services/health/health-service.js';
import type { UsageRecorder } from '../services/usage/usage-recorder.js';
import { ThrottleBursts } from '../services/usage/throttle-bursts.js';
import { registerCors } from './cors.js';
import { STATUS_BY_CODE, toAppError } from './error-mapping.js';
import { authenticate } from './hooks/auth-hook.js';
import { budgetsFor, enforceRateLimit, rejectedBudget } from './hooks/rate-limit-hook.js';
import { keepResponseValue, startUsage, usageRecordOf, writeUsage } from './hooks/usage-hooks.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.js';
import { createMetrics, registerRateLimitMetrics, type HttpMetrics } from './metrics.js';
import { OPENAPI_HEAD, finishDocument, type OpenApiDoc } from './openapi.js';
import { isV2 } from './route-access.js';
import { guardRouteAccess, type DeclaredRoute } from './route-guard.js';
import { accountRoutes, type AccountRouteDeps } from './routes/account-routes.js';
import { alertRoutes, type AlertRouteDeps } from './routes/alert-routes.js';
import { adverseMediaRoutes, type AdverseMediaRouteDeps } from './routes/adverse-media-routes.js';
import { compareRoutes } from './routes/compare-routes.js';
import { dashboardRoutes } from './routes/dashboard-routes.js';
import { effectivenessRoutes, type EffectivenessRouteDeps } from './routes/effectiveness-routes.js';
import { listAdminRoutes, type ListAdminRouteDeps } from './routes/list-admin-routes.js';
import { listChangesRoutes, type ListChangesRouteDeps } from './routes/list-changes-routes.js';
import { opsRoutes } from './routes/ops-routes.js';
import { screeningRoutes, type ScreeningRouteDeps } from './routes/screening-routes.js';
import { rescreenRoutes, type RescreenRouteDeps } from './routes/rescreen-routes.js';
import { subjectRoutes, type SubjectRouteDeps } from './routes/subject-routes.js';
import { webhookRoutes, type WebhookRouteDeps } from './routes/webhook-routes.js';
import { usageRoutes, type UsageRouteDeps } from './routes/usage-routes.js';
import { v1Routes } from './routes/v1-routes.js';
import { walletRoutes, type WalletRouteDeps } from './routes/wallet-routes.js';
import { validatorCompiler } from './validation.js';

/**
 * The services the HTTP layer is built from, handed over by the composition root. The server takes what its
 * hooks need (accounts, limiter, usage recorder) and gives each route plugin only its own slice.
 */
export interface HttpDeps
  extends
    AccountRouteDeps,
    ScreeningRouteDeps,
    EffectivenessRouteDeps,
    WalletRouteDeps,
    AdverseMediaRouteDeps,
    UsageRouteDeps,
    ListAdminRouteDeps,
    ListChangesRouteDeps,
    SubjectRouteDeps,
    RescreenRouteDeps,
    AlertRouteDeps,
    WebhookRouteDeps {
  /** The catalog (usage routes) and the review of held versions (list admin routes). */
  readonly listService: UsageRouteDeps['listService'] & ListAdminRouteDeps['listService'];
  readonly config: Config;
  readonly usageRecorder: UsageRecorder;
  readonly rateLimiter: RateLimiter;
  readonly health: HealthService;
  /** The metrics registry, when the composition root feeds it from the services too; else the server makes one. */
  readonly metrics?: HttpMetrics;
  readonly logger?: FastifyServerOptions['logger'];
}

/** The built app, with its metrics and every route's access declaration (for the generated auth matrix). */
export type App = FastifyInstance & {
  readonly metrics: HttpMetrics;
  readonly declaredRoutes: readonly DeclaredRoute[];
};

/** Extra routes registered like the built-in ones (tests use it to prove an undeclared route stops the start). */
export interface BuildOptions {
  readonly extraRoutes?: FastifyPluginAsync;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export async function buildServer(deps: HttpDeps, opts: BuildOptions = {}): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? {
      level: config.logLevel,
      redact: ['req.headers["x-api-key"]', 'req.headers.authorization'],
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    requestTimeout: 120_000,
    // In-flight requests finish on close; idle keep-alive sockets are closed so shutdown is prompt.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    ajv: { customOptions: { coerceTypes: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // First, so it sees every route: an /api/ route without an access declaration stops the start.
  const declaredRoutes = guardRouteAccess(app);
  app.decorate('declaredRoutes', declaredRoutes);
  const metrics = deps.metrics ?? createMetrics();
  const bursts = new ThrottleBursts((r) => deps.usageRecorder.record(r), { idleMs: 60_000, maxOpen: 10_000 });
  app.addHook('onClose', async () => {
    await bursts.drain();
  });
  app.decorate('metrics', metrics);
  app.decorateRequest('principal', null);
  app.decorateRequest('usage', null);
  app.setValidatorCompiler(validatorCompiler);
  // Only JSON bodies: a text/plain body is a 415, not a string that later fails validation.
  app.removeContentTypeParser(['text/plain']);
  // Fastify's own JSON parser (prototype-poisoning checks included), behind a nesting limit: a body nested
  // thousands deep would otherwise overflow the stack when its usage record is serialised.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH))
      return done(
        badRequest(`JSON body nested deeper than ${MAX_JSON_DEPTH} levels; at most ${MAX_JSON_DEPTH}`),
        undefined,
      );
    parseJson(req, body as string, done);
  });

  const limits = {
    defaultPerMinute: config.defaultRateLimitPerMinute,
    accountPerMinute: config.accountRateLimitPerMinute,
  };
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // Every response, API and pages alike: never sniffed into another type, never leaking its URL onward.
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    const access = req.routeOptions.config.access;
    if (!access) return;
    if (access.metered) {
      startUsage(req);
      deps.usageRecorder.begin(req);
    }
    if (access.auth !== 'none') {
      try {
        req.principal = await authenticate(req, access.auth, deps.accounts);
      } catch (err) {
        // Refused credentials spend the address's budget: past it the answer is 429 (recorded as one burst),
        // so guessing keys or flooding the port cannot write audit rows without limit.
        if (err instanceof AppError && err.code === 'unauthorized')
          await enforceRateLimit(reply, deps.rateLimiter, [
            rejectedBudget(req, config.unauthenticatedRateLimitPerMinute),
          ]);
        throw err;
      }
    }
    if (access.rateLimit !== 'none') {
      const budgets = budgetsFor(req, access.rateLimit, limits);
      await enforceRateLimit(reply, deps.rateLimiter, budgets);
      for (const b of budgets) bursts.allowed(b.key);
    }
  });

  registerCors(app, config.corsOrigins);

  // Node's server.close() waits for keep-alive sockets that are busy when it starts; answering those with
  // `Connection: close` once shutdown has begun lets it finish instead of waiting out the keep-alive timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.addHook('preSerialization', (req, _reply, payload, done) => {
    keepResponseValue(req, payload);
    done(null, payload);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    let out = payload;
    deps.usageRecorder.end(req);
    if (req.usage?.inBurst) metrics.usageRecords.inc({ outcome: 'in_burst' });
    else if (req.usage) {
      out = await writeUsage(req, reply, payload, deps.usageRecorder, config.usageMaxStoredBytes);
      metrics.usageRecords.inc({ outcome: out === payload ? 'written' : 'failed' });
    }
    // Checked after the usage write, which may still be running when shutdown begins.
    if (closing) reply.header('connection', 'close');
    return out;
  });

  app.addHook('onResponse', async (req, reply) => {
    // A call that never reached onSend (its socket failed) ends here, or on abort below; end() counts once.
    deps.usageRecorder.end(req);
    metrics.requestDuration.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unknown', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  app.addHook('onRequestAbort', async (req) => {
    deps.usageRecorder.end(req);
  });

  app.setErrorHandler(async (err, req, reply) => {
    const appErr = toAppError(err, config.bodyLimitBytes);
    const status = STATUS_BY_CODE[appErr.code];
    if (status >= 500 && appErr.code === 'internal') req.log.error({ err }, 'unexpected error');
    // Lists not loaded yet is reported by /readyz and the catalog; logging it per call would flood the log.
    else if (appErr.code === 'lists_not_loaded') req.log.debug({ code: appErr.code }, appErr.message);
    else if (status >= 500) req.log.warn({ code: appErr.code, msg: appErr.message }, 'service unavailable');
    if (appErr instanceof RateLimitedError) {
      metrics.rateLimited.inc();
      reply.header('Retry-After', appErr.retryAfterSeconds);
      // One record per throttled burst: later calls of the burst name its first record and write none.
      if (req.usage && appErr.budgetKey) {
        reply.code(status);
        const decision = bursts.throttled(
          appErr.budgetKey,
          usageRecordOf(req, reply, null, config.usageMaxStoredBytes),
        );
        if (!decision.write) req.usage = { ...req.usage, id: decision.usageId, inBurst: true };
      }
    }
    const body: Record<string, unknown> = { error: appErr.message };
    if (req.usage && isV2(req.url)) body.api_usage_id = req.usage.id;
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });

  app.setNotFoundHandler(async (req) => {
    throw new AppError('not_found', `no route ${req.method} ${req.url.split('?')[0]}`);
  });

  await app.register(swagger, {
    openapi: OPENAPI_HEAD as FastifyDynamicSwaggerOptions['openapi'],
    transformObject: (documents) =>
      finishDocument(('openapiObject' in documents ? documents.openapiObject : {}) as OpenApiDoc, {
        bodyLimitBytes: config.bodyLimitBytes,
        maxJsonDepth: MAX_JSON_DEPTH,
        maxBulkItems: config.maxBulkItems,
      }) as never,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // The reference gets the dashboard's protections: a CSP with the UI's own script and style hashes (from
    // the plugin), no framing, and nothing upgraded to https behind a plain-http loopback deployment.
    staticCSP: true,
    transformStaticCSP: (csp) =>
      csp
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(' validator.swagger.io', '')
        .replace(/\s*upgrade-insecure-requests;?/, ''),
    uiConfig: { validatorUrl: null },
    uiHooks: {
      onRequest: async (_req, reply) => {
        reply.header('x-frame-options', 'DENY');
      },
    },
  });

  registerRateLimitMetrics(metrics.registry, deps.rateLimiter);
  await app.register(opsRoutes({ health: deps.health, metrics, metricsToken: config.metricsToken }));
  await app.register(accountRoutes({ accounts: deps.accounts }));
  await app.register(screeningRoutes({ screening: deps.screening }));
  await app.register(compareRoutes({ screening: deps.screening }));
  await app.register(effectivenessRoutes({ effectiveness: deps.effectiveness }));
  await app.register(walletRoutes({ wallets: deps.wallets }));
  await app.register(adverseMediaRoutes({ adverseMedia: deps.adverseMedia }));
  await app.register(usageRoutes({ usage: deps.usage, listService: deps.listService }));
  await app.register(listAdminRoutes({ listService: deps.listService, registered: deps.registered }));
  await app.register(listChangesRoutes({ changes: deps.changes }));
  await app.register(rescreenRoutes({ rescreen: deps.rescreen }));
  await app.register(subjectRoutes({ subjects: deps.subjects }));
  await app.register(alertRoutes({ alerts: deps.alerts }));
  await app.register(webhookRoutes({ webhooks: deps.webhooks }));
  await app.register(v1Routes({ screening: deps.screening }));
  if (opts.extraRoutes) await app.register(opts.extraRoutes);
  // Last: its catch-all GET only answers paths no other route claims.
  await app.register(dashboardRoutes());
  await app.ready();
  return app as unknown as App;
}
