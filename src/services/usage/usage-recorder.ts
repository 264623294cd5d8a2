// Group commit for usage records: concurrent calls share one transaction, and each caller's promise
// settles only when its record is durable, so a response never leaves before its audit record.
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

  constructor(store: Store, opts: { batchMax: number }) {
    this.#store = store;
    this.#batchMax = opts.batchMax;
  }

  /** Records written by this process since start (for /metrics). */
  get written(): number {
    return this.#written;
  }

  record(record: UsageRecord): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ record, resolve, reject });
      if (!this.#flushing) this.#flushing = this.#run();
    });
  }

  /** Resolves when every record handed in so far has been written or has failed. */
  async drain(): Promise<void> {
    while (this.#flushing) await this.#flushing;
  }

  async #run(): Promise<void> {
    // Let the current turn of the event loop enqueue more records before the first write.
    await new Promise<void>((r) => setImmediate(r));
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
