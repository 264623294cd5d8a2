// Work once per cluster on both backends: each version that becomes current queues one delta run, claimed by one
// process at a time, in commit order per list, taken over once its claimant's lease runs out. On PostgreSQL the
// commit notifies the listeners of its schema (and only of its schema).
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { v7 } from 'uuid';
import pg from 'pg';
import { testBackends } from '../test-support/test-stores.js';
import type { ClusterEvent } from './cluster-store.js';
import type { NewListVersion } from './list-store.js';
import { openStore } from './open-store.js';
import { LISTENER_NAME, PgClusterListener } from './postgres/pg-cluster-listener.js';
import type { Store } from './store.js';

const version = (slug: string, names: string[]): NewListVersion => ({
  id: v7(),
  slug,
  fetchedAt: '2026-11-22T00:00:00.000Z',
  dataDate: '2026-11-21',
  checksum: `sha-${names.join()}`,
  validators: {},
  fileSet: ['names.txt'],
  entries: names.map((name, i) => ({
    list: slug,
    sourceUid: String(i),
    name,
    aliases: [],
    kind: 'person' as const,
    record: { name },
  })),
});

const T = (s: number) => new Date(Date.UTC(2026, 10, 22, 1, 0, s)).toISOString();

for (const backend of testBackends()) {
  describe(`delta runs (${backend.name})`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await backend.open();
    });
    afterEach(() => store.close());

    it('one run per version that became current, claimed by one process at a time and in commit order', async () => {
      const v1 = version('list_a', ['Ann Example']);
      const v2 = version('list_a', ['Ann Example', 'Bob Example']);
      await store.commitListVersion(v1, T(0));
      await store.commitListVersion(v2, T(1));
      expect((await store.deltaRuns('list_a')).map((r) => [r.versionId, r.status])).toEqual([
        [v1.id, 'pending'],
        [v2.id, 'pending'],
      ]);
      const served = [{ slug: 'list_a', committedAt: T(1) }];
      const first = await store.claimDeltaRun(served, 'p1', T(2), T(17));
      expect(first).toMatchObject({ versionId: v1.id, attempts: 1 });
      // v2 waits for v1; v1 is held by p1's lease.
      expect(await store.claimDeltaRun(served, 'p2', T(3), T(18))).toBeNull();
      expect(await store.finishDeltaRun(v1.id, 'p1', T(4), { screenedEntries: 1 })).toBe(true);
      // A process that serves only v1 does not claim v2's run (it has not loaded v2).
      expect(
        await store.claimDeltaRun([{ slug: 'list_a', committedAt: T(0) }], 'p2', T(5), T(20)),
      ).toBeNull();
      expect(await store.claimDeltaRun(served, 'p2', T(5), T(20))).toMatchObject({ versionId: v2.id });
      expect(await store.claimDeltaRun(served, 'p3', T(6), T(21))).toBeNull();
    });

    it('a run whose claimant stopped renewing is taken over after its lease; the late claimant cannot finish it', async () => {
      const v1 = version('list_b', ['Cy Example']);
      await store.commitListVersion(v1, T(0));
      const served = [{ slug: 'list_b', committedAt: T(0) }];
      expect(await store.claimDeltaRun(served, 'dead', T(1), T(16))).toMatchObject({ attempts: 1 });
      expect(await store.renewDeltaRun(v1.id, 'dead', T(20))).toBe(true);
      expect(await store.claimDeltaRun(served, 'alive', T(19), T(34))).toBeNull();
      const taken = await store.claimDeltaRun(served, 'alive', T(20), T(35));
      expect(taken).toMatchObject({ versionId: v1.id, attempts: 2 });
      expect(await store.renewDeltaRun(v1.id, 'dead', T(40))).toBe(false);
      expect(await store.finishDeltaRun(v1.id, 'dead', T(21), {})).toBe(false);
      expect(await store.finishDeltaRun(v1.id, 'alive', T(22), {})).toBe(true);
      expect(await store.deltaRuns('list_b')).toEqual([
        expect.objectContaining({ status: 'done', claimedBy: 'alive', attempts: 2, doneAt: T(22) }),
      ]);
    });
  });
}

const url = process.env.TEST_DATABASE_URL ?? '';
describe.skipIf(url === '')('cluster notifications (postgres)', () => {
  const schemas: string[] = [];
  const closers: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const c of closers.reverse()) await c().catch(() => undefined);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    for (const s of schemas) await client.query(`drop schema if exists "${s}" cascade`);
    await client.end();
  });

  const openSchema = async () => {
    const schema = `t_${randomBytes(8).toString('hex')}`;
    schemas.push(schema);
    const store = await openStore({ dialect: 'postgres', url, schema, poolSize: 2 });
    closers.push(() => store.close());
    await store.migrate();
    return { schema, store };
  };

  it('a commit reaches a listener on its schema when it commits; another schema hears nothing', async () => {
    const mine = await openSchema();
    const other = await openSchema();
    const heard: ClusterEvent[] = [];
    const listener = new PgClusterListener({ url, schema: mine.schema });
    closers.push(() => listener.close());
    let connected = 0;
    listener.onConnected(() => connected++);
    listener.onEvent((e) => heard.push(e));
    await listener.start();
    expect(listener.status().listening).toBe(true);
    expect(connected).toBe(1);
    const v = version('list_n', ['Dee Example']);
    await other.store.commitListVersion(version('list_n', ['Other Schema']), T(0));
    await mine.store.commitListVersion(v, T(1));
    await mine.store.notifyCluster({ kind: 'subjects_changed' });
    await expect.poll(() => heard.length).toBe(2);
    expect(heard).toEqual([
      { kind: 'list_version', list: 'list_n', versionId: v.id },
      { kind: 'subjects_changed' },
    ]);
  });

  it('reconnects after its connection is killed and says so (callers re-read what they missed)', async () => {
    const mine = await openSchema();
    const listener = new PgClusterListener({ url, schema: mine.schema, minBackoffMs: 50 });
    closers.push(() => listener.close());
    let connected = 0;
    listener.onConnected(() => connected++);
    const heard: ClusterEvent[] = [];
    listener.onEvent((e) => heard.push(e));
    await listener.start();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // Every listener of this test file is cut (the other test's reconnects too, harmlessly).
      const { rows } = await admin.query<{ t: boolean }>(
        'select pg_terminate_backend(pid) as t from pg_stat_activity where application_name = $1 and datname = current_database()',
        [LISTENER_NAME],
      );
      expect(rows.length).toBeGreaterThanOrEqual(1);
    } finally {
      await admin.end();
    }
    await expect.poll(() => connected, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(listener.status().listening).toBe(true);
    await mine.store.notifyCluster({ kind: 'subjects_changed' });
    await expect.poll(() => heard.length).toBeGreaterThanOrEqual(1);
  });
});
