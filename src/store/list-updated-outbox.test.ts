// list.updated is queued in the transaction that commits the version (or accepts a held one): committed, the
// event is in the outbox before anything else runs, so a crash right after the commit loses no delivery (a store
// opened afresh on the same file finds it pending); a commit that fails queues nothing. SQLite and PostgreSQL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { v7 } from 'uuid';
import type { ListEntry } from '../lists/list-source.js';
import { testBackends } from '../test-support/test-stores.js';
import type { NewListVersion } from './list-store.js';
import { openStore } from './open-store.js';
import type { Store } from './store.js';

const entry = (uid: string, name: string): ListEntry => ({
  list: 'ofac_sdn',
  sourceUid: uid,
  name,
  aliases: [],
  kind: 'person',
  record: { name, uid },
});

const version = (entries: ListEntry[], id = v7()): NewListVersion => ({
  id,
  slug: 'ofac_sdn',
  fetchedAt: '2026-11-22T00:00:00.000Z',
  dataDate: null,
  checksum: `sha-${id}`,
  validators: {},
  fileSet: ['sdn.xml'],
  entries,
});

const HOOK = 'hook-1';

async function subscribe(store: Store): Promise<void> {
  await store.insertWebhook({
    id: HOOK,
    userId: 'user-1',
    url: 'https://receiver.example/hook',
    events: ['list.updated'],
    secret: 'whsec_test',
    createdAt: '2026-11-22T00:00:00.000Z',
  });
}

const queued = async (store: Store) =>
  (await store.listDeliveries({ webhookId: HOOK, beforeId: null, limit: 100 }))
    .map((d) => {
      const body = JSON.parse(d.body) as { type: string; data: { list: string; version_id: string } };
      return [d.status, body.type, body.data.list, body.data.version_id];
    })
    .reverse();

for (const backend of testBackends()) {
  describe(`list.updated in the commit transaction (${backend.name})`, () => {
    let store: Store | null = null;
    afterEach(async () => {
      await store?.close();
      store = null;
    });

    it('is queued by the commit itself, by accepting a held version, and not by a failed commit', async () => {
      store = await backend.open();
      await subscribe(store);
      const v1 = version([entry('1', 'Anna Alpha')]);
      await store.commitListVersion(v1, '2026-11-22T01:00:00.000Z');
      expect(await queued(store)).toEqual([['pending', 'list.updated', 'ofac_sdn', v1.id]]);
      // A duplicate version id fails the commit: no event for it.
      await expect(
        store.commitListVersion(version([entry('2', 'Boris Beta')], v1.id), '2026-11-22T02:00:00.000Z'),
      ).rejects.toThrow();
      expect(await queued(store)).toHaveLength(1);
      // A held version queues nothing until accepted.
      const held = version([entry('1', 'Anna Alpha'), entry('2', 'Boris Beta')]);
      await store.holdListVersion(held, 'review', '2026-11-22T03:00:00.000Z');
      expect(await queued(store)).toHaveLength(1);
      expect(await store.acceptHeldVersion('ofac_sdn', held.id, '2026-11-22T04:00:00.000Z')).toBe(true);
      expect(await queued(store)).toEqual([
        ['pending', 'list.updated', 'ofac_sdn', v1.id],
        ['pending', 'list.updated', 'ofac_sdn', held.id],
      ]);
    });
  });
}

describe('list.updated survives a crash right after the commit (sqlite)', () => {
  it('a store opened afresh on the same file finds the event pending', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'list-updated-'));
    const file = path.join(dir, 'store.sqlite');
    try {
      const first = await openStore({ dialect: 'sqlite', file });
      await first.migrate();
      await subscribe(first);
      const v = version([entry('1', 'Anna Alpha')]);
      await first.commitListVersion(v, '2026-11-22T01:00:00.000Z');
      // Nothing after the commit runs (no listener, no worker): the process is gone.
      await first.close();
      const second = await openStore({ dialect: 'sqlite', file });
      try {
        expect(await queued(second)).toEqual([['pending', 'list.updated', 'ofac_sdn', v.id]]);
        const claimed = await second.claimDueDeliveries(
          new Date().toISOString(),
          new Date(Date.now() + 60_000).toISOString(),
          10,
        );
        expect(claimed.map((d) => d.eventType)).toEqual(['list.updated']);
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
