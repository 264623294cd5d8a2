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
import type { FileOrigin } from './ingest/acquire-files.js';
import type { ListSource } from './lists/list-source.js';
import { SOURCES, enabledSources } from './lists/registry.js';
import { ListService } from './services/lists/list-service.js';
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
  /** List ingestion, refresh schedule and catalog. */
  readonly listService: ListService;
  /** Stops accepting, lets in-flight calls finish (each writes its record first), then closes the store. */
  close(): Promise<void>;
}

export async function createService(
  config: Config,
  opts: { logger?: FastifyServerOptions['logger']; store?: Store; sources?: readonly ListSource[] } = {},
): Promise<Service> {
  const core = await createCore(config, opts.store);
  const rateLimiter = config.redisUrl ? redisRateLimiter(config.redisUrl) : memoryRateLimiter();
  const usageRecorder = new UsageRecorder(core.store, { batchMax: config.usageBatchMax });
  const { lists, listService } = createLists(config, core.store, opts.sources ?? SOURCES);
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
    listService,
    logger: opts.logger,
  });
  listService.useLogger(app.log);
  await listService.start({
    loadMissing: config.listsDir !== null || config.lists.refreshIntervalMinutes > 0,
  });
  let closing: Promise<void> | null = null;
  return {
    app,
    core,
    rateLimiter,
    lists,
    wallets,
    listService,
    close() {
      closing ??= (async () => {
        listService.stop();
        await app.close();
        await usageRecorder.drain();
        await rateLimiter.close();
        await core.close();
      })();
      return closing;
    },
  };
}

/** Where list files come from: LISTS_DIR (local mode) or downloads from the publishers or a mirror. */
export function fileOrigin(config: Config, fromDir?: string): FileOrigin {
  const dir = fromDir ?? config.listsDir;
  if (dir) return { kind: 'local', dir };
  return {
    kind: 'remote',
    mirrorUrl: config.lists.mirrorUrl,
    download: {
      timeoutMs: config.lists.downloadTimeoutMs,
      retries: config.lists.downloadRetries,
      userAgent: 'screening-service/0.1 (+https://github.com/; compliance list ingestion)',
    },
  };
}

/** The list state (fail-closed gate) and the service that keeps it current, for the server and the CLI. */
export function createLists(
  config: Config,
  store: Store,
  all: readonly ListSource[],
  fromDir?: string,
): { lists: ListState; listService: ListService } {
  const sources = enabledSources(all, config.lists.enabled);
  const carried = sources.map((s) => s.slug);
  const lists = new ListState(carried);
  lists.entries = {
    async byExactName(name) {
      const found = await store.findRecordsByExactName(name);
      return Object.fromEntries(Object.entries(found).filter(([slug]) => carried.includes(slug)));
    },
  };
  const listService = new ListService(store, sources, lists, {
    origin: fileOrigin(config, fromDir),
    maxRecordDrop: config.lists.maxRecordDrop,
    refreshIntervalMinutes: config.lists.refreshIntervalMinutes,
  });
  return { lists, listService };
}
