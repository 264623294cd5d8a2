// Monitoring state that outlives a process: the engine version the monitored subjects were last fully screened
// with (a developer bumping the engine version makes a full re-screen due).
import type { Kysely } from 'kysely';

/** Adds monitor_state (key, value, updated_at). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('monitor_state')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('monitor_state').execute();
}
