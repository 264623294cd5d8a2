// The full re-screen (after the matching engine changed): a store that never recorded an engine takes this one, a
// recorded older engine makes one due, an admin starts it over HTTP (202) and reads its progress; it screens every
// live subject of every account, opens the alerts missing, keeps an analyst's decisions and duplicates nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../main.js';
import { ENGINE_VERSION } from '../../matching/index.js';
import { loopbackServer, staticFile, type LoopbackServer } from '../../test-support/loopback-server.js';
import { signedUpUser, testService } from '../../test-support/test-service.js';
import { testSource } from '../../test-support/test-source.js';
import { testBackends } from '../../test-support/test-stores.js';

interface AlertBody {
  id: string;
  status: string;
  subject: { id: string; name: string };
}

for (const backend of testBackends()) {
  describe(`full re-screen of monitored subjects (${backend.name})`, () => {
    let pub: LoopbackServer;
    let service: Service;
    let user: Awaited<ReturnType<typeof signedUpUser>>;
    let admin: Awaited<ReturnType<typeof signedUpUser>>;

    const call = (method: 'GET' | 'POST', url: string, key: string, payload?: Record<string, unknown>) =>
      service.app.inject({ method, url, headers: { 'x-api-key': key }, ...(payload && { payload }) });
    const status = async () => {
      const res = await call('GET', '/api/v2/subjects/rescreen', admin.key);
      expect(res.statusCode).toBe(200);
      return res.json().rescreen as Record<string, unknown>;
    };
    const alerts = async (): Promise<AlertBody[]> =>
      (await call('GET', '/api/v2/alerts?limit=100', user.key)).json().alerts as AlertBody[];

    beforeAll(async () => {
      pub = await loopbackServer();
      pub.routes.set(
        '/mirror/test_list/names.txt',
        staticFile(['uid|name|aliases', '1|Anna Alpha|', '2|Boris Beta|', '3|Chen Gamma|'].join('\n')),
      );
      service = await testService(await backend.open(), { SCREENING_LISTS_MIRROR_URL: `${pub.url}/mirror` }, [
        testSource('test_list', `${pub.url}/names.txt`),
      ]);
      await service.listService.refresh(['test_list']);
      user = await signedUpUser(service);
      admin = await signedUpUser(service, undefined, { admin: true });
    });
    afterAll(async () => {
      await service?.close();
      await pub?.close();
    });

    it('records this engine on a store that had none: nothing is due', async () => {
      expect(await status()).toMatchObject({
        status: 'idle',
        engine_version: ENGINE_VERSION,
        screened_engine_version: ENGINE_VERSION,
        needed: false,
      });
    });

    it('after an engine change: due, admins only, screens every live subject, keeps decisions', async () => {
      // One subject screened as it came in, with its alert cleared by an analyst.
      const posted = await call('POST', '/api/v2/subjects', user.key, {
        subjects: [{ name: 'Anna Alpha', reference: 'c-1' }],
      });
      expect(posted.statusCode).toBe(200);
      const [cleared] = await alerts();
      expect(cleared).toMatchObject({ status: 'open', subject: { name: 'Anna Alpha' } });
      const decided = await call('POST', `/api/v2/alerts/${cleared!.id}/decision`, user.key, {
        status: 'cleared',
        reason: 'different person (date of birth)',
      });
      expect(decided.statusCode).toBe(200);
      // Two subjects the store holds but no engine screened yet (as if an older engine had missed them).
      const at = new Date().toISOString();
      await service.core.store.upsertSubjects(
        user.userId,
        [
          {
            id: '019b0000-0000-7000-8000-000000000001',
            reference: 'c-2',
            name: 'Boris Beta',
            searchType: 'standard_match',
          },
          {
            id: '019b0000-0000-7000-8000-000000000002',
            reference: 'c-3',
            name: 'Nobody Listed',
            searchType: 'standard_match',
          },
        ],
        at,
      );
      expect((await alerts()).map((a) => a.subject.name)).toEqual(['Anna Alpha']);
      await service.core.store.setMonitorState('engine_version', 'an-older-engine', at);
      expect(await status()).toMatchObject({ needed: true, screened_engine_version: 'an-older-engine' });

      const refused = await call('POST', '/api/v2/subjects/rescreen', user.key);
      expect(refused.statusCode).toBe(403);
      expect((await call('GET', '/api/v2/subjects/rescreen', user.key)).statusCode).toBe(403);

      const started = await call('POST', '/api/v2/subjects/rescreen', admin.key);
      expect(started.statusCode).toBe(202);
      expect(started.json()).toMatchObject({
        rescreen: { status: 'running' },
        api_usage_id: expect.any(String),
      });
      await service.rescreen.idle();
      expect(await status()).toMatchObject({
        status: 'done',
        total: 3,
        done: 3,
        alerts: 1,
        needed: false,
        screened_engine_version: ENGINE_VERSION,
        error: null,
      });
      const after = await alerts();
      // The missed subject is now alerted; the cleared alert stays cleared; nothing is doubled.
      expect(after.map((a) => [a.subject.name, a.status]).sort()).toEqual([
        ['Anna Alpha', 'cleared'],
        ['Boris Beta', 'open'],
      ]);
    });

    it('runs one at a time', async () => {
      const first = service.rescreen.start();
      await expect(service.rescreen.start()).rejects.toThrow(/already running/);
      await first;
      await service.rescreen.idle();
      expect(await status()).toMatchObject({ status: 'done', alerts: 0 });
    });
  });
}
