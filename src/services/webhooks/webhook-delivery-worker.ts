// The webhook delivery worker: claims due outbox rows, POSTs each body signed with its endpoint's secret
// (`Screening-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`), records every attempt and
// retries timeouts, connection errors, 5xx, 408 and 429 with exponential backoff and full jitter for 24 hours.
// It runs beside the API and never holds up ingestion or screening: a slow receiver only delays its own events.
import { createHmac } from 'node:crypto';
import type { ClaimedDelivery, WebhookAttempt } from '../../domain/webhooks.js';
import type { WebhookStore } from '../../store/webhook-store.js';

/** How long deliveries are retried after their event was queued. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The longest wait between two attempts. */
export const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
/** Deliveries claimed per poll. */
const BATCH = 50;

export interface DeliveryWorkerOptions {
  readonly timeoutMs: number;
  readonly retryBaseMs: number;
  readonly pollMs: number;
  /** The clock (tests move it past the retry window); Date.now by default. */
  readonly now?: () => number;
}

/** The signature header value of `body` sent at `t` (unix seconds). */
export function signatureHeader(secret: string, t: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** Whether a receiver's answer is worth another attempt. */
export const retryable = (status: number): boolean => status >= 500 || status === 408 || status === 429;

/** The wait before attempt `n + 1` after `n` failed attempts: base × 2^(n-1), capped, with full jitter. */
export function backoffMs(base: number, failedAttempts: number, random = Math.random): number {
  const ceiling = Math.min(MAX_RETRY_DELAY_MS, base * 2 ** Math.max(0, failedAttempts - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

export class WebhookDeliveryWorker {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #stopped = false;
  #log: Log | null = null;

  constructor(
    private readonly store: Pick<WebhookStore, 'claimDueDeliveries' | 'recordAttempt'>,
    private readonly opts: DeliveryWorkerOptions,
  ) {}

  #now(): number {
    return (this.opts.now ?? Date.now)();
  }

  useLogger(log: Log): void {
    this.#log = log;
  }

  start(): void {
    if (this.#timer || this.#stopped) return;
    this.#timer = setInterval(() => void this.tick(), this.opts.pollMs);
    this.#timer.unref();
    void this.tick();
  }

  /** Stops polling and waits for the deliveries in flight (each bounded by the timeout). */
  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }

  /** One poll: sends every due delivery (one poll at a time in this process). */
  tick(): Promise<void> {
    if (this.#running || this.#stopped) return this.#running ?? Promise.resolve();
    this.#running = this.#drain()
      .catch((err: unknown) => this.#log?.error({ err }, 'webhook delivery poll failed'))
      .finally(() => {
        this.#running = null;
      });
    return this.#running;
  }

  async #drain(): Promise<void> {
    while (!this.#stopped) {
      const now = this.#now();
      // A claim outlives the attempt: if this process dies mid-send the row is due again after the lease.
      const lease = new Date(now + this.opts.timeoutMs * 2 + 5_000).toISOString();
      const claimed = await this.store.claimDueDeliveries(new Date(now).toISOString(), lease, BATCH);
      if (claimed.length === 0) return;
      await Promise.all(claimed.map((d) => this.#send(d)));
    }
  }

  async #send(d: ClaimedDelivery): Promise<void> {
    const started = this.#now();
    const t = Math.floor(started / 1000);
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const res = await fetch(d.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'screening-service-webhooks/1',
          'screening-signature': signatureHeader(d.secret, t, d.body),
          'screening-event-id': d.eventId,
        },
        body: d.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
      statusCode = res.status;
      await res.body?.cancel().catch(() => undefined);
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      error =
        e.name === 'TimeoutError'
          ? `timed out after ${this.opts.timeoutMs} ms`
          : `connection failed: ${e.cause?.code ?? e.message}`;
    }
    const attempt: WebhookAttempt = {
      at: new Date(started).toISOString(),
      statusCode,
      error,
      durationMs: Math.max(0, this.#now() - started),
    };
    const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const again = !ok && (statusCode === null || retryable(statusCode));
    const next = this.#now() + backoffMs(this.opts.retryBaseMs, d.attempts + 1);
    const withinWindow = next - Date.parse(d.createdAt) <= RETRY_WINDOW_MS;
    const outcome = ok
      ? { status: 'delivered' as const, nextAttemptAt: null }
      : again && withinWindow
        ? { status: 'pending' as const, nextAttemptAt: new Date(next).toISOString() }
        : { status: 'failed' as const, nextAttemptAt: null };
    if (outcome.status === 'failed')
      this.#log?.warn({ delivery: d.id, status: statusCode, error }, 'webhook delivery given up');
    await this.store.recordAttempt(d.id, attempt, outcome);
  }
}
