// Ongoing screening: an account's monitored subjects, the alerts their matches raise (one per subject and listed
// entry) and each alert's append-only decision log.
import type { Kysely } from 'kysely';

/** Adds subjects, alerts and alert_decisions. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('subjects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('search_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  // Null references are not unique (several subjects may have none).
  await db.schema
    .createIndex('subjects_user_reference_idx')
    .on('subjects')
    .columns(['user_id', 'reference'])
    .unique()
    .execute();
  await db.schema.createIndex('subjects_user_id_idx').on('subjects').columns(['user_id', 'id']).execute();
  await db.schema
    .createTable('alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('source_uid', 'text', (c) => c.notNull())
    .addColumn('match_name', 'text', (c) => c.notNull())
    .addColumn('match_score', 'real', (c) => c.notNull())
    .addColumn('explanation', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('record_hash', 'text')
    .addColumn('subject_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('alerts_subject_entry_idx')
    .on('alerts')
    .columns(['subject_id', 'list', 'source_uid'])
    .unique()
    .execute();
  await db.schema.createIndex('alerts_user_id_idx').on('alerts').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('alerts_entry_idx').on('alerts').columns(['list', 'source_uid']).execute();
  await db.schema
    .createTable('alert_decisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('alert_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor', 'text')
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('alert_decisions_alert_idx')
    .on('alert_decisions')
    .columns(['alert_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alert_decisions').execute();
  await db.schema.dropTable('alerts').execute();
  await db.schema.dropTable('subjects').execute();
}
