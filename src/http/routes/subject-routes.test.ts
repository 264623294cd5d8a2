// Monitored subjects and their alerts over HTTP: upsert by reference, screened at once against the loaded lists
// (the same matches and scores as POST /api/v2/search), alerts one per subject and entry with an append-only
// decision log; another account sees 404; bad input 400 naming the field. On SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../main.js';
import { loopbackServer, staticFile, type LoopbackServer } from '../../test-support/loopback-server.js';
import { signedUpUser, testService } from '../../test-support/test-service.js';
import { testSource } from '../../test-support/test-source.js';
import { testBackends } from '../../test-support/test-stores.js';

interface SubjectBody {
  id: string;
  reference: string | null;
  name: string;
  search_type: string;
}
interface AlertBody {
  id: string;
  status: string;
  subject: { id: string; reference: string | null; name: string };
  match: {
    id: string;
    name: string;
    list: string;
    source_uid: string;
    match_score: number;
    explanation?: unknown;
  };
  created_at: string;
  updated_at: string;
  record?: Record<string, unknown> | null;
  history?: Array<{ at: string; who: string | null; from: string | null; to: string; reason: string }>;
}

const file = (rows: readonly string[]) => ['uid|name|aliases', ...rows].join('\n');

for (const backend of testBackends()) {
  describe(`monitored subjects and alerts (${backend.name})`, () => {
    let pub: LoopbackServer;
    let service: Service;
    let user: Awaited<ReturnType<typeof signedUpUser>>;
    let other: Awaited<ReturnType<typeof signedUpUser>>;

    const publish = (rows: readonly string[]) =>
      pub.routes.set('/mirror/test_list/names.txt', staticFile(file(rows)));
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, key = user.key) =>
      service.app.inject({
        method,
        url,
        headers: { 'x-api-key': key },
        ...(body !== undefined && { payload: body as Record<string, unknown> }),
      });
    const post = (subjects: unknown[], key = user.key) => call('POST', '/api/v2/subjects', { subjects }, key);
    const alerts = async (query = '', key = user.key): Promise<AlertBody[]> => {
      const res = await call('GET', `/api/v2/alerts${query}`, undefined, key);
      expect(res.statusCode).toBe(200);
      return (res.json() as { alerts: AlertBody[] }).alerts;
    };
    const alertFor = async (subjectId: string) => {
      const found = (await alerts()).filter((a) => a.subject.id === subjectId);
      expect(found).toHaveLength(1);
      return found[0]!;
    };
    const detail = async (id: string, key = user.key) => {
      const res = await call('GET', `/api/v2/alerts/${id}`, undefined, key);
      expect(res.statusCode).toBe(200);
      return res.json() as AlertBody;
    };
    const decide = (id: string, body: unknown, key = user.key) =>
      call('POST', `/api/v2/alerts/${id}/decision`, body, key);

    beforeAll(async () => {
      pub = await loopbackServer();
      publish(['1|Anna Alpha|', '2|Boris Beta|', '3|Chen Gamma|']);
      service = await testService(
        await backend.open(),
        {
          SCREENING_LISTS_MIRROR_URL: `${pub.url}/mirror`,
          SCREENING_LISTS: 'test_list',
          SCREENING_DOWNLOAD_RETRIES: '0',
        },
        [testSource('test_list', `${pub.url}/names.txt`)],
      );
      expect((await service.listService.refresh(['test_list']))[0]!.status).toBe('updated');
      user = await signedUpUser(service);
      other = await signedUpUser(service);
    });
    afterAll(async () => {
      await service?.close();
      await pub?.close();
    });

    it('stores subjects (default standard_match) and opens an alert per match, scored as search scores it', async () => {
      const res = await post([
        { name: 'Anna Alpha', reference: 'c-1' },
        { name: 'Zoe Nobody', reference: 'c-2', search_type: 'strict_match' },
        { name: 'Boris Beta' },
      ]);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { subjects: SubjectBody[]; api_usage_id: string };
      expect(body.api_usage_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(body.subjects.map((s) => [s.reference, s.name, s.search_type])).toEqual([
        ['c-1', 'Anna Alpha', 'standard_match'],
        ['c-2', 'Zoe Nobody', 'strict_match'],
        [null, 'Boris Beta', 'standard_match'],
      ]);
      const [anna, zoe, boris] = body.subjects as [SubjectBody, SubjectBody, SubjectBody];
      const open = await alerts('?status=open');
      expect(open.map((a) => [a.subject.name, a.match.source_uid]).sort()).toEqual([
        ['Anna Alpha', '1'],
        ['Boris Beta', '2'],
      ]);
      expect(open.some((a) => a.subject.id === zoe.id)).toBe(false);
      // The same match and score as a search of the subject's name with its search type.
      const search = await call('POST', '/api/v2/search', {
        prompt: 'Anna Alpha',
        search_type: 'standard_match',
      });
      const expected = (search.json() as { 'search results': Array<{ id: string; match_score: number }> })[
        'search results'
      ];
      const annaAlert = await alertFor(anna.id);
      expect(annaAlert).toMatchObject({
        status: 'open',
        subject: { id: anna.id, reference: 'c-1', name: 'Anna Alpha' },
        match: { id: 'test_list:1', name: 'Anna Alpha', list: 'test_list', source_uid: '1' },
      });
      expect(expected.map((m) => [m.id, m.match_score])).toContainEqual([
        'test_list:1',
        annaAlert.match.match_score,
      ]);
      // Newest first.
      expect(open.map((a) => a.id)).toEqual([...open.map((a) => a.id)].sort().reverse());
      // One alert per subject and entry: the same subject again changes nothing.
      expect((await post([{ name: 'Anna Alpha', reference: 'c-1' }])).json().subjects[0].id).toBe(anna.id);
      expect((await alerts()).filter((a) => a.subject.id === anna.id)).toHaveLength(1);
      expect(boris.reference).toBeNull();
    });

    it('GET /api/v2/alerts/{id}: the subject, the match with its explanation, the listed record, the history', async () => {
      const all = await alerts();
      const a = all.find((x) => x.match.source_uid === '1')!;
      const d = await detail(a.id);
      expect(d.match.explanation).toBeDefined();
      expect(d.record).toEqual({ name: 'Anna Alpha', uid: '1', aliases: [] });
      expect(d.history).toEqual([
        { at: a.created_at, who: null, from: null, to: 'open', reason: 'new match' },
      ]);
    });

    it('a cleared alert stays quiet while nothing changed and reopens when the subject changes', async () => {
      const anna = (await call('GET', '/api/v2/subjects?reference=c-1')).json().subjects[0] as SubjectBody;
      const a = await alertFor(anna.id);
      const cleared = await decide(a.id, { status: 'cleared', reason: 'different date of birth' });
      expect(cleared.statusCode).toBe(200);
      expect(cleared.json()).toMatchObject({ status: 'cleared' });
      // Resubmitted unchanged: stays cleared.
      await post([{ name: 'Anna Alpha', reference: 'c-1' }]);
      expect((await alertFor(anna.id)).status).toBe('cleared');
      // The subject changes (a new spelling still matching): reopened with the reason.
      await post([{ name: 'Anna Alfa', reference: 'c-1' }]);
      const reopened = await detail(a.id);
      expect(reopened.status).toBe('open');
      expect(reopened.subject.name).toBe('Anna Alfa');
      expect(reopened.history!.map((h) => [h.who, h.from, h.to, h.reason])).toEqual([
        [null, null, 'open', 'new match'],
        [user.userId, 'open', 'cleared', 'different date of birth'],
        [null, 'cleared', 'open', 'subject changed'],
      ]);
      // A confirmed alert does not reopen by itself.
      expect((await decide(a.id, { status: 'confirmed', reason: 'same person' })).statusCode).toBe(200);
      await post([{ name: 'Anna Alpha', reference: 'c-1' }]);
      expect((await detail(a.id)).status).toBe('confirmed');
      // Escalated and open need no reason.
      expect((await decide(a.id, { status: 'escalated' })).json().status).toBe('escalated');
    });

    it('filters alerts by status and list, pages them with a cursor', async () => {
      await post([{ name: 'Chen Gamma', reference: 'c-3' }]);
      const every = await alerts();
      expect(every.length).toBe(3);
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res = await call('GET', `/api/v2/alerts?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        const body = res.json() as { alerts: AlertBody[]; next_cursor: string | null };
        seen.push(...body.alerts.map((a) => a.id));
        cursor = body.next_cursor;
      } while (cursor);
      expect(seen).toEqual(every.map((a) => a.id));
      expect((await alerts('?status=escalated')).map((a) => a.match.source_uid)).toEqual(['1']);
      expect(await alerts('?list=other_list')).toEqual([]);
      expect((await alerts('?list=test_list')).length).toBe(3);
    });

    it('lists subjects with a cursor and filters; GET and DELETE one; another account sees 404', async () => {
      const seen: SubjectBody[] = [];
      let cursor: string | null = null;
      do {
        const res = await call('GET', `/api/v2/subjects?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.statusCode).toBe(200);
        const body = res.json() as { subjects: SubjectBody[]; next_cursor: string | null };
        seen.push(...body.subjects);
        cursor = body.next_cursor;
      } while (cursor);
      expect(seen.map((s) => s.reference)).toEqual(['c-1', 'c-2', null, 'c-3']);
      const byName = (await call('GET', '/api/v2/subjects?name=BETA')).json().subjects as SubjectBody[];
      expect(byName.map((s) => s.name)).toEqual(['Boris Beta']);
      const zoe = seen[1]!;
      expect((await call('GET', `/api/v2/subjects/${zoe.id}`)).json().subject).toMatchObject({
        name: 'Zoe Nobody',
      });
      // Another account: nothing of this one's, 404 on every id.
      expect((await call('GET', '/api/v2/subjects', undefined, other.key)).json().subjects).toEqual([]);
      expect(await alerts('', other.key)).toEqual([]);
      expect((await call('GET', `/api/v2/subjects/${zoe.id}`, undefined, other.key)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/v2/subjects/${zoe.id}`, undefined, other.key)).statusCode).toBe(404);
      const alertId = (await alerts())[0]!.id;
      expect((await call('GET', `/api/v2/alerts/${alertId}`, undefined, other.key)).statusCode).toBe(404);
      expect((await decide(alertId, { status: 'open' }, other.key)).statusCode).toBe(404);
      // The same reference in another account is another subject.
      const theirs = (await post([{ name: 'Zoe Nobody', reference: 'c-2' }], other.key)).json().subjects[0];
      expect(theirs.id).not.toBe(zoe.id);
      const del = await call('DELETE', `/api/v2/subjects/${zoe.id}`);
      expect(del.statusCode).toBe(200);
      expect((await call('GET', `/api/v2/subjects/${zoe.id}`)).statusCode).toBe(404);
      expect(
        (await call('GET', `/api/v2/subjects/${theirs.id as string}`, undefined, other.key)).statusCode,
      ).toBe(200);
    });

    it('one reference is one subject: repeated in a call (the last wins) and sent by two calls at once', async () => {
      const twice = await post([
        { name: 'Dup First', reference: 'dup-1' },
        { name: 'Dup Second', reference: 'dup-1' },
      ]);
      expect(twice.statusCode).toBe(200);
      const [a, b] = twice.json().subjects as [SubjectBody, SubjectBody];
      expect(b.id).toBe(a.id);
      expect((await call('GET', `/api/v2/subjects/${a.id}`)).json().subject.name).toBe('Dup Second');
      const racing = await Promise.all(
        [1, 2, 3].map((i) => post([{ name: `Race Subject ${i}`, reference: 'race-1' }])),
      );
      expect(racing.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(racing.map((r) => (r.json().subjects as SubjectBody[])[0]!.id)).size).toBe(1);
      expect((await call('GET', '/api/v2/subjects?reference=race-1')).json().subjects).toHaveLength(1);
      // Clean up so the listing test elsewhere is unaffected.
      for (const id of [a.id, (racing[0]!.json().subjects as SubjectBody[])[0]!.id])
        expect((await call('DELETE', `/api/v2/subjects/${id}`)).statusCode).toBe(200);
    });

    it('answers 400 naming the field for bad subjects, decisions and queries', async () => {
      const cases: Array<[unknown, RegExp]> = [
        [{ subjects: [{ name: '  ' }] }, /subjects item 1\.name must not be blank/],
        [{ subjects: [{ name: 'A', nick: 'x' }] }, /subjects item 1: unknown field "nick"/],
        [{ subjects: [{ name: 'A', search_type: 'loose' }] }, /search_type must be one of/],
        [{ subjects: [] }, /subjects/],
        [{ subjects: Array.from({ length: 10_001 }, (_, i) => ({ name: `N ${i}` })) }, /subjects/],
        [{ people: [] }, /unknown field "people"|subjects is required/],
      ];
      for (const [body, message] of cases) {
        const res = await call('POST', '/api/v2/subjects', body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(res.json().error).toMatch(message);
      }
      const id = (await alerts())[0]!.id;
      const unknown = await decide(id, { status: 'ignored', reason: 'x' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error).toMatch(/status must be one of/);
      for (const status of ['cleared', 'confirmed']) {
        const res = await decide(id, { status, reason: ' ' });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatch(new RegExp(`reason is required when the status is ${status}`));
      }
      expect((await call('GET', '/api/v2/alerts?status=bogus')).statusCode).toBe(400);
      const badCursor = await call('GET', '/api/v2/subjects?cursor=zzz');
      expect(badCursor.statusCode).toBe(400);
      expect(badCursor.json().error).toMatch(/^cursor:/);
      expect((await call('GET', '/api/v2/subjects/no-such-id')).statusCode).toBe(404);
    });
  });
}
