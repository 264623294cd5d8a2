// Runs bulk screening on worker threads, each with its own copy of the current name index, so a 10,000-name call
// uses the other core(s) instead of the event loop. A bulk call is split into contiguous slices, one per thread.
// If a worker is unavailable or behind, the caller falls back to screening on the main thread (never to an
// answer from another index version).
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Match, SearchType } from '../../domain/screening.js';
import type { IndexEntry } from './name-index-loader.js';
import type { WorkerReply, WorkerRequest } from './bulk-worker.js';

/** Fewer names than this per thread are not worth splitting a call for. */
const MIN_SLICE = 200;

/** One worker thread and the index version it serves. */
class BulkWorker {
  readonly #worker: Worker;
  #nextId = 1;
  readyVersion = -1;
  readonly #pending = new Map<number, { resolve: (r: Match[][] | null) => void }>();

  constructor() {
    // Compiled: dist/.../bulk-worker.js. From source (tests, tsx): the .ts file, after registering tsx's
    // loader inside the worker (Node 20 does not apply `--import` hooks to a worker's entry file).
    const here = import.meta.url;
    if (here.endsWith('.ts')) {
      const entry = new URL('./bulk-worker.ts', here).href;
      const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
      this.#worker = new Worker(boot, { eval: true });
    } else {
      this.#worker = new Worker(fileURLToPath(new URL('./bulk-worker.js', here)));
    }
    this.#worker.unref();
    this.#worker.on('message', (msg: WorkerReply) => {
      if (msg.type === 'indexed') {
        this.readyVersion = Math.max(this.readyVersion, msg.version);
        return;
      }
      const p = this.#pending.get(msg.id);
      this.#pending.delete(msg.id);
      p?.resolve(msg.ok ? (msg.results as Match[][]) : null);
    });
    this.#worker.on('error', () => this.failAll());
    this.#worker.on('exit', () => this.failAll());
  }

  load(version: number, entries: readonly IndexEntry[]): void {
    this.#worker.postMessage({ type: 'index', version, entries } satisfies WorkerRequest);
  }

  run(request: Omit<Extract<WorkerRequest, { type: 'bulk' }>, 'id' | 'type'>): Promise<Match[][] | null> {
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#pending.set(id, { resolve });
      this.#worker.postMessage({ type: 'bulk', id, ...request } satisfies WorkerRequest);
    });
  }

  async close(): Promise<void> {
    this.failAll();
    await this.#worker.terminate();
  }

  failAll(): void {
    this.readyVersion = -1;
    for (const p of this.#pending.values()) p.resolve(null);
    this.#pending.clear();
  }
}

/** Bulk screening off the main thread; `run` resolves null when a worker cannot serve this version. */
export class BulkWorkerPool {
  readonly #workers: BulkWorker[];

  /** @param threads worker threads (each holds a full copy of the index). */
  constructor(threads = 1) {
    this.#workers = Array.from({ length: Math.max(1, threads) }, () => new BulkWorker());
  }

  /** Sends a new index to every worker; each serves that version once built. */
  load(version: number, entries: readonly IndexEntry[]): void {
    for (const w of this.#workers) w.load(version, entries);
  }

  /** Whether every worker holds this index version. */
  ready(version: number): boolean {
    return this.#workers.every((w) => w.readyVersion === version);
  }

  async run(
    version: number,
    terms: readonly string[],
    searchType: SearchType,
    opts: { lists: readonly string[] | null; explain: boolean },
  ): Promise<Match[][] | null> {
    if (!this.ready(version)) return null;
    const slices = Math.max(1, Math.min(this.#workers.length, Math.floor(terms.length / MIN_SLICE)));
    const size = Math.ceil(terms.length / slices);
    const parts = await Promise.all(
      Array.from({ length: slices }, (_, i) =>
        this.#workers[i]!.run({
          version,
          terms: terms.slice(i * size, (i + 1) * size),
          searchType,
          ...opts,
        }),
      ),
    );
    if (parts.some((p) => p === null)) return null;
    return parts.flatMap((p) => p!);
  }

  async close(): Promise<void> {
    await Promise.all(this.#workers.map((w) => w.close()));
  }
}
