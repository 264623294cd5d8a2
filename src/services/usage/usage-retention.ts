// Retention of the usage trail: whole chain segments (batches) committed before the window are deleted, oldest
// first, each pass leaving a checkpoint the verifier starts from. Runs once per cluster: a process that does not
// get the retention lock skips the pass (another is doing it).
import type { UsageChainStore } from '../../store/usage-chain-store.js';

/** What one retention pass did; `ran` is false when another process held the lock. */
export interface RetentionPass {
  readonly ran: boolean;
  readonly cutoff: string;
  readonly batches: number;
  readonly records: number;
}

const DAY_MS = 86_400_000;
/** Batches deleted per transaction, so a first pass over years of records never holds the chain for long. */
const BATCHES_PER_CUT = 1000;

export class UsageRetention {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<unknown> | null = null;

  constructor(
    private readonly store: Pick<UsageChainStore, 'cutUsageChain' | 'withRetentionLock'>,
    private readonly opts: { readonly retentionDays: number; readonly now?: () => Date },
  ) {}

  /** Deletes every expired batch (if this process gets the lock). */
  async run(): Promise<RetentionPass> {
    const now = (this.opts.now ?? (() => new Date()))();
    const cutoff = new Date(now.getTime() - this.opts.retentionDays * DAY_MS).toISOString();
    let batches = 0;
    let records = 0;
    const ran = await this.store.withRetentionLock(async () => {
      for (;;) {
        const cut = await this.store.cutUsageChain(cutoff, now.toISOString(), BATCHES_PER_CUT);
        batches += cut.batches;
        records += cut.records;
        if (cut.batches < BATCHES_PER_CUT) return;
      }
    });
    return { ran, cutoff, batches, records };
  }

  /** Runs a pass now and then every `intervalMs`; a failed pass is reported and retried at the next tick. */
  start(intervalMs: number, onPass: (pass: RetentionPass | Error) => void): void {
    const tick = () => {
      if (this.#running) return;
      this.#running = this.run()
        .then(onPass, (err: unknown) => onPass(err instanceof Error ? err : new Error(String(err))))
        .finally(() => {
          this.#running = null;
        });
    };
    tick();
    this.#timer = setInterval(tick, intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }
}
