// The delivery worker's pure parts: the signature header, which answers are retried, and the backoff bounds.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backoffMs, MAX_RETRY_DELAY_MS, retryable, signatureHeader } from './webhook-delivery-worker.js';

describe('webhook delivery worker', () => {
  it('signs "<t>.<body>" with HMAC-SHA256 of the secret, hex', () => {
    const body = '{"id":"e1"}';
    const expected = createHmac('sha256', 'whsec_x').update(`1700000000.${body}`).digest('hex');
    expect(signatureHeader('whsec_x', 1700000000, body)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('retries 5xx, 408 and 429, not other 4xx', () => {
    expect([500, 502, 503, 408, 429].map(retryable)).toEqual([true, true, true, true, true]);
    expect([400, 401, 403, 404, 410, 422].map(retryable)).toEqual([false, false, false, false, false, false]);
  });

  it('doubles the wait per failed attempt, jittered between half and all of it, capped at an hour', () => {
    expect(backoffMs(1000, 1, () => 0)).toBe(500);
    expect(backoffMs(1000, 1, () => 1)).toBe(1000);
    expect(backoffMs(1000, 3, () => 1)).toBe(4000);
    expect(backoffMs(1000, 3, () => 0)).toBe(2000);
    expect(backoffMs(1000, 40, () => 1)).toBe(MAX_RETRY_DELAY_MS);
  });
});
