// Runs bulk screening on a worker thread with its own copy of the current name index, so a 10,000-name call
// uses the second core instead of the event loop. If the worker is unavailable or behind, the caller falls
// back to screening on the main thread (never to an answer from another index version).
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Match, SearchType } from '../../domain/screening.js';
import type { IndexEntry } from './name-index-loader.js';
import type { WorkerReply, WorkerRequest } from './bulk-worker.js';

/** Bulk screening off the main thread; `run` resolves null when the worker cannot serve this version. */
export class BulkWorkerPool {
  readonly #worker: Worker;
  #nextId = 1;
  #readyVersion = -1;
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
        this.#readyVersion = Math.max(this.#readyVersion, msg.version);
        return;
      }
      const p = this.#pending.get(msg.id);
      this.#pending.delete(msg.id);
      p?.resolve(msg.ok ? (msg.results as Match[][]) : null);
    });
    this.#worker.on('error', () => this.#failAll());
    this.#worker.on('exit', () => this.#failAll());
  }

  /** Sends a new index to the worker; it serves that version once built. */
  load(version: number, entries: readonly IndexEntry[]): void {
    this.#worker.postMessage({ type: 'index', version, entries } satisfies WorkerRequest);
  }

  /** Whether the worker holds this index version. */
  ready(version: number): boolean {
    return this.#readyVersion === version;
  }

  run(
    version: number,
    terms: readonly string[],
    searchType: SearchType,
    opts: { lists: readonly string[] | null; explain: boolean },
  ): Promise<Match[][] | null> {
    if (!this.ready(version)) return Promise.resolve(null);
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#pending.set(id, { resolve });
      this.#worker.postMessage({
        type: 'bulk',
        id,
        version,
        terms,
        searchType,
        ...opts,
      } satisfies WorkerRequest);
    });
  }

  async close(): Promise<void> {
    this.#failAll();
    await this.#worker.terminate();
  }

  #failAll(): void {
    this.#readyVersion = -1;
    for (const p of this.#pending.values()) p.resolve(null);
    this.#pending.clear();
  }
}
