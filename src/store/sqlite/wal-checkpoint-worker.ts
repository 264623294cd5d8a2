// Worker thread of WalCheckpointer: its own connection to the SQLite file, checkpointing the WAL in PASSIVE mode
// on a timer, so the copy of WAL pages into the database and its fsync never run inside a request's commit.
// PASSIVE never waits for a lock and never blocks the writer; once every frame is copied, the writer's next
// commit starts the WAL over from its beginning.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** What the main thread hands the worker. */
export interface CheckpointWorkerData {
  readonly file: string;
  readonly intervalMs: number;
}

/** Messages the worker sends: a checkpoint that copied pages, or the reason it gave up. */
export type CheckpointReply =
  | { readonly type: 'ready' }
  | { readonly type: 'checkpointed'; readonly walPages: number; readonly copiedPages: number }
  | { readonly type: 'failed'; readonly message: string };

const { file, intervalMs } = workerData as CheckpointWorkerData;
const port = parentPort!;
let db: Database.Database | null = null;
let lastCopied = -1;

function fail(err: unknown): void {
  clearInterval(timer);
  db?.close();
  db = null;
  port.postMessage({
    type: 'failed',
    message: err instanceof Error ? err.message : String(err),
  } satisfies CheckpointReply);
}

function checkpoint(): void {
  if (!db) return;
  try {
    // busy: another checkpoint ran (the writer's own fallback); log: frames in the WAL; checkpointed: copied.
    const [row] = db.pragma('wal_checkpoint(PASSIVE)') as {
      busy: number;
      log: number;
      checkpointed: number;
    }[];
    if (row && row.checkpointed > 0 && row.checkpointed !== lastCopied)
      port.postMessage({
        type: 'checkpointed',
        walPages: row.log,
        copiedPages: row.checkpointed,
      } satisfies CheckpointReply);
    lastCopied = row?.checkpointed ?? -1;
  } catch (err) {
    fail(err);
  }
}

const timer = setInterval(checkpoint, intervalMs);
try {
  db = new Database(file, { fileMustExist: true });
  port.postMessage({ type: 'ready' } satisfies CheckpointReply);
} catch (err) {
  fail(err);
}
port.on('message', (msg: unknown) => {
  if (msg !== 'stop') return;
  clearInterval(timer);
  db?.close();
  db = null;
  port.close();
});
