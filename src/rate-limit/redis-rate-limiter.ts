// Budgets shared by every process through Redis, falling back to per-process budgets while Redis is lost.
import { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import {
  BudgetLimiters,
  WINDOW_SECONDS,
  memoryBudgets,
  type RateDecision,
  type RateLimitFallback,
  type RateLimiter,
} from './rate-limiter.js';

/** Where Redis is and how long one command may take. */
export interface RedisRateLimiterOptions {
  readonly url: string;
  /** Past this a command counts as failed and the call is counted in process; default 1000. */
  readonly commandTimeoutMs?: number;
  /** Key prefix in Redis (tests use their own); default `screening:rl`. */
  readonly prefix?: string;
}

// After a failed command, calls skip Redis this long (a hung Redis would otherwise cost every call the command
// timeout); the first call after it tries Redis again. A reconnect ends the pause at once.
const RETRY_AFTER_FAILURE_MS = 1_000;

/**
 * Budgets shared by every process on the same Redis. When Redis does not answer (down, unreachable, or slower
 * than the command timeout) each process keeps enforcing the same per-key limit on its own, so screening stays
 * available and a key may get up to its budget once per process; fallback() reports it (readiness, metrics)
 * until Redis answers again, and the shared budget resumes by itself.
 *
 * The fallback is ours rather than rate-limiter-flexible's insuranceLimiter, which gives no sign of being used.
 */
export class RedisRateLimiter implements RateLimiter {
  readonly backend = 'redis' as const;
  readonly #client: Redis;
  readonly #shared: BudgetLimiters;
  readonly #local: BudgetLimiters;
  readonly #commandTimeoutMs: number;
  #down: RateLimitFallback | null = null;
  #skipUntil = 0;
  #fallbackCalls = 0;

  constructor(options: RedisRateLimiterOptions) {
    const prefix = options.prefix ?? 'screening:rl';
    this.#commandTimeoutMs = options.commandTimeoutMs ?? 1_000;
    this.#client = new Redis(options.url, {
      // Fail at once while disconnected instead of queueing calls until Redis is back.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: this.#commandTimeoutMs,
    });
    // Connection errors are reported through fallback(); ioredis reconnects by itself.
    this.#client.on('error', () => undefined);
    this.#client.on('close', () => this.#markDown('the connection to Redis is lost'));
    this.#client.on('ready', () => {
      this.#down = null;
      this.#skipUntil = 0;
    });
    this.#shared = new BudgetLimiters(
      (points) =>
        new RateLimiterRedis({
          storeClient: this.#client,
          points,
          duration: WINDOW_SECONDS,
          keyPrefix: `${prefix}:${points}`,
          rejectIfRedisNotReady: true,
        }),
    );
    this.#local = memoryBudgets(`${prefix}:fallback`);
  }

  get fallbackCalls(): number {
    return this.#fallbackCalls;
  }

  async consume(key: string, limitPerMinute: number): Promise<RateDecision> {
    if (this.#client.status === 'ready' && Date.now() >= this.#skipUntil) {
      try {
        const d = await this.#shared.consume(key, limitPerMinute);
        this.#down = null;
        return d;
      } catch (err) {
        this.#skipUntil = Date.now() + RETRY_AFTER_FAILURE_MS;
        this.#markDown(
          /timed out/i.test((err as Error).message)
            ? `Redis did not answer within ${this.#commandTimeoutMs} ms`
            : 'Redis refused the command',
        );
      }
    } else {
      this.#markDown('Redis is not connected');
    }
    this.#fallbackCalls += 1;
    return this.#local.consume(key, limitPerMinute);
  }

  fallback(): RateLimitFallback | null {
    if (this.#client.status !== 'ready') this.#markDown('Redis is not connected');
    return this.#down;
  }

  ready(timeoutMs: number): Promise<boolean> {
    if (this.#client.status === 'ready') return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.#client.off('ready', onReady);
        resolve(ok);
      };
      const onReady = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.#client.once('ready', onReady);
    });
  }

  async close(): Promise<void> {
    this.#client.disconnect();
  }

  #markDown(reason: string): void {
    this.#down ??= { since: new Date().toISOString(), reason };
  }
}

/** Shared budgets through Redis at `url`, with the per-process fallback described on RedisRateLimiter. */
export function redisRateLimiter(url: string, opts: Omit<RedisRateLimiterOptions, 'url'> = {}): RateLimiter {
  return new RedisRateLimiter({ url, ...opts });
}
