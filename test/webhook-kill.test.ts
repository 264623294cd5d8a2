// kill -9 with webhook deliveries pending: the server (a real `serve` process) is killed after the alerts were
// stored and before its worker sent anything; a server started again on the same store sends every event, each
// once, to the loopback receiver.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { loopbackServer } from '../src/test-support/loopback-server.js';
import { killLeftoverServers, prepareDataDir, spawnServer } from '../src/test-support/spawn-server.js';
import { syntheticEntries } from '../src/test-support/synthetic-names.js';

const NAMES = syntheticEntries(20, 5).map((e) => e.name.replace(/"/g, ''));

/** A LISTS_DIR with ofac_sdn's legacy sdn.csv holding NAMES. */
function listsDir(root: string): string {
  const dir = path.join(root, 'lists');
  fs.mkdirSync(path.join(dir, 'ofac_sdn'), { recursive: true });
  const lines = NAMES.map(
    (name, i) =>
      `${i + 1},"${name}","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"Test record ${i + 1}."\r\n`,
  );
  // OFAC ends its files with 0x1A: a file without it is taken as cut short.
  fs.writeFileSync(path.join(dir, 'ofac_sdn', 'sdn.csv'), `${lines.join('')}\x1a`, 'latin1');
  return dir;
}

const rows = <T>(file: string, sql: string): T[] => {
  const db = new Database(file);
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
};

describe('webhook deliveries pending at kill -9', () => {
  afterAll(killLeftoverServers);

  it('go out after a restart, each event once', async () => {
    const data = await prepareDataDir([null]);
    const rx = await loopbackServer();
    const got: string[] = [];
    rx.routes.set('/hook', async (req, res) => {
      for await (const _ of req) void _;
      got.push(String(req.headers['screening-event-id']));
      res.end('ok');
    });
    const env = {
      DATA_DIR: data.dir,
      LISTS_DIR: listsDir(data.dir),
      SCREENING_LISTS: 'ofac_sdn',
      SCREENING_REFRESH_INTERVAL_MINUTES: '0',
      SCREENING_WEBHOOK_ALLOW_LOOPBACK: 'true',
    };
    const key = data.keys[0]!.key;
    const ready = async (url: string) =>
      expect
        .poll(async () => (await fetch(`${url}/readyz`)).status, { timeout: 60_000, interval: 200 })
        .toBe(200);
    try {
      // The first server's worker polls once at start, then not for ten minutes: nothing queued later is sent.
      const first = await spawnServer({ ...env, SCREENING_WEBHOOK_POLL_MS: '600000' });
      await ready(first.url);
      const post = (url: string, route: string, body: unknown) =>
        fetch(`${url}${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': key },
          body: JSON.stringify(body),
        });
      expect(
        (await post(first.url, '/api/v2/webhooks', { url: `${rx.url}/hook`, events: ['alert.created'] }))
          .status,
      ).toBe(200);
      const res = await post(first.url, '/api/v2/subjects', {
        subjects: NAMES.map((name, i) => ({ name, reference: `k${i}` })),
      });
      expect(res.status).toBe(200);
      await first.stop('SIGKILL');
      expect(got).toEqual([]);
      const pending = rows<{ event_id: string }>(
        data.dbFile,
        "select event_id from webhook_deliveries where status = 'pending'",
      ).map((r) => r.event_id);
      expect(pending.length).toBeGreaterThanOrEqual(NAMES.length);

      const second = await spawnServer({ ...env, SCREENING_WEBHOOK_POLL_MS: '50' });
      await expect
        .poll(() => got.length, { timeout: 30_000, interval: 100 })
        .toBeGreaterThanOrEqual(pending.length);
      await new Promise((r) => setTimeout(r, 500));
      await second.stop();
      expect([...got].sort()).toEqual([...pending].sort());
      expect(
        rows<{ n: number }>(
          data.dbFile,
          "select count(*) as n from webhook_deliveries where status <> 'delivered'",
        )[0]!.n,
      ).toBe(0);
    } finally {
      await rx.close();
      data.remove();
    }
  }, 240_000);
});
