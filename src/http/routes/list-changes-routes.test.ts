// GET /api/v2/lists/{slug}/changes: each committed version's entries added, removed and changed, recorded when the
// version becomes current (committed at once, or accepted after a hold), oldest version first, paged; bad input 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../main.js';
import { loopbackServer, staticFile, type LoopbackServer } from '../../test-support/loopback-server.js';
import { signedUpUser, testService } from '../../test-support/test-service.js';
import { testSource } from '../../test-support/test-source.js';
import { testBackends } from '../../test-support/test-stores.js';

interface Change {
  version_id: string;
  committed_at: string;
  kind: string;
  source_uid: string;
  name: string;
}

const file = (rows: readonly string[]) => ['uid|name|aliases', ...rows].join('\n');

for (const backend of testBackends()) {
  describe(`list change feed (${backend.name})`, () => {
    let pub: LoopbackServer;
    let service: Service;
    let user: Awaited<ReturnType<typeof signedUpUser>>;
    let admin: Awaited<ReturnType<typeof signedUpUser>>;

    const publish = (rows: readonly string[]) =>
      pub.routes.set('/mirror/test_list/names.txt', staticFile(file(rows)));
    const refresh = async () => (await service.listService.refresh(['test_list']))[0]!;
    const adminRefresh = (key = admin.key, slug = 'test_list') =>
      service.app.inject({
        method: 'POST',
        url: `/api/v2/lists/${slug}/refresh`,
        headers: { 'x-api-key': key },
      });
    const changes = async (query = '', key = user.key) =>
      service.app.inject({ url: `/api/v2/lists/test_list/changes${query}`, headers: { 'x-api-key': key } });
    const all = async (query = ''): Promise<Change[]> => {
      const out: Change[] = [];
      let cursor: string | null = null;
      do {
        const params = new URLSearchParams(query);
        params.set('limit', '2');
        if (cursor) params.set('cursor', cursor);
        const res = await changes(`?${params}`);
        expect(res.statusCode).toBe(200);
        const body = res.json() as { changes: Change[]; next_cursor: string | null; api_usage_id: string };
        expect(body.api_usage_id).toMatch(/^[0-9a-f-]{36}$/);
        out.push(...body.changes);
        cursor = body.next_cursor;
      } while (cursor);
      return out;
    };

    beforeAll(async () => {
      pub = await loopbackServer();
      service = await testService(
        await backend.open(),
        {
          SCREENING_LISTS_MIRROR_URL: `${pub.url}/mirror`,
          // other_list is registered but not carried here.
          SCREENING_LISTS: 'test_list',
          SCREENING_DOWNLOAD_RETRIES: '0',
          // Removing two of four entries would be held under the default rule; a small floor makes the test's
          // third version a hold.
          SCREENING_HOLD_MIN_REMOVED: '1',
          SCREENING_HOLD_REMOVED_FRACTION: '0.3',
          // The record-count guard would refuse a version half the size outright; here the hold rule decides.
          SCREENING_MAX_RECORD_DROP: '0.9',
        },
        [testSource('test_list', `${pub.url}/names.txt`), testSource('other_list', `${pub.url}/other.txt`)],
      );
      user = await signedUpUser(service);
      admin = await signedUpUser(service, undefined, { admin: true });
    });
    afterAll(async () => {
      await service?.close();
      await pub?.close();
    });

    it('starts empty, then records a first version as every entry added', async () => {
      const empty = await changes();
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toMatchObject({ changes: [], next_cursor: null });

      publish(['1|Anna Alpha|', '2|Boris Beta|', '3|Chen Gamma|', '4|Dara Delta|']);
      expect((await refresh()).status).toBe('updated');
      const first = await all();
      expect(first.map((c) => [c.kind, c.source_uid, c.name])).toEqual([
        ['added', '1', 'Anna Alpha'],
        ['added', '2', 'Boris Beta'],
        ['added', '3', 'Chen Gamma'],
        ['added', '4', 'Dara Delta'],
      ]);
      expect(new Set(first.map((c) => c.version_id)).size).toBe(1);
    });

    it('records added, changed and removed entries of the next version, after the first one', async () => {
      const firstVersion = (await all())[0]!.version_id;
      // 2 gets an alias (a changed record), 4 goes, 5 comes; an admin refreshes it over HTTP.
      publish(['1|Anna Alpha|', '2|Boris Beta|B. Beta', '3|Chen Gamma|', '5|Emil Epsilon|']);
      const res = await adminRefresh();
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        outcome: {
          status: 'updated',
          record_count: 4,
          delta: { added: 1, removed: 1, changed: 1 },
          error: null,
        },
        list: { slug: 'test_list', record_count: 4 },
      });
      // Again with nothing changed at the publisher.
      expect((await adminRefresh()).json().outcome).toMatchObject({ status: 'unchanged', error: null });
      const since = await all(`since=${firstVersion}`);
      expect(since.map((c) => [c.kind, c.source_uid, c.name])).toEqual([
        ['added', '5', 'Emil Epsilon'],
        ['changed', '2', 'Boris Beta'],
        ['removed', '4', 'Dara Delta'],
      ]);
      expect(since.every((c) => c.version_id !== firstVersion)).toBe(true);
      // Everything, oldest version first: the first version's four, then these three.
      const every = await all();
      expect(every).toHaveLength(7);
      expect(every.slice(4)).toEqual(since);
      // By time: at or after the second version's commit gives the same three.
      expect(await all(`since=${encodeURIComponent(since[0]!.committed_at)}`)).toEqual(since);
      expect(await all('since=2999-01-01T00:00:00Z')).toEqual([]);
    });

    it('records a held version when an admin accepts it, not before', async () => {
      const before = (await all()).length;
      publish(['1|Anna Alpha|', '5|Emil Epsilon|']);
      expect((await refresh()).status).toBe('held');
      expect(await all()).toHaveLength(before);
      const held = (
        (await service.app.inject({ url: '/api/v2/lists', headers: { 'x-api-key': user.key } })).json()
          .lists as Array<{ slug: string; held_version: { id: string } | null }>
      ).find((l) => l.slug === 'test_list')!.held_version!;
      const accepted = await service.app.inject({
        method: 'POST',
        url: `/api/v2/lists/test_list/versions/${held.id}/accept`,
        headers: { 'x-api-key': admin.key },
      });
      expect(accepted.statusCode).toBe(200);
      const after = await all();
      expect(after.slice(before).map((c) => [c.version_id, c.kind, c.source_uid])).toEqual([
        [held.id, 'removed', '2'],
        [held.id, 'removed', '3'],
      ]);
    });

    it('refresh: admins only, 404 for an unknown list, 409 for one not carried, a failure with its reason', async () => {
      const notAdmin = await adminRefresh(user.key);
      expect(notAdmin.statusCode).toBe(403);
      expect(notAdmin.json().error).toMatch(/only an admin/);
      const unknown = await adminRefresh(admin.key, 'no_such_list');
      expect(unknown.statusCode).toBe(404);
      const notCarried = await adminRefresh(admin.key, 'other_list');
      expect(notCarried.statusCode).toBe(409);
      expect(notCarried.json().error).toMatch(/not carried/);
      pub.routes.set('/mirror/test_list/names.txt', (_req, res) => {
        res.writeHead(500).end('publisher down');
      });
      const failed = await adminRefresh();
      expect(failed.statusCode).toBe(200);
      const body = failed.json();
      expect(body.outcome.status).toBe('failed');
      expect(body.outcome.error).toMatch(/500/);
      // The serving version is untouched.
      expect(body.list.record_count).toBe(2);
    });

    it('answers 404 for an unknown list and 400 for a bad since, cursor or limit', async () => {
      const unknown = await service.app.inject({
        url: '/api/v2/lists/no_such_list/changes',
        headers: { 'x-api-key': user.key },
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error).toMatch(/no_such_list/);
      const badSince = await changes('?since=yesterday');
      expect(badSince.statusCode).toBe(400);
      expect(badSince.json().error).toMatch(
        /^since: 'yesterday' is neither an ISO 8601 time nor a version id/,
      );
      const badTime = await changes('?since=2026-13-45T00:00:00Z');
      expect(badTime.statusCode).toBe(400);
      expect(badTime.json().error).toMatch(/since/);
      const badCursor = await changes('?cursor=not-a-cursor');
      expect(badCursor.statusCode).toBe(400);
      expect(badCursor.json().error).toMatch(/^cursor:/);
      expect((await changes('?limit=0')).statusCode).toBe(400);
      expect((await changes('?limit=1001')).statusCode).toBe(400);
      expect((await changes('?extra=1')).statusCode).toBe(400);
    });
  });
}
