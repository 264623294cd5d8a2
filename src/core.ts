// The parts of the composition shared by the server and every CLI verb: the store, accounts and lists.
// Kept free of the HTTP stack so CLI verbs start quickly.
import type { Config } from './config.js';
import type { FileOrigin } from './ingest/acquire-files.js';
import type { ListSource } from './lists/list-source.js';
import { withApiKeys } from './lists/registry.js';
import { AccountsService } from './services/accounts/accounts-service.js';
import { ListState } from './services/list-state.js';
import { chooseCarried, type NotCarried } from './services/lists/carried-lists.js';
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

/**
 * Opens the store (migrating it) and builds the account services; used by every CLI verb. `server` tunes the store
 * for the long-running server (SQLite checkpoints in a worker thread).
 */
export async function createCore(
  config: Config,
  given?: Store,
  server: { backgroundCheckpoints?: boolean } = {},
): Promise<Core> {
  const store = given ?? (await openStore(storeOptionsFromConfig(config, server)));
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
      userAgent: config.lists.userAgent,
    },
  };
}

/** The list state (fail-closed gate) and the service that keeps it current, for the server and the CLI. */
export async function createLists(
  config: Config,
  store: Store,
  all: readonly ListSource[],
  fromDir?: string,
): Promise<{
  lists: ListState;
  listService: ListService;
  /** The registered lists this deployment does not carry, with the reason (the catalog shows them too). */
  notCarried: readonly NotCarried[];
  /** Carried only because they loaded before (their files are gone): they serve their last version. */
  keptWithoutFiles: readonly string[];
}> {
  // Keys first: a keyed source no longer needs an operator, so it joins the default set.
  const keyed = withApiKeys(all, config.lists.apiKeys);
  const everLoaded = new Set(
    (await store.listStatuses()).filter((s) => s.currentVersionId !== null).map((s) => s.slug),
  );
  const {
    carried: sources,
    notCarried,
    keptWithoutFiles,
  } = chooseCarried(keyed, {
    enabled: config.lists.enabled,
    listsDir: fromDir ?? config.listsDir,
    mirrorUrl: config.lists.mirrorUrl,
    everLoaded,
  });
  // Name screening and entry details see name lists only; wallet-only sources feed wallet screening.
  const carried = sources.filter((s) => (s.purpose ?? 'names') === 'names').map((s) => s.slug);
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
    hold: config.lists.hold,
    refreshIntervalMinutes: config.lists.refreshIntervalMinutes,
    concurrency: config.lists.downloadConcurrency,
    registry: keyed,
    notCarried,
  });
  return { lists, listService, notCarried, keptWithoutFiles };
}
