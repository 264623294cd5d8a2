// Delta screening: when a list version becomes current, only what it changed is screened. The names of added and
// changed entries are searched against an index of every account's live subjects; each candidate is confirmed by
// screening that subject against the list as POST /api/v2/search does, so both directions give the same match and
// score. Removed entries close their open (or escalated) alerts as delisted; a changed record reopens cleared ones.
import type { Alert, Subject } from '../../domain/monitoring.js';
import type { Match } from '../../domain/screening.js';
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
  >;

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

/** Changes read per page. */
const PAGE = 10_000;

export class DeltaScreener {
  /** The version of each list whose changes were screened (or that was current when the process started). */
  readonly #seen = new Map<string, string>();
  /** Lists whose last run failed, screened again with the next change of any list. */
  readonly #retry = new Set<string>();
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: DeltaStore,
    private readonly lists: ListState,
    private readonly current: (slug: string) => string | undefined,
    private log: DeltaLog | null = null,
    /** The process's subject index (kept in memory, caught up before each run). */
    readonly subjects: LiveSubjectIndex = new LiveSubjectIndex(store),
  ) {}

  useLogger(log: DeltaLog): void {
    this.log = log;
    this.subjects.useLogger(log);
  }

  /** Takes the versions already current as screened (subjects are screened against them when added). */
  async prime(): Promise<void> {
    for (const s of await this.store.listStatuses())
      if (s.currentVersionId) this.#seen.set(s.slug, s.currentVersionId);
  }

  /** The list service's change listener: screens the changes of the versions that became current, one run at a time. */
  onListsChanged(changed: readonly string[]): Promise<DeltaOutcome | null> {
    const run = this.#queue.then(() => this.#run(changed));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #run(changed: readonly string[]): Promise<DeltaOutcome | null> {
    const changes: ListChange[] = [];
    const done = new Map<string, string>();
    for (const slug of new Set([...this.#retry, ...changed])) {
      const version = this.current(slug);
      const seen = this.#seen.get(slug);
      if (version === undefined || version === seen) continue;
      changes.push(...(await this.#changesSince(slug, seen, version)));
      done.set(slug, version);
    }
    if (done.size === 0) return null;
    try {
      // Another process screening the same version may write the same alerts first (one per pair): the second
      // attempt reads them and writes only what is left.
      const outcome = await this.screenChanges(changes, [...done.keys()]).catch(() =>
        this.screenChanges(changes, [...done.keys()]),
      );
      // Only once screened: a failed run (lists still loading, store down) is taken up by the next change.
      for (const [slug, version] of done) this.#seen.set(slug, version);
      this.#retry.clear();
      this.log?.info({ ...outcome, lists: [...done.keys()] }, 'delta screening done');
      return outcome;
    } catch (err) {
      for (const slug of done.keys()) this.#retry.add(slug);
      this.log?.error(
        { err, lists: [...done.keys()] },
        'delta screening failed; retried with the next list change',
      );
      throw err;
    }
  }

  async #changesSince(slug: string, seen: string | undefined, version: string): Promise<ListChange[]> {
    const commit = seen === undefined ? null : await this.store.findListCommit(slug, seen);
    const out: ListChange[] = [];
    let after: ListChange | undefined;
    for (;;) {
      const page = await this.store.listChanges({
        slug,
        since: commit
          ? { afterVersion: { committedAt: commit.committedAt, versionId: commit.versionId } }
          : null,
        after: after ? { committedAt: after.committedAt, versionId: after.versionId, seq: after.seq } : null,
        limit: PAGE,
      });
      out.push(...page);
      after = page.at(-1);
      if (page.length < PAGE) break;
    }
    // A version seen before that is no longer on record: screen the current version's changes only.
    return seen !== undefined && !commit ? out.filter((c) => c.versionId === version) : out;
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
    const key = `${subject.searchType}\u0000${list}\u0000${subject.name}`;
    let found = cache.get(key);
    if (!found) {
      found = searcher.search(subject.name, subject.searchType, { lists: [list], explain: false });
      cache.set(key, found);
    }
    if (!found.some((m) => m.source_uid === sourceUid)) return undefined;
    const explainKey = `${key}\u0000explained`;
    let explained = cache.get(explainKey);
    if (!explained) {
      explained = searcher.search(subject.name, subject.searchType, { lists: [list], explain: true });
      cache.set(explainKey, explained);
    }
    return explained.find((m) => m.source_uid === sourceUid);
  }
}
