// Worker thread for the name index: screens bulk calls on the index the main thread shares with it (the packed
// index data lives on SharedArrayBuffers, so nothing is copied), and does the costly stages of index builds
// (deriving token keys, packing) so the main thread keeps answering single names.
import { parentPort } from 'node:worker_threads';
import type { SearchType } from '../../domain/screening.js';
import { deriveKeys, NameIndex, packNameIndex } from '../../matching/index.js';
import type { KeyJob, NameIndexData, SealedIndex, TokenKeys } from '../../matching/index.js';

/** Messages the main thread sends. */
export type WorkerRequest =
  | { readonly type: 'index'; readonly version: number; readonly data: NameIndexData }
  | {
      readonly type: 'bulk';
      readonly id: number;
      readonly version: number;
      readonly terms: readonly string[];
      readonly searchType: SearchType;
      readonly explain: boolean;
      readonly lists: readonly string[] | null;
    }
  | { readonly type: 'derive'; readonly id: number; readonly job: KeyJob }
  | {
      readonly type: 'pack';
      readonly id: number;
      readonly sealed: SealedIndex;
      readonly keys: readonly TokenKeys[];
    };

/** Messages the worker answers with. */
export type WorkerReply =
  | { readonly type: 'indexed'; readonly version: number }
  | { readonly type: 'done'; readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly type: 'done'; readonly id: number; readonly ok: false; readonly error: string };

let index: NameIndex | null = null;
let version = -1;

function answer(msg: Exclude<WorkerRequest, { type: 'index' }>): unknown {
  switch (msg.type) {
    case 'bulk':
      if (!index || version !== msg.version)
        throw new Error(`worker index is at version ${version}, not ${msg.version}`);
      return msg.terms.map((t) =>
        index!.search(t, msg.searchType, { lists: msg.lists, explain: msg.explain }),
      );
    case 'derive':
      return deriveKeys(msg.job);
    case 'pack':
      return packNameIndex(msg.sealed, msg.keys);
  }
}

parentPort?.on('message', (msg: WorkerRequest) => {
  if (msg.type === 'index') {
    index = new NameIndex(msg.data);
    version = msg.version;
    parentPort!.postMessage({ type: 'indexed', version } satisfies WorkerReply);
    return;
  }
  try {
    parentPort!.postMessage({ type: 'done', id: msg.id, ok: true, value: answer(msg) } satisfies WorkerReply);
  } catch (err) {
    parentPort!.postMessage({
      type: 'done',
      id: msg.id,
      ok: false,
      error: (err as Error).message,
    } satisfies WorkerReply);
  }
});
