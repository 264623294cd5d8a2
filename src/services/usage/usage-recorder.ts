// Group commit for usage records: concurrent calls share one transaction, and each caller's promise
// settles only when its record is durable, so a response never leaves before its audit record. A record handed in
// while no other metered call is open is written at once: there is nothing to wait for.
import type { UsageRecord } from '../../domain/usage.js';
import type { Store } from '../../store/store.js';

interface Pending {
  readonly record: UsageRecord;
  readonly resolve: () => void;
  readonly reject: (err: unknown) => void;
}

/** Writes usage records in batches; `record()` resolves once the record is committed. */
export class UsageRecorder {
  readonly #store: Store;
  readonly #batchMax: number;
  #queue: Pending[] = [];
  #flushing: Promise<void> | null = null;
  #written = 0;
  /** Metered calls begun whose record has not been handed in (nor will be); each counted once. */
  readonly #openCalls = new WeakSet<object>();
  #open = 0;

  constructor(store: Store, opts: { batchMax: number }) {
    this.#store = store;
    this.#batchMax = opts.batchMax;
  }

  /** Records written by this process since start (for /metrics). */
  get written(): number {
    return this.#written;
  }

  /** A metered call (`call`, e.g. its request) has begun: a record handed in meanwhile waits a turn for its. */
  begin(call: object): void {
    if (this.#openCalls.has(call)) return;
    this.#openCalls.add(call);
    this.#open++;
  }

  /** The call's record is being handed in, or it will write none (aborted, in a burst); idempotent. */
  end(call: object): void {
    if (this.#openCalls.delete(call)) this.#open--;
  }

  /** Metered calls begun and not yet ended. */
  get open(): number {
    return this.#open;
  }

  record(record: UsageRecord): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ record, resolve, reject });
      if (!this.#flushing) this.#flushing = this.#run(this.#open > 0);
    });
  }

  /** Resolves when every record handed in so far has been written or has failed. */
  async drain(): Promise<void> {
    while (this.#flushing) await this.#flushing;
  }

  async #run(gather: boolean): Promise<void> {
    // While other calls are open, let the current turn of the event loop enqueue their records before the first
    // write; alone, write at once (a turn of the event loop is a measurable part of a lone call's latency).
    if (gather) await new Promise<void>((r) => setImmediate(r));
    try {
      while (this.#queue.length > 0) {
        const batch = this.#queue.splice(0, this.#batchMax);
        try {
          await this.#store.insertUsage(batch.map((p) => p.record));
          this.#written += batch.length;
          for (const p of batch) p.resolve();
        } catch (err) {
          for (const p of batch) p.reject(err);
        }
      }
    } finally {
      this.#flushing = null;
    }
  }
}
