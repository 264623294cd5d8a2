// Keeps the WAL's checkpoints off the request path of a SQLite server. By default SQLite checkpoints inside the
// commit that takes the WAL past 1,000 pages: about one usage write in a hundred then copies those pages into the
// database and fsyncs it on the event loop (milliseconds to tens of milliseconds, every call behind it waiting).
// Here a worker thread with its own connection checkpoints on a timer instead; the server's connection keeps
// checkpointing by itself only past FALLBACK_PAGES (the worker has fallen far behind), and goes back to SQLite's
// default if the worker stops.
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import type { CheckpointReply, CheckpointWorkerData } from './wal-checkpoint-worker.js';

/** SQLite's own wal_autocheckpoint default (pages), restored when the worker is gone. */
export const SQLITE_DEFAULT_AUTOCHECKPOINT = 1000;
/** Past this many WAL pages the writer checkpoints by itself even while the worker runs (40 MB at 4 KiB pages). */
export const FALLBACK_PAGES = 10_000;
/** How often the worker checkpoints. */
export const CHECKPOINT_INTERVAL_MS = 200;

/** A checkpoint the worker made: the WAL's frames and how many of them are now in the database. */
export type Checkpointed = Extract<CheckpointReply, { type: 'checkpointed' }>;

export class WalCheckpointer {
  readonly #db: Database.Database;
  readonly #worker: Worker;
  #stopped = false;
  #failure: string | null = null;
  #checkpoints = 0;
  readonly #waiters = new Set<(copied: Checkpointed) => void>();

  /** Starts the worker on `db`'s file (not for `:memory:`); the options are for tests. */
  constructor(
    db: Database.Database,
    { intervalMs = CHECKPOINT_INTERVAL_MS, fallbackPages = FALLBACK_PAGES } = {},
  ) {
    this.#db = db;
    db.pragma(`wal_autocheckpoint = ${fallbackPages}`);
    const data: CheckpointWorkerData = { file: db.name, intervalMs };
    // Compiled: the .js beside this file. From source (tests, tsx): the .ts file, after registering tsx's loader
    // inside the worker (Node 20 does not apply `--import` hooks to a worker's entry file).
    const here = import.meta.url;
    if (here.endsWith('.ts')) {
      const entry = new URL('./wal-checkpoint-worker.ts', here).href;
      const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
      this.#worker = new Worker(boot, { eval: true, workerData: data });
    } else {
      this.#worker = new Worker(fileURLToPath(new URL('./wal-checkpoint-worker.js', here)), {
        workerData: data,
      });
    }
    this.#worker.unref();
    this.#worker.on('message', (msg: CheckpointReply) => {
      if (msg.type === 'checkpointed') {
        this.#checkpoints++;
        for (const wake of this.#waiters) wake(msg);
        this.#waiters.clear();
      } else if (msg.type === 'failed') this.#fallBack(msg.message);
    });
    this.#worker.on('error', (err) => this.#fallBack(err.message));
    this.#worker.on('exit', () => this.#fallBack('the checkpoint worker exited'));
  }

  /** Checkpoints that copied pages so far. */
  get checkpoints(): number {
    return this.#checkpoints;
  }

  /** Why the worker stopped checkpointing (the writer checkpoints by itself again), or null while it runs. */
  get failure(): string | null {
    return this.#failure;
  }

  /** Resolves at the next checkpoint that copies pages (tests and benchmarks). */
  nextCheckpoint(): Promise<Checkpointed> {
    return new Promise((resolve) => this.#waiters.add(resolve));
  }

  /** Stops the worker and waits for its connection to close (before the server's own connection closes). */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    const exited = new Promise<void>((resolve) => this.#worker.once('exit', () => resolve()));
    this.#worker.postMessage('stop');
    let timer: NodeJS.Timeout | undefined;
    // A checkpoint in progress finishes first; past 2 s the thread is terminated (SQLite's WAL stays consistent).
    await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 2_000)))]);
    clearTimeout(timer);
    await this.#worker.terminate();
  }

  #fallBack(reason: string): void {
    if (this.#stopped || this.#failure !== null) return;
    this.#failure = reason;
    try {
      if (this.#db.open) this.#db.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT}`);
    } catch {
      // The connection is closing: nothing left to checkpoint for.
    }
  }
}
