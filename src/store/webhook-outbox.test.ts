// The webhook outbox: alert changes queue their events (created, reopened, delisted) for the owner's subscribed
// endpoints only, in the alert's shape, one event id per event; a committed list version queues list.updated.
// On SQLite and PostgreSQL, through the real service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '../domain/webhooks.js';
import type { Service } from '../main.js';
import { loopbackServer, staticFile, type LoopbackServer } from '../test-support/loopback-server.js';
import { signedUpUser, testService } from '../test-support/test-service.js';
import { testSource } from '../test-support/test-source.js';
import { testBackends } from '../test-support/test-stores.js';

interface EventBody {
  id: string;
  type: string;
  created_at: string;
  data: { alert?: Record<string, unknown>; list?: string; version_id?: string };
}

// Filler entries, so removing one entry stays under the refresh's record-drop guard.
const FILLER = Array.from({ length: 10 }, (_, i) => `f${i}|Filler Person ${String.fromCharCode(65 + i)}|`);
const file = (rows: readonly string[]) => ['uid|name|aliases', ...rows, ...FILLER].join('\n');

for (const backend of testBackends()) {
  describe(`webhook outbox (${backend.name})`, () => {
    let pub: LoopbackServer;
    let service: Service;
    let user: Awaited<ReturnType<typeof signedUpUser>>;
    let other: Awaited<ReturnType<typeof signedUpUser>>;
    let hookAll: string;
    let hookCreated: string;
    let hookOther: string;

    const publish = (rows: readonly string[]) =>
      pub.routes.set('/mirror/test_list/names.txt', staticFile(file(rows)));
    const call = (method: 'GET' | 'POST', url: string, body?: unknown, key = user.key) =>
      service.app.inject({
        method,
        url,
        headers: { 'x-api-key': key },
        ...(body !== undefined && { payload: body as Record<string, unknown> }),
      });
    const hook = async (events: string[], key = user.key) => {
      const res = await call('POST', '/api/v2/webhooks', { url: 'http://127.0.0.1:9/hook', events }, key);
      expect(res.statusCode).toBe(200);
      return (res.json() as { webhook: { id: string } }).webhook.id;
    };
    const deliveries = async (webhookId: string): Promise<WebhookDelivery[]> =>
      (await service.core.store.listDeliveries({ webhookId, beforeId: null, limit: 1000 })).reverse();
    const bodies = async (webhookId: string) =>
      (await deliveries(webhookId)).map((d) => JSON.parse(d.body) as EventBody);
    const refresh = async () => {
      const [outcome] = await service.listService.refresh(['test_list']);
      expect(outcome).toMatchObject({ status: 'updated' });
    };

    beforeAll(async () => {
      pub = await loopbackServer();
      publish(['1|Anna Alpha|', '2|Boris Beta|']);
      service = await testService(
        await backend.open(),
        {
          SCREENING_LISTS_MIRROR_URL: `${pub.url}/mirror`,
          SCREENING_LISTS: 'test_list',
          SCREENING_DOWNLOAD_RETRIES: '0',
          SCREENING_WEBHOOK_ALLOW_LOOPBACK: 'true',
          // The delivery worker stays idle: these tests read the outbox rows as queued.
          SCREENING_WEBHOOK_POLL_MS: '600000',
        },
        [testSource('test_list', `${pub.url}/names.txt`)],
      );
      await refresh();
      user = await signedUpUser(service);
      other = await signedUpUser(service);
      hookAll = await hook(['alert.created', 'alert.reopened', 'alert.delisted', 'list.updated']);
      hookCreated = await hook(['alert.created']);
      hookOther = await hook(['alert.created', 'list.updated'], other.key);
    });
    afterAll(async () => {
      await service?.close();
      await pub?.close();
    });

    it("queues alert.created in the alert's shape for the owner's subscribed endpoints only", async () => {
      const res = await call('POST', '/api/v2/subjects', {
        subjects: [{ name: 'Anna Alpha', reference: 'c-1' }],
      });
      expect(res.statusCode).toBe(200);
      const subject = (res.json() as { subjects: Array<{ id: string }> }).subjects[0]!;
      const alerts = (await call('GET', '/api/v2/alerts')).json() as {
        alerts: Array<Record<string, unknown>>;
      };
      expect(alerts.alerts).toHaveLength(1);

      const all = await deliveries(hookAll);
      expect(all.map((d) => [d.eventType, d.status, d.attempts])).toEqual([['alert.created', 'pending', 0]]);
      const [event] = await bodies(hookAll);
      expect(event).toEqual({
        id: all[0]!.eventId,
        type: 'alert.created',
        created_at: expect.any(String) as string,
        data: { alert: alerts.alerts[0] },
      });
      expect(event!.data.alert).toMatchObject({
        status: 'open',
        subject: { id: subject.id, reference: 'c-1', name: 'Anna Alpha' },
        match: { list: 'test_list', source_uid: '1', name: 'Anna Alpha' },
      });
      // The same event (same id) goes to each subscribed endpoint of the owner; nothing to another account's.
      expect((await deliveries(hookCreated)).map((d) => d.eventId)).toEqual([all[0]!.eventId]);
      expect(await deliveries(hookOther)).toEqual([]);
    });

    it('queues alert.reopened when a cleared alert reopens, alert.delisted when the entry is removed, and list.updated', async () => {
      const alert = ((await call('GET', '/api/v2/alerts')).json() as { alerts: Array<{ id: string }> })
        .alerts[0]!;
      const cleared = await call('POST', `/api/v2/alerts/${alert.id}/decision`, {
        status: 'cleared',
        reason: 'other date of birth',
      });
      expect(cleared.statusCode).toBe(200);
      // An analyst's decision is not an event.
      expect((await deliveries(hookAll)).map((d) => d.eventType)).toEqual(['alert.created']);

      publish(['1|Anna Alpha|Anna A.', '2|Boris Beta|']);
      await refresh();
      publish(['2|Boris Beta|']);
      await refresh();

      const events = await bodies(hookAll);
      const types = events.map((e) => e.type);
      expect([...types].sort()).toEqual(
        ['alert.created', 'alert.delisted', 'alert.reopened', 'list.updated', 'list.updated'].sort(),
      );
      expect(types.indexOf('alert.reopened')).toBeLessThan(types.indexOf('alert.delisted'));
      expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
      expect(events.filter((e) => e.type === 'alert.reopened').map((e) => e.data.alert?.status)).toEqual([
        'open',
      ]);
      expect(events.filter((e) => e.type === 'alert.delisted').map((e) => e.data.alert?.status)).toEqual([
        'delisted',
      ]);
      const listed = events.filter((e) => e.type === 'list.updated');
      expect(listed).toHaveLength(2);
      for (const e of listed)
        expect(e.data).toEqual({ list: 'test_list', version_id: expect.any(String) as string });
      // Another account's list.updated subscription gets the list events, and still no alert of this account.
      expect((await bodies(hookOther)).map((e) => e.type)).toEqual(['list.updated', 'list.updated']);
      expect((await bodies(hookCreated)).map((e) => e.type)).toEqual(['alert.created']);
    });
  });
}
