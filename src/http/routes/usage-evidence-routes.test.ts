// GET /api/v2/usage/{id} and /evidence: a screening's record names the list versions of the index it asked and
// the engine's version, and its evidence gives its place in the usage chain; only the caller's own records.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Service } from '../../main.js';
import { ENGINE_VERSION } from '../../matching/index.js';
import { signedUpUser, testService } from '../../test-support/test-service.js';
import { testSource } from '../../test-support/test-source.js';
import { testBackends } from '../../test-support/test-stores.js';

for (const backend of testBackends()) {
  describe(`usage evidence (${backend.name})`, () => {
    let service: Service;
    let dir: string;
    const writeList = (names: string[]) =>
      fs.writeFileSync(
        path.join(dir, 'test_list', 'names.txt'),
        ['uid|name|aliases', ...names.map((n, i) => `${i + 1}|${n}|`)].join('\n'),
      );

    beforeEach(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'usage-evidence-'));
      fs.mkdirSync(path.join(dir, 'test_list'));
      writeList(['Rustam KARIMOV']);
      service = await testService(await backend.open(), { LISTS_DIR: dir }, [testSource()]);
      await service.listService.idle();
    });
    afterEach(async () => {
      await service.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('names the versions each search ran against, and gives its evidence to its owner only', async () => {
      const me = await signedUpUser(service);
      const other = await signedUpUser(service);
      const h = { 'x-api-key': me.key };
      const first = service.listService.currentVersion('test_list');
      expect(first).toBeDefined();
      const search = async (prompt: string) =>
        (
          await service.app.inject({ method: 'POST', url: '/api/v2/search', headers: h, payload: { prompt } })
        ).json().api_usage_id as string;
      const before = await search('Rustam Karimov');

      // A new version of the list: later searches name it, the earlier record still names the one it ran on.
      writeList(['Rustam KARIMOV', 'Ada LOVELACE']);
      await service.listService.refresh(['test_list']);
      await service.listService.idle();
      const second = service.listService.currentVersion('test_list');
      expect(second).not.toBe(first);
      const after = await search('Ada Lovelace');

      const record = async (id: string) => {
        const res = await service.app.inject({ url: `/api/v2/usage/${id}`, headers: h });
        expect(res.statusCode).toBe(200);
        return res.json().record;
      };
      expect(await record(before)).toMatchObject({
        id: before,
        endpoint: '/api/v2/search',
        list_versions: [{ slug: 'test_list', version_id: first }],
        engine_version: ENGINE_VERSION,
      });
      expect((await record(after)).list_versions).toEqual([
        expect.objectContaining({ slug: 'test_list', version_id: second }),
      ]);

      const evidence = await service.app.inject({ url: `/api/v2/usage/${after}/evidence`, headers: h });
      expect(evidence.statusCode).toBe(200);
      const body = evidence.json();
      expect(body.record).toMatchObject({ id: after, request: { prompt: 'Ada Lovelace' } });
      expect(body.record.response['search results'].length).toBeGreaterThan(0);
      expect(body.chain).toMatchObject({ form: 'usage-chain/1', batch_intact: true });
      expect(body.chain.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(body.chain.seq).toBeGreaterThanOrEqual(0);

      // Someone else's record and an unknown one are alike: 404. A malformed id is a 400 naming it.
      for (const url of [`/api/v2/usage/${after}`, `/api/v2/usage/${after}/evidence`]) {
        const res = await service.app.inject({ url, headers: { 'x-api-key': other.key } });
        expect(res.statusCode).toBe(404);
      }
      expect(
        (await service.app.inject({ url: '/api/v2/usage/nope/evidence', headers: h })).json().error,
      ).toMatch(/id/);
      // Evidence reads are recorded but stay out of the history unless asked for.
      const history = await service.app.inject({ url: '/api/v2/usage', headers: h });
      expect(history.json().records.map((r: { id: string }) => r.id)).toEqual([after, before]);
    });

    it('every kind of name screening names its versions and engine: bulk, v1 single and bulk, subjects', async () => {
      // A legacy list beside the later one: v1 screens only the legacy list, v2 both.
      await service.close();
      fs.mkdirSync(path.join(dir, 'ofac_sdn'));
      fs.copyFileSync(path.join(dir, 'test_list', 'names.txt'), path.join(dir, 'ofac_sdn', 'names.txt'));
      service = await testService(await backend.open(), { LISTS_DIR: dir }, [
        { ...testSource('ofac_sdn'), legacy: true },
        testSource(),
      ]);
      await service.listService.idle();
      const me = await signedUpUser(service);
      const h = { 'x-api-key': me.key };
      const legacy = { slug: 'ofac_sdn', version_id: service.listService.currentVersion('ofac_sdn') };
      const later = { slug: 'test_list', version_id: service.listService.currentVersion('test_list') };
      const post = (url: string, payload: object) =>
        service.app.inject({ method: 'POST', url, headers: h, payload });
      for (const [url, payload] of [
        ['/api/v2/bulk-search', { names: 'Rustam Karimov, Ada Lovelace' }],
        ['/api/v1/search', { prompt: 'Rustam Karimov' }],
        ['/api/v1/bulk-search', { names: 'Rustam Karimov, Ada Lovelace' }],
        ['/api/v2/subjects', { subjects: [{ name: 'Rustam Karimov', reference: 'c-1' }] }],
      ] as const)
        expect((await post(url, payload)).statusCode, url).toBe(200);

      // v1 answers carry no api_usage_id: the records are read from the history, one per call.
      const history = await service.app.inject({ url: '/api/v2/usage?limit=50', headers: h });
      const records = history.json().records as Array<{
        endpoint: string;
        list_versions: unknown;
        engine_version: unknown;
      }>;
      const v2 = [legacy, later].map((v) => expect.objectContaining(v));
      const v1 = [expect.objectContaining(legacy)];
      for (const [endpoint, versions] of [
        ['/api/v2/bulk-search', v2],
        ['/api/v1/search', v1],
        ['/api/v1/bulk-search', v1],
        ['/api/v2/subjects', v2],
      ] as const) {
        const found = records.filter((r) => r.endpoint === endpoint);
        expect(found, endpoint).toHaveLength(1);
        expect(found[0], endpoint).toMatchObject({ engine_version: ENGINE_VERSION });
        expect(
          [...(found[0]!.list_versions as Array<{ slug: string }>)].sort((a, b) =>
            a.slug.localeCompare(b.slug),
          ),
          endpoint,
        ).toEqual(versions);
      }
    });

    it('records no versions for calls that are not screenings', async () => {
      const me = await signedUpUser(service);
      const res = await service.app.inject({ url: '/api/v2/lists', headers: { 'x-api-key': me.key } });
      const rec = await service.app.inject({
        url: `/api/v2/usage/${res.json().api_usage_id}`,
        headers: { 'x-api-key': me.key },
      });
      expect(rec.json().record).toMatchObject({ list_versions: null, engine_version: null });
    });
  });
}
