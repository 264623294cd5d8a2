// Builds the name index for the service without holding up the event loop: entries are added in short slices
// (yielding between them), then the costly stages (token keys per job, packing) run on the worker threads when
// there are any, in parallel; on this thread otherwise.
import { keyJobs, NameIndex, NameIndexBuilder } from '../../matching/index.js';
import type { IndexInput, KeyJobOptions } from '../../matching/index.js';
import type { BulkWorkerPool } from './bulk-worker-pool.js';

/** Entries added per turn of the event loop (about 10 ms of work). */
const ADD_SLICE = 4_000;

/** The index of `entries`; its heavy stages on `pool`'s threads when given and able. */
export async function buildNameIndexAsync(
  entries: readonly IndexInput[],
  pool: BulkWorkerPool | null,
  opts: KeyJobOptions = {},
): Promise<NameIndex> {
  const builder = new NameIndexBuilder();
  for (let i = 0; i < entries.length; i++) {
    builder.add(entries[i]!);
    if (i % ADD_SLICE === ADD_SLICE - 1) await new Promise<void>((r) => setImmediate(r));
  }
  if (pool !== null) {
    const sealed = builder.seal();
    const keys = await pool.deriveKeys(keyJobs(sealed, pool.size, opts));
    const data = keys === null ? null : await pool.pack(sealed, keys);
    if (data !== null) return new NameIndex(data);
  }
  return new NameIndex(builder.finish(opts));
}
