// The webhook half of the store: an account's endpoints (deleted ones are kept, marked, for their deliveries).
import type { ClaimedDelivery, Webhook, WebhookAttempt, WebhookDelivery } from '../domain/webhooks.js';

/** A page of one account's live endpoints, oldest first. */
export interface WebhookQuery {
  readonly userId: string;
  readonly afterId: string | null;
  readonly limit: number;
}

/** Persistence of webhook endpoints. */
export interface WebhookStore extends WebhookOutbox {
  insertWebhook(webhook: Webhook): Promise<void>;
  listWebhooks(query: WebhookQuery): Promise<Webhook[]>;
  /** A live endpoint of this user, or null (another user's is null too). */
  findWebhook(userId: string, id: string): Promise<Webhook | null>;
  /** Marks the endpoint deleted; false when this user has no such live endpoint. */
  deleteWebhook(userId: string, id: string, at: string): Promise<boolean>;
  countWebhooks(userId: string): Promise<number>;
}

/** A page of one endpoint's deliveries, newest first. */
export interface DeliveryQuery {
  readonly webhookId: string;
  readonly beforeId: string | null;
  readonly limit: number;
}

/** The webhook outbox: events queued with the change that raised them (alerts write theirs in writeAlerts). */
export interface WebhookOutbox {
  /** Queues a `list.updated` event for every endpoint subscribed to it. */
  enqueueListUpdated(list: string, versionId: string, at: string): Promise<void>;
  listDeliveries(query: DeliveryQuery): Promise<WebhookDelivery[]>;
  /** The attempts of these deliveries, oldest first, by delivery id. */
  deliveryAttempts(deliveryIds: readonly string[]): Promise<Map<string, WebhookAttempt[]>>;
  /**
   * Claims up to `limit` pending deliveries due at `now` (PostgreSQL: FOR UPDATE SKIP LOCKED, so each is claimed by
   * one process) by moving their due time to `leaseUntil`: a process that dies mid-send leaves them due again then.
   */
  claimDueDeliveries(now: string, leaseUntil: string, limit: number): Promise<ClaimedDelivery[]>;
  /** Records one attempt and the delivery's new state (delivered, pending again at `nextAttemptAt`, or failed). */
  recordAttempt(
    deliveryId: string,
    attempt: WebhookAttempt,
    outcome: { status: 'delivered' | 'pending' | 'failed'; nextAttemptAt: string | null },
  ): Promise<void>;
  /** Makes a delivery of this endpoint due now (pending again); false when the endpoint has no such delivery. */
  retryDelivery(webhookId: string, deliveryId: string, now: string): Promise<boolean>;
}
