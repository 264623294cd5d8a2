// The delivery worker against a real store and a loopback receiver: two workers, each on its own connection to
// the same store (two server processes), deliver every event exactly once (PostgreSQL: FOR UPDATE SKIP LOCKED);
// a delivery that keeps failing is retried until its 24-hour window ends, then given up (an injected clock, no
// waiting). SQLite and PostgreSQL.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClaimedDelivery } from '../../domain/webhooks.js';
import { openStore } from '../../store/open-store.js';
import type { Store } from '../../store/store.js';
import { loopbackServer, type LoopbackServer } from '../../test-support/loopback-server.js';
import { RETRY_WINDOW_MS, WebhookDeliveryWorker } from './webhook-delivery-worker.js';

const HOOK = 'hook-1';
const HOUR = 60 * 60 * 1000;

/** Two handles on one fresh store (two processes' connections) and how to remove it. */
interface SharedStore {
  readonly name: string;
  open(): Promise<[Store, Store, () => Promise<void>]>;
}

function sharedStores(): SharedStore[] {
  const out: SharedStore[] = [
    {
      name: 'sqlite',
      async open() {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webhook-workers-'));
        const file = path.join(dir, 'store.sqlite');
        const a = await openStore({ dialect: 'sqlite', file });
        await a.migrate();
        const b = await openStore({ dialect: 'sqlite', file });
        return [a, b, async () => fs.rmSync(dir, { recursive: true, force: true })];
      },
    },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url)
    out.push({
      name: 'postgres',
      async open() {
        const schema = `t_${randomBytes(8).toString('hex')}`;
        const a = await openStore({ dialect: 'postgres', url, schema, poolSize: 4 });
        await a.migrate();
        const b = await openStore({ dialect: 'postgres', url, schema, poolSize: 4 });
        return [
          a,
          b,
          async () => {
            const client = new pg.Client({ connectionString: url });
            await client.connect();
            await client.query(`drop schema if exists "${schema}" cascade`);
            await client.end();
          },
        ];
      },
    });
  return out;
}

async function subscribe(store: Store, url: string): Promise<void> {
  await store.insertWebhook({
    id: HOOK,
    userId: 'user-1',
    url,
    events: ['list.updated'],
    secret: 'whsec_test',
    createdAt: new Date().toISOString(),
  });
}

for (const shared of sharedStores()) {
  describe(`delivery workers on one store (${shared.name})`, () => {
    let rx: LoopbackServer | null = null;
    let cleanup: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const fn of cleanup.reverse()) await fn();
      cleanup = [];
      await rx?.close();
      rx = null;
    });

    it('two workers deliver each of 300 events exactly once', async () => {
      const [a, b, remove] = await shared.open();
      cleanup.push(
        remove,
        () => a.close(),
        () => b.close(),
      );
      rx = await loopbackServer();
      const got: string[] = [];
      rx.routes.set('/hook', async (req, res) => {
        for await (const _ of req) void _;
        got.push(String(req.headers['screening-event-id']));
        // Slow enough that one worker's claim is still in flight when the other claims.
        await new Promise((r) => setTimeout(r, 5));
        res.end('ok');
      });
      await subscribe(a, `${rx.url}/hook`);
      const at = new Date(Date.now() - 1000).toISOString();
      for (let i = 0; i < 300; i++) await a.enqueueListUpdated('ofac_sdn', `v${i}`, at);
      const claimedBy = [0, 0];
      const counted = (store: Store, i: number) => ({
        claimDueDeliveries: async (now: string, lease: string, limit: number): Promise<ClaimedDelivery[]> => {
          const claimed = await store.claimDueDeliveries(now, lease, limit);
          claimedBy[i]! += claimed.length;
          return claimed;
        },
        recordAttempt: store.recordAttempt.bind(store),
      });
      const opts = { timeoutMs: 5_000, retryBaseMs: 60_000, pollMs: 10 };
      const workers = [
        new WebhookDeliveryWorker(counted(a, 0), opts),
        new WebhookDeliveryWorker(counted(b, 1), opts),
      ];
      workers.forEach((w) => w.start());
      cleanup.push(async () => {
        for (const w of workers) await w.stop();
      });
      await expect.poll(() => got.length, { timeout: 30_000, interval: 50 }).toBeGreaterThanOrEqual(300);
      // A little longer: a second delivery of any event would arrive now.
      await new Promise((r) => setTimeout(r, 300));
      for (const w of workers) await w.stop();
      expect(got).toHaveLength(300);
      expect(new Set(got).size).toBe(300);
      expect(claimedBy[0]! + claimedBy[1]!).toBe(300);
      expect(claimedBy.every((n) => n > 0)).toBe(true);
      const stored = await a.listDeliveries({ webhookId: HOOK, beforeId: null, limit: 1000 });
      expect(stored.every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
    });

    it('a delivery failing every attempt is retried for 24 hours after its event, then given up', async () => {
      const [a, , remove] = await shared.open();
      cleanup.push(remove, () => a.close());
      rx = await loopbackServer();
      let attempts = 0;
      rx.routes.set('/down', async (req, res) => {
        for await (const _ of req) void _;
        attempts++;
        res.statusCode = 503;
        res.end();
      });
      await subscribe(a, `${rx.url}/down`);
      const created = Date.now();
      await a.enqueueListUpdated('ofac_sdn', 'v1', new Date(created).toISOString());
      let now = created;
      const worker = new WebhookDeliveryWorker(a, {
        timeoutMs: 5_000,
        retryBaseMs: 1_000,
        pollMs: 600_000,
        now: () => now,
      });
      const state = async () => {
        const [d] = await a.listDeliveries({ webhookId: HOOK, beforeId: null, limit: 1 });
        return [d!.status, d!.attempts];
      };
      await worker.tick();
      expect(await state()).toEqual(['pending', 1]);
      // Not due yet: nothing sent.
      await worker.tick();
      expect(attempts).toBe(1);
      // 23 hours on: due, fails, still inside the window.
      now = created + 23 * HOUR;
      await worker.tick();
      expect(await state()).toEqual(['pending', 2]);
      // Half a second before the window ends: its next attempt would fall outside it, so it is given up.
      now = created + RETRY_WINDOW_MS - 500;
      await worker.tick();
      expect(await state()).toEqual(['failed', 3]);
      // Never claimed again.
      now = created + RETRY_WINDOW_MS + 5 * HOUR;
      await worker.tick();
      expect(attempts).toBe(3);
      expect(await state()).toEqual(['failed', 3]);
      await worker.stop();
    });
  });
}
