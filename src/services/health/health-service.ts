// Readiness as a use case: the store answers within its own short bound and the fail-closed gate a name search
// passes lets it through (every carried list loaded, the name index built); losing Redis is a warning (the
// service keeps serving with per-process budgets).
import os from 'node:os';
import { ListsNotLoadedError, StoreUnavailableError } from '../../errors.js';
import type { RateLimiter } from '../../rate-limit/rate-limiter.js';
import type { Store } from '../../store/store.js';
import type { ListState } from '../list-state.js';

/** What /readyz answers: ready only when a screening would succeed, with what is missing or degraded. */
export interface Readiness {
  readonly status: 'ready' | 'not_ready';
  readonly problems: string[];
  readonly warnings: string[];
  readonly rate_limits: RateLimiter['backend'];
  /** Which process answered (several run behind one load balancer). */
  readonly process: ProcessView;
  /** The version of each carried list this process serves (absent: not loaded here yet). */
  readonly served_versions: Record<string, string>;
  /**
   * How this process hears of versions other processes commit: `notified` (PostgreSQL LISTEN, at once),
   * `polling` (the listener is reconnecting; the 60 s sync still runs) or `single` (SQLite, one process).
   */
  readonly cluster: 'notified' | 'polling' | 'single';
}

/** The answering process: `id` is `hostname:pid`, the name delta runs record as their claimant. */
export interface ProcessView {
  readonly id: string;
  readonly hostname: string;
  readonly pid: number;
  readonly started_at: string;
}

/** The parts of the service readiness looks at. */
export interface HealthDeps {
  readonly store: Pick<Store, 'ping'>;
  readonly lists: ListState;
  readonly rateLimiter: Pick<RateLimiter, 'backend' | 'fallback'>;
  readonly readinessTimeoutMs: number;
  readonly process?: ProcessView;
  readonly servedVersions?: () => Record<string, string>;
  /** Null on SQLite; else whether the cluster listener is connected. */
  readonly clusterListening?: () => boolean | null;
}

export class HealthService {
  readonly #deps: HealthDeps;

  constructor(deps: HealthDeps) {
    this.#deps = deps;
  }

  async readiness(): Promise<Readiness> {
    const { store, lists, rateLimiter, readinessTimeoutMs } = this.#deps;
    const problems: string[] = [];
    const warnings: string[] = [];
    const storeProblem = await pingWithin(store, readinessTimeoutMs);
    if (storeProblem !== null) problems.push(storeProblem);
    // The same gate a search passes: ready exactly when a name search would not answer 503, saying what is missing.
    try {
      lists.requireSearcher('v2');
    } catch (err) {
      if (!(err instanceof ListsNotLoadedError)) throw err;
      problems.push(err.message);
    }
    const fallback = rateLimiter.fallback();
    if (fallback !== null)
      warnings.push(
        `rate limits are counted per process since ${fallback.since} (${fallback.reason}): until Redis answers, each process allows a key its full budget`,
      );
    const listening = this.#deps.clusterListening?.() ?? null;
    if (listening === false)
      warnings.push(
        'cluster notifications are reconnecting: versions committed by other processes reach this one by the 60 s sync until then',
      );
    return {
      status: problems.length === 0 ? 'ready' : 'not_ready',
      problems,
      warnings,
      rate_limits: rateLimiter.backend,
      process: this.#deps.process ?? thisProcess(),
      served_versions: this.#deps.servedVersions?.() ?? {},
      cluster: listening === null ? 'single' : listening ? 'notified' : 'polling',
    };
  }
}

/** Null when the store answers a ping within `timeoutMs`; else what readiness reports. Never waits longer. */
async function pingWithin(store: Pick<Store, 'ping'>, timeoutMs: number): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(
      () => resolve(`the database does not answer (no reply within ${timeoutMs} ms)`),
      timeoutMs,
    );
  });
  // The ping keeps running after a timeout (bounded by the store's own timeouts); its outcome is then ignored.
  const ping = store.ping().then(
    () => null,
    (err: unknown) =>
      `the database does not answer (${err instanceof StoreUnavailableError ? err.reason : 'the ping failed'})`,
  );
  try {
    return await Promise.race([ping, late]);
  } finally {
    clearTimeout(timer);
  }
}

const STARTED_AT = new Date().toISOString();

/** This process as readiness and delta runs name it. */
export function thisProcess(): ProcessView {
  const hostname = os.hostname();
  return { id: `${hostname}:${process.pid}`, hostname, pid: process.pid, started_at: STARTED_AT };
}
