// Composition root: config -> store -> services -> http. The only place that picks concrete adapters.
import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import { buildServer, type App } from './http/server.js';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './rate-limit/rate-limiter.js';
import { AccountsService } from './services/accounts/accounts-service.js';
import { ListState } from './services/list-state.js';
import { ScreeningService } from './services/screening/screening-service.js';
import { UsageRecorder } from './services/usage/usage-recorder.js';
import { UsageService } from './services/usage/usage-service.js';
import { WalletService } from './services/wallets/wallet-service.js';
import { openStore, storeOptionsFromConfig } from './store/open-store.js';
import type { Store } from './store/store.js';

/** The services shared by the server and the CLI. */
export interface Core {
  readonly config: Config;
  readonly store: Store;
  readonly accounts: AccountsService;
  close(): Promise<void>;
}

/** Opens the store (migrating it) and builds the account services; used by every CLI verb. */
export async function createCore(config: Config, given?: Store): Promise<Core> {
  const store = given ?? (await openStore(storeOptionsFromConfig(config)));
  await store.migrate();
  const accounts = new AccountsService(store, {
    signupOpen: config.signupOpen,
    sessionTtlHours: config.sessionTtlHours,
    defaultRateLimitPerMinute: config.defaultRateLimitPerMinute,
  });
  return {
    config,
    store,
    accounts,
    async close() {
      await accounts.close();
      await store.close();
    },
  };
}

/** A running service: the app plus an orderly shutdown that loses no usage record. */
export interface Service {
  readonly app: App;
  readonly core: Core;
  readonly rateLimiter: RateLimiter;
  /** Loaded lists and the name index; list ingestion updates it. */
  readonly lists: ListState;
  /** Wallet screening; wallet ingestion installs its lookup index. */
  readonly wallets: WalletService;
  /** Stops accepting, lets in-flight calls finish (each writes its record first), then closes the store. */
  close(): Promise<void>;
}

export async function createService(
  config: Config,
  opts: { logger?: FastifyServerOptions['logger']; store?: Store } = {},
): Promise<Service> {
  const core = await createCore(config, opts.store);
  const rateLimiter = config.redisUrl ? redisRateLimiter(config.redisUrl) : memoryRateLimiter();
  const usageRecorder = new UsageRecorder(core.store, { batchMax: config.usageBatchMax });
  // Sources are registered by list ingestion; until then nothing is carried and screening fails closed.
  const lists = new ListState([]);
  const wallets = new WalletService({ maxBulkItems: config.maxBulkItems });
  const app = await buildServer({
    config,
    store: core.store,
    accounts: core.accounts,
    usage: new UsageService(core.store),
    usageRecorder,
    rateLimiter,
    lists,
    screening: new ScreeningService(lists, { maxBulkItems: config.maxBulkItems }),
    wallets,
    adverseMedia: null,
    logger: opts.logger,
  });
  let closing: Promise<void> | null = null;
  return {
    app,
    core,
    rateLimiter,
    lists,
    wallets,
    close() {
      closing ??= (async () => {
        await app.close();
        await usageRecorder.drain();
        await rateLimiter.close();
        await core.close();
      })();
      return closing;
    },
  };
}
