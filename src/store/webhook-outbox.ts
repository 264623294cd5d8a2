// The webhook outbox: event rows written inside the transaction of the change that raised them, one per event and
// subscribed endpoint, so a crash between the change and the POST loses nothing (the delivery worker sends them).
import type { Kysely, Transaction } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type { AlertStatus } from '../domain/monitoring.js';
import { alertEventData, type WebhookEvent, type WebhookEventBody } from '../domain/webhooks.js';
import type { AlertWrites } from './monitor-store.js';
import type { Database } from './schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** One event to send: its body and the account whose endpoints take it (null: every account's). */
interface PendingEvent {
  readonly userId: string | null;
  readonly body: WebhookEventBody;
}

/**
 * The alert events a batch of writes raises: every insert is `alert.created`; a service decision (no actor) to
 * `open` from another status is `alert.reopened`; a decision to `delisted` is `alert.delisted`.
 */
export function alertEventTypes(w: AlertWrites): Map<string, WebhookEvent> {
  const out = new Map<string, WebhookEvent>();
  for (const a of w.inserts) out.set(a.id, 'alert.created');
  for (const d of w.decisions) {
    if (out.get(d.alertId) === 'alert.created') continue;
    if (d.to === 'delisted') out.set(d.alertId, 'alert.delisted');
    else if (d.to === 'open' && d.actor === null && d.from !== null && d.from !== 'open')
      out.set(d.alertId, 'alert.reopened');
  }
  return out;
}

/** Writes the outbox rows of these alert writes, in the caller's transaction (after the alerts are written). */
export async function enqueueAlertEvents(
  tx: Transaction<Database>,
  w: AlertWrites,
  at: string,
): Promise<void> {
  const types = alertEventTypes(w);
  if (types.size === 0) return;
  // Only accounts with a live endpoint need their alerts read back.
  const ids = [...types.keys()];
  const events: PendingEvent[] = [];
  for (let i = 0; i < ids.length; i += 1_000) {
    const rows = await tx
      .selectFrom('alerts')
      .innerJoin('subjects', 'subjects.id', 'alerts.subject_id')
      .select([
        'alerts.id',
        'alerts.user_id',
        'alerts.subject_id',
        'alerts.list',
        'alerts.source_uid',
        'alerts.match_name',
        'alerts.match_score',
        'alerts.status',
        'alerts.created_at',
        'alerts.updated_at',
        'subjects.reference',
        'subjects.name',
      ])
      .where('alerts.id', 'in', ids.slice(i, i + 1_000))
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('webhooks')
            .select('webhooks.id')
            .whereRef('webhooks.user_id', '=', 'alerts.user_id')
            .where('webhooks.deleted_at', 'is', null),
        ),
      )
      .execute();
    for (const r of rows) {
      const alert = {
        id: r.id,
        userId: r.user_id,
        subjectId: r.subject_id,
        list: r.list,
        sourceUid: r.source_uid,
        matchName: r.match_name,
        matchScore: Number(r.match_score),
        status: r.status as AlertStatus,
        createdAt: r.created_at,
        updatedAt: r.updated_at,
      };
      const type = types.get(r.id) as 'alert.created' | 'alert.reopened' | 'alert.delisted';
      events.push({
        userId: r.user_id,
        body: {
          id: uuidv7(),
          type,
          created_at: at,
          data: { alert: alertEventData(alert, { reference: r.reference, name: r.name }) },
        },
      });
    }
  }
  await enqueue(tx, events, at);
}

/** Writes a `list.updated` event for every endpoint of every account subscribed to it. */
export async function enqueueListUpdated(db: Db, list: string, versionId: string, at: string): Promise<void> {
  await enqueue(
    db,
    [
      {
        userId: null,
        body: { id: uuidv7(), type: 'list.updated', created_at: at, data: { list, version_id: versionId } },
      },
    ],
    at,
  );
}

async function enqueue(db: Db, events: readonly PendingEvent[], at: string): Promise<void> {
  if (events.length === 0) return;
  const users = [...new Set(events.flatMap((e) => (e.userId === null ? [] : [e.userId])))];
  const everyone = events.some((e) => e.userId === null);
  let q = db.selectFrom('webhooks').select(['id', 'user_id', 'events']).where('deleted_at', 'is', null);
  if (!everyone) q = q.where('user_id', 'in', users);
  const hooks = await q.execute();
  const rows = [];
  for (const e of events)
    for (const h of hooks) {
      if (e.userId !== null && h.user_id !== e.userId) continue;
      if (!(JSON.parse(h.events) as string[]).includes(e.body.type)) continue;
      rows.push({
        id: uuidv7(),
        webhook_id: h.id,
        event_id: e.body.id,
        event_type: e.body.type,
        body: JSON.stringify(e.body),
        status: 'pending',
        attempts: 0,
        next_attempt_at: at,
        created_at: at,
        delivered_at: null,
      });
    }
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('webhook_deliveries')
      .values(rows.slice(i, i + 500))
      .execute();
}
