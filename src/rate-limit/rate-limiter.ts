// Per-minute budgets per caller: the port, and the in-process limiter (rate-limiter-flexible).
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** The outcome of spending one request from a caller's budget. */
export interface RateDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Whole seconds until the current window resets, at least 1. */
  readonly resetSeconds: number;
}

/** Why budgets are being counted in this process although they are meant to be shared, and since when. */
export interface RateLimitFallback {
  /** ISO time the shared backend stopped answering. */
  readonly since: string;
  readonly reason: string;
}

/** Spends one request of `key`'s per-minute budget of `limitPerMinute`. */
export interface RateLimiter {
  readonly backend: 'memory' | 'redis';
  consume(key: string, limitPerMinute: number): Promise<RateDecision>;
  /** Resolves once the backend answers (or after timeoutMs); true when it is connected. */
  ready(timeoutMs: number): Promise<boolean>;
  /** Non-null while the shared backend (Redis) is lost and each process counts budgets on its own. */
  fallback(): RateLimitFallback | null;
  /** Calls counted by the in-process fallback since start (for /metrics). */
  readonly fallbackCalls: number;
  close(): Promise<void>;
}

export const WINDOW_SECONDS = 60;

/**
 * One rate-limiter-flexible limiter per distinct limit, made on first use; the limit is part of the key prefix so
 * changing a key's limit starts a fresh window.
 */
export class BudgetLimiters {
  readonly #limiters = new Map<number, RateLimiterAbstract>();

  constructor(private readonly make: (points: number) => RateLimiterAbstract) {}

  /** Spends one point; rejects only when the backend itself fails (a spent budget is a decision, not an error). */
  async consume(key: string, limitPerMinute: number): Promise<RateDecision> {
    let limiter = this.#limiters.get(limitPerMinute);
    if (!limiter) {
      limiter = this.make(limitPerMinute);
      this.#limiters.set(limitPerMinute, limiter);
    }
    try {
      return decision(true, limitPerMinute, await limiter.consume(key, 1));
    } catch (rej) {
      if (rej instanceof RateLimiterRes) return decision(false, limitPerMinute, rej);
      throw rej;
    }
  }
}

function decision(allowed: boolean, limit: number, res: RateLimiterRes): RateDecision {
  return {
    allowed,
    limit,
    remaining: Math.max(0, res.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  };
}

/** Budgets kept in this process, for `prefix` (a key prefix, so several limiters never share counts). */
export function memoryBudgets(prefix: string): BudgetLimiters {
  return new BudgetLimiters(
    (points) => new RateLimiterMemory({ points, duration: WINDOW_SECONDS, keyPrefix: `${prefix}:${points}` }),
  );
}

/** Budgets kept in this process: right for a single instance. */
export function memoryRateLimiter(prefix = 'rl'): RateLimiter {
  const budgets = memoryBudgets(prefix);
  return {
    backend: 'memory',
    consume: (key, limit) => budgets.consume(key, limit),
    ready: async () => true,
    fallback: () => null,
    fallbackCalls: 0,
    close: async () => undefined,
  };
}
