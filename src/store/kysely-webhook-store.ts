// Webhook endpoints in Kysely, the same queries on SQLite and PostgreSQL.
import type { Kysely, Selectable } from 'kysely';
import type { DeliveryStatus, Webhook, WebhookDelivery, WebhookEvent } from '../domain/webhooks.js';
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
  constructor(private readonly db: Kysely<Database>) {}

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
}
