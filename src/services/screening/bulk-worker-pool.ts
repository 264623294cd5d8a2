// Worker threads for the name index: each wraps the same shared index data (no copy), bulk calls are split into
// contiguous slices, one per thread, and index builds hand them their costly stages. If a worker is unavailable or
// behind, the caller falls back to the main thread (never to an answer from another index version).
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Match, SearchType } from '../../domain/screening.js';
import type { KeyJob, NameIndexData, SealedIndex, TokenKeys } from '../../matching/index.js';
import type { WorkerReply, WorkerRequest } from './bulk-worker.js';

/** Fewer names than this per thread are not worth splitting a call for. */
const MIN_SLICE = 200;

type Call = Exclude<WorkerRequest, { type: 'index' }>;
type Body<T extends Call['type']> = Omit<Extract<Call, { type: T }>, 'id' | 'type'>;

/** One worker thread and the index version it serves. */
class IndexWorker {
  readonly #worker: Worker;
  #nextId = 1;
  readyVersion = -1;
  readonly #pending = new Map<number, (value: unknown) => void>();

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
      const resolve = this.#pending.get(msg.id);
      this.#pending.delete(msg.id);
      resolve?.(msg.ok ? msg.value : null);
    });
    this.#worker.on('error', () => this.failAll());
    this.#worker.on('exit', () => this.failAll());
  }

  load(version: number, data: NameIndexData): void {
    this.#worker.postMessage({ type: 'index', version, data } satisfies WorkerRequest);
  }

  /** Resolves null when the worker failed or could not answer. */
  call<T extends Call['type']>(type: T, body: Body<T>): Promise<unknown> {
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#pending.set(id, resolve);
      this.#worker.postMessage({ type, id, ...body } as unknown as WorkerRequest);
    });
  }

  async close(): Promise<void> {
    this.failAll();
    await this.#worker.terminate();
  }

  failAll(): void {
    this.readyVersion = -1;
    for (const resolve of this.#pending.values()) resolve(null);
    this.#pending.clear();
  }
}

/** Index work off the main thread; each method resolves null when a worker cannot do it. */
export class BulkWorkerPool {
  readonly #workers: IndexWorker[];

  /** @param threads worker threads (they share one copy of the index). */
  constructor(threads = 1) {
    this.#workers = Array.from({ length: Math.max(1, threads) }, () => new IndexWorker());
  }

  get size(): number {
    return this.#workers.length;
  }

  /** Shares a new index with every worker; each serves that version from then on. */
  load(version: number, data: NameIndexData): void {
    for (const w of this.#workers) w.load(version, data);
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
    const parts = (await Promise.all(
      Array.from({ length: slices }, (_, i) =>
        this.#workers[i]!.call('bulk', {
          version,
          terms: terms.slice(i * size, (i + 1) * size),
          searchType,
          ...opts,
        }),
      ),
    )) as (Match[][] | null)[];
    if (parts.some((p) => p === null)) return null;
    return parts.flatMap((p) => p!);
  }

  /** Runs the token-key jobs of an index build, one job per worker in turn. */
  async deriveKeys(jobs: readonly KeyJob[]): Promise<TokenKeys[] | null> {
    const keys = (await Promise.all(
      jobs.map((job, i) => this.#workers[i % this.#workers.length]!.call('derive', { job })),
    )) as (TokenKeys | null)[];
    return keys.some((k) => k === null) ? null : (keys as TokenKeys[]);
  }

  /** Packs a sealed index with its jobs' keys on a worker. */
  async pack(sealed: SealedIndex, keys: readonly TokenKeys[]): Promise<NameIndexData | null> {
    return (await this.#workers[0]!.call('pack', { sealed, keys })) as NameIndexData | null;
  }

  async close(): Promise<void> {
    await Promise.all(this.#workers.map((w) => w.close()));
  }
}
