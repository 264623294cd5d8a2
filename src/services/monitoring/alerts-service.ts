// An account's alerts: newest first with filters, one alert with its subject, match explanation, the listed record
// and decision history, and an analyst's decision (appended to the log; cleared and confirmed must say why).
import { v7 as uuidv7 } from 'uuid';
import {
  REASON_REQUIRED,
  type Alert,
  type AlertDecision,
  type AlertStatus,
  type DecisionStatus,
  type Subject,
} from '../../domain/monitoring.js';
import { badRequest, notFound } from '../../errors.js';
import type { Match } from '../../domain/screening.js';
import { alertEventData } from '../../domain/webhooks.js';
import type { MonitorStore } from '../../store/monitor-store.js';
import { decodeIdCursor, encodeIdCursor } from './subjects-service.js';

/** An alert as the API answers it (issue 16, item 6). */
export interface AlertView {
  readonly id: string;
  readonly status: AlertStatus;
  readonly subject: { readonly id: string; readonly reference: string | null; readonly name: string };
  readonly match: Match;
  readonly created_at: string;
  readonly updated_at: string;
}

/** One line of the decision history: who (a user id, or null for the service), when, from, to, why. */
export interface DecisionView {
  readonly at: string;
  readonly who: string | null;
  readonly from: AlertStatus | null;
  readonly to: AlertStatus;
  readonly reason: string;
}

/** An alert with the listed record (null once it is no longer listed) and its history, oldest first. */
export interface AlertDetail extends AlertView {
  readonly record: Record<string, unknown> | null;
  readonly history: DecisionView[];
}

/** A page of alerts and the cursor of the next (null on the last page). */
export interface AlertsPage {
  readonly alerts: AlertView[];
  readonly next_cursor: string | null;
}

const decisionView = (d: AlertDecision): DecisionView => ({
  at: d.at,
  who: d.actor,
  from: d.from,
  to: d.to,
  reason: d.reason,
});

/** The alert as the API lists it (the same shape a webhook event carries), with its explanation when asked. */
function alertView(a: Alert, s: Subject | undefined, explain: boolean): AlertView {
  const view = alertEventData(a, s);
  return explain ? { ...view, match: { ...view.match, explanation: a.explanation } } : view;
}

export class AlertsService {
  constructor(
    private readonly store: Pick<
      MonitorStore,
      'listAlerts' | 'findAlert' | 'alertDecisions' | 'subjectsByIds' | 'findCurrentRecord' | 'writeAlerts'
    >,
  ) {}

  async page(
    userId: string,
    q: { status?: AlertStatus; list?: string; cursor?: string; limit: number },
  ): Promise<AlertsPage> {
    const rows = await this.store.listAlerts({
      userId,
      status: q.status ?? null,
      list: q.list ?? null,
      beforeId: q.cursor === undefined ? null : decodeIdCursor(q.cursor),
      limit: q.limit + 1,
    });
    const page = rows.slice(0, q.limit);
    const subjects = new Map(
      (await this.store.subjectsByIds(page.map((a) => a.subjectId))).map((s) => [s.id, s]),
    );
    const last = page.at(-1);
    return {
      alerts: page.map((a) => alertView(a, subjects.get(a.subjectId), false)),
      next_cursor: rows.length > q.limit && last ? encodeIdCursor(last.id) : null,
    };
  }

  async get(userId: string, id: string): Promise<AlertDetail> {
    const a = await this.store.findAlert(userId, id);
    if (!a) throw notFound(`no alert ${id}`);
    const [subject] = await this.store.subjectsByIds([a.subjectId]);
    return {
      ...alertView(a, subject, true),
      record: await this.store.findCurrentRecord({ list: a.list, sourceUid: a.sourceUid }),
      history: (await this.store.alertDecisions(a.id)).map(decisionView),
    };
  }

  /** Sets the alert's status as an analyst decided; the same status again is still logged (a second opinion). */
  async decide(
    userId: string,
    id: string,
    status: DecisionStatus,
    reason: string | undefined,
  ): Promise<AlertDetail> {
    const why = reason?.trim() ?? '';
    if (REASON_REQUIRED.includes(status) && why === '')
      throw badRequest(`reason is required when the status is ${status}`);
    const a = await this.store.findAlert(userId, id);
    if (!a) throw notFound(`no alert ${id}`);
    const at = new Date().toISOString();
    await this.store.writeAlerts({
      inserts: [],
      updates: [{ id: a.id, updatedAt: at, status }],
      decisions: [
        { id: uuidv7(), alertId: a.id, at, actor: userId, from: a.status, to: status, reason: why },
      ],
    });
    return this.get(userId, id);
  }
}
