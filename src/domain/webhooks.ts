// Webhook endpoints of an account (where signed event deliveries go, and which events they take) and the event
// bodies they receive: {id, type, created_at, data: {alert}} or {..., data: {list, version_id}}.
import type { Alert, AlertStatus, Subject } from './monitoring.js';

/** The events a webhook endpoint can subscribe to. */
export const WEBHOOK_EVENTS = ['alert.created', 'alert.reopened', 'alert.delisted', 'list.updated'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** One account's webhook endpoint; the secret signs every delivery (shown to the owner once, at creation). */
export interface Webhook {
  readonly id: string;
  readonly userId: string;
  readonly url: string;
  readonly events: readonly WebhookEvent[];
  readonly secret: string;
  readonly createdAt: string;
}

/** The most endpoints one account may hold. */
export const MAX_WEBHOOKS_PER_ACCOUNT = 20;

/** The alert in an event body: issue 16's alert shape (as GET /api/v2/alerts lists it). */
export interface AlertEventData {
  readonly id: string;
  readonly status: AlertStatus;
  readonly subject: { readonly id: string; readonly reference: string | null; readonly name: string };
  readonly match: {
    readonly id: string;
    readonly name: string;
    readonly list: string;
    readonly source_uid: string;
    readonly match_score: number;
  };
  readonly created_at: string;
  readonly updated_at: string;
}

/** One event as delivered. */
export type WebhookEventBody =
  | {
      readonly id: string;
      readonly type: 'alert.created' | 'alert.reopened' | 'alert.delisted';
      readonly created_at: string;
      readonly data: { readonly alert: AlertEventData };
    }
  | {
      readonly id: string;
      readonly type: 'list.updated';
      readonly created_at: string;
      readonly data: { readonly list: string; readonly version_id: string };
    };

export const alertEventData = (
  a: Pick<
    Alert,
    | 'id'
    | 'status'
    | 'subjectId'
    | 'list'
    | 'sourceUid'
    | 'matchName'
    | 'matchScore'
    | 'createdAt'
    | 'updatedAt'
  >,
  s: Pick<Subject, 'reference' | 'name'> | undefined,
): AlertEventData => ({
  id: a.id,
  status: a.status,
  subject: { id: a.subjectId, reference: s?.reference ?? null, name: s?.name ?? '' },
  match: {
    id: `${a.list}:${a.sourceUid}`,
    name: a.matchName,
    list: a.list,
    source_uid: a.sourceUid,
    match_score: a.matchScore,
  },
  created_at: a.createdAt,
  updated_at: a.updatedAt,
});

/** Where one delivery stands: waiting for its (next) attempt, delivered, or given up after the retry window. */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One event on its way to one endpoint (an outbox row). */
export interface WebhookDelivery {
  readonly id: string;
  readonly webhookId: string;
  readonly eventId: string;
  readonly eventType: WebhookEvent;
  /** The JSON body exactly as sent and signed. */
  readonly body: string;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  readonly nextAttemptAt: string | null;
  readonly createdAt: string;
  readonly deliveredAt: string | null;
}

/** One POST of a delivery: the receiver's status, or the error when none came. */
export interface WebhookAttempt {
  readonly at: string;
  readonly statusCode: number | null;
  readonly error: string | null;
  readonly durationMs: number;
}

/** A due delivery claimed for sending, with where it goes and the secret that signs it. */
export interface ClaimedDelivery extends WebhookDelivery {
  readonly url: string;
  readonly secret: string;
}
