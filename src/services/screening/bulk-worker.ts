// Worker thread for bulk name screening: holds its own copy of the name index (built from the same entries
// as the main thread's) so bulk calls run on the second core while the main thread answers single names.
import { parentPort } from 'node:worker_threads';
import type { SearchType } from '../../domain/screening.js';
import { buildNameIndex, type NameIndex } from '../../matching/name-index.js';
import type { IndexEntry } from './name-index-loader.js';

/** Messages the main thread sends. */
export type WorkerRequest =
  | { readonly type: 'index'; readonly version: number; readonly entries: readonly IndexEntry[] }
  | {
      readonly type: 'bulk';
      readonly id: number;
      readonly version: number;
      readonly terms: readonly string[];
      readonly searchType: SearchType;
      readonly explain: boolean;
      readonly lists: readonly string[] | null;
    };

/** Messages the worker answers with. */
export type WorkerReply =
  | { readonly type: 'indexed'; readonly version: number }
  | { readonly type: 'bulk'; readonly id: number; readonly ok: true; readonly results: unknown[][] }
  | { readonly type: 'bulk'; readonly id: number; readonly ok: false; readonly error: string };

let index: NameIndex | null = null;
let version = -1;

parentPort?.on('message', (msg: WorkerRequest) => {
  if (msg.type === 'index') {
    index = buildNameIndex(msg.entries);
    version = msg.version;
    parentPort!.postMessage({ type: 'indexed', version } satisfies WorkerReply);
    return;
  }
  try {
    if (!index || version !== msg.version)
      throw new Error(`worker index is at version ${version}, not ${msg.version}`);
    const results = msg.terms.map((t) =>
      index!.search(t, msg.searchType, { lists: msg.lists, explain: msg.explain }),
    );
    parentPort!.postMessage({ type: 'bulk', id: msg.id, ok: true, results } satisfies WorkerReply);
  } catch (err) {
    parentPort!.postMessage({
      type: 'bulk',
      id: msg.id,
      ok: false,
      error: (err as Error).message,
    } satisfies WorkerReply);
  }
});
