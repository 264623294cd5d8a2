// One subject index per process, kept in memory and caught up with the store before each use, so delta screening
// never rebuilds it from every subject (a million take far longer than the seconds a list change may take).
// Built lazily (first subject write or first list change). The engine's packed index cannot take additions, so the
// subjects written since the last build are searched in a second, small index beside it, and the large one is
// rebuilt (off the delta path when subject writes trigger it) once they outgrow a share of it. A subject changed or
// deleted since the build is dropped from the large index's answers by identity. Never searched stale: each use
// first reads the subjects written since the last look (updated_at, with an overlap for transactions committing
// out of order and clocks a little apart); `invalidate()` makes the next use read every live subject again.
import type { Subject } from '../../domain/monitoring.js';
import type { MonitorStore } from '../../store/monitor-store.js';
import { SubjectIndex } from './subject-index.js';

/** What the live index reads. */
export type LiveIndexStore = Pick<MonitorStore, 'activeSubjects' | 'subjectChangesSince'>;

/** The few logger methods the live index uses. */
export interface LiveIndexLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Each catch-up reads from this long before the previous one started. */
export const CATCH_UP_OVERLAP_MS = 30_000;
/** Subjects written since the last build beyond which the large index is rebuilt: at least this many... */
const REBUILD_MIN = 5_000;
/** ...and this share of the subjects it holds. */
const REBUILD_SHARE = 0.05;

/** How the live index builds and when it rebuilds. */
export interface LiveIndexOptions {
  /** Builds the large index (the server passes the bulk worker pool's threads). */
  readonly build?: BuildSubjectIndex;
  readonly log?: LiveIndexLog;
  readonly clock?: () => number;
  /** Rebuild once more than this many subjects were written since the last build (and 5% of its size). */
  readonly rebuildMin?: number;
  /** How long without a subject write before the writes since the last build are folded into a new one. */
  readonly quietMs?: number;
}
/** A subject write in this process is caught up with this long after (writes in a burst share one catch-up). */
const CATCH_UP_DELAY_MS = 1_000;
/** Writes since the last build are folded into a new build once no write came for this long. */
const QUIET_MS = 30_000;

/** The index as one delta screening searches it: every live subject, as the store held them when it was asked. */
export interface SubjectCandidates {
  /** Live subjects. */
  readonly size: number;
  /** Subjects whose name the names come near (a superset of the matches; the caller confirms). */
  candidates(names: readonly string[]): Subject[];
}

/** How the large index is built (tests and the server pass the bulk worker pool's threads). */
export type BuildSubjectIndex = (subjects: readonly Subject[]) => Promise<SubjectIndex>;

export class LiveSubjectIndex {
  /** Every live subject as last read; an object here is the one the indexes hold, or a newer write. */
  readonly #live = new Map<string, Subject>();
  #large: SubjectIndex | null = null;
  #largeSize = 0;
  /** Subjects written since the large index's snapshot (searched in #small). */
  readonly #recent = new Map<string, Subject>();
  #small: SubjectIndex | null = null;
  /** Read every live subject at the next catch-up (first use, or another process's notification). */
  #full = true;
  /** When the last catch-up started (its reads cover every write committed before then, less the overlap). */
  #caughtUpAt: number | null = null;
  #queue: Promise<unknown> = Promise.resolve();
  #timer: NodeJS.Timeout | null = null;
  #quietTimer: NodeJS.Timeout | null = null;
  #lastWrite = 0;
  #builds = 0;
  readonly #quietMs: number;

  readonly #build: BuildSubjectIndex;
  #log: LiveIndexLog | null;
  readonly #clock: () => number;
  readonly #rebuildMin: number;

  constructor(
    private readonly store: LiveIndexStore,
    opts: LiveIndexOptions = {},
  ) {
    this.#build = opts.build ?? ((s) => SubjectIndex.build(s));
    this.#log = opts.log ?? null;
    this.#clock = opts.clock ?? Date.now;
    this.#rebuildMin = opts.rebuildMin ?? REBUILD_MIN;
    this.#quietMs = opts.quietMs ?? QUIET_MS;
  }

  useLogger(log: LiveIndexLog): void {
    this.#log = log;
  }

  /**
   * Another process changed subjects (the cluster notification calls this): the next use reads every live subject
   * again before searching, and a catch-up starts soon in the background.
   */
  invalidate(): void {
    this.#full = true;
    this.#schedule();
  }

  /** Subjects were written in this process: caught up soon in the background, so a list change finds it ready. */
  subjectsChanged(): void {
    this.#lastWrite = this.#clock();
    this.#schedule();
  }

  /** Full builds of the large index so far (tests, logs). */
  get builds(): number {
    return this.#builds;
  }

  /** The index caught up with every subject write committed before this call. */
  async current(): Promise<SubjectCandidates> {
    await this.#serial(async () => {
      await this.#catchUp();
      if (this.#recent.size > this.#rebuildAt()) await this.#rebuild();
    });
    const live = this.#live;
    const large = this.#large;
    if (this.#small === null && this.#recent.size > 0)
      this.#small = SubjectIndex.of([...this.#recent.values()]);
    const small = this.#recent.size > 0 ? this.#small : null;
    return {
      size: live.size,
      candidates(names) {
        const out: Subject[] = [];
        // An object no longer in #live was changed or deleted since that index was built.
        for (const index of [large, small])
          if (index) for (const s of index.candidates(names)) if (live.get(s.id) === s) out.push(s);
        return out;
      },
    };
  }

  /** Stops the scheduled catch-up and waits for a running one. */
  async stop(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    if (this.#quietTimer) clearTimeout(this.#quietTimer);
    this.#timer = null;
    this.#quietTimer = null;
    await this.#queue;
  }

  #schedule(): void {
    if (this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#serial(() => this.#background()).catch((err: unknown) =>
        this.#log?.error({ err }, 'subject index catch-up failed; retried at the next use'),
      );
    }, CATCH_UP_DELAY_MS);
    this.#timer.unref();
  }

  #serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #catchUp(): Promise<void> {
    const startedAt = this.#clock();
    if (this.#full || this.#caughtUpAt === null) {
      this.#full = false;
      try {
        const rows = await this.store.activeSubjects();
        const seen = new Set<string>();
        for (const s of rows) {
          seen.add(s.id);
          this.#put(s);
        }
        for (const id of [...this.#live.keys()]) if (!seen.has(id)) this.#drop(id);
      } catch (err) {
        this.#full = true;
        throw err;
      }
    } else {
      const since = new Date(this.#caughtUpAt - CATCH_UP_OVERLAP_MS).toISOString();
      for (const c of await this.store.subjectChangesSince(since))
        if (c.deleted) this.#drop(c.subject.id);
        else this.#put(c.subject);
    }
    this.#caughtUpAt = startedAt;
  }

  /** Past this many writes since the last build, a delta screening rebuilds before searching. */
  #rebuildAt(): number {
    return Math.max(this.#rebuildMin, this.#largeSize * REBUILD_SHARE);
  }

  /**
   * A catch-up after writes in this process. While writes keep coming the large index is rebuilt only when the
   * writes since outnumber it (so a bulk import builds about twice its size in all); once writes stop for a while,
   * what remains is folded in, so the next list change finds it built.
   */
  async #background(): Promise<void> {
    await this.#catchUp();
    if (this.#recent.size > Math.max(this.#rebuildMin, this.#largeSize)) return this.#rebuild();
    if (this.#recent.size <= this.#rebuildAt() || this.#quietTimer) return;
    const wait = () => Math.max(0, this.#lastWrite + this.#quietMs - this.#clock());
    const check = () => {
      this.#quietTimer = null;
      if (wait() > 0) {
        this.#quietTimer = setTimeout(check, wait()).unref();
        return;
      }
      void this.#serial(async () => {
        await this.#catchUp();
        if (this.#recent.size > this.#rebuildAt()) await this.#rebuild();
      }).catch((err: unknown) =>
        this.#log?.error({ err }, 'subject index build failed; retried at the next use'),
      );
    };
    this.#quietTimer = setTimeout(check, wait()).unref();
  }

  #put(s: Subject): void {
    const held = this.#live.get(s.id);
    if (held && held.updatedAt === s.updatedAt && held.name === s.name && held.searchType === s.searchType)
      return;
    this.#live.set(s.id, s);
    this.#recent.set(s.id, s);
    this.#small = null;
  }

  #drop(id: string): void {
    this.#live.delete(id);
    if (this.#recent.delete(id)) this.#small = null;
  }

  async #rebuild(): Promise<void> {
    const started = this.#clock();
    const snapshot = [...this.#live.values()];
    // Serial with every catch-up: nothing changes #live while this builds.
    this.#large = await this.#build(snapshot);
    this.#largeSize = snapshot.length;
    this.#recent.clear();
    this.#small = null;
    this.#builds++;
    this.#log?.info({ subjects: snapshot.length, ms: this.#clock() - started }, 'subject index built');
  }
}
