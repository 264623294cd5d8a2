// Webhook endpoints over HTTP: the secret is answered once, never again; list shape with a cursor; another
// account's endpoint is 404; bad input 400 naming the field. On SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../main.js';
import { signedUpUser, testService } from '../../test-support/test-service.js';
import { testBackends } from '../../test-support/test-stores.js';

interface WebhookBody {
  id: string;
  url: string;
  events: string[];
  created_at: string;
  secret?: string;
}

for (const backend of testBackends()) {
  describe(`webhook endpoints (${backend.name})`, () => {
    let service: Service;
    let user: Awaited<ReturnType<typeof signedUpUser>>;
    let other: Awaited<ReturnType<typeof signedUpUser>>;

    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, key = user.key) =>
      service.app.inject({
        method,
        url,
        headers: { 'x-api-key': key },
        ...(body !== undefined && { payload: body as Record<string, unknown> }),
      });
    const create = (body: unknown, key = user.key) => call('POST', '/api/v2/webhooks', body, key);

    beforeAll(async () => {
      service = await testService(await backend.open(), { SCREENING_WEBHOOK_ALLOW_LOOPBACK: 'true' });
      user = await signedUpUser(service);
      other = await signedUpUser(service);
    });
    afterAll(async () => {
      await service?.close();
    });

    it('answers the signing secret once at creation and never again', async () => {
      const res = await create({ url: 'http://127.0.0.1:9/hook', events: ['alert.created', 'list.updated'] });
      expect(res.statusCode).toBe(200);
      const created = (res.json() as { webhook: WebhookBody; api_usage_id: string }).webhook;
      expect(created.url).toBe('http://127.0.0.1:9/hook');
      expect(created.events).toEqual(['alert.created', 'list.updated']);
      expect(created.secret).toMatch(/^whsec_[0-9a-f]{64}$/);

      const one = await call('GET', `/api/v2/webhooks/${created.id}`);
      expect(one.statusCode).toBe(200);
      expect(one.body).not.toContain(created.secret!);
      expect((one.json() as { webhook: WebhookBody }).webhook).toEqual({
        id: created.id,
        url: created.url,
        events: created.events,
        created_at: created.created_at,
      });
      const list = await call('GET', '/api/v2/webhooks');
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain(created.secret!);
      const page = list.json() as { webhooks: WebhookBody[]; next_cursor: string | null };
      expect(page.webhooks.map((w) => w.id)).toEqual([created.id]);
      expect(page.next_cursor).toBeNull();
      // The usage trail keeps no copy of the secret either.
      const usage = await call('GET', '/api/v2/usage?limit=100');
      expect(usage.statusCode).toBe(200);
      expect(usage.body).toContain('/api/v2/webhooks');
      expect(usage.body).not.toContain(created.secret!);
    });

    it('pages with next_cursor and deletes', async () => {
      const a = (
        await create({ url: 'http://127.0.0.1:10/a', events: ['alert.reopened'] }, other.key)
      ).json() as {
        webhook: WebhookBody;
      };
      const b = (
        await create({ url: 'http://127.0.0.1:10/b', events: ['alert.delisted'] }, other.key)
      ).json() as {
        webhook: WebhookBody;
      };
      const first = (await call('GET', '/api/v2/webhooks?limit=1', undefined, other.key)).json() as {
        webhooks: WebhookBody[];
        next_cursor: string | null;
      };
      expect(first.webhooks.map((w) => w.id)).toEqual([a.webhook.id]);
      expect(first.next_cursor).not.toBeNull();
      const second = (
        await call('GET', `/api/v2/webhooks?limit=1&cursor=${first.next_cursor}`, undefined, other.key)
      ).json() as { webhooks: WebhookBody[]; next_cursor: string | null };
      expect(second.webhooks.map((w) => w.id)).toEqual([b.webhook.id]);
      expect(second.next_cursor).toBeNull();

      expect(
        (await call('DELETE', `/api/v2/webhooks/${a.webhook.id}`, undefined, other.key)).statusCode,
      ).toBe(200);
      expect((await call('GET', `/api/v2/webhooks/${a.webhook.id}`, undefined, other.key)).statusCode).toBe(
        404,
      );
      expect(
        (await call('DELETE', `/api/v2/webhooks/${a.webhook.id}`, undefined, other.key)).statusCode,
      ).toBe(404);
    });

    it("answers 404 for another account's webhook", async () => {
      const mine = (await create({ url: 'http://127.0.0.1:11/x', events: ['alert.created'] })).json() as {
        webhook: WebhookBody;
      };
      const get = await call('GET', `/api/v2/webhooks/${mine.webhook.id}`, undefined, other.key);
      expect(get.statusCode).toBe(404);
      const del = await call('DELETE', `/api/v2/webhooks/${mine.webhook.id}`, undefined, other.key);
      expect(del.statusCode).toBe(404);
      const theirs = (await call('GET', '/api/v2/webhooks', undefined, other.key)).json() as {
        webhooks: WebhookBody[];
      };
      expect(theirs.webhooks.map((w) => w.id)).not.toContain(mine.webhook.id);
      expect((await call('GET', `/api/v2/webhooks/${mine.webhook.id}`)).statusCode).toBe(200);
    });

    it('answers 400 naming the field for bad input', async () => {
      const bad = async (body: unknown, pattern: RegExp) => {
        const res = await create(body);
        expect(res.statusCode).toBe(400);
        expect((res.json() as { error: string }).error).toMatch(pattern);
      };
      await bad({ url: 'https://hooks.example.com/x', events: ['alert.created'], extra: 1 }, /extra/);
      await bad(
        { url: 'http://127.0.0.1:12/x', events: ['alert.created', 'alert.exploded'] },
        /events.*alert\.exploded/,
      );
      await bad({ url: 'http://127.0.0.1:12/x', events: [] }, /events/);
      await bad({ events: ['alert.created'] }, /url/);
      await bad(
        { url: 'https://user:pw@127.0.0.1:12/x', events: ['alert.created'] },
        /^url: must not carry credentials/,
      );
      await bad(
        { url: 'http://192.0.2.1/x', events: ['alert.created'] },
        /^url: http:\/\/ is allowed only for loopback/,
      );
      await bad(
        { url: 'https://169.254.169.254/x', events: ['alert.created'] },
        /^url: resolves to a link-local/,
      );
    });
  });
}
