// Builds a real service (real store, real limiter) for in-process HTTP tests driven with inject().
import type { FastifyPluginAsync } from 'fastify';
import { loadConfig, type Config } from '../config.js';
import { createService, type Service } from '../main.js';
import type { ListSource } from '../lists/list-source.js';
import type { Store } from '../store/store.js';

/** A service on the given store with test-friendly config overrides (environment-variable names). */
export async function testService(
  store: Store,
  env: Record<string, string> = {},
  sources?: readonly ListSource[],
  extraRoutes?: FastifyPluginAsync,
): Promise<Service> {
  const config: Config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent-unused',
    // No background downloads from publishers in tests.
    SCREENING_REFRESH_INTERVAL_MINUTES: '0',
    // One worker thread per service would slow the suite; the bulk worker has its own test.
    SCREENING_BULK_WORKER: 'false',
    ...env,
  });
  return createService(config, { store, logger: false, sources, extraRoutes });
}

/** Creates a user, signs in, and makes an API key; returns the credentials. */
export async function signedUpUser(
  service: Service,
  email = `user${Math.random().toString(36).slice(2)}@example.com`,
  opts: { admin?: boolean; keyLimit?: number } = {},
): Promise<{ email: string; token: string; key: string; keyId: string; userId: string }> {
  const password = 'correct horse battery';
  const user = await service.core.accounts.createUser(email, password, opts.admin ?? false);
  const session = await service.core.accounts.login(email, password);
  const key = await service.core.accounts.createApiKey(
    { userId: user.id, isAdmin: true },
    { name: 'test', rateLimitPerMinute: opts.keyLimit ?? null },
  );
  // A key limit above the user's budget (shared by all their keys) would never be reached: raise the user's too.
  if (opts.keyLimit !== undefined && opts.keyLimit > service.core.config.defaultRateLimitPerMinute)
    await service.core.accounts.setUserRateLimit(email, opts.keyLimit);
  return { email, token: session.token, key: key.key, keyId: key.id, userId: user.id };
}
