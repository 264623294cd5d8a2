// Webhook endpoints of an account: where signed event deliveries go, and which events they take.

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
