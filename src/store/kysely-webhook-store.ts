// Webhook endpoints in Kysely, the same queries on SQLite and PostgreSQL.
import { sql, type Kysely, type Selectable } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import type {
  ClaimedDelivery,
  DeliveryStatus,
  Webhook,
  WebhookAttempt,
  WebhookDelivery,
  WebhookEvent,
} from '../domain/webhooks.js';
import type { Database, WebhookDeliveriesTable, WebhooksTable } from './schema.js';
import { enqueueListUpdated } from './webhook-outbox.js';
import type { DeliveryQuery, WebhookQuery, WebhookStore } from './webhook-store.js';

const toWebhook = (r: Selectable<WebhooksTable>): Webhook => ({
  id: r.id,
  userId: r.user_id,
  url: r.url,
  events: JSON.parse(r.events) as WebhookEvent[],
  secret: r.secret,
  createdAt: r.created_at,
});

const toDelivery = (r: Selectable<WebhookDeliveriesTable>): WebhookDelivery => ({
  id: r.id,
  webhookId: r.webhook_id,
  eventId: r.event_id,
  eventType: r.event_type as WebhookEvent,
  body: r.body,
  status: r.status as DeliveryStatus,
  attempts: Number(r.attempts),
  nextAttemptAt: r.next_attempt_at,
  createdAt: r.created_at,
  deliveredAt: r.delivered_at,
});

export class KyselyWebhookStore implements WebhookStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: 'sqlite' | 'postgres' = 'sqlite',
  ) {}

  async insertWebhook(w: Webhook): Promise<void> {
    await this.db
      .insertInto('webhooks')
      .values({
        id: w.id,
        user_id: w.userId,
        url: w.url,
        events: JSON.stringify(w.events),
        secret: w.secret,
        created_at: w.createdAt,
        deleted_at: null,
      })
      .execute();
  }

  async listWebhooks(q: WebhookQuery): Promise<Webhook[]> {
    let query = this.db
      .selectFrom('webhooks')
      .selectAll()
      .where('user_id', '=', q.userId)
      .where('deleted_at', 'is', null);
    if (q.afterId !== null) query = query.where('id', '>', q.afterId);
    return (await query.orderBy('id').limit(q.limit).execute()).map(toWebhook);
  }

  async findWebhook(userId: string, id: string): Promise<Webhook | null> {
    const r = await this.db
      .selectFrom('webhooks')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return r ? toWebhook(r) : null;
  }

  async deleteWebhook(userId: string, id: string, at: string): Promise<boolean> {
    const r = await this.db
      .updateTable('webhooks')
      .set({ deleted_at: at })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async countWebhooks(userId: string): Promise<number> {
    const r = await this.db
      .selectFrom('webhooks')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  enqueueListUpdated(list: string, versionId: string, at: string): Promise<void> {
    return enqueueListUpdated(this.db, list, versionId, at);
  }

  async listDeliveries(q: DeliveryQuery): Promise<WebhookDelivery[]> {
    let query = this.db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', q.webhookId);
    if (q.beforeId !== null) query = query.where('id', '<', q.beforeId);
    return (await query.orderBy('id', 'desc').limit(q.limit).execute()).map(toDelivery);
  }

  async deliveryAttempts(deliveryIds: readonly string[]): Promise<Map<string, WebhookAttempt[]>> {
    const out = new Map<string, WebhookAttempt[]>();
    if (deliveryIds.length === 0) return out;
    const rows = await this.db
      .selectFrom('webhook_attempts')
      .selectAll()
      .where('delivery_id', 'in', [...deliveryIds])
      .orderBy('id')
      .execute();
    for (const r of rows) {
      const list = out.get(r.delivery_id) ?? [];
      list.push({
        at: r.at,
        statusCode: r.status_code === null ? null : Number(r.status_code),
        error: r.error,
        durationMs: Number(r.duration_ms),
      });
      out.set(r.delivery_id, list);
    }
    return out;
  }

  async claimDueDeliveries(now: string, leaseUntil: string, limit: number): Promise<ClaimedDelivery[]> {
    return this.db.transaction().execute(async (tx) => {
      let due = tx
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        // A deleted endpoint gets nothing more (its rows stay, for the record).
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('webhooks')
              .select('webhooks.id')
              .whereRef('webhooks.id', '=', 'webhook_deliveries.webhook_id')
              .where('webhooks.deleted_at', 'is', null),
          ),
        )
        .orderBy('next_attempt_at')
        .limit(limit);
      // Several server processes: each row is claimed by one of them, none waits on another's claim.
      if (this.dialect === 'postgres') due = due.modifyEnd(sql`for update skip locked`);
      const ids = (await due.execute()).map((r) => r.id);
      if (ids.length === 0) return [];
      await tx
        .updateTable('webhook_deliveries')
        .set({ next_attempt_at: leaseUntil })
        .where('id', 'in', ids)
        .execute();
      const rows = await tx
        .selectFrom('webhook_deliveries')
        .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
        .selectAll('webhook_deliveries')
        .select(['webhooks.url', 'webhooks.secret'])
        .where('webhook_deliveries.id', 'in', ids)
        .execute();
      return rows.map((r) => ({ ...toDelivery(r), url: r.url, secret: r.secret }));
    });
  }

  async recordAttempt(
    deliveryId: string,
    attempt: WebhookAttempt,
    outcome: { status: 'delivered' | 'pending' | 'failed'; nextAttemptAt: string | null },
  ): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('webhook_attempts')
        .values({
          id: uuidv7(),
          delivery_id: deliveryId,
          at: attempt.at,
          status_code: attempt.statusCode,
          error: attempt.error,
          duration_ms: attempt.durationMs,
        })
        .execute();
      await tx
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          status: outcome.status,
          attempts: eb('attempts', '+', 1),
          next_attempt_at: outcome.nextAttemptAt,
          ...(outcome.status === 'delivered' && { delivered_at: attempt.at }),
        }))
        .where('id', '=', deliveryId)
        .execute();
    });
  }

  async retryDelivery(webhookId: string, deliveryId: string, now: string): Promise<boolean> {
    const r = await this.db
      .updateTable('webhook_deliveries')
      .set({ status: 'pending', next_attempt_at: now })
      .where('id', '=', deliveryId)
      .where('webhook_id', '=', webhookId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }
}
