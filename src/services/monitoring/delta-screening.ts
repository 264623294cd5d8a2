// Delta screening: when a list version becomes current, only what it changed is screened. The names of added and
// changed entries are searched against an index of every account's live subjects; each candidate is confirmed by
// screening that subject against the list as POST /api/v2/search does, so both directions give the same match and
// score. Removed entries close their open (or escalated) alerts as delisted; a changed record reopens cleared ones.
// Once per cluster: the store queues one delta run per version that became current (in the commit's transaction);
// a process claims it with a lease it renews while screening, so a run whose process died is taken over by another
// once the lease runs out (re-running it is harmless: alerts are one per subject and entry, written as a set).
import type { Alert, Subject } from '../../domain/monitoring.js';
import type { Match } from '../../domain/screening.js';
import type { ClusterStore, DeltaRun, ServedVersion } from '../../store/cluster-store.js';
import type { ListChange, ListStore } from '../../store/list-store.js';
import {
  entryKeyString,
  recordKeyString,
  type EntryKey,
  type MonitorStore,
} from '../../store/monitor-store.js';
import type { ListState } from '../list-state.js';
import { AlertWriteSet } from './alert-reconcile.js';
import { LiveSubjectIndex } from './live-subject-index.js';
import { listingChangedReason } from './record-change.js';

/** What delta screening reads and writes. */
export type DeltaStore = Pick<
  ListStore,
  'listStatuses' | 'findListCommit' | 'listChanges' | 'loadListEntries'
> &
  Pick<
    MonitorStore,
    | 'activeSubjects'
    | 'subjectChangesSince'
    | 'alertsForEntries'
    | 'currentRecordHashes'
    | 'recordsByHash'
    | 'writeAlerts'
  > &
  Pick<ClusterStore, 'claimDeltaRun' | 'renewDeltaRun' | 'finishDeltaRun' | 'releaseDeltaRun'>;

/** The few logger methods delta screening uses. */
export interface DeltaLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What one delta screening did, for logs and tests. */
export interface DeltaOutcome {
  readonly screenedEntries: number;
  readonly removedEntries: number;
  readonly candidates: number;
  /** Alerts opened, reopened or delisted. */
  readonly statusChanges: number;
  /** Milliseconds spent in each step (logged, for profiles). */
  readonly ms: {
    readonly read: number;
    readonly index: number;
    readonly entries: number;
    /** Part of `search`: finding the candidate subjects in the subject index. */
    readonly candidates: number;
    readonly search: number;
    readonly write: number;
  };
}

/** How runs are claimed in a cluster. */
export interface DeltaClaimOptions {
  /** This process's name in `delta_runs.claimed_by` (`hostname:pid`). */
  readonly processId: string;
  /** How long a claim holds without renewal: a dead claimant's run is taken over after at most this. Default 15 s. */
  readonly leaseMs?: number;
  /** How often pending runs are looked for besides list changes (a dead process's runs). Default 5 s. */
  readonly pollMs?: number;
  /** The process's subject index; a private one when not given (tests). */
  readonly subjects?: LiveSubjectIndex;
}

/** Changes read per page. */
const PAGE = 10_000;
/** A failed run is claimed again after this (by any process). */
const RETRY_MS = 30_000;

export const DEFAULT_DELTA_LEASE_MS = 15_000;
export const DEFAULT_DELTA_POLL_MS = 5_000;

export class DeltaScreener {
  #draining: Promise<DeltaOutcome | null> | null = null;
  #again = false;
  #timer: NodeJS.Timeout | null = null;
  #stopped = false;
  /** When each served version was committed (it bounds the runs this process may claim). */
  readonly #committedAt = new Map<string, string>();
  readonly #processId: string;
  readonly #leaseMs: number;
  readonly #pollMs: number;
  /** The process's subject index (kept in memory, caught up before each run). */
  readonly subjects: LiveSubjectIndex;

  constructor(
    private readonly store: DeltaStore,
    private readonly lists: ListState,
    private readonly current: (slug: string) => string | undefined,
    private log: DeltaLog | null = null,
    opts: DeltaClaimOptions = { processId: 'local' },
  ) {
    this.#processId = opts.processId;
    this.#leaseMs = opts.leaseMs ?? DEFAULT_DELTA_LEASE_MS;
    this.#pollMs = opts.pollMs ?? DEFAULT_DELTA_POLL_MS;
    this.subjects = opts.subjects ?? new LiveSubjectIndex(store);
  }

  useLogger(log: DeltaLog): void {
    this.log = log;
    this.subjects.useLogger(log);
  }

  /** Kept for callers of the single-process design: runs are durable rows now, nothing to prime. */
  async prime(): Promise<void> {}

  /** Looks for pending runs every `pollMs` (runs a dead process claimed, runs that failed). */
  start(slugs: readonly string[]): void {
    if (this.#timer || this.#stopped) return;
    this.#slugs = slugs;
    this.#timer = setInterval(() => {
      this.drain().catch(() => undefined);
    }, this.#pollMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#draining?.catch(() => undefined);
  }

  #slugs: readonly string[] = [];

  /**
   * The list service's change listener: a version this process now serves may have a run to claim. Resolves with
   * the last outcome of the runs this process screened (null: none was left for it).
   */
  onListsChanged(changed: readonly string[]): Promise<DeltaOutcome | null> {
    this.#slugs = [...new Set([...this.#slugs, ...changed])];
    return this.drain();
  }

  /** Claims and screens pending runs until none is left for this process; one drain at a time. */
  drain(): Promise<DeltaOutcome | null> {
    if (this.#draining) {
      this.#again = true;
      return this.#draining;
    }
    this.#draining = (async () => {
      let last: DeltaOutcome | null = null;
      try {
        do {
          this.#again = false;
          for (;;) {
            if (this.#stopped) return last;
            const outcome = await this.#one();
            if (outcome === undefined) break;
            last = outcome ?? last;
          }
        } while (this.#again);
        return last;
      } finally {
        this.#draining = null;
      }
    })();
    return this.#draining;
  }

  /** The lists served here with their commit times (runs of later versions wait for this process to load them). */
  async #served(): Promise<ServedVersion[]> {
    const out: ServedVersion[] = [];
    for (const slug of this.#slugs) {
      const version = this.current(slug);
      if (version === undefined) continue;
      let at = this.#committedAt.get(version);
      if (at === undefined) {
        at = (await this.store.findListCommit(slug, version))?.committedAt;
        if (at === undefined) continue;
        this.#committedAt.set(version, at);
      }
      out.push({ slug, committedAt: at });
    }
    return out;
  }

  /** Claims and screens one run: its outcome, null when it failed, undefined when there was none. */
  async #one(): Promise<DeltaOutcome | null | undefined> {
    const now = Date.now();
    const run = await this.store.claimDeltaRun(
      await this.#served(),
      this.#processId,
      new Date(now).toISOString(),
      new Date(now + this.#leaseMs).toISOString(),
    );
    if (!run) return undefined;
    // Renewed while it runs: only a process that stopped answering loses its claim.
    const renew = setInterval(
      () => {
        this.store
          .renewDeltaRun(run.versionId, this.#processId, new Date(Date.now() + this.#leaseMs).toISOString())
          .catch(() => undefined);
      },
      Math.max(100, Math.floor(this.#leaseMs / 3)),
    );
    renew.unref();
    try {
      const outcome = await this.#screenRun(run);
      clearInterval(renew);
      const done = await this.store.finishDeltaRun(run.versionId, this.#processId, new Date().toISOString(), {
        ...outcome,
        attempts: run.attempts,
      });
      this.log?.info(
        { ...outcome, list: run.slug, version: run.versionId, attempts: run.attempts, kept: done },
        'delta screening done',
      );
      return outcome;
    } catch (err) {
      clearInterval(renew);
      await this.store
        .releaseDeltaRun(run.versionId, this.#processId, new Date(Date.now() + RETRY_MS).toISOString())
        .catch(() => undefined);
      this.log?.error(
        { err, list: run.slug, version: run.versionId },
        `delta screening failed; retried in ${RETRY_MS / 1000} s by any process`,
      );
      return null;
    }
  }

  async #screenRun(run: DeltaRun): Promise<DeltaOutcome> {
    const changes = await this.#changesOf(run);
    // Another process screening the same version (a run taken over) may write the same alerts first (one per
    // pair): the second attempt reads them and writes only what is left.
    // (list.updated was queued once, in the transaction that made the version current.)
    return this.screenChanges(changes, [run.slug]).catch(() => this.screenChanges(changes, [run.slug]));
  }

  /** The changes the run's version recorded when it became current. */
  async #changesOf(run: DeltaRun): Promise<ListChange[]> {
    const out: ListChange[] = [];
    let after: ListChange | undefined;
    for (;;) {
      const page = await this.store.listChanges({
        slug: run.slug,
        since: { from: run.committedAt },
        after: after ? { committedAt: after.committedAt, versionId: after.versionId, seq: after.seq } : null,
        limit: PAGE,
      });
      out.push(...page.filter((c) => c.versionId === run.versionId));
      after = page.at(-1);
      if (page.length < PAGE || (after !== undefined && after.committedAt > run.committedAt)) break;
    }
    return out;
  }

  /** Screens the changes of the lists `slugs` (the last change of each entry counts) and writes the alerts. */
  async screenChanges(changes: readonly ListChange[], slugs: readonly string[]): Promise<DeltaOutcome> {
    let lap = performance.now();
    const step = () => {
      const now = performance.now();
      const ms = Math.round(now - lap);
      lap = now;
      return ms;
    };
    const ms = { read: 0, index: 0, entries: 0, candidates: 0, search: 0, write: 0 };
    const last = new Map<string, ListChange>();
    for (const c of changes) last.set(entryKeyString({ list: c.list, sourceUid: c.sourceUid }), c);
    const removed: EntryKey[] = [];
    const screened: EntryKey[] = [];
    const changedRecords = new Set<string>();
    for (const [k, c] of last) {
      const key = { list: c.list, sourceUid: c.sourceUid };
      if (c.kind === 'removed') removed.push(key);
      else {
        screened.push(key);
        if (c.kind === 'changed') changedRecords.add(k);
      }
    }
    const hashes = await this.store.currentRecordHashes(screened);
    const existing = await this.store.alertsForEntries([...removed, ...screened]);
    const set = new AlertWriteSet(existing, new Date().toISOString());
    const removedKeys = new Set(removed.map(entryKeyString));
    const records = await this.#reopenRecords(
      existing.filter((a) => a.status === 'cleared' && changedRecords.has(entryKeyString(a))),
      hashes,
    );
    for (const a of existing) {
      const k = entryKeyString(a);
      if (removedKeys.has(k)) set.delisted(a, a.list);
      else if (changedRecords.has(k)) {
        const now = hashes.get(k) ?? null;
        const was = a.recordHash;
        set.recordChanged(
          a,
          now,
          listingChangedReason(
            was === null ? undefined : records.get(recordKeyString({ ...a, recordHash: was })),
            now === null ? undefined : records.get(recordKeyString({ ...a, recordHash: now })),
          ),
        );
      }
    }
    let candidates = 0;
    ms.read = step();
    const index = screened.length > 0 ? await this.subjects.current() : null;
    ms.index = step();
    if (index !== null && index.size > 0) {
      const searcher = this.lists.requireSearcher('v2');
      const forward = new Map<string, Match[]>();
      const wanted = new Set(screened.map(entryKeyString));
      for (const slug of slugs) {
        const version = this.current(slug);
        if (version === undefined) continue;
        const entries = await this.store.loadListEntries(
          version,
          screened.map((k) => k.sourceUid),
        );
        ms.entries += step();
        for (const e of entries) {
          const k = entryKeyString(e);
          if (!wanted.has(k)) continue;
          const t = performance.now();
          const found = index.candidates([e.name, ...e.aliases]);
          ms.candidates += performance.now() - t;
          for (const subject of found) {
            candidates++;
            const match = this.#forward(forward, searcher, subject, e.list, e.sourceUid);
            if (match) set.hit({ subject, match, recordHash: hashes.get(k) ?? null });
          }
        }
      }
    }
    ms.search += step();
    ms.candidates = Math.round(ms.candidates);
    await this.store.writeAlerts(set.writes);
    ms.write = step();
    return {
      screenedEntries: screened.length,
      removedEntries: removed.length,
      candidates,
      statusChanges: set.decisions.length,
      ms,
    };
  }

  /** The records cleared alerts saw and their entries' current records, to say what changed when they reopen. */
  async #reopenRecords(
    cleared: readonly Alert[],
    hashes: ReadonlyMap<string, string | null>,
  ): Promise<Map<string, Record<string, unknown>>> {
    const wanted = cleared.flatMap((a) => {
      const key = { list: a.list, sourceUid: a.sourceUid };
      return [a.recordHash, hashes.get(entryKeyString(a)) ?? null].flatMap((recordHash) =>
        recordHash === null ? [] : [{ ...key, recordHash }],
      );
    });
    return wanted.length === 0 ? new Map() : this.store.recordsByHash(wanted);
  }

  /**
   * The subject's match on the entry when screened against its list as POST /api/v2/search screens it (the
   * search is cached per name, type and list; only a match found is searched again for its explanation).
   */
  #forward(
    cache: Map<string, Match[]>,
    searcher: ReturnType<ListState['requireSearcher']>,
    subject: Subject,
    list: string,
    sourceUid: string,
  ): Match | undefined {
    const qualifiers = subject.qualifiers ? JSON.stringify(subject.qualifiers) : '';
    const key = `${subject.searchType}\u0000${list}\u0000${subject.name}\u0000${qualifiers}`;
    let found = cache.get(key);
    if (!found) {
      found = searcher.search(subject.name, subject.searchType, {
        lists: [list],
        explain: false,
        qualifiers: subject.qualifiers,
      });
      cache.set(key, found);
    }
    if (!found.some((m) => m.source_uid === sourceUid)) return undefined;
    const explainKey = `${key}\u0000explained`;
    let explained = cache.get(explainKey);
    if (!explained) {
      explained = searcher.search(subject.name, subject.searchType, {
        lists: [list],
        explain: true,
        qualifiers: subject.qualifiers,
      });
      cache.set(explainKey, explained);
    }
    return explained.find((m) => m.source_uid === sourceUid);
  }
}
