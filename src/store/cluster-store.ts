// The cluster half of the store: work that must run once per cluster (the delta screening of each list version that
// became current) claimed with a lease, and the notifications that tell the other processes about a change.

/** What one process tells the others (PostgreSQL NOTIFY; nothing on SQLite, which serves one process). */
export type ClusterEvent =
  /** A list version became current (committed, or accepted after review): reload that list. */
  | { readonly kind: 'list_version'; readonly list: string; readonly versionId: string }
  /** Monitored subjects were added, changed or deleted: drop any cached subject index. */
  | { readonly kind: 'subjects_changed' };

/** The delta screening of one list version, as claimed by one process. */
export interface DeltaRun {
  readonly versionId: string;
  readonly slug: string;
  readonly committedAt: string;
  /** Claims so far, this one included (more than 1: taken over or retried). */
  readonly attempts: number;
}

/** A list a process serves, and when the version it serves was committed (it may screen runs up to then). */
export interface ServedVersion {
  readonly slug: string;
  readonly committedAt: string;
}

/** A delta run as stored, for the operator view and the benchmark. */
export interface DeltaRunRow {
  readonly versionId: string;
  readonly slug: string;
  readonly status: 'pending' | 'done';
  readonly claimedBy: string | null;
  readonly leaseUntil: string | null;
  readonly attempts: number;
  readonly startedAt: string | null;
  readonly doneAt: string | null;
}

export interface ClusterStore {
  /**
   * Tells every process listening on this database and schema (PostgreSQL `pg_notify`, delivered when the
   * statement's transaction commits); a no-op on SQLite.
   */
  notifyCluster(event: ClusterEvent): Promise<void>;
  /**
   * Claims the oldest pending delta run of a list `served` names, committed no later than the version served,
   * whose lease is free (never claimed, or run out at `now`); holds it until `leaseUntil`. Several processes
   * never claim the same row (`FOR UPDATE SKIP LOCKED`). Null when there is none.
   */
  claimDeltaRun(
    served: readonly ServedVersion[],
    by: string,
    now: string,
    leaseUntil: string,
  ): Promise<DeltaRun | null>;
  /** Extends a claim still held by `by`; false when it was lost (taken over after the lease ran out). */
  renewDeltaRun(versionId: string, by: string, leaseUntil: string): Promise<boolean>;
  /** Marks a run done (by its claimant); false when the claim was lost meanwhile. */
  finishDeltaRun(versionId: string, by: string, at: string, outcome: object): Promise<boolean>;
  /** Lets a failed run be claimed again from `retryAt` (by any process). */
  releaseDeltaRun(versionId: string, by: string, retryAt: string): Promise<void>;
  /** Every delta run of a list, oldest first (operators, tests, benchmarks). */
  deltaRuns(slug: string): Promise<DeltaRunRow[]>;
}
