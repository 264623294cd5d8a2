import { afterAll, describe, expect, it } from 'vitest';
import type { SearchType } from '../../domain/screening.js';
import { buildNameIndex } from '../../matching/index.js';
import { syntheticEntries } from '../../test-support/synthetic-names.js';
import { BulkWorkerPool } from './bulk-worker-pool.js';
import { buildNameIndexAsync } from './build-name-index.js';

const entries = [
  ...syntheticEntries(20_000, 5),
  { list: 'l', sourceUid: 'p', name: 'PUTIN, Vladimir Vladimirovich', aliases: [] },
];

describe('buildNameIndexAsync', () => {
  const pool = new BulkWorkerPool(2);
  afterAll(() => pool.close());

  it('builds on two worker threads the same index as one thread builds, and the workers share it', async () => {
    const inThread = buildNameIndex(entries);
    const onWorkers = await buildNameIndexAsync(entries, pool);
    expect(onWorkers.size).toBe(inThread.size);
    expect(onWorkers.tokenCount).toBe(inThread.tokenCount);
    const queries = ['Vladimir Putin', 'Vladmir Putn', entries[42]!.name, entries[9_000]!.name.toUpperCase()];
    const types: SearchType[] = ['strict_match', 'standard_match', 'permissive_match', 'fuzzy_search'];
    for (const type of types)
      for (const q of queries)
        expect(onWorkers.search(q, type, { lists: null, explain: false }), `${type} ${q}`).toEqual(
          inThread.search(q, type, { lists: null, explain: false }),
        );
    // The workers search the very arrays the main thread built (shared memory, no copy).
    expect(onWorkers.data.nameEntry.buffer).toBeInstanceOf(SharedArrayBuffer);
    pool.load(7, onWorkers.data);
    await expect.poll(() => pool.ready(7)).toBe(true);
    const terms = Array.from({ length: 500 }, (_, i) =>
      i % 50 === 0 ? 'Vladimir Putin' : entries[i * 7]!.name,
    );
    const remote = await pool.run(7, terms, 'standard_match', { lists: null, explain: false });
    expect(remote).toEqual(
      terms.map((t) => inThread.search(t, 'standard_match', { lists: null, explain: false })),
    );
  });

  it('builds on this thread without a pool', async () => {
    const index = await buildNameIndexAsync(entries.slice(0, 100), null);
    expect(index.size).toBeGreaterThanOrEqual(100);
    expect(index.search(entries[3]!.name, 'strict_match', { lists: null, explain: false })[0]?.id).toBe(
      `${entries[3]!.list}:${entries[3]!.sourceUid}`,
    );
  });
});
