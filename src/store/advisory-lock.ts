// One process of the cluster at a time: a PostgreSQL session advisory lock, keyed by a constant and the schema (so
// parallel test schemas never share it), taken without waiting and released on the same pooled connection. A dead
// holder's lock goes with its connection. SQLite serves one process: the work just runs.
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Runs `fn` if this process got the lock (true), or answers false at once when another process holds it. */
export async function withAdvisoryLock(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  key: number,
  fn: () => Promise<void>,
): Promise<boolean> {
  if (dialect === 'sqlite') {
    await fn();
    return true;
  }
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_lock(${key}, hashtext(current_schema())) as locked`.execute(conn);
    if (!rows[0]?.locked) return false;
    try {
      await fn();
      return true;
    } finally {
      await sql`select pg_advisory_unlock(${key}, hashtext(current_schema()))`.execute(conn);
    }
  });
}
