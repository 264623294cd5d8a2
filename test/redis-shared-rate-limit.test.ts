// Per-key rate limits across several server processes: with REDIS_URL they share one budget per key;
// without it each process counts on its own, which is why a deployment with more than one process needs Redis.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { Redis } from 'ioredis';
import {
  killLeftoverServers,
  prepareDataDir,
  readUsageRecords,
  spawnServer,
  type PreparedDataDir,
  type SpawnedServer,
} from '../src/test-support/spawn-server.js';

const redisUrl = process.env.TEST_REDIS_URL ?? '';
const redisSkipReason = 'TEST_REDIS_URL not set: shared (Redis) rate limit tests across processes skipped';
if (redisUrl === '') console.warn(redisSkipReason);

// Each server is a Node start that loads the whole app through tsx: seconds, more on a busy machine.
const SERVER_START_TIMEOUT = 120_000;

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Record<string, unknown>;
}

async function getLists(server: SpawnedServer, key: string): Promise<Answer> {
  const res = await fetch(`${server.url}/api/v2/lists`, { headers: { 'x-api-key': key } });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

async function rateLimitBackend(server: SpawnedServer): Promise<unknown> {
  const res = await fetch(`${server.url}/readyz`);
  return ((await res.json()) as { rate_limits?: unknown }).rate_limits;
}

/** Checks a 429: the RateLimit headers, a whole-second Retry-After within the window, and the v2 error body. */
function expectRateLimited(answer: Answer, limit: number): string {
  expect(answer.status).toBe(429);
  const retryAfter = answer.headers.get('retry-after');
  expect(retryAfter).toMatch(/^\d+$/);
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  expect(answer.headers.get('ratelimit-limit')).toBe(String(limit));
  expect(answer.headers.get('ratelimit-remaining')).toBe('0');
  expect(Object.keys(answer.body).sort()).toEqual(['api_usage_id', 'error']);
  expect(answer.body.error).toMatch(/rate limit/);
  expect(answer.body.api_usage_id).toEqual(expect.any(String));
  return answer.body.api_usage_id as string;
}

describe.skipIf(redisUrl === '')('two server processes with REDIS_URL share each key’s budget', () => {
  let data: PreparedDataDir | undefined;
  let a: SpawnedServer;
  let b: SpawnedServer;
  let key: { id: string; key: string };
  let otherKey: { id: string; key: string };
  const okIds: string[] = [];
  const limitedIds: string[] = [];
  let otherKeyId = '';

  beforeAll(async () => {
    // Two keys with no limit of their own: both get the default of 60 per minute.
    // The user's budget across keys is raised so each key's own budget is what is shared here.
    data = await prepareDataDir([null, null], { userLimit: 1000 });
    [key, otherKey] = data.keys as [typeof key, typeof key];
    const env = { DATA_DIR: data.dir, REDIS_URL: redisUrl };
    [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
  }, SERVER_START_TIMEOUT);

  afterAll(async () => {
    await killLeftoverServers();
    if (data) {
      // The keys' counters expire within a minute anyway; remove them so repeated runs leave nothing behind.
      const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
      try {
        for (const k of data.keys) {
          const found = await redis.keys(`screening:rl:*${k.id}*`);
          if (found.length > 0) await redis.del(...found);
        }
      } finally {
        redis.disconnect();
      }
      data.remove();
    }
  });

  it('both processes report Redis as their rate limit backend', async () => {
    expect(await rateLimitBackend(a)).toBe('redis');
    expect(await rateLimitBackend(b)).toBe('redis');
  });

  it('60 calls alternating between the processes all succeed and count down one shared budget', async () => {
    for (let i = 0; i < 60; i++) {
      const server = i % 2 === 0 ? a : b;
      const answer = await getLists(server, key.key);
      expect(answer.status, `call ${i + 1} to ${server === a ? 'A' : 'B'}`).toBe(200);
      expect(answer.headers.get('ratelimit-limit')).toBe('60');
      // Shared: the 2nd call (to B) sees 58, not a fresh 59 of its own.
      expect(answer.headers.get('ratelimit-remaining'), `call ${i + 1}`).toBe(String(59 - i));
      expect(Array.isArray(answer.body.lists)).toBe(true);
      okIds.push(answer.body.api_usage_id as string);
    }
  });

  it('the 61st call (to A) and a 62nd to B are both refused with 429 and Retry-After', async () => {
    limitedIds.push(expectRateLimited(await getLists(a, key.key), 60));
    limitedIds.push(expectRateLimited(await getLists(b, key.key), 60));
  });

  it('the budget lives in Redis', async () => {
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      expect(await redis.keys(`screening:rl:*${key.id}*`)).not.toEqual([]);
    } finally {
      redis.disconnect();
    }
  });

  it('another key has its own budget', async () => {
    const onB = await getLists(b, otherKey.key);
    expect(onB.status).toBe(200);
    expect(onB.headers.get('ratelimit-remaining')).toBe('59');
    const onA = await getLists(a, otherKey.key);
    expect(onA.status).toBe(200);
    expect(onA.headers.get('ratelimit-remaining')).toBe('58');
    otherKeyId = onA.body.api_usage_id as string;
  });

  it('both processes exit cleanly and every call, the 429s included, has its usage record', async () => {
    const [codeA, codeB] = await Promise.all([a.stop('SIGTERM'), b.stop('SIGTERM')]);
    expect(codeA, a.output()).toBe(0);
    expect(codeB, b.output()).toBe(0);
    const rows = readUsageRecords(data!.dbFile);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(limitedIds).toHaveLength(2);
    for (const id of limitedIds) {
      expect(byId.get(id), `usage record ${id}`).toMatchObject({
        status: 429,
        api_key_id: key.id,
        endpoint: '/api/v2/lists',
      });
    }
    for (const id of okIds) expect(byId.get(id)?.status, `usage record ${id}`).toBe(200);
    expect(byId.get(otherKeyId)).toMatchObject({ status: 200, api_key_id: otherKey.id });
    expect(rows.filter((r) => r.api_key_id === key.id)).toHaveLength(62);
    expect(
      rows
        .filter((r) => r.status === 429)
        .map((r) => r.id)
        .sort(),
    ).toEqual([...limitedIds].sort());
  });
});

describe('control: without REDIS_URL each process keeps its own budget', () => {
  // This is why several processes need REDIS_URL: in-process limits multiply a key's budget by the process count.
  let data: PreparedDataDir | undefined;
  let a: SpawnedServer;
  let b: SpawnedServer;
  let key: string;

  beforeAll(async () => {
    data = await prepareDataDir([3]);
    key = data.keys[0]!.key;
    const env = { DATA_DIR: data.dir };
    [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
  }, SERVER_START_TIMEOUT);

  afterAll(async () => {
    await killLeftoverServers();
    data?.remove();
  });

  it('both processes report in-process (memory) rate limits', async () => {
    expect(await rateLimitBackend(a)).toBe('memory');
    expect(await rateLimitBackend(b)).toBe('memory');
  });

  it('A allows the key’s 3 calls and refuses the 4th, while B still allows 3 of its own', async () => {
    for (const remaining of ['2', '1', '0']) {
      const answer = await getLists(a, key);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('ratelimit-remaining')).toBe(remaining);
    }
    expectRateLimited(await getLists(a, key), 3);
    for (const remaining of ['2', '1', '0']) {
      const answer = await getLists(b, key);
      expect(answer.status, 'B counts separately from A').toBe(200);
      expect(answer.headers.get('ratelimit-remaining')).toBe(remaining);
    }
    expectRateLimited(await getLists(b, key), 3);
    const codes = await Promise.all([a.stop(), b.stop()]);
    expect(codes).toEqual([0, 0]);
  });
});
