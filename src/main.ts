// Composition root of the server: config -> store -> services -> http. With core.ts, the only place that picks concrete adapters.
import type { FastifyPluginAsync, FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import { createMetrics, registerListMetrics, type HttpMetrics } from './http/metrics.js';
import { buildServer, type App } from './http/server.js';
import { memoryRateLimiter, type RateLimiter } from './rate-limit/rate-limiter.js';
import { redisRateLimiter } from './rate-limit/redis-rate-limiter.js';
import type { ListState } from './services/list-state.js';
import { ScreeningService } from './services/screening/screening-service.js';
import { EffectivenessService } from './services/effectiveness/effectiveness-service.js';
import { UsageRecorder } from './services/usage/usage-recorder.js';
import { UsageService } from './services/usage/usage-service.js';
import { HealthService, thisProcess } from './services/health/health-service.js';
import { PgClusterListener } from './store/postgres/pg-cluster-listener.js';
import { UsageRetention } from './services/usage/usage-retention.js';
import { BulkWorkerPool } from './services/screening/bulk-worker-pool.js';
import { buildNameIndexAsync } from './services/screening/build-name-index.js';
import { warmUpSearches } from './services/screening/warm-up-searches.js';
import { NameIndexLoader } from './services/screening/name-index-loader.js';
import { WalletLoader, walletFeeds } from './services/wallets/wallet-loader.js';
import { WalletService } from './services/wallets/wallet-service.js';
import { createCore, createLists, type Core } from './core.js';
import type { NotCarried } from './services/lists/carried-lists.js';
import type { ListSource } from './lists/list-source.js';
import { SOURCES } from './lists/registry.js';
import type { ListService } from './services/lists/list-service.js';
import { ListChanges } from './services/lists/list-changes.js';
import { AlertsService } from './services/monitoring/alerts-service.js';
import { DeltaScreener } from './services/monitoring/delta-screening.js';
import { Rescreen } from './services/monitoring/rescreen.js';
import { SubjectsService } from './services/monitoring/subjects-service.js';
import { LiveSubjectIndex } from './services/monitoring/live-subject-index.js';
import { SubjectIndex } from './services/monitoring/subject-index.js';
import type { Store } from './store/store.js';
import { WebhooksService } from './services/webhooks/webhooks-service.js';
import { WebhookDeliveryWorker } from './services/webhooks/webhook-delivery-worker.js';
import { OpenAiAnalyst } from './adverse-media/llm/openai-analyst.js';
import { observedAnalyst, observedSearch, type ObserveUpstream } from './adverse-media/observed-upstreams.js';
import { createSearchProvider } from './adverse-media/search/search-providers.js';
import type { AdverseMediaScreener } from './services/adverse-media/adverse-media-request.js';
import { AdverseMediaService } from './services/adverse-media/adverse-media-service.js';

const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;

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
  /** The full re-screen of monitored subjects (after an engine change). */
  readonly rescreen: Rescreen;
  /**
   * The process's in-memory index of monitored subjects (delta screening). Another process's notification that
   * subjects changed schedules its catch-up; a reconnected listener makes it re-read every subject.
   */
  readonly subjectIndex: LiveSubjectIndex;
  /** Stops accepting, lets in-flight calls finish (each writes its record first), then closes the store. */
  close(): Promise<void>;
}

export async function createService(
  config: Config,
  opts: {
    logger?: FastifyServerOptions['logger'];
    store?: Store;
    sources?: readonly ListSource[];
    /** Routes added beside the built-in ones (embedding, tests); held to the same access rules. */
    extraRoutes?: FastifyPluginAsync;
    /** SQLite: checkpoint the WAL in a worker thread, off the request path (`serve` sets it). */
    backgroundCheckpoints?: boolean;
  } = {},
): Promise<Service> {
  const core = await createCore(config, opts.store, {
    ...(opts.backgroundCheckpoints ? { backgroundCheckpoints: true } : {}),
  });
  const rateLimiter = config.redisUrl
    ? redisRateLimiter(config.redisUrl, { commandTimeoutMs: config.redisTimeoutMs })
    : memoryRateLimiter();
  // Until Redis answers, calls would only be counted by the per-process fallback limiter.
  await rateLimiter.ready(5_000);
  const usageRecorder = new UsageRecorder(core.store, { batchMax: config.usageBatchMax });
  // Every list the registry names, carried here or not (the catalog, the change feed and the admin routes know them).
  const registered = new Set((opts.sources ?? SOURCES).map((s) => s.slug));
  const { lists, listService, notCarried, keptWithoutFiles } = await createLists(
    config,
    core.store,
    opts.sources ?? SOURCES,
  );
  const wallets = new WalletService({ maxBulkItems: config.maxBulkItems });
  const walletLoader = new WalletLoader(core.store, listService, wallets, walletFeeds(listService.sources));
  listService.onChange((changed) => walletLoader.onListsChanged(changed));
  listService.servedByWallets(() => wallets.lookupLists);
  const metrics = createMetrics();
  registerListMetrics(metrics.registry, () => listService.catalog());
  listService.onOutcome((o) => {
    if (o.status === 'failed') metrics.listRefreshFailures.inc({ list: o.slug });
  });
  const pool = config.bulkWorker ? new BulkWorkerPool(config.bulkWorkerThreads) : null;
  let warmedUp = false;
  const nameIndex = new NameIndexLoader(
    core.store,
    listService,
    lists,
    async (entries) => {
      const stop = metrics.indexBuild.startTimer();
      // Rebuilt on every list change from nearly the same names: keep the token keys for the next build.
      const index = await buildNameIndexAsync(entries, pool, { reuseKeys: true });
      stop();
      // Before the first index serves: the engine's code optimised on the index's own names, not on the first
      // callers' time. Once per process: later indexes run the same code, already optimised.
      if (!warmedUp) {
        warmedUp = true;
        await warmUpSearches(index);
      }
      metrics.indexNames.set(entries.length);
      return index;
    },
    (version, index) => pool?.load(version, index.data),
  );
  listService.onChange((changed) => nameIndex.onListsChanged(changed));
  const self = thisProcess();
  // After the name index: a list change is screened against the subjects on the index that now serves. Once per
  // cluster: each version's run (queued with its commit) is claimed by one process. One subject index per process,
  // built lazily and caught up before each delta screening.
  const subjectIndex = new LiveSubjectIndex(core.store, {
    build: (subjects) => SubjectIndex.build(subjects, pool),
  });
  const delta = new DeltaScreener(core.store, lists, (slug) => listService.currentVersion(slug), null, {
    processId: self.id,
    subjects: subjectIndex,
  });
  const rescreen = new Rescreen(core.store, lists);
  const rescreenDue = await rescreen.prime();
  listService.onChange(async (changed) => {
    // A failed delta screening is logged and retried; it never fails the refresh that committed the version.
    await delta.onListsChanged(changed).catch(() => undefined);
  });
  // Several processes on one PostgreSQL: a version committed by any of them is loaded by all at once (LISTEN), the
  // 60 s sync stays as the fallback. SQLite serves one process: nothing to listen to.
  const listener =
    config.databaseUrl !== null && (opts.store === undefined || opts.store.dialect === 'postgres')
      ? new PgClusterListener({ url: config.databaseUrl })
      : null;
  if (listener) listService.followCluster(listener);
  // Monitored subjects changed in another process (`store.notifyCluster({ kind: 'subjects_changed' })`): the
  // subject index catches up with the writes (by updated_at). Notices sent while the listener was away are lost,
  // so a (re)connection makes it re-read every subject.
  listener?.onEvent((e) => {
    if (e.kind === 'subjects_changed') subjectIndex.subjectsChanged();
  });
  listener?.onConnected(() => subjectIndex.invalidate());
  const deliveries = new WebhookDeliveryWorker(core.store, {
    timeoutMs: config.webhooks.timeoutMs,
    retryBaseMs: config.webhooks.retryBaseMs,
    pollMs: config.webhooks.pollMs,
  });
  const app = await buildServer(
    {
      config,
      accounts: core.accounts,
      usage: new UsageService(core.store),
      usageRecorder,
      rateLimiter,
      health: new HealthService({
        store: core.store,
        lists,
        rateLimiter,
        readinessTimeoutMs: config.readinessTimeoutMs,
        process: self,
        servedVersions: () => listService.servedVersions(),
        clusterListening: () => (listener ? listener.status().listening : null),
      }),
      screening: new ScreeningService(lists, {
        maxBulkItems: config.maxBulkItems,
        pool,
        onMatches: (matches) => {
          for (const m of matches) metrics.screeningHits.inc({ list: m.list });
        },
      }),
      effectiveness: new EffectivenessService(lists),
      wallets,
      adverseMedia: adverseMediaScreener(config, upstreamObserver(metrics)),
      listService,
      changes: new ListChanges(core.store, registered),
      subjects: new SubjectsService(core.store, lists, () => subjectIndex.subjectsChanged()),
      rescreen,
      alerts: new AlertsService(core.store),
      webhooks: new WebhooksService(
        core.store,
        {
          allowLoopback: config.webhooks.allowLoopback,
          allowLinkLocal: config.webhooks.allowLinkLocal,
          ownPort: config.port,
        },
        undefined,
        () => void deliveries.tick(),
      ),
      registered: (slug) => registered.has(slug),
      metrics,
      logger: opts.logger,
    },
    { extraRoutes: opts.extraRoutes },
  );
  listService.useLogger(app.log);
  delta.useLogger(app.log);
  if (rescreenDue)
    app.log.warn(
      'the matching engine changed since the monitored subjects were last screened: run a full re-screen ' +
        '(POST /api/v2/subjects/rescreen as an admin, or `npm run cli -- subjects rescreen`)',
    );
  deliveries.useLogger(app.log);
  if (listener) {
    listener.useLogger(app.log);
    await listener.start();
  }
  logCarried(app.log, config, listService.sources, notCarried, keptWithoutFiles);
  await listService.start({
    loadMissing: config.listsDir !== null || config.lists.refreshIntervalMinutes > 0,
  });
  deliveries.start();
  delta.start(listService.sources.map((s) => s.slug));
  // Runs left pending (a process died mid-run, or the cluster was down) are taken up now.
  void delta.drain().catch(() => undefined);
  // Once a day (and at start); on PostgreSQL only the process holding the retention lock deletes.
  const retention = new UsageRetention(core.store, { retentionDays: config.retentionDays });
  retention.start(RETENTION_INTERVAL_MS, (pass) => {
    if (pass instanceof Error) app.log.error({ err: pass }, 'usage retention pass failed; retried tomorrow');
    else if (pass.batches > 0)
      app.log.info(pass, `usage retention: deleted ${pass.records} records committed before ${pass.cutoff}`);
  });
  let closing: Promise<void> | null = null;
  return {
    app,
    core,
    rateLimiter,
    lists,
    wallets,
    listService,
    rescreen,
    subjectIndex,
    close() {
      closing ??= (async () => {
        listService.stop();
        await listener?.close();
        await delta.stop();
        await deliveries.stop();
        await retention.stop();
        await app.close();
        await rescreen.stop();
        await subjectIndex.stop();
        await usageRecorder.drain();
        await rateLimiter.close();
        await pool?.close();
        await core.close();
      })();
      return closing;
    },
  };
}

/** Says at start which lists this deployment carries (screening waits for each) and why the others are left out. */
function logCarried(
  log: App['log'],
  config: Config,
  carried: readonly ListSource[],
  notCarried: readonly NotCarried[],
  keptWithoutFiles: readonly string[],
): void {
  const from = config.lists.enabled
    ? 'SCREENING_LISTS'
    : config.listsDir
      ? `LISTS_DIR ${config.listsDir}`
      : config.lists.mirrorUrl
        ? 'the mirror'
        : 'the publishers';
  log.info(
    { carried: carried.map((s) => s.slug), not_carried: notCarried.map((n) => n.source.slug) },
    `carrying ${carried.length} lists (from ${from}): ${carried.map((s) => s.slug).join(', ') || 'none'}`,
  );
  for (const slug of keptWithoutFiles)
    log.warn(
      { list: slug },
      `list ${slug} is still carried on its last loaded version: it loaded in this store before, but its files are not where this deployment looks for them now`,
    );
  // An explicit choice needs no warning per list left out; any other omission says why, list by list.
  if (config.lists.enabled && notCarried.length > 0)
    log.info(
      `not carried (not named in SCREENING_LISTS): ${notCarried.map((n) => n.source.slug).join(', ')}`,
    );
  else
    for (const { source, reason } of notCarried)
      log.warn({ list: source.slug, reason }, `list ${source.slug} is not carried: ${reason}`);
  if (carried.length === 0)
    log.error(
      'no list is carried, so screening answers 503; put the lists in LISTS_DIR (`screening lists layout` shows how)',
    );
}

/**
 * Adverse media needs a search key (without one both endpoints answer 503 "not configured"); the analyst needs a
 * model and an address or key (without them screenings return unjudged articles, analysis unavailable).
 */
function adverseMediaScreener(config: Config, observe: ObserveUpstream): AdverseMediaScreener | null {
  const { search, llm } = config;
  if (!search.apiKey) return null;
  const provider = createSearchProvider(search.provider, {
    apiKey: search.apiKey,
    baseUrl: search.baseUrl,
    timeoutMs: search.timeoutMs,
  });
  const analyst =
    llm.model && (llm.baseUrl || llm.apiKey)
      ? observedAnalyst(
          new OpenAiAnalyst({
            baseUrl: llm.baseUrl,
            apiKey: llm.apiKey,
            model: llm.model,
            timeoutMs: llm.timeoutMs,
          }),
          observe,
        )
      : null;
  return new AdverseMediaService({
    search: observedSearch(provider, observe),
    analyst,
    concurrency: llm.concurrency,
  });
}

/** Adverse media upstream calls into the metrics: a count by outcome and a duration histogram. */
function upstreamObserver(metrics: HttpMetrics): ObserveUpstream {
  return (upstream, outcome, seconds) => {
    metrics.upstreamCalls.inc({ upstream, outcome });
    metrics.upstreamDuration.observe({ upstream }, seconds);
  };
}
