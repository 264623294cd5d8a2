// The webhook half of the store: an account's endpoints (deleted ones are kept, marked, for their deliveries).
import type { Webhook, WebhookDelivery } from '../domain/webhooks.js';

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
}
