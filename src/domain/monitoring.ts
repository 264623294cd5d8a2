// Ongoing screening value sets and shapes shared by the store, the monitoring services and HTTP.
import type { QueryQualifiers } from './facts.js';
import type { SearchType } from './screening.js';

/** Where an alert stands: open (to review), an analyst's decision, or delisted (the entry left its list). */
export const ALERT_STATUSES = ['open', 'cleared', 'confirmed', 'escalated', 'delisted'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** The statuses an analyst may set (delisted is set only when the listed entry is removed). */
export const DECISION_STATUSES = [
  'cleared',
  'confirmed',
  'escalated',
  'open',
] as const satisfies readonly AlertStatus[];
export type DecisionStatus = (typeof DECISION_STATUSES)[number];

/** Decisions that must say why. */
export const REASON_REQUIRED: readonly DecisionStatus[] = ['cleared', 'confirmed'];

/** Most subjects one POST /api/v2/subjects call takes. */
export const MAX_SUBJECTS_PER_CALL = 10_000;

/** A monitored subject (one of an account's customers). */
export interface Subject {
  readonly id: string;
  readonly userId: string;
  readonly reference: string | null;
  readonly name: string;
  readonly searchType: SearchType;
  /** Checked against each match's listed facts, as on POST /api/v2/search. */
  readonly qualifiers?: QueryQualifiers;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** One alert: a subject matched a listed entry (list + source_uid); one per pair. */
export interface Alert {
  readonly id: string;
  readonly userId: string;
  readonly subjectId: string;
  readonly list: string;
  readonly sourceUid: string;
  /** The listed name that matched. */
  readonly matchName: string;
  readonly matchScore: number;
  readonly explanation: unknown;
  readonly status: AlertStatus;
  /** The listed entry's record hash when the alert was last screened (a change reopens a cleared alert). */
  readonly recordHash: string | null;
  /** The subject's name and search type when the alert was last screened. */
  readonly subjectHash: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** One line of an alert's append-only decision log. */
export interface AlertDecision {
  readonly id: string;
  readonly alertId: string;
  readonly at: string;
  /** The user who decided, or null for the service itself (new match, reopen, delisting). */
  readonly actor: string | null;
  readonly from: AlertStatus | null;
  readonly to: AlertStatus;
  readonly reason: string;
}
