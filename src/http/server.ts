// Builds the Fastify app: parsers, validation, the per-route auth/rate-limit/usage hooks, error mapping, OpenAPI and routes.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { v4 as uuidv4 } from 'uuid';
import type { Config } from '../config.js';
import { AppError, RateLimitedError } from '../errors.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import type { AccountsService } from '../services/accounts/accounts-service.js';
import type { AdverseMediaScreener } from '../services/adverse-media/adverse-media-request.js';
import type { ListState } from '../services/list-state.js';
import type { ListService } from '../services/lists/list-service.js';
import type { ScreeningService } from '../services/screening/screening-service.js';
import type { UsageRecorder } from '../services/usage/usage-recorder.js';
import type { UsageService } from '../services/usage/usage-service.js';
import type { WalletService } from '../services/wallets/wallet-service.js';
import type { Store } from '../store/store.js';
import { STATUS_BY_CODE, toAppError } from './error-mapping.js';
import { authenticate } from './hooks/auth-hook.js';
import { budgetFor, enforceRateLimit } from './hooks/rate-limit-hook.js';
import { startUsage, writeUsage } from './hooks/usage-hooks.js';
import { createMetrics, type HttpMetrics } from './metrics.js';
import { isV2 } from './route-access.js';
import { accountRoutes } from './routes/account-routes.js';
import { adverseMediaRoutes } from './routes/adverse-media-routes.js';
import { dashboardRoutes } from './routes/dashboard-routes.js';
import { listAdminRoutes } from './routes/list-admin-routes.js';
import { opsRoutes } from './routes/ops-routes.js';
import { screeningRoutes } from './routes/screening-routes.js';
import { usageRoutes } from './routes/usage-routes.js';
import { v1Routes } from './routes/v1-routes.js';
import { walletRoutes } from './routes/wallet-routes.js';
import { validatorCompiler } from './validation.js';

/** Everything the HTTP layer needs, built by the composition root. */
export interface HttpDeps {
  readonly config: Config;
  readonly store: Store;
  readonly accounts: AccountsService;
  readonly usage: UsageService;
  readonly usageRecorder: UsageRecorder;
  readonly rateLimiter: RateLimiter;
  readonly lists: ListState;
  readonly screening: ScreeningService;
  readonly wallets: WalletService;
  readonly adverseMedia: AdverseMediaScreener | null;
  readonly listService: ListService;
  readonly logger?: FastifyServerOptions['logger'];
}

export type App = FastifyInstance & { readonly metrics: HttpMetrics };

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export async function buildServer(deps: HttpDeps): Promise<App> {
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
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : uuidv4();
    },
    requestTimeout: 120_000,
    // In-flight requests finish on close; idle keep-alive sockets are closed so shutdown is prompt.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    ajv: { customOptions: { coerceTypes: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  app.decorateRequest('principal', null);
  app.decorateRequest('usage', null);
  app.setValidatorCompiler(validatorCompiler);
  // Only JSON bodies: a text/plain body is a 415, not a string that later fails validation.
  app.removeContentTypeParser(['text/plain']);

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    const access = req.routeOptions.config.access;
    if (!access) return;
    if (access.metered) startUsage(req);
    if (access.auth !== 'none') req.principal = await authenticate(req, access.auth, deps.accounts);
    if (access.rateLimit !== 'none')
      await enforceRateLimit(
        req,
        reply,
        deps.rateLimiter,
        budgetFor(req, access.rateLimit, {
          defaultPerMinute: config.defaultRateLimitPerMinute,
          accountPerMinute: config.accountRateLimitPerMinute,
        }),
      );
  });

  // Node's server.close() waits for keep-alive sockets that are busy when it starts; answering those with
  // `Connection: close` once shutdown has begun lets it finish instead of waiting out the keep-alive timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.addHook('onSend', async (req, reply, payload) => {
    let out = payload;
    if (req.usage) {
      out = await writeUsage(req, reply, payload, deps.usageRecorder);
      metrics.usageRecords.inc({ outcome: out === payload ? 'written' : 'failed' });
    }
    // Checked after the usage write, which may still be running when shutdown begins.
    if (closing) reply.header('connection', 'close');
    return out;
  });

  app.addHook('onResponse', async (req, reply) => {
    metrics.requestDuration.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unknown', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
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
    }
    const body: Record<string, unknown> = { error: appErr.message };
    if (req.usage && isV2(req.url)) body.api_usage_id = req.usage.id;
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });

  app.setNotFoundHandler(async (req) => {
    throw new AppError('not_found', `no route ${req.method} ${req.url.split('?')[0]}`);
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Screening service',
        version: '2.0.0',
        description:
          'Name, wallet and adverse media screening against sanctions, PEP, wanted, debarment and regulator-warning lists.',
      },
      components: {
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  await app.register(opsRoutes(deps, metrics));
  await app.register(accountRoutes(deps));
  await app.register(screeningRoutes(deps));
  await app.register(walletRoutes(deps));
  await app.register(adverseMediaRoutes(deps));
  await app.register(usageRoutes(deps));
  await app.register(listAdminRoutes(deps));
  await app.register(v1Routes(deps));
  // Last: its catch-all GET only answers paths no other route claims.
  await app.register(dashboardRoutes());
  await app.ready();
  return app as unknown as App;
}
