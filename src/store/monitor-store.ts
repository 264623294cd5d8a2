// The ongoing-screening half of the store: monitored subjects, their alerts and the alerts' decision logs.
import type { Alert, AlertDecision, AlertStatus, Subject } from '../domain/monitoring.js';
import type { QueryQualifiers } from '../domain/facts.js';
import type { SearchType } from '../domain/screening.js';

/** A subject as submitted, to insert or update by its reference. */
export interface SubjectInput {
  /** The id a new row takes (an existing reference keeps its own). */
  readonly id: string;
  readonly reference: string | null;
  readonly name: string;
  readonly searchType: SearchType;
  readonly qualifiers?: QueryQualifiers;
}

/** The outcome of one submitted subject: the stored row and whether it is new or changed (so it is screened). */
export interface UpsertedSubject {
  readonly subject: Subject;
  readonly changed: boolean;
}

/** A page of one account's subjects, oldest first. */
export interface SubjectQuery {
  readonly userId: string;
  /** Part of the name, case-insensitive. */
  readonly name: string | null;
  /** The exact reference. */
  readonly reference: string | null;
  readonly afterId: string | null;
  readonly limit: number;
}

/** A page of one account's alerts, newest first. */
export interface AlertQuery {
  readonly userId: string;
  readonly status: AlertStatus | null;
  readonly list: string | null;
  readonly beforeId: string | null;
  readonly limit: number;
}

/** A change to an existing alert (a rescreen or a decision); unset fields stay as they are. */
export interface AlertUpdate {
  readonly id: string;
  readonly updatedAt: string;
  readonly status?: AlertStatus;
  readonly matchName?: string;
  readonly matchScore?: number;
  readonly explanation?: unknown;
  readonly recordHash?: string | null;
  readonly subjectHash?: string;
}

/** Alerts to write in one transaction with their decision log lines. */
export interface AlertWrites {
  readonly inserts: readonly Alert[];
  readonly updates: readonly AlertUpdate[];
  readonly decisions: readonly AlertDecision[];
}

/** A subject as last written, and whether that write deleted it. */
export interface SubjectChange {
  readonly subject: Subject;
  readonly deleted: boolean;
}

/** A listed entry's key. */
export interface EntryKey {
  readonly list: string;
  readonly sourceUid: string;
}

/** Persistence of subjects and alerts. */
export interface MonitorStore {
  /** Inserts subjects without a reference, upserts the others by (user, reference), in one transaction. */
  upsertSubjects(userId: string, subjects: readonly SubjectInput[], at: string): Promise<UpsertedSubject[]>;
  listSubjects(query: SubjectQuery): Promise<Subject[]>;
  /** A live subject of this user, or null (another user's is null too). */
  findSubject(userId: string, id: string): Promise<Subject | null>;
  /** Marks the subject deleted (its alerts are kept); false when this user has no such live subject. */
  deleteSubject(userId: string, id: string, at: string): Promise<boolean>;
  /** Subjects by id, deleted ones included (the alerts of a deleted subject still name it). */
  subjectsByIds(ids: readonly string[]): Promise<Subject[]>;
  /** Every live subject of every account (the delta screening index). */
  activeSubjects(): Promise<Subject[]>;
  /**
   * Subjects of every account written (inserted, changed or deleted) at or after `since`, deleted ones marked:
   * how a process's subject index catches up with what other processes wrote.
   */
  subjectChangesSince(since: string): Promise<SubjectChange[]>;
  /** A monitoring fact by key (e.g. `engine_version`), or null. */
  monitorState(key: string): Promise<string | null>;
  setMonitorState(key: string, value: string, at: string): Promise<void>;
  alertsForSubjects(subjectIds: readonly string[]): Promise<Alert[]>;
  alertsForEntries(keys: readonly EntryKey[]): Promise<Alert[]>;
  writeAlerts(writes: AlertWrites): Promise<void>;
  listAlerts(query: AlertQuery): Promise<Alert[]>;
  findAlert(userId: string, id: string): Promise<Alert | null>;
  /** The alert's decision log, oldest first. */
  alertDecisions(alertId: string): Promise<AlertDecision[]>;
  /** Record hashes of the current versions' entries, keyed by entryKeyString. */
  currentRecordHashes(keys: readonly EntryKey[]): Promise<Map<string, string | null>>;
  /**
   * Published records by entry and record hash, from any version still stored (the current one, the one before
   * it, a held one): what an alert saw, to say what changed. Missing when no stored version has that record.
   */
  recordsByHash(
    wanted: readonly (EntryKey & { recordHash: string })[],
  ): Promise<Map<string, Record<string, unknown>>>;
  /** The published record of a current version's entry, as entry details returns it; null when not listed now. */
  findCurrentRecord(key: EntryKey): Promise<Record<string, unknown> | null>;
}

/** One string per listed entry, for maps. */
export const entryKeyString = (k: EntryKey): string => `${k.list}\u0000${k.sourceUid}`;

/** One string per entry and record hash, for the maps of recordsByHash. */
export const recordKeyString = (k: EntryKey & { recordHash: string }): string =>
  `${entryKeyString(k)}\u0000${k.recordHash}`;
