// Webhook delivery to a real loopback receiver: the signature verifies with the secret; a receiver failing the
// first two attempts then succeeding gets the event (same event id each time); a 4xx is not retried; retry sends
// again; a delivery pending when the service closes goes out after a new service starts on the same SQLite file.
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Service } from '../../main.js';
import { openStore } from '../../store/open-store.js';
import { loopbackServer, type Handler, type LoopbackServer } from '../../test-support/loopback-server.js';
import { signedUpUser, testService } from '../../test-support/test-service.js';
import { testBackends } from '../../test-support/test-stores.js';

interface Received {
  readonly body: string;
  readonly signature: string;
}
interface DeliveryBody {
  id: string;
  event_id: string;
  status: string;
  attempts: Array<{ status_code: number | null; error: string | null }>;
}

const FAST = {
  SCREENING_WEBHOOK_ALLOW_LOOPBACK: 'true',
  SCREENING_WEBHOOK_POLL_MS: '20',
  SCREENING_WEBHOOK_RETRY_BASE_MS: '1',
  SCREENING_WEBHOOK_TIMEOUT_MS: '300',
};

/** A receiver path that records each request and answers with the next scripted reply (the last repeats). */
function scripted(received: Received[], replies: Array<number | 'close'>): Handler {
  let n = 0;
  return async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    received.push({
      body: Buffer.concat(chunks).toString('utf8'),
      signature: String(req.headers['screening-signature']),
    });
    const reply = replies[Math.min(n++, replies.length - 1)]!;
    if (reply === 'close') {
      req.socket.destroy();
      return;
    }
    res.statusCode = reply;
    res.end();
  };
}

const verify = (r: Received, secret: string): boolean => {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(r.signature);
  if (!m) return false;
  return createHmac('sha256', secret).update(`${m[1]}.${r.body}`).digest('hex') === m[2];
};

const waitFor = <T>(fn: () => Promise<T> | T) => vi.waitFor(fn, { timeout: 15_000, interval: 20 });

for (const backend of testBackends()) {
  describe(`webhook delivery (${backend.name})`, () => {
    let rx: LoopbackServer;
    let service: Service;
    let user: Awaited<ReturnType<typeof signedUpUser>>;

    const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      service.app.inject({
        method,
        url,
        headers: { 'x-api-key': user.key },
        ...(body !== undefined && { payload: body as Record<string, unknown> }),
      });
    const hook = async (p: string) => {
      const res = await call('POST', '/api/v2/webhooks', { url: `${rx.url}${p}`, events: ['list.updated'] });
      expect(res.statusCode).toBe(200);
      return (res.json() as { webhook: { id: string; secret: string } }).webhook;
    };
    const deliveries = async (id: string) => {
      const res = await call('GET', `/api/v2/webhooks/${id}/deliveries`);
      expect(res.statusCode).toBe(200);
      return (res.json() as { deliveries: DeliveryBody[]; next_cursor: string | null }).deliveries;
    };
    const event = () =>
      service.core.store.enqueueListUpdated('test_list', `v-${Math.random()}`, new Date().toISOString());

    beforeAll(async () => {
      rx = await loopbackServer();
      service = await testService(await backend.open(), FAST);
      user = await signedUpUser(service);
    });
    afterAll(async () => {
      await service?.close();
      await rx?.close();
    });

    it('signs each delivery so the secret verifies it, and retries 5xx and dropped connections until delivered', async () => {
      const received: Received[] = [];
      rx.routes.set('/flaky', scripted(received, [500, 'close', 200]));
      const w = await hook('/flaky');
      await event();
      await waitFor(async () => expect((await deliveries(w.id))[0]?.status).toBe('delivered'));
      const [d] = await deliveries(w.id);
      expect(d!.attempts.map((a) => [a.status_code, a.error === null])).toEqual([
        [500, true],
        [null, false],
        [200, true],
      ]);
      expect(received).toHaveLength(3);
      for (const r of received) {
        expect(verify(r, w.secret)).toBe(true);
        expect(verify(r, `${w.secret}x`)).toBe(false);
        expect((JSON.parse(r.body) as { id: string }).id).toBe(d!.event_id);
      }
      expect(JSON.parse(received[0]!.body)).toMatchObject({
        type: 'list.updated',
        data: { list: 'test_list' },
      });
    });

    it('retries 408, 429 and a receiver slower than the timeout', async () => {
      const received: Received[] = [];
      let slowOnce = true;
      const answers = scripted(received, [408, 429, 200]);
      rx.routes.set('/busy', async (req, res) => {
        if (slowOnce) {
          slowOnce = false;
          // Past the 300 ms timeout of this service: the attempt is recorded as timed out and retried.
          await new Promise((r) => setTimeout(r, 1_500));
          res.destroy();
          return;
        }
        await answers(req, res);
      });
      const w = await hook('/busy');
      await event();
      await waitFor(async () => expect((await deliveries(w.id))[0]?.status).toBe('delivered'));
      const [d] = await deliveries(w.id);
      expect(d!.attempts.map((a) => [a.status_code, a.error?.replace(/\d+/g, 'N') ?? null])).toEqual([
        [null, 'timed out after N ms'],
        [408, null],
        [429, null],
        [200, null],
      ]);
    });

    it('does not retry a 4xx (other than 408/429); retry sends it again now', async () => {
      const received: Received[] = [];
      rx.routes.set('/gone', scripted(received, [410, 200]));
      const w = await hook('/gone');
      await event();
      await waitFor(async () => expect((await deliveries(w.id))[0]?.status).toBe('failed'));
      const [d] = await deliveries(w.id);
      expect(d!.attempts.map((a) => a.status_code)).toEqual([410]);
      expect(received).toHaveLength(1);

      const retry = await call('POST', `/api/v2/webhooks/${w.id}/deliveries/${d!.id}/retry`);
      expect(retry.statusCode).toBe(200);
      await waitFor(async () => expect((await deliveries(w.id))[0]?.status).toBe('delivered'));
      expect(received).toHaveLength(2);
      expect((await call('POST', `/api/v2/webhooks/${w.id}/deliveries/nope/retry`)).statusCode).toBe(404);
    });

    it("answers 404 for another account's deliveries", async () => {
      const w = await hook('/mine');
      const other = await signedUpUser(service);
      const res = await service.app.inject({
        method: 'GET',
        url: `/api/v2/webhooks/${w.id}/deliveries`,
        headers: { 'x-api-key': other.key },
      });
      expect(res.statusCode).toBe(404);
    });
  });
}

describe('webhook delivery across a restart (SQLite file)', () => {
  it('sends a delivery left pending when the service closed once a new service starts on the same store', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'screening-webhooks-'));
    const file = path.join(dir, 'store.sqlite');
    const rx = await loopbackServer();
    const received: Received[] = [];
    rx.routes.set('/later', scripted(received, [200]));
    try {
      // The first service polls too rarely to send anything before it closes.
      const first = await testService(await openStore({ dialect: 'sqlite', file }), {
        ...FAST,
        SCREENING_WEBHOOK_POLL_MS: '600000',
      });
      const user = await signedUpUser(first);
      const res = await first.app.inject({
        method: 'POST',
        url: '/api/v2/webhooks',
        headers: { 'x-api-key': user.key },
        payload: { url: `${rx.url}/later`, events: ['list.updated'] },
      });
      const w = (res.json() as { webhook: { id: string; secret: string } }).webhook;
      await first.core.store.enqueueListUpdated('test_list', 'v-restart', new Date().toISOString());
      await first.close();
      expect(received).toHaveLength(0);

      const second = await testService(await openStore({ dialect: 'sqlite', file }), FAST);
      try {
        await waitFor(() => expect(received).toHaveLength(1));
        expect(verify(received[0]!, w.secret)).toBe(true);
        expect(JSON.parse(received[0]!.body)).toMatchObject({ data: { version_id: 'v-restart' } });
      } finally {
        await second.close();
      }
    } finally {
      await rx.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
