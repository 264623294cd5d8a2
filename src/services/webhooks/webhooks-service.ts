// Webhook endpoints of an account (POST/GET /api/v2/webhooks, GET/DELETE /api/v2/webhooks/{id}): the signing
// secret is answered once, at creation; another account's endpoint is not found, never forbidden.
import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import {
  type DeliveryStatus,
  type WebhookDelivery,
  MAX_WEBHOOKS_PER_ACCOUNT,
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookEvent,
} from '../../domain/webhooks.js';
import { badRequest, notFound } from '../../errors.js';
import type { WebhookStore } from '../../store/webhook-store.js';
import { decodeIdCursor, encodeIdCursor } from '../monitoring/subjects-service.js';
import { checkWebhookUrl, type Resolve, type WebhookUrlPolicy } from './webhook-url.js';

/** An endpoint as the API answers it (never with its secret, except once at creation). */
export interface WebhookView {
  readonly id: string;
  readonly url: string;
  readonly events: WebhookEvent[];
  readonly created_at: string;
}

export interface WebhooksPage {
  readonly webhooks: WebhookView[];
  readonly next_cursor: string | null;
}

/** One delivery with every attempt, oldest first. */
export interface DeliveryView {
  readonly id: string;
  readonly event_id: string;
  readonly type: WebhookEvent;
  readonly status: DeliveryStatus;
  readonly created_at: string;
  readonly next_attempt_at: string | null;
  readonly delivered_at: string | null;
  readonly attempts: Array<{
    at: string;
    status_code: number | null;
    error: string | null;
    duration_ms: number;
  }>;
}

export interface DeliveriesPage {
  readonly deliveries: DeliveryView[];
  readonly next_cursor: string | null;
}

export const webhookView = (w: Webhook): WebhookView => ({
  id: w.id,
  url: w.url,
  events: [...w.events],
  created_at: w.createdAt,
});

/** A new signing secret: 32 random bytes, prefixed so it is recognisable in a secret scanner. */
const newSecret = () => `whsec_${randomBytes(32).toString('hex')}`;

export class WebhooksService {
  constructor(
    private readonly store: WebhookStore,
    private readonly policy: WebhookUrlPolicy,
    private readonly resolve?: Resolve,
    /** Called after a retry is asked for, so the delivery worker sends it now. */
    private readonly onRetry: () => void = () => undefined,
  ) {}

  async create(
    userId: string,
    body: { url: string; events: readonly string[] },
  ): Promise<WebhookView & { secret: string }> {
    const url = await checkWebhookUrl(body.url, this.policy, this.resolve);
    if (body.events.length === 0) throw badRequest('events must name at least one event');
    const unknown = body.events.filter((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e));
    if (unknown.length > 0)
      throw badRequest(`events: unknown ${unknown.join(', ')}; known are ${WEBHOOK_EVENTS.join(', ')}`);
    if ((await this.store.countWebhooks(userId)) >= MAX_WEBHOOKS_PER_ACCOUNT)
      throw badRequest(`at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks per account; delete one first`);
    const webhook: Webhook = {
      id: uuidv7(),
      userId,
      url,
      events: [...new Set(body.events as WebhookEvent[])],
      secret: newSecret(),
      createdAt: new Date().toISOString(),
    };
    await this.store.insertWebhook(webhook);
    return { ...webhookView(webhook), secret: webhook.secret };
  }

  async page(userId: string, q: { cursor?: string; limit: number }): Promise<WebhooksPage> {
    const rows = await this.store.listWebhooks({
      userId,
      afterId: q.cursor === undefined ? null : decodeIdCursor(q.cursor),
      limit: q.limit + 1,
    });
    const page = rows.slice(0, q.limit);
    const last = page.at(-1);
    return {
      webhooks: page.map(webhookView),
      next_cursor: rows.length > q.limit && last ? encodeIdCursor(last.id) : null,
    };
  }

  async get(userId: string, id: string): Promise<WebhookView> {
    const w = await this.store.findWebhook(userId, id);
    if (!w) throw notFound(`no webhook ${id}`);
    return webhookView(w);
  }

  async delete(userId: string, id: string): Promise<void> {
    if (!(await this.store.deleteWebhook(userId, id, new Date().toISOString())))
      throw notFound(`no webhook ${id}`);
  }

  /** The endpoint's deliveries, newest first, each with its attempts. */
  async deliveries(
    userId: string,
    id: string,
    q: { cursor?: string; limit: number },
  ): Promise<DeliveriesPage> {
    if (!(await this.store.findWebhook(userId, id))) throw notFound(`no webhook ${id}`);
    const rows = await this.store.listDeliveries({
      webhookId: id,
      beforeId: q.cursor === undefined ? null : decodeIdCursor(q.cursor),
      limit: q.limit + 1,
    });
    const page = rows.slice(0, q.limit);
    const attempts = await this.store.deliveryAttempts(page.map((d) => d.id));
    const last = page.at(-1);
    return {
      deliveries: page.map((d) => deliveryView(d, attempts.get(d.id) ?? [])),
      next_cursor: rows.length > q.limit && last ? encodeIdCursor(last.id) : null,
    };
  }

  /** Sends a delivery again now (whatever its state). */
  async retry(userId: string, id: string, deliveryId: string): Promise<void> {
    if (!(await this.store.findWebhook(userId, id))) throw notFound(`no webhook ${id}`);
    if (!(await this.store.retryDelivery(id, deliveryId, new Date().toISOString())))
      throw notFound(`no delivery ${deliveryId} of webhook ${id}`);
    this.onRetry();
  }
}

const deliveryView = (
  d: WebhookDelivery,
  attempts: ReadonlyArray<{
    at: string;
    statusCode: number | null;
    error: string | null;
    durationMs: number;
  }>,
): DeliveryView => ({
  id: d.id,
  event_id: d.eventId,
  type: d.eventType,
  status: d.status,
  created_at: d.createdAt,
  next_attempt_at: d.nextAttemptAt,
  delivered_at: d.deliveredAt,
  attempts: attempts.map((a) => ({
    at: a.at,
    status_code: a.statusCode,
    error: a.error,
    duration_ms: a.durationMs,
  })),
});
