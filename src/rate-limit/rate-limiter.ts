// Per-minute budgets per caller, in this process or shared through Redis, on rate-limiter-flexible.
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

/** The outcome of spending one request from a caller's budget. */
export interface RateDecision {
  readonly allowed: boolean;
  readonly limit: number;
  readonly remaining: number;
  /** Whole seconds until the current window resets, at least 1. */
  readonly resetSeconds: number;
}

/** Spends one request of `key`'s per-minute budget of `limitPerMinute`. */
export interface RateLimiter {
  readonly backend: 'memory' | 'redis';
  consume(key: string, limitPerMinute: number): Promise<RateDecision>;
  /** Resolves once the backend answers (or after timeoutMs); true when it is connected. */
  ready(timeoutMs: number): Promise<boolean>;
  /** Whether the shared backend is connected right now (readiness). */
  healthy(): boolean;
  close(): Promise<void>;
}

const WINDOW_SECONDS = 60;

/** One rate-limiter-flexible limiter per distinct limit; the limit is part of the key prefix so changing a key's limit starts a fresh window. */
class FlexibleRateLimiter implements RateLimiter {
  readonly #limiters = new Map<number, RateLimiterAbstract>();

  constructor(
    readonly backend: 'memory' | 'redis',
    private readonly make: (points: number) => RateLimiterAbstract,
    private readonly onClose: () => Promise<void> = async () => undefined,
    private readonly connection: { ready(timeoutMs: number): Promise<boolean>; healthy(): boolean } = {
      ready: async () => true,
      healthy: () => true,
    },
  ) {}

  ready(timeoutMs: number): Promise<boolean> {
    return this.connection.ready(timeoutMs);
  }

  healthy(): boolean {
    return this.connection.healthy();
  }

  async consume(key: string, limitPerMinute: number): Promise<RateDecision> {
    let limiter = this.#limiters.get(limitPerMinute);
    if (!limiter) {
      limiter = this.make(limitPerMinute);
      this.#limiters.set(limitPerMinute, limiter);
    }
    try {
      const res = await limiter.consume(key, 1);
      return decision(true, limitPerMinute, res);
    } catch (rej) {
      if (rej instanceof RateLimiterRes) return decision(false, limitPerMinute, rej);
      throw rej;
    }
  }

  close(): Promise<void> {
    return this.onClose();
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

/** Budgets kept in this process: right for a single instance. */
export function memoryRateLimiter(prefix = 'rl'): RateLimiter {
  return new FlexibleRateLimiter(
    'memory',
    (points) => new RateLimiterMemory({ points, duration: WINDOW_SECONDS, keyPrefix: `${prefix}:${points}` }),
  );
}

/**
 * Budgets shared by every process on the same Redis. If Redis fails mid-flight the in-memory insurance
 * limiter keeps enforcing the same limit per process rather than letting traffic through unlimited.
 */
export function redisRateLimiter(url: string, prefix = 'screening:rl'): RateLimiter {
  const client = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  client.on('error', () => undefined); // reported through the insurance path; ioredis reconnects by itself
  return new FlexibleRateLimiter(
    'redis',
    (points) =>
      new RateLimiterRedis({
        storeClient: client,
        points,
        duration: WINDOW_SECONDS,
        keyPrefix: `${prefix}:${points}`,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({
          points,
          duration: WINDOW_SECONDS,
          keyPrefix: `${prefix}:ins:${points}`,
        }),
      }),
    async () => {
      client.disconnect();
    },
    {
      healthy: () => client.status === 'ready',
      ready: (timeoutMs) =>
        client.status === 'ready'
          ? Promise.resolve(true)
          : new Promise<boolean>((resolve) => {
              const timer = setTimeout(() => resolve(false), timeoutMs);
              client.once('ready', () => {
                clearTimeout(timer);
                resolve(true);
              });
            }),
    },
  );
}
