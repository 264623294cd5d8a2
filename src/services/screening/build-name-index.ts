// Builds the name index for the service without holding up the event loop: entries are added in short slices
// (yielding between them), then the costly stages (token keys per range, packing) run on the worker threads when
// there are any, in parallel; on this thread otherwise.
import { NameIndexBuilder } from '../../matching/index-builder.js';
import type { IndexInput } from '../../matching/index-builder.js';
import { NameIndex } from '../../matching/name-index.js';
import { packIndex } from '../../matching/pack-index.js';
import { deriveTokenKeys } from '../../matching/token-key-part.js';
import type { BulkWorkerPool } from './bulk-worker-pool.js';

/** Entries added per turn of the event loop (about 10 ms of work). */
const ADD_SLICE = 4_000;

/** Token ranges of about equal size, one per worker. */
function ranges(count: number, parts: number): [number, number][] {
  const size = Math.ceil(count / parts);
  const out: [number, number][] = [];
  for (let from = 0; from < count; from += size) out.push([from, Math.min(count, from + size)]);
  return out.length > 0 ? out : [[0, 0]];
}

/** The index of `entries`; its heavy stages on `pool`'s threads when given and able. */
export async function buildNameIndexAsync(
  entries: readonly IndexInput[],
  pool: BulkWorkerPool | null,
): Promise<NameIndex> {
  const builder = new NameIndexBuilder();
  for (let i = 0; i < entries.length; i++) {
    builder.add(entries[i]!);
    if (i % ADD_SLICE === ADD_SLICE - 1) await new Promise<void>((r) => setImmediate(r));
  }
  const sealed = builder.seal();
  const tokenCount = sealed.tokens.offsets.length - 1;
  if (pool !== null) {
    const parts = await pool.deriveKeys(sealed.tokens, ranges(tokenCount, pool.size));
    const data = parts === null ? null : await pool.pack(sealed, parts);
    if (data !== null) return new NameIndex(data);
  }
  return new NameIndex(packIndex(sealed, [deriveTokenKeys(sealed.tokens, 0, tokenCount)]));
}
