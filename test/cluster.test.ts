// Three server processes on one PostgreSQL database and one Redis, as DESIGN §7 deploys them: a list refreshed on
// one is served by all (PostgreSQL LISTEN/NOTIFY; they converge, how fast is measured by `npm run bench:faults`),
// a key's budget is one budget across the three, and the delta screening of the new version (with its list.updated
// event) happens once in the cluster.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountsService } from '../src/services/accounts/accounts-service.js';
import { openStore } from '../src/store/open-store.js';
import { killLeftoverServers, spawnServer, type SpawnedServer } from '../src/test-support/spawn-server.js';

const pgUrl = process.env.TEST_DATABASE_URL ?? '';
const redisUrl = process.env.TEST_REDIS_URL ?? '';
const skip = pgUrl === '' || redisUrl === '';
if (skip)
  console.warn('TEST_DATABASE_URL or TEST_REDIS_URL not set: the three-process cluster test is skipped');

// Three Node starts through tsx on a shared machine: allow minutes.
const START_TIMEOUT = 240_000;

/** OFAC's legacy sdn.csv: CRLF lines of 12 columns and the 0x1A end byte. */
function writeSdn(dir: string, names: readonly string[]): void {
  fs.mkdirSync(path.join(dir, 'ofac_sdn'), { recursive: true });
  const lines = names.map(
    (n, i) =>
      `${i + 1},"${n}","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Cluster test record ${i + 1}."\r\n`,
  );
  fs.writeFileSync(
    path.join(dir, 'ofac_sdn', 'sdn.csv'),
    Buffer.concat([Buffer.from(lines.join(''), 'latin1'), Buffer.from([0x1a])]),
  );
}

const BASE = Array.from(
  { length: 40 },
  (_, i) => `CLUSTER, Person ${String.fromCharCode(65 + (i % 26))}${i}`,
);
const ADDED = 'QUARTERMAINE, Zebulon Archibald';

async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

interface Json {
  [k: string]: unknown;
}

async function get(
  server: SpawnedServer,
  route: string,
  key?: string,
): Promise<{ status: number; headers: Headers; body: Json }> {
  const res = await fetch(`${server.url}${route}`, { headers: key ? { 'x-api-key': key } : {} });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Json };
}

async function post(
  server: SpawnedServer,
  route: string,
  key: string,
  body: unknown,
): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${server.url}${route}`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

/** Waits (bounded) until /readyz answers 200: the carried list loaded and indexed. */
async function untilReady(s: SpawnedServer): Promise<void> {
  const end = Date.now() + 120_000;
  for (;;) {
    const r = await get(s, '/readyz').catch(() => null);
    if (r?.status === 200) return;
    if (Date.now() > end) throw new Error(`not ready: ${JSON.stringify(r?.body)}\n${s.output()}`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

const served = async (server: SpawnedServer, key: string): Promise<string | null> => {
  const { body } = await get(server, '/api/v2/lists', key);
  const row = (body.lists as Json[]).find((r) => r.slug === 'ofac_sdn');
  return (row?.served_version_id as string | null | undefined) ?? null;
};

describe.skipIf(skip)('three server processes on one PostgreSQL and one Redis', () => {
  const dbName = `cluster_${randomBytes(6).toString('hex')}`;
  const dbUrl = (() => {
    if (skip) return '';
    const u = new URL(pgUrl);
    u.pathname = `/${dbName}`;
    return u.toString();
  })();
  let listsDir = '';
  let servers: SpawnedServer[] = [];
  let adminKey = '';
  let limited = { id: '', key: '' };
  let v1 = '';

  beforeAll(async () => {
    await admin(pgUrl, (c) => c.query(`create database "${dbName}"`));
    const store = await openStore({ dialect: 'postgres', url: dbUrl, poolSize: 2 });
    const accounts = new AccountsService(store, {
      signupOpen: true,
      sessionTtlHours: 12,
      defaultRateLimitPerMinute: 60,
    });
    try {
      await store.migrate();
      const boss = await accounts.createUser(
        `admin-${randomUUID()}@example.com`,
        'correct horse battery',
        true,
      );
      adminKey = (
        await accounts.createApiKey(
          { userId: boss.id, isAdmin: true },
          { name: 'admin', rateLimitPerMinute: 100_000 },
        )
      ).key;
      const user = await accounts.createUser(`user-${randomUUID()}@example.com`, 'correct horse battery');
      const k = await accounts.createApiKey(
        { userId: user.id, isAdmin: false },
        { name: 'limited', rateLimitPerMinute: 30 },
      );
      limited = { id: k.id, key: k.key };
    } finally {
      await accounts.close();
      await store.close();
    }
    listsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-lists-'));
    writeSdn(listsDir, BASE);
    const env = {
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl,
      LISTS_DIR: listsDir,
      SCREENING_LISTS: 'ofac_sdn',
      SCREENING_REFRESH_INTERVAL_MINUTES: '0',
      SCREENING_BULK_WORKER: 'false',
      SCREENING_WEBHOOK_ALLOW_LOOPBACK: 'true',
    };
    // Started together: one ingests (the advisory lock), the other two load its version when told it committed.
    servers = await Promise.all([spawnServer(env), spawnServer(env), spawnServer(env)]);
    for (const s of servers) await untilReady(s);
  }, START_TIMEOUT);

  afterAll(async () => {
    await killLeftoverServers();
    if (!skip) {
      await admin(pgUrl, (c) => c.query(`drop database if exists "${dbName}" with (force)`)).catch(
        () => undefined,
      );
      const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
      try {
        const found = limited.id ? await redis.keys(`screening:rl:*${limited.id}*`) : [];
        if (found.length > 0) await redis.del(...found);
      } finally {
        redis.disconnect();
      }
    }
    if (listsDir) fs.rmSync(listsDir, { recursive: true, force: true });
  });

  it('each process says who it is, that it is notified, and serves the version the store holds', async () => {
    const ready = await Promise.all(servers.map(async (s) => (await get(s, '/readyz')).body));
    expect(new Set(ready.map((r) => (r.process as Json).id)).size).toBe(3);
    for (const r of ready) {
      expect(r.cluster).toBe('notified');
      expect(r.rate_limits).toBe('redis');
    }
    const { body } = await get(servers[0]!, '/api/v2/lists', adminKey);
    const row = (body.lists as Json[]).find((r) => r.slug === 'ofac_sdn')!;
    v1 = row.version_id as string;
    expect(v1).toEqual(expect.any(String));
    for (const r of ready) expect((r.served_versions as Json).ofac_sdn).toBe(v1);
  });

  it('a refresh on one process is served by the other two, and its delta screening and list.updated happen once', async () => {
    const [a, b, c] = servers as [SpawnedServer, SpawnedServer, SpawnedServer];
    // A monitored subject (on B) that the next version lists, and a list.updated receiver (on C).
    expect(
      (
        await post(b, '/api/v2/subjects', adminKey, {
          subjects: [{ name: 'Zebulon Archibald Quartermaine', reference: 'z' }],
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await post(c, '/api/v2/webhooks', adminKey, {
          url: 'http://127.0.0.1:9/hook',
          events: ['list.updated'],
        })
      ).status,
    ).toBe(200);
    writeSdn(listsDir, [...BASE, ADDED]);
    const refreshed = await post(a, '/api/v2/lists/ofac_sdn/refresh', adminKey, {});
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    const v2 = (refreshed.body.list as Json).version_id as string;
    expect(v2).not.toBe(v1);
    expect((refreshed.body.list as Json).served_version_id).toBe(v2);
    // B and C converge on v2 without a refresh of their own (the 60 s sync is the fallback; this waits less).
    for (const s of [b, c])
      await expect.poll(() => served(s, adminKey), { timeout: 30_000, interval: 100 }).toBe(v2);
    const search = await post(c, '/api/v2/search', adminKey, { prompt: 'Zebulon Archibald Quartermaine' });
    expect(search.status).toBe(200);
    expect(JSON.stringify(search.body)).toContain('QUARTERMAINE');
    // One delta run for v2, done, claimed once; one alert; one list.updated event.
    await expect
      .poll(
        () =>
          admin(
            dbUrl,
            async (cl) =>
              (await cl.query('select status, attempts from delta_runs where version_id = $1', [v2])).rows,
          ),
        {
          timeout: 30_000,
        },
      )
      .toEqual([{ status: 'done', attempts: 1 }]);
    const alerts = await get(b, '/api/v2/alerts', adminKey);
    expect((alerts.body.alerts as Json[]).map((x) => (x.subject as Json).reference)).toEqual(['z']);
    const events = await admin(
      dbUrl,
      async (cl) =>
        (
          await cl.query(
            "select count(*)::int as n from webhook_deliveries where event_type = 'list.updated' and body like $1",
            [`%${v2}%`],
          )
        ).rows,
    );
    expect(events).toEqual([{ n: 1 }]);
  });

  it('a key’s budget is one budget across the three processes', async () => {
    for (let i = 0; i < 30; i++) {
      const s = servers[i % 3]!;
      const res = await get(s, '/api/v2/lists', limited.key);
      expect(res.status, `call ${i + 1}`).toBe(200);
      expect(res.headers.get('ratelimit-remaining'), `call ${i + 1}`).toBe(String(29 - i));
    }
    for (const s of servers) expect((await get(s, '/api/v2/lists', limited.key)).status).toBe(429);
  });

  it('all three stop cleanly', async () => {
    const codes = await Promise.all(servers.map((s) => s.stop('SIGTERM')));
    expect(codes).toEqual([0, 0, 0]);
  });
});
