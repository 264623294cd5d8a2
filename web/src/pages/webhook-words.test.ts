// Webhook words: the create body (checked before sending, events in the API's order), a delivery's status and
// each attempt in words.
import { describe, expect, it } from 'vitest';
import { attemptWords, deliveryStatus, webhookBody, WEBHOOK_EVENTS } from './webhook-words.ts';

describe('webhookBody', () => {
  it('sends the trimmed address and the events in the API’s order', () => {
    expect(webhookBody(' https://hooks.example.com/x ', ['list.updated', 'alert.created'])).toEqual({
      body: { url: 'https://hooks.example.com/x', events: ['alert.created', 'list.updated'] },
    });
  });

  it('says what is missing before sending', () => {
    expect(webhookBody(' ', ['alert.created'])).toEqual({
      problem: 'Enter the address that should receive the events.',
    });
    expect(webhookBody('https://x.example', [])).toEqual({ problem: 'Choose at least one event.' });
  });

  it('offers every event the API takes', () => {
    expect(WEBHOOK_EVENTS.map((e) => e.event)).toEqual([
      'alert.created',
      'alert.reopened',
      'alert.delisted',
      'list.updated',
    ]);
  });
});

describe('deliveries in words', () => {
  it('says where a delivery stands, a never-tried one as queued', () => {
    const at = { at: '2026-11-27T06:00:00Z', status_code: 503, error: null, duration_ms: 42 };
    expect(deliveryStatus({ status: 'pending', attempts: [] })).toEqual({ label: 'Queued', tone: 'neutral' });
    expect(deliveryStatus({ status: 'pending', attempts: [at] })).toEqual({
      label: 'Waiting to retry',
      tone: 'warn',
    });
    expect(deliveryStatus({ status: 'delivered', attempts: [at] }).label).toBe('Delivered');
    expect(deliveryStatus({ status: 'failed', attempts: [at] }).tone).toBe('hit');
  });

  it('says each attempt: the status code, or why no answer came', () => {
    expect(attemptWords({ at: 'x', status_code: 503, error: null, duration_ms: 42 })).toBe(
      'HTTP 503 in 42 ms',
    );
    expect(attemptWords({ at: 'x', status_code: null, error: 'timed out', duration_ms: 10000 })).toBe(
      'No answer: timed out (10,000 ms)',
    );
  });
});
