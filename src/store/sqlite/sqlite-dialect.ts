// Kysely's SQLite dialect over one better-sqlite3 connection, tuned for a single-process service.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SqliteDialect } from 'kysely';

/** Opens (creating if missing) the SQLite file and wraps it in a Kysely dialect. */
export function createSqliteDialect(file: string): SqliteDialect {
  return openSqlite(file).dialect;
}

/**
 * Opens the SQLite file: the Kysely dialect over its one connection, and the connection itself for the few
 * statements prepared by hand (the usage write), run only while holding Kysely's lock on it.
 */
export function openSqlite(file: string): { dialect: SqliteDialect; database: Database.Database } {
  if (file !== ':memory:' && file !== '') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  try {
    // WAL lets readers (another CLI process, a backup) run while the server writes; NORMAL is durable in WAL
    // mode except on power loss; busy_timeout waits out another process's write lock instead of failing.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
  } catch (err) {
    db.close();
    throw err;
  }
  return { dialect: new SqliteDialect({ database: cachingStatements(db) }), database: db };
}

const MAX_CACHED_STATEMENTS = 500;

/**
 * Kysely prepares every query anew; preparing costs more than running our small queries, so statements are
 * kept by SQL text (bounded). Safe because the store never streams (`iterate`) a statement.
 */
function cachingStatements(db: Database.Database): {
  prepare(sql: string): Database.Statement;
  close(): void;
} {
  const cache = new Map<string, Database.Statement>();
  return {
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (!stmt) {
        if (cache.size >= MAX_CACHED_STATEMENTS) cache.clear();
        stmt = db.prepare(sql);
        cache.set(sql, stmt);
      }
      return stmt;
    },
    close() {
      cache.clear();
      db.close();
    },
  };
}
