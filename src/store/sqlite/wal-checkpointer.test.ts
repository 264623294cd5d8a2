// WAL checkpoints in a worker thread: the writer's own checkpoints are pushed back to FALLBACK_PAGES while the
// worker copies the WAL into the database on its timer, the WAL starts over instead of growing, the writer goes back
// to SQLite's default if the worker cannot run, and a store closed after its worker leaves no WAL behind.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { v7 } from 'uuid';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore } from '../open-store.js';
import { FALLBACK_PAGES, SQLITE_DEFAULT_AUTOCHECKPOINT, WalCheckpointer } from './wal-checkpointer.js';

const PAGE = 4096;

describe('WalCheckpointer', () => {
  let dir: string;
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function database(): { db: BetterSqlite3.Database; file: string } {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-checkpointer-'));
    const file = path.join(dir, 'test.sqlite');
    const db = new BetterSqlite3(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec('create table t (id integer primary key, body text not null)');
    cleanups.push(() => {
      db.close();
    });
    return { db, file };
  }

  /** `commits` transactions of one row of about `bytes` bytes each. */
  function write(db: BetterSqlite3.Database, commits: number, bytes: number): void {
    const insert = db.prepare('insert into t (body) values (?)');
    for (let i = 0; i < commits; i++) insert.run('x'.repeat(bytes));
  }

  it('copies the WAL into the database from its worker while the writer only checkpoints past FALLBACK_PAGES', async () => {
    const { db, file } = database();
    const checkpointer = new WalCheckpointer(db, { intervalMs: 20 });
    cleanups.push(() => checkpointer.stop());
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(FALLBACK_PAGES);

    const copied = checkpointer.nextCheckpoint();
    // About 1,500 pages: past SQLite's default of 1,000 but far below the writer's fallback.
    write(db, 500, 2 * PAGE + 100);
    const before = fs.statSync(file).size;
    await copied;
    expect(checkpointer.checkpoints).toBeGreaterThan(0);
    expect(fs.statSync(file).size).toBeGreaterThan(before + 500 * 2 * PAGE);
    expect(checkpointer.failure).toBeNull();
  });

  it('lets the WAL start over once a pause in the writes lets the worker catch up', async () => {
    const { db, file } = database();
    const checkpointer = new WalCheckpointer(db, { intervalMs: 10 });
    cleanups.push(() => checkpointer.stop());
    // 8 bursts of about 600 pages (19 MB in all), each followed by a pause until the worker has copied every frame.
    for (let round = 0; round < 8; round++) {
      write(db, 200, 2 * PAGE + 100);
      // Wait until the worker has reported nothing for 400 ms (it looks every 10 ms and reports each checkpoint
      // that copied more): the whole WAL is in the database before the next burst. Reports queued during the burst
      // (of checkpoints made alongside it) only restart the wait.
      const quiet = () =>
        Promise.race([
          checkpointer.nextCheckpoint().then(() => false),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 400)),
        ]);
      while (!(await quiet()));
    }
    expect(fs.statSync(`${file}-wal`).size).toBeLessThan(3 * 600 * PAGE);
    expect(db.prepare('select count(*) as n from t').get()).toEqual({ n: 1600 });
  });

  it('keeps the WAL bounded under writes that never pause: the writer checkpoints past its fallback', async () => {
    const { db, file } = database();
    const checkpointer = new WalCheckpointer(db, { intervalMs: 10, fallbackPages: 500 });
    cleanups.push(() => checkpointer.stop());
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(500);
    // About 6,000 pages in one synchronous run: the worker checkpoints alongside, never between two commits.
    write(db, 2000, 2 * PAGE + 100);
    expect(fs.statSync(`${file}-wal`).size).toBeLessThan(3 * 500 * PAGE);
  });

  it('gives the writer back its own checkpoints when the worker cannot open the file', async () => {
    const { db, file } = database();
    const checkpointer = new WalCheckpointer(db, { intervalMs: 10 });
    cleanups.push(() => checkpointer.stop());
    // The worker opens the file only once its thread has started: gone by then (the writer keeps its descriptor).
    fs.rmSync(file);
    for (let i = 0; i < 200 && checkpointer.failure === null; i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(checkpointer.failure).toMatch(/unable to open|does not exist|no such file/i);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(SQLITE_DEFAULT_AUTOCHECKPOINT);
  });

  it('is what a server store uses: usage written, the worker stopped first, and no WAL left after close', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-checkpointer-'));
    const file = path.join(dir, 'screening.sqlite');
    const store = await openStore({ dialect: 'sqlite', file, backgroundCheckpoints: true });
    await store.migrate();
    for (let i = 0; i < 50; i++)
      await store.insertUsage([
        {
          id: v7(),
          createdAt: new Date().toISOString(),
          userId: null,
          apiKeyId: null,
          requestId: `r${i}`,
          method: 'POST',
          endpoint: '/api/v2/search',
          searchType: 'standard_match',
          request: '{"prompt":"Ada Lovelace"}',
          response: `{"search results":[],"api_usage_id":"${i}"}`,
          status: 200,
          durationMs: 0.5,
          additionalCallInfo: null,
          outcome: null,
          subject: null,
          basis: null,
        },
      ]);
    await store.close();
    // The last connection to close checkpoints and removes the WAL: the worker's was closed before the store's.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    const check = new BetterSqlite3(file, { readonly: true });
    expect(check.prepare('select count(*) as n from usage_records').get()).toEqual({ n: 50 });
    check.close();
  });
});
