// Throttled calls are recorded as bursts: the first refused call of a burst gets its own usage record, the
// rest of the burst point at it, and one closing record counts them. A flood of refused calls therefore costs
// two rows, not one per call, and the audit trail still says what happened.
import { v7 as uuidv7 } from 'uuid';
import type { UsageRecord } from '../../domain/usage.js';

/** What to do with one throttled call's record. */
export interface ThrottleDecision {
  /** True for the first call of a burst: write its record as usual. */
  readonly write: boolean;
  /** The record the response names: its own for the first call, the burst's first record for the rest. */
  readonly usageId: string;
}

interface Burst {
  readonly first: UsageRecord;
  calls: number;
  lastAt: number;
  readonly endpoints: Map<string, number>;
}

/** Settings: how long a burst stays open after its last refused call, and how many are tracked at once. */
export interface ThrottleBurstOptions {
  readonly idleMs: number;
  readonly maxOpen: number;
  readonly now?: () => number;
}

/** Tracks open bursts per budget key and hands closing records to `write` (the usage recorder). */
export class ThrottleBursts {
  readonly #open = new Map<string, Burst>();
  readonly #opts: ThrottleBurstOptions;
  readonly #write: (record: UsageRecord) => Promise<void>;
  readonly #now: () => number;
  #timer: NodeJS.Timeout | null = null;
  #pending = new Set<Promise<void>>();

  constructor(write: (record: UsageRecord) => Promise<void>, opts: ThrottleBurstOptions) {
    this.#write = write;
    this.#opts = opts;
    this.#now = opts.now ?? Date.now;
  }

  /** Called for every throttled call with the record it would have written. */
  throttled(budgetKey: string, record: UsageRecord): ThrottleDecision {
    const now = this.#now();
    const open = this.#open.get(budgetKey);
    if (open && now - open.lastAt <= this.#opts.idleMs) {
      open.calls++;
      open.lastAt = now;
      open.endpoints.set(record.endpoint, (open.endpoints.get(record.endpoint) ?? 0) + 1);
      return { write: false, usageId: open.first.id };
    }
    if (open) this.#close(budgetKey, open);
    if (this.#open.size >= this.#opts.maxOpen) this.#closeOldest();
    this.#open.set(budgetKey, {
      first: record,
      calls: 1,
      lastAt: now,
      endpoints: new Map([[record.endpoint, 1]]),
    });
    this.#startSweep();
    return { write: true, usageId: record.id };
  }

  /** An allowed call ends its budget's burst. */
  allowed(budgetKey: string): void {
    const open = this.#open.get(budgetKey);
    if (open) this.#close(budgetKey, open);
  }

  /** Open bursts (for tests and metrics). */
  get openCount(): number {
    return this.#open.size;
  }

  /** Closes every burst and waits for the closing records (shutdown). */
  async drain(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    for (const [key, burst] of [...this.#open]) this.#close(key, burst);
    await Promise.allSettled([...this.#pending]);
  }

  /** Closes bursts idle for longer than idleMs. */
  sweep(): void {
    const now = this.#now();
    for (const [key, burst] of [...this.#open])
      if (now - burst.lastAt > this.#opts.idleMs) this.#close(key, burst);
    if (this.#open.size === 0 && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = null;
    }
  }

  #startSweep(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => this.sweep(), Math.max(1_000, Math.floor(this.#opts.idleMs / 4)));
    this.#timer.unref();
  }

  #closeOldest(): void {
    let oldest: [string, Burst] | null = null;
    for (const entry of this.#open) if (!oldest || entry[1].lastAt < oldest[1].lastAt) oldest = entry;
    if (oldest) this.#close(oldest[0], oldest[1]);
  }

  #close(key: string, burst: Burst): void {
    this.#open.delete(key);
    // A burst of one call is fully described by its own record.
    if (burst.calls <= 1) return;
    const p = this.#write(closingRecord(burst, this.#now()))
      .catch(() => undefined)
      .finally(() => this.#pending.delete(p));
    this.#pending.add(p);
  }
}

/** The record that closes a burst: who, which endpoints, how many calls, from when to when. */
function closingRecord(burst: Burst, now: number): UsageRecord {
  const { first } = burst;
  return {
    id: uuidv7(),
    createdAt: new Date(now).toISOString(),
    userId: first.userId,
    apiKeyId: first.apiKeyId,
    requestId: first.requestId,
    method: first.method,
    endpoint: first.endpoint,
    searchType: null,
    request: JSON.stringify({
      throttled_burst: {
        first_record: first.id,
        calls: burst.calls,
        from: first.createdAt,
        to: new Date(burst.lastAt).toISOString(),
        endpoints: Object.fromEntries(burst.endpoints),
      },
    }),
    response: null,
    status: 429,
    durationMs: 0,
    additionalCallInfo: null,
    // Refused screening calls screened nothing: an error, like the burst's first record.
    outcome: first.outcome === null ? null : { kind: 'error', count: null },
    subject: null,
  };
}
