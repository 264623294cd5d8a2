// Honest diagnosis: an unreachable publisher is reported as failed with its cause in words (never "not loaded
// yet"), downloads run a few at a time, and /readyz is never 200 while a name search would answer 503.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../main.js';
import { freePort } from '../../test-support/spawn-server.js';
import { loopbackServer, type LoopbackServer } from '../../test-support/loopback-server.js';
import { signedUpUser, testService } from '../../test-support/test-service.js';
import { namesFile, testSource } from '../../test-support/test-source.js';
import { testBackends } from '../../test-support/test-stores.js';

/** Asks /readyz, then a name search, and returns both statuses (and bodies). */
async function probe(service: Service, key: string) {
  const ready = await service.app.inject({ url: '/readyz' });
  const search = await service.app.inject({
    method: 'POST',
    url: '/api/v2/search',
    headers: { 'x-api-key': key },
    payload: { prompt: 'Person 1' },
  });
  // The invariant: ready means a search answers.
  if (ready.statusCode === 200) expect(search.statusCode, search.body).toBe(200);
  if (search.statusCode === 503) expect(ready.statusCode).toBe(503);
  return { ready, search };
}

describe('unreachable publishers', () => {
  let service: Service;
  let key: string;
  let closedPort: number;

  beforeAll(async () => {
    closedPort = await freePort();
    service = await testService(await testBackends()[0]!.open(), { SCREENING_DOWNLOAD_RETRIES: '2' }, [
      // `.invalid` never resolves (RFC 2606): what every publisher looks like on a machine without internet.
      testSource('dns_list', 'http://publisher.invalid/names.txt'),
      testSource('closed_list', `http://127.0.0.1:${closedPort}/names.txt`),
    ]);
    key = (await signedUpUser(service)).key;
  });
  afterAll(() => service.close());

  it('reports each as failed with the cause in words, and screening names the failures, not "not loaded yet"', async () => {
    const outcomes = await service.listService.refresh();
    const bySlug = new Map(outcomes.map((o) => [o.slug, o]));
    expect(bySlug.get('dns_list')).toMatchObject({ status: 'failed', versionId: null });
    expect(bySlug.get('dns_list')!.error).toMatch(
      /the host publisher\.invalid cannot be resolved .*LISTS_DIR .*lists layout.*SCREENING_LISTS_MIRROR_URL/,
    );
    expect(bySlug.get('closed_list')!.error).toMatch(
      new RegExp(`127\\.0\\.0\\.1:${closedPort} refused the connection`),
    );

    const catalog = (await service.app.inject({ url: '/api/v2/lists', headers: { 'x-api-key': key } })).json()
      .lists as Array<Record<string, unknown>>;
    expect(catalog.map((r) => [r.slug, r.status])).toEqual([
      ['dns_list', 'failed'],
      ['closed_list', 'failed'],
    ]);
    expect(catalog[0]!.last_error).toMatch(/cannot be resolved/);

    const { ready, search } = await probe(service, key);
    expect(search.statusCode).toBe(503);
    const error = search.json().error as string;
    expect(error).toMatch(
      /lists failed to load: dns_list \(.*cannot be resolved.*\); closed_list \(.*refused/,
    );
    expect(error).not.toMatch(/not loaded yet/);
    // The advice is said once, not once per list.
    expect(error.split('LISTS_DIR').length - 1).toBe(1);
    expect(ready.json().problems.join(' ')).toMatch(/lists failed to load: dns_list/);
  });
});

describe('downloads run a few at a time', () => {
  let pub: LoopbackServer;
  let service: Service;
  afterEach(async () => {
    await service?.close();
    await pub?.close();
  });

  it('two lists download side by side: each publisher answers only once both requests are in', async () => {
    pub = await loopbackServer();
    const waiting: Array<() => void> = [];
    for (const slug of ['first_list', 'second_list'])
      pub.routes.set(`/${slug}/names.txt`, (_req, res) => {
        // Held until the other list's request arrives: one after another, the first would time out.
        waiting.push(() => res.end(namesFile(3)));
        if (waiting.length === 2) for (const answer of waiting) answer();
      });
    service = await testService(
      await testBackends()[0]!.open(),
      {
        SCREENING_DOWNLOAD_CONCURRENCY: '2',
        SCREENING_DOWNLOAD_TIMEOUT_MS: '10000',
        SCREENING_DOWNLOAD_RETRIES: '0',
      },
      [
        testSource('first_list', `${pub.url}/first_list/names.txt`),
        testSource('second_list', `${pub.url}/second_list/names.txt`),
      ],
    );
    const outcomes = await service.listService.refresh();
    expect(outcomes.map((o) => [o.slug, o.status, o.error])).toEqual([
      ['first_list', 'updated', null],
      ['second_list', 'updated', null],
    ]);
  });
});

describe('/readyz and the search gate', () => {
  let service: Service;
  let key: string;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'readyz-'));
    fs.mkdirSync(path.join(dir, 'test_list'));
    service = await testService(await testBackends()[0]!.open(), { LISTS_DIR: dir }, [testSource()]);
    await service.listService.idle();
    key = (await signedUpUser(service)).key;
  });
  afterAll(async () => {
    await service.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is 503 while a list is missing, while the name index is being built, and 200 only when a search answers', async () => {
    // The folder is empty: the list failed.
    const failed = await probe(service, key);
    expect(failed.ready.statusCode).toBe(503);
    expect(failed.ready.json().problems.join(' ')).toMatch(
      /lists failed to load: test_list \(no complete file set/,
    );

    fs.writeFileSync(path.join(dir, 'test_list', 'names.txt'), namesFile(5));
    // Loaded, but the index over it not built yet (what the service goes through after every load).
    const built = service.lists.searcher;
    expect(built).toBeNull();
    const refreshing = service.listService.refresh();
    await refreshing;
    const searcher = service.lists.searcher;
    service.lists.searcher = null;
    const indexing = await probe(service, key);
    expect(indexing.ready.statusCode).toBe(503);
    expect(indexing.ready.json().problems.join(' ')).toMatch(/the name index is being built/);
    expect(indexing.search.statusCode).toBe(503);

    service.lists.searcher = searcher;
    const ready = await probe(service, key);
    expect(ready.ready.statusCode).toBe(200);
    expect(ready.search.statusCode).toBe(200);
  });
});
