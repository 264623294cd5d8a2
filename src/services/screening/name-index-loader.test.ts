// The name index follows list versions: a rebuild reads only the versions that are new since the last build (a
// committed version never changes), and the index, its usage basis and the facts coverage cover every list.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createLists } from '../../core.js';
import type { Store } from '../../store/store.js';
import { namesFile, testSource } from '../../test-support/test-source.js';
import { testBackends } from '../../test-support/test-stores.js';
import { buildNameIndexAsync } from './build-name-index.js';
import { NameIndexLoader } from './name-index-loader.js';

describe('NameIndexLoader', () => {
  let store: Store;
  let dir: string;
  beforeAll(async () => {
    store = await testBackends()[0]!.open();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'index-loader-'));
    for (const slug of ['list_a', 'list_b']) fs.mkdirSync(path.join(dir, slug));
    fs.writeFileSync(path.join(dir, 'list_a', 'names.txt'), namesFile(3));
    fs.writeFileSync(path.join(dir, 'list_b', 'names.txt'), 'uid|name|aliases\n1|Zorba Quillfeather|\n');
  });
  afterAll(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('rebuilds on a change, reading only the changed list version from the store', async () => {
    const config = loadConfig({ SCREENING_REFRESH_INTERVAL_MINUTES: '0' });
    const { lists, listService } = await createLists(
      config,
      store,
      [testSource('list_a'), testSource('list_b')],
      dir,
    );
    const reads: string[] = [];
    const counting = new Proxy(store, {
      get(target, prop, receiver) {
        if (prop === 'loadIndexEntries')
          return (versionId: string) => {
            reads.push(versionId);
            return target.loadIndexEntries(versionId);
          };
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const loader = new NameIndexLoader(counting, listService, lists, (entries) =>
      buildNameIndexAsync(entries, null),
    );
    listService.onChange((changed) => loader.onListsChanged(changed));

    await listService.refresh();
    const a1 = listService.currentVersion('list_a')!;
    const b1 = listService.currentVersion('list_b')!;
    expect(reads.sort()).toEqual([a1, b1].sort());
    expect(lists.factsCoverage.get('list_a')?.entries).toBe(3);

    reads.length = 0;
    fs.writeFileSync(path.join(dir, 'list_a', 'names.txt'), namesFile(3, '9|Hieronymus Blackwater|'));
    await listService.refresh(['list_a']);
    const a2 = listService.currentVersion('list_a')!;
    expect(a2).not.toBe(a1);
    expect(reads).toEqual([a2]);
    // The new index covers both lists: the new name of list_a and the unchanged list_b.
    const search = (q: string) =>
      lists.searcher!.search(q, 'strict_match', { lists: null, explain: false }).map((m) => m.list);
    expect(search('Hieronymus Blackwater')).toEqual(['list_a']);
    expect(search('Zorba Quillfeather')).toEqual(['list_b']);
    expect(lists.searcherLists.map((r) => r.version_id).sort()).toEqual([a2, b1].sort());
    expect(lists.factsCoverage.get('list_a')?.entries).toBe(4);
    expect(lists.factsCoverage.get('list_b')?.entries).toBe(1);
  });
});
