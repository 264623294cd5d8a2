// Redis lost (killed, then hung) under two service instances: calls keep being served with per-process budgets,
// readiness stays 200 with a warning, the fallback metric says so, and the shared budget resumes when Redis is back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../main.js';
import type { Store } from '../store/store.js';
import { signedUpUser, testService } from '../test-support/test-service.js';
import { testBackends } from '../test-support/test-stores.js';
import {
  killThrowawayRedis,
  redisServerPath,
  startThrowawayRedis,
  type ThrowawayRedis,
} from '../test-support/throwaway-redis.js';

const noRedis = redisServerPath() === null;
if (noRedis) console.warn('redis-server not on PATH: Redis-lost rate limit tests skipped');

const LIMIT = 4;
const REDIS_TIMEOUT_MS = 500;

/** The store itself, except that close() is left to the test: two services share it. */
function shared(store: Store): Store {
  return new Proxy(store, {
    get(target, prop) {
      if (prop === 'close') return async () => undefined;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe.skipIf(noRedis)('Redis lost: per-process fallback, reported, then shared again', () => {
  let redis: ThrowawayRedis;
  let store: Store | undefined;
  let a: Service | undefined;
  let b: Service | undefined;
  let key = '';

  beforeAll(async () => {
    redis = await startThrowawayRedis();
    store = await testBackends()[0]!.open();
    const env = { REDIS_URL: redis.url, SCREENING_REDIS_TIMEOUT_MS: String(REDIS_TIMEOUT_MS) };
    a = await testService(shared(store), env);
    b = await testService(shared(store), env);
    key = (await signedUpUser(a, undefined, { keyLimit: LIMIT })).key;
  }, 60_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await store?.close();
    await killThrowawayRedis();
  });

  const call = (s: Service) => s.app.inject({ url: '/api/v2/lists', headers: { 'x-api-key': key } });
  const remaining = async (s: Service) => {
    const res = await call(s);
    return res.statusCode === 200 ? Number(res.headers['ratelimit-remaining']) : res.statusCode;
  };
  const readiness = async (s: Service) => {
    const res = await s.app.inject({ url: '/readyz' });
    return { status: res.statusCode, warnings: res.json().warnings as string[] };
  };
  const metric = async (s: Service, name: string) => {
    const text = (await s.app.inject({ url: '/metrics' })).body;
    const line = text.split('\n').find((l) => l.startsWith(`${name} `));
    return line === undefined ? undefined : Number(line.split(' ')[1]);
  };

  it('while Redis answers, the two instances spend one shared budget and report no fallback', async () => {
    expect([await remaining(a!), await remaining(b!), await remaining(a!), await remaining(b!)]).toEqual([
      3, 2, 1, 0,
    ]);
    expect(await remaining(a!)).toBe(429);
    // No lists are loaded in this service, so readiness is 503 for that reason alone; no rate-limit warning.
    expect((await readiness(a!)).warnings).toEqual([]);
    expect(await metric(a!, 'rate_limit_fallback_active')).toBe(0);
  });

  it('Redis killed: calls are still served, each instance enforcing the budget on its own, and it says so', async () => {
    await redis.kill();
    // The shared budget was spent: these 200s come from each instance's own budget of LIMIT.
    const onA = [];
    for (let i = 0; i <= LIMIT; i++) onA.push(await remaining(a!));
    const onB = [];
    for (let i = 0; i <= LIMIT; i++) onB.push(await remaining(b!));
    expect(onA).toEqual([3, 2, 1, 0, 429]);
    expect(onB).toEqual([3, 2, 1, 0, 429]);
    const ready = await readiness(a!);
    expect(ready.warnings).toHaveLength(1);
    expect(ready.warnings[0]).toMatch(
      /rate limits are counted per process since .*each process allows a key/,
    );
    expect(await metric(a!, 'rate_limit_fallback_active')).toBe(1);
    // Budget checks, not calls: a key call checks its key's budget and, when that allows it, its user's too.
    expect(await metric(a!, 'rate_limit_fallback_checks_total')).toBe(LIMIT + 1 + LIMIT);
  });

  it('a new Redis on the same port: both reconnect and the shared budget resumes', async () => {
    await redis.start();
    expect(await a!.rateLimiter.ready(15_000)).toBe(true);
    expect(await b!.rateLimiter.ready(15_000)).toBe(true);
    expect((await readiness(a!)).warnings).toEqual([]);
    expect(await metric(b!, 'rate_limit_fallback_active')).toBe(0);
    // The new Redis holds no count: one fresh budget, shared again across the instances.
    expect([await remaining(a!), await remaining(b!), await remaining(a!), await remaining(b!)]).toEqual([
      3, 2, 1, 0,
    ]);
    expect(await remaining(a!)).toBe(429);
    expect(await remaining(b!)).toBe(429);
  });

  it('a hung Redis (SIGSTOP) costs a call its command timeout at most, then the instance counts on its own', async () => {
    const other = (await signedUpUser(a!, undefined, { keyLimit: LIMIT })).key;
    redis.freeze();
    try {
      const started = Date.now();
      const res = await a!.app.inject({ url: '/api/v2/lists', headers: { 'x-api-key': other } });
      expect(res.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect((await readiness(a!)).warnings[0]).toMatch(
        new RegExp(`Redis did not answer within ${REDIS_TIMEOUT_MS} ms`),
      );
    } finally {
      redis.thaw();
    }
    // Once Redis answers again a call goes through it (after the short pause that follows a failure).
    await expect
      .poll(
        async () => {
          await a!.app.inject({ url: '/api/v2/lists', headers: { 'x-api-key': other } });
          return (await readiness(a!)).warnings;
        },
        { timeout: 10_000, interval: 300 },
      )
      .toEqual([]);
  });
});
