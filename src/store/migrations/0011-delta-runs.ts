// Delta screenings as durable work: one row per list version that became current, written in the transaction that
// made it current, claimed by one process of the cluster with a lease (a dead claimant's row is taken over once the
// lease runs out) and marked done when its alerts are written.
import type { Kysely } from 'kysely';

/** Adds delta_runs. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('delta_runs')
    .addColumn('version_id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('committed_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('done_at', 'text')
    .addColumn('outcome', 'text')
    .execute();
  await db.schema
    .createIndex('delta_runs_pending_idx')
    .on('delta_runs')
    .columns(['status', 'committed_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('delta_runs').execute();
}
