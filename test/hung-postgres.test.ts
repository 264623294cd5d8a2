// A PostgreSQL that stops answering (every process of a throwaway cluster SIGSTOPped): calls answer 503 within
// seconds instead of hanging, /readyz answers 503 at once, and after SIGCONT calls succeed without a restart.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { Service } from '../src/main.js';
import { openStore, storeOptionsFromConfig } from '../src/store/open-store.js';
import { signedUpUser, testService } from '../src/test-support/test-service.js';
import { namesFile, testSource } from '../src/test-support/test-source.js';
import {
  startThrowawayPostgres,
  throwawayPostgresUnavailable,
  type ThrowawayPostgres,
} from '../src/test-support/throwaway-postgres.js';

const unavailable = throwawayPostgresUnavailable();
if (unavailable !== null) console.warn(`hung PostgreSQL tests skipped: ${unavailable}`);

const DB_TIMEOUT_MS = 1_000;
const READY_TIMEOUT_MS = 500;
// Generous: an answer needs a few database bounds (authentication, then the usage write); without the bounds a
// call waited 25 s and more.
const ANSWERS_WITHIN_MS = 10_000;

describe.skipIf(unavailable !== null)('a hung PostgreSQL (throwaway cluster, SIGSTOP)', () => {
  let cluster: ThrowawayPostgres | undefined;
  let service: Service | undefined;
  let listsDir: string | undefined;
  let key = '';
  let unusedKey = '';
  let withheldId = '';

  beforeAll(async () => {
    cluster = await startThrowawayPostgres();
    listsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hung-pg-lists-'));
    fs.mkdirSync(path.join(listsDir, 'test_list'));
    fs.writeFileSync(path.join(listsDir, 'test_list', 'names.txt'), namesFile(20));
    const env = {
      DATABASE_URL: cluster.url,
      SCREENING_DATABASE_TIMEOUT_MS: String(DB_TIMEOUT_MS),
      SCREENING_READINESS_TIMEOUT_MS: String(READY_TIMEOUT_MS),
      LISTS_DIR: listsDir,
    };
    // The store as the service opens it from its config, so the bounds come from the environment variables.
    const store = await openStore(
      storeOptionsFromConfig(loadConfig({ ...env, DATA_DIR: '/nonexistent-unused' })),
    );
    service = await testService(store, env, [testSource()]);
    await service.listService.idle();
    const user = await signedUpUser(service);
    key = user.key;
    // A key never used before the freeze is not in the authentication cache: its lookup needs the database.
    unusedKey = (
      await service.core.accounts.createApiKey({ userId: user.userId, isAdmin: true }, { name: 'unused' })
    ).key;
  }, 120_000);

  afterAll(async () => {
    // Thaw first: closing the service waits for the pool, and the cluster must stop cleanly.
    cluster?.thaw();
    await service?.close();
    await cluster?.destroy();
    if (listsDir) fs.rmSync(listsDir, { recursive: true, force: true });
  }, 60_000);

  const search = (apiKey: string) =>
    service!.app.inject({
      method: 'POST',
      url: '/api/v2/search',
      headers: { 'x-api-key': apiKey },
      payload: { prompt: 'Person 7' },
    });
  const timed = async <T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> => {
    const started = Date.now();
    const value = await fn();
    return { value, ms: Date.now() - started };
  };

  it('answers normally before the freeze', async () => {
    const res = await search(key);
    expect(res.statusCode, res.body).toBe(200);
    expect((await service!.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  it('while frozen: calls answer 503 within seconds, saying the database did not answer; /readyz 503 at once', async () => {
    cluster!.freeze();
    try {
      // Authenticated from the cache and screened, but its usage record cannot be written: the result is withheld.
      const cached = await timed(() => search(key));
      expect(cached.value.statusCode, cached.value.body).toBe(503);
      expect(cached.value.json().error).toMatch(
        new RegExp(`database did not answer within ${DB_TIMEOUT_MS} ms.*could not be`),
      );
      expect(cached.value.json().api_usage_id).toEqual(expect.any(String));
      expect(cached.ms).toBeLessThan(ANSWERS_WITHIN_MS);
      withheldId = cached.value.json().api_usage_id as string;

      // Its key lookup needs the database: refused before anything is screened.
      const lookup = await timed(() => search(unusedKey));
      expect(lookup.value.statusCode, lookup.value.body).toBe(503);
      expect(lookup.value.json().error).toMatch(/database did not answer within 1000 ms/);
      expect(lookup.ms).toBeLessThan(ANSWERS_WITHIN_MS);

      const ready = await timed(() => service!.app.inject({ url: '/readyz' }));
      expect(ready.value.statusCode).toBe(503);
      expect(ready.value.json().problems).toContain(
        `the database does not answer (no reply within ${READY_TIMEOUT_MS} ms)`,
      );
      expect(ready.ms).toBeLessThan(3_000);

      // Several calls at once, more than the pool has connections: each still answers, none waits forever.
      const many = await timed(() => Promise.all(Array.from({ length: 15 }, () => search(key))));
      expect(many.value.map((r) => r.statusCode)).toEqual(Array(15).fill(503));
      expect(many.ms).toBeLessThan(ANSWERS_WITHIN_MS * 2);
    } finally {
      cluster!.thaw();
    }
  }, 90_000);

  it('after SIGCONT calls succeed again without a restart', async () => {
    await expect
      .poll(async () => (await search(unusedKey)).statusCode, { timeout: 20_000, interval: 250 })
      .toBe(200);
    expect((await search(key)).statusCode).toBe(200);
    const ready = await service!.app.inject({ url: '/readyz' });
    expect(ready.statusCode, ready.body).toBe(200);
  }, 30_000);

  it('a call answered 503 "could not be recorded" left no record behind once the database resumed', async () => {
    // The write had been sent to the frozen server; had it run on resuming, the audit trail would claim a 200
    // the caller never received.
    expect(withheldId).not.toBe('');
    expect(await service!.core.store.findUsage(withheldId)).toBeNull();
  });
});
