// Webhooks in an analyst's words: the events an endpoint can take (the API's set, README "Webhooks"), the body of
// POST /api/v2/webhooks, a delivery's status as a label and badge tone, and each attempt as what came back.
import type { RequestBody } from '@screening/client';
import type { WebhookDelivery } from '../api/api-types.ts';

/** The events an endpoint can subscribe to, with what each means (the API answers 400 for any other). */
export const WEBHOOK_EVENTS: readonly { event: string; label: string }[] = [
  { event: 'alert.created', label: 'A new alert is raised' },
  { event: 'alert.reopened', label: 'A cleared alert reopens' },
  { event: 'alert.delisted', label: 'An alert’s entry leaves its list' },
  { event: 'list.updated', label: 'A list has a new version' },
];

/** The body of POST /api/v2/webhooks, or why it cannot be sent yet. */
export function webhookBody(
  url: string,
  events: readonly string[],
): { body: RequestBody<'createWebhook'> } | { problem: string } {
  const u = url.trim();
  if (u === '') return { problem: 'Enter the address that should receive the events.' };
  if (events.length === 0) return { problem: 'Choose at least one event.' };
  // In the API's order, whatever order they were ticked in.
  const ordered = WEBHOOK_EVENTS.map((e) => e.event).filter((e) => events.includes(e));
  return { body: { url: u, events: ordered } };
}

type Tone = 'ok' | 'warn' | 'hit' | 'neutral';

const DELIVERY: Readonly<Record<string, { label: string; tone: Tone }>> = {
  delivered: { label: 'Delivered', tone: 'ok' },
  pending: { label: 'Waiting to retry', tone: 'warn' },
  failed: { label: 'Failed', tone: 'hit' },
};

/** A delivery's status; a pending one never tried yet is "Queued", not "Waiting to retry". */
export function deliveryStatus(d: Pick<WebhookDelivery, 'status' | 'attempts'>): {
  label: string;
  tone: Tone;
} {
  if (d.status === 'pending' && d.attempts.length === 0) return { label: 'Queued', tone: 'neutral' };
  return DELIVERY[d.status] ?? { label: d.status, tone: 'neutral' };
}

/** One attempt: "HTTP 503 in 42 ms" or "No answer: connection refused (10,000 ms)". */
export function attemptWords(a: WebhookDelivery['attempts'][number]): string {
  const took = `${a.duration_ms.toLocaleString('en')} ms`;
  if (a.status_code !== null) return `HTTP ${a.status_code} in ${took}${a.error ? ` · ${a.error}` : ''}`;
  return `No answer: ${a.error ?? 'unknown error'} (${took})`;
}
