// Several processes, one store: one ingests, the others pick the committed version up from the store.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createLists } from '../../core.js';
import type { ListVersionRef } from '../../domain/usage.js';
import type { Store } from '../../store/store.js';
import { namesFile, testSource } from '../../test-support/test-source.js';
import { testBackends } from '../../test-support/test-stores.js';

describe('ListService across processes', () => {
  let store: Store;
  let dir: string;
  beforeAll(async () => {
    store = await testBackends()[0]!.open();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lists-'));
    fs.mkdirSync(path.join(dir, 'test_list'));
    fs.writeFileSync(path.join(dir, 'test_list', 'names.txt'), namesFile(10));
  });
  afterAll(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a second service on the same store serves the version the first one committed, and only once', async () => {
    const config = loadConfig({ SCREENING_REFRESH_INTERVAL_MINUTES: '0' });
    const a = await createLists(config, store, [testSource()], dir);
    const b = await createLists(config, store, [testSource()], dir);
    const seen: string[][] = [];
    b.listService.onChange((changed) => {
      seen.push([...changed]);
    });
    expect(() => b.lists.require('v2')).toThrow(/test_list/);

    const [outcome] = await a.listService.refresh();
    expect(outcome!.status).toBe('updated');
    expect(await b.listService.syncFromStore()).toEqual(['test_list']);
    expect(() => b.lists.require('v2')).not.toThrow();
    expect(b.lists.loaded('test_list')!.recordCount).toBe(10);
    expect(await b.listService.syncFromStore()).toEqual([]);
    expect(seen).toEqual([['test_list']]);
  });

  it('serves a name list from the moment its name index answers, not from the moment its version is read', async () => {
    const config = loadConfig({ SCREENING_REFRESH_INTERVAL_MINUTES: '0' });
    const a = await createLists(config, store, [testSource()], dir);
    const b = await createLists(config, store, [testSource()], dir);
    fs.writeFileSync(path.join(dir, 'test_list', 'names.txt'), namesFile(12));
    const [outcome] = await a.listService.refresh();
    expect(outcome!.status).toBe('updated');
    await b.listService.syncFromStore();
    const version = b.listService.currentVersion('test_list')!;
    expect(version).toBeTruthy();
    // No index built from it yet (nothing listens in this test): readiness and the catalog must not claim it.
    expect(b.listService.servedVersions()).toEqual({});
    const row = (await b.listService.catalog()).find((r) => r.slug === 'test_list')!;
    expect(row.version_id).toBe(version);
    expect(row.served_version_id).toBeNull();
    b.lists.searcherLists = [{ slug: 'test_list', version_id: version, data_date: null }];
    expect(b.listService.servedVersions()).toEqual({ test_list: version });
    expect((await b.listService.catalog()).find((r) => r.slug === 'test_list')!.served_version_id).toBe(
      version,
    );
  });

  it('serves a wallet-only list from the moment the wallet index answers from it, when it is told', async () => {
    const config = loadConfig({ SCREENING_REFRESH_INTERVAL_MINUTES: '0' });
    fs.mkdirSync(path.join(dir, 'wallet_list'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'wallet_list', 'names.txt'), namesFile(2));
    const walletSource = { ...testSource('wallet_list'), purpose: 'wallets' as const };
    const { listService } = await createLists(config, store, [walletSource], dir);
    await listService.refresh();
    const version = listService.currentVersion('wallet_list')!;
    // Told nothing: the loaded version (as before a wallet index existed).
    expect(listService.servedVersions()).toEqual({ wallet_list: version });
    let walletLists: ListVersionRef[] = [];
    listService.servedByWallets(() => walletLists);
    expect(listService.servedVersions()).toEqual({});
    walletLists = [{ slug: 'wallet_list', version_id: version, data_date: null }];
    expect(listService.servedVersions()).toEqual({ wallet_list: version });
  });

  it('one refresh at a time: a second call while one runs shares it', async () => {
    const config = loadConfig({ SCREENING_REFRESH_INTERVAL_MINUTES: '0' });
    const { listService } = await createLists(config, store, [testSource()], dir);
    const first = listService.refresh();
    const second = listService.refresh();
    expect(second).toBe(first);
    await first;
  });
});
