// Keeps this process's lists current: loads committed versions at start, refreshes on a schedule (one
// refresh at a time, one ingesting process at a time), lets an admin accept or reject a version held for
// review, and reports the catalog.
import type { FactsCoverage } from '../../domain/facts.js';
import { conflict, notFound } from '../../errors.js';
import type { FileOrigin } from '../../ingest/acquire-files.js';
import type { HoldRule } from '../../ingest/hold-rule.js';
import { ingestSource, type IngestOutcome } from '../../ingest/ingest-source.js';
import type { ListSource } from '../../lists/list-source.js';
import type { HeldVersion, ListStatus } from '../../store/list-store.js';
import type { Store } from '../../store/store.js';
import type { ListState } from '../list-state.js';
import type { ListVersionRef } from '../../domain/usage.js';
import type { NotCarried } from './carried-lists.js';

/**
 * How often a process checks the store for versions committed by another process. The fallback: with PostgreSQL
 * a committed version is announced at once (`followCluster`), and every reconnection of the listener re-syncs.
 */
const SYNC_INTERVAL_MS = 60_000;

/** The cluster notifications the list service follows (PostgreSQL LISTEN; see `PgClusterListener`). */
export interface ClusterFeed {
  onEvent(handler: (e: { readonly kind: string }) => void): void;
  onConnected(handler: () => void): void;
}

/** One row of the catalog (GET /api/v2/lists, `lists` CLI). */
export interface CatalogRow {
  readonly slug: string;
  readonly title: string;
  readonly publisher: string;
  readonly legacy: boolean;
  readonly format: string;
  readonly cadence: string;
  /**
   * `held_for_review`: a new version waits for an admin; the current one (record_count) keeps serving.
   * `not_carried`: registered but left out of this deployment (`reason` says why); screening does not wait for it.
   */
  readonly status: 'fresh' | 'stale' | 'held_for_review' | 'failed' | 'never_loaded' | 'not_carried';
  /** Why a list is not carried (status `not_carried`); null otherwise. */
  readonly reason: string | null;
  readonly record_count: number | null;
  readonly data_date: string | null;
  /** Whole days from the data date the publication states to now: how old the data is, not when it was fetched. */
  readonly data_age_days: number | null;
  readonly fetched_at: string | null;
  readonly last_attempt_at: string | null;
  readonly last_success_at: string | null;
  readonly last_error: string | null;
  readonly held_version: HeldVersionView | null;
  /** The version current in the store (the cluster's); null when none. */
  readonly version_id: string | null;
  /**
   * The version this process answers from; it differs from `version_id` only for the moment a process takes to
   * load a version another process committed (null: not loaded here yet).
   */
  readonly served_version_id: string | null;
  /** How many entries carry each fact; null until the index over the serving version is built. */
  readonly facts_coverage: FactsCoverage | null;
}

/** The version a list holds for review, as the catalog shows it. */
export interface HeldVersionView {
  readonly id: string;
  readonly fetched_at: string;
  readonly data_date: string | null;
  readonly record_count: number;
  /** Entries of the serving version it no longer has (by source_uid). */
  readonly removed: number;
  readonly added: number;
  /** Same source_uid, different published record. */
  readonly changed: number;
  readonly reason: string;
}

/** The few logger methods list maintenance uses (pino's shape, without depending on it). */
export interface ListLog {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
}

/** Settings of list maintenance. */
export interface ListServiceOptions {
  readonly origin: FileOrigin;
  readonly maxRecordDrop: number;
  /** A new version removing more entries than this allows is held for an admin instead of served. */
  readonly hold: HoldRule;
  /** 0 disables the schedule and the start-up refresh. */
  readonly refreshIntervalMinutes: number;
  /** Lists refreshed at once (default 4): downloads run side by side, parse and commit take turns. */
  readonly concurrency?: number;
  /** Every registered source, for the catalog (default: the carried ones). */
  readonly registry?: readonly ListSource[];
  /** Registered sources this deployment does not carry, with the reason the catalog gives. */
  readonly notCarried?: readonly NotCarried[];
  readonly log?: ListLog;
}

/** Called after a list version becomes current in this process (the name index rebuilds on it). */
export type ListsChanged = (changed: readonly string[]) => Promise<void> | void;

export class ListService {
  #running: Promise<IngestOutcome[]> | null = null;
  #timer: NodeJS.Timeout | null = null;
  #syncTimer: NodeJS.Timeout | null = null;
  readonly #versions = new Map<string, string>();
  readonly #listeners: ListsChanged[] = [];

  constructor(
    private readonly store: Store,
    readonly sources: readonly ListSource[],
    private readonly state: ListState,
    private readonly opts: ListServiceOptions,
  ) {
    this.#log = opts.log;
  }

  #log: ListServiceOptions['log'];

  /** Sends refresh outcomes to the server's logger. */
  useLogger(log: NonNullable<ListServiceOptions['log']>): void {
    this.#log = log;
  }

  onChange(listener: ListsChanged): void {
    this.#listeners.push(listener);
  }

  readonly #outcomeListeners: Array<(o: IngestOutcome) => void> = [];

  /** Told about every refresh outcome (scheduled or asked for), as it happens: metrics count failures with it. */
  onOutcome(listener: (o: IngestOutcome) => void): void {
    this.#outcomeListeners.push(listener);
  }

  /** Loads the versions already committed (by this or another process); fast, no download. */
  async syncFromStore(): Promise<string[]> {
    const statuses = new Map((await this.store.listStatuses()).map((s) => [s.slug, s]));
    const changed: string[] = [];
    for (const source of this.sources) {
      const s = statuses.get(source.slug);
      // The last attempt (of this or another process) failed and nothing ever loaded: say so, not "not loaded yet".
      if (!s?.currentVersionId && s?.lastError) this.state.markFailed(source.slug, s.lastError);
      if (!s?.currentVersionId || this.#versions.get(source.slug) === s.currentVersionId) continue;
      this.#versions.set(source.slug, s.currentVersionId);
      this.state.markLoaded({
        slug: source.slug,
        recordCount: s.recordCount ?? 0,
        dataDate: s.dataDate,
        loadedAt: s.fetchedAt ?? new Date().toISOString(),
      });
      changed.push(source.slug);
    }
    // The listeners (the name index rebuild among them) run one change at a time, in order; a caller returns once
    // every change read so far is applied here, including one another sync read first (a refresh answers with its
    // version served, even when the cluster notification had this process read it a moment before).
    if (changed.length > 0) {
      const run = this.#applying.then(async () => {
        for (const l of this.#listeners) await l(changed);
      });
      this.#applying = run.catch(() => undefined);
      await run;
    } else await this.#applying;
    return changed;
  }

  #applying: Promise<void> = Promise.resolve();

  /** The version of a list this process serves. */
  currentVersion(slug: string): string | undefined {
    return this.#versions.get(slug);
  }

  /**
   * Every carried list's served version (readiness shows them; absent: not served here yet). A name list is served
   * once the name index built from it answers searches, not when its version is read from the store: between the
   * two, searches (and their usage records) still run on the previous index, and this says so.
   */
  servedVersions(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const slug of this.#versions.keys()) {
      const v = this.#servedVersionId(slug);
      if (v !== null) out[slug] = v;
    }
    return out;
  }

  /**
   * The version this process answers from: the name index's for a name list; for a wallet-only list the wallet
   * index's (when one is told, `servedByWallets`), else the version loaded.
   */
  #servedVersionId(slug: string): string | null {
    const from = (refs: readonly ListVersionRef[]) => refs.find((r) => r.slug === slug)?.version_id ?? null;
    if (this.state.carried.includes(slug)) return from(this.state.searcherLists);
    if (this.#walletLists !== null) return from(this.#walletLists());
    return this.#versions.get(slug) ?? null;
  }

  #walletLists: (() => readonly ListVersionRef[]) | null = null;

  /** The versions the wallet index answers from: wallet-only lists are served once it is built from them. */
  servedByWallets(lists: () => readonly ListVersionRef[]): void {
    this.#walletLists = lists;
  }

  #syncing: Promise<unknown> = Promise.resolve();
  #syncQueued = false;

  /**
   * Syncs from the store soon: one sync at a time, and calls arriving while one runs share the next (a burst of
   * notifications costs one extra read).
   */
  syncSoon(): Promise<unknown> {
    if (this.#syncQueued) return this.#syncing;
    this.#syncQueued = true;
    this.#syncing = this.#syncing.then(async () => {
      this.#syncQueued = false;
      this.#catalog = null;
      await this.syncFromStore().catch((err: unknown) => this.#log?.error({ err }, 'list sync failed'));
    });
    return this.#syncing;
  }

  /**
   * Follows the other processes: a version committed anywhere (the store notifies in the commit's transaction)
   * is loaded here at once; after the listener (re)connects the store is re-read, since notifications sent
   * meanwhile are lost. The 60 s sync keeps running as the fallback.
   */
  followCluster(feed: ClusterFeed): void {
    feed.onEvent((e) => {
      if (e.kind === 'list_version') void this.syncSoon();
    });
    feed.onConnected(() => void this.syncSoon());
  }

  /** The version this process serves with its data date, as a usage record names it. */
  servedVersion(slug: string): ListVersionRef | undefined {
    const id = this.#versions.get(slug);
    return id === undefined
      ? undefined
      : { slug, version_id: id, data_date: this.state.loaded(slug)?.dataDate ?? null };
  }

  /**
   * Refreshes the named sources (all when omitted). Never two at once in this process; across processes
   * the store's ingestion lock lets one ingest while the others pick the result up from the store.
   */
  refresh(
    slugs?: readonly string[],
    hooks: {
      onStart?: (s: ListSource) => void;
      onProgress?: (s: ListSource, parsed: number) => void;
      onDone?: (o: IngestOutcome) => void;
    } = {},
  ): Promise<IngestOutcome[]> {
    if (this.#running) return this.#running;
    const unknown = (slugs ?? []).filter((s) => !this.sources.some((x) => x.slug === s));
    if (unknown.length > 0)
      return Promise.reject(new Error(`unknown or disabled list: ${unknown.join(', ')}`));
    const chosen = slugs ? this.sources.filter((s) => slugs.includes(s.slug)) : this.sources;
    this.#running = (async () => {
      const outcomes: IngestOutcome[] = [];
      const results: Array<IngestOutcome | undefined> = [];
      try {
        const ran = await this.store.withIngestLock(async () => {
          const statuses = new Map((await this.store.listStatuses()).map((s) => [s.slug, s]));
          const exclusive = takingTurns();
          let next = 0;
          const worker = async () => {
            while (next < chosen.length) {
              const i = next++;
              const source = chosen[i]!;
              hooks.onStart?.(source);
              const outcome = await ingestSource(source, this.store, statuses.get(source.slug), {
                origin: this.opts.origin,
                maxRecordDrop: source.maxRecordDrop ?? this.opts.maxRecordDrop,
                hold: this.opts.hold,
                onProgress: (n) => hooks.onProgress?.(source, n),
                exclusive,
              });
              results[i] = outcome;
              hooks.onDone?.(outcome);
              for (const l of this.#outcomeListeners) l(outcome);
              this.#catalog = null;
              this.#report(outcome);
            }
          };
          const width = Math.min(Math.max(1, this.opts.concurrency ?? 4), chosen.length);
          await Promise.all(Array.from({ length: width }, worker));
        });
        outcomes.push(...results.filter((o): o is IngestOutcome => o !== undefined));
        if (!ran) this.#log?.info('another process is ingesting; picking up its versions');
        await this.syncFromStore();
        return outcomes;
      } finally {
        this.#running = null;
      }
    })();
    return this.#running;
  }

  /**
   * Refreshes one list now (admin): waits for a refresh already running in this process, then runs this list's, the
   * same as the scheduled one. 404 for a list not registered, 409 when it is not carried here or another process
   * holds the ingestion lock (its result reaches this process from the store).
   */
  async refreshNow(slug: string, registered: (slug: string) => boolean): Promise<IngestOutcome> {
    if (!this.sources.some((s) => s.slug === slug)) {
      if (registered(slug))
        throw conflict(`list ${slug} is not carried by this server (see SCREENING_LISTS and the catalog)`);
      throw notFound(`no list ${slug}`);
    }
    // A refresh in progress answers for its own lists: wait it out, then start this one (nothing awaits between
    // the check and the call, so the run started is ours).
    for (let attempt = 0; attempt < 10; attempt++) {
      await this.idle();
      if (this.#running) continue;
      const outcome = (await this.refresh([slug])).find((o) => o.slug === slug);
      if (outcome) return outcome;
      throw conflict(
        `another process is refreshing lists now; ${slug} was not refreshed here (try again when it has finished)`,
      );
    }
    throw conflict(`refreshes keep running in this process; ${slug} was not refreshed (try again shortly)`);
  }

  /** Logs an outcome in words; "previous version keeps serving" only when there is one. */
  #report(outcome: IngestOutcome): void {
    const list = outcome.slug;
    if (outcome.status === 'failed') {
      if (outcome.versionId === null) {
        this.state.markFailed(list, outcome.error ?? 'unknown error');
        this.#log?.error(
          { list, error: outcome.error },
          'list failed to load; it has no earlier version, so screening waits for it',
        );
      } else
        this.#log?.warn(
          { list, error: outcome.error },
          'list refresh failed; previous version keeps serving',
        );
    } else if (outcome.status === 'held')
      this.#log?.warn(
        { list, version: outcome.versionId, reason: outcome.heldReason },
        'new list version held for review; previous version keeps serving',
      );
    else this.#log?.info({ list, status: outcome.status, records: outcome.recordCount }, 'list refreshed');
  }

  /** Makes the list's held version current (admin review); the name index rebuilds through onChange. */
  async acceptHeld(slug: string, versionId: string): Promise<CatalogRow> {
    const held = await this.#held(slug, versionId);
    if (!(await this.store.acceptHeldVersion(slug, versionId, new Date().toISOString())))
      throw conflict(`version ${versionId} of ${slug} is no longer held for review`);
    this.#catalog = null;
    this.#log?.warn(
      { list: slug, version: versionId, removed: held.removed, added: held.added, changed: held.changed },
      'held list version accepted; it now serves',
    );
    await this.syncFromStore();
    return this.#row(slug);
  }

  /** Discards the list's held version (admin review); the catalog's last error says it was rejected. */
  async rejectHeld(slug: string, versionId: string): Promise<CatalogRow> {
    const held = await this.#held(slug, versionId);
    const at = new Date().toISOString();
    const error =
      `version ${versionId} (fetched ${held.fetchedAt}, ${held.reason}) was rejected by an admin at ${at}; ` +
      'the previous version keeps serving until the publisher changes the file';
    if (!(await this.store.dropHeldVersion(slug, versionId, at, { error })))
      throw conflict(`version ${versionId} of ${slug} is no longer held for review`);
    this.#catalog = null;
    this.#log?.warn({ list: slug, version: versionId }, 'held list version rejected');
    return this.#row(slug);
  }

  /** The held version named, or a 404 (unknown list or version) / 409 (a version not held). */
  async #held(slug: string, versionId: string): Promise<HeldVersion> {
    if (!this.sources.some((s) => s.slug === slug)) throw notFound(`no list ${slug}`);
    const version = await this.store.findListVersion(versionId);
    if (!version || version.slug !== slug) throw notFound(`list ${slug} has no version ${versionId}`);
    const status = (await this.store.listStatuses()).find((s) => s.slug === slug);
    if (status?.held?.id !== versionId)
      throw conflict(
        `version ${versionId} of ${slug} is not held for review (${
          status?.currentVersionId === versionId ? 'it is the serving version' : 'it is an earlier version'
        })`,
      );
    return status.held;
  }

  async #row(slug: string): Promise<CatalogRow> {
    return (await this.#readCatalog()).find((r) => r.slug === slug)!;
  }

  /** Loads what is committed, refreshes (in the background) lists never loaded, and schedules refreshes. */
  async start(opts: { loadMissing: boolean }): Promise<void> {
    await this.syncFromStore();
    const missing = this.sources.filter((s) => !this.#versions.has(s.slug)).map((s) => s.slug);
    if (opts.loadMissing && missing.length > 0) this.#background(missing);
    // Another process may have committed a new version (it holds the ingestion lock): pick it up soon.
    this.#syncTimer = setInterval(() => {
      if (!this.#running) void this.syncSoon();
    }, SYNC_INTERVAL_MS);
    this.#syncTimer.unref();
    if (this.opts.refreshIntervalMinutes <= 0) return;
    this.#timer = setInterval(() => this.#background(), this.opts.refreshIntervalMinutes * 60_000);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    if (this.#syncTimer) clearInterval(this.#syncTimer);
    this.#timer = null;
    this.#syncTimer = null;
  }

  /** Waits for a refresh in progress, if any. */
  async idle(): Promise<void> {
    await this.#running?.catch(() => undefined);
  }

  #catalog: { rows: Promise<CatalogRow[]>; until: number } | null = null;

  /** The catalog, cached for a moment (it is read on every GET /api/v2/lists); refreshes invalidate it. */
  async catalog(): Promise<CatalogRow[]> {
    const now = Date.now();
    if (!this.#catalog || this.#catalog.until <= now) {
      const rows = this.#readCatalog();
      this.#catalog = { rows, until: now + 2_000 };
      rows.catch(() => (this.#catalog = null));
    }
    // The served version is this process's, read now (the cached part is the store's).
    return (await this.#catalog.rows).map((r) => ({
      ...r,
      served_version_id: this.#servedVersionId(r.slug),
    }));
  }

  async #readCatalog(): Promise<CatalogRow[]> {
    const statuses = new Map((await this.store.listStatuses()).map((s) => [s.slug, s]));
    const left = new Map((this.opts.notCarried ?? []).map((n) => [n.source.slug, n.reason]));
    const registry = this.opts.registry ?? this.sources;
    const now = Date.now();
    return registry
      .filter((source) => left.has(source.slug) || this.sources.some((c) => c.slug === source.slug))
      .map((source) => {
        const s = statuses.get(source.slug);
        const reason = left.get(source.slug) ?? null;
        const dataDate = s?.currentVersionId ? s.dataDate : null;
        return {
          slug: source.slug,
          title: source.title,
          publisher: source.publisher,
          legacy: source.legacy,
          format: source.format,
          cadence: source.cadence,
          status: reason !== null ? 'not_carried' : statusOf(s),
          reason,
          record_count: s?.currentVersionId ? s.recordCount : null,
          data_date: dataDate,
          data_age_days: ageInDays(dataDate, now),
          fetched_at: s?.currentVersionId ? s.fetchedAt : null,
          last_attempt_at: s?.lastAttemptAt ?? null,
          last_success_at: s?.lastSuccessAt ?? null,
          last_error: s?.lastError ?? null,
          held_version: s?.held ? heldView(s.held) : null,
          version_id: s?.currentVersionId ?? null,
          served_version_id: this.#servedVersionId(source.slug),
          facts_coverage: reason !== null ? null : (this.state.factsCoverage.get(source.slug) ?? null),
        };
      });
  }

  #background(slugs?: readonly string[]): void {
    this.refresh(slugs).catch((err: unknown) => this.#log?.error({ err }, 'list refresh crashed'));
  }
}

/** Runs one function at a time, in the order asked (the parse-and-commit stage of concurrent refreshes). */
function takingTurns(): <T>(fn: () => Promise<T>) => Promise<T> {
  let turn: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = turn.then(fn);
    turn = run.catch(() => undefined);
    return run;
  };
}

/** Whole days from a YYYY-MM-DD data date to `now`; null without a date (or an unreadable one). */
export function ageInDays(dataDate: string | null, now: number): number | null {
  if (dataDate === null) return null;
  const t = Date.parse(`${dataDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(t) ? null : Math.max(0, Math.floor((now - t) / 86_400_000));
}

function statusOf(s: ListStatus | undefined): CatalogRow['status'] {
  if (!s?.currentVersionId) return s?.lastError ? 'failed' : 'never_loaded';
  if (s.held) return 'held_for_review';
  return s.lastError ? 'stale' : 'fresh';
}

function heldView(h: HeldVersion): HeldVersionView {
  return {
    id: h.id,
    fetched_at: h.fetchedAt,
    data_date: h.dataDate,
    record_count: h.recordCount,
    removed: h.removed,
    added: h.added,
    changed: h.changed,
    reason: h.reason,
  };
}
