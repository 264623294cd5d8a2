// List versions, their entries and names (for exact entry-details reads), and each list's refresh status.
import type { Kysely } from 'kysely';

/** Creates list_versions, list_status, list_entries and list_names. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('list_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('fetched_at', 'text', (c) => c.notNull())
    .addColumn('data_date', 'text')
    .addColumn('record_count', 'integer', (c) => c.notNull())
    .addColumn('checksum', 'text', (c) => c.notNull())
    .addColumn('validators', 'text')
    .addColumn('file_set', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('list_versions_slug_idx').on('list_versions').column('slug').execute();

  await db.schema
    .createTable('list_status')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('current_version_id', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('last_success_at', 'text')
    .addColumn('last_error', 'text')
    .execute();

  await db.schema
    .createTable('list_entries')
    .addColumn('version_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('source_uid', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('aliases', 'text', (c) => c.notNull())
    .addColumn('weak_aliases', 'text', (c) => c.notNull())
    .addColumn('record', 'text', (c) => c.notNull())
    .addColumn('wallets', 'text')
    .addPrimaryKeyConstraint('list_entries_pk', ['version_id', 'seq'])
    .execute();

  await db.schema
    .createTable('list_names')
    .addColumn('version_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('list_names_name_idx')
    .on('list_names')
    .columns(['name', 'version_id'])
    .execute();
  await db.schema.createIndex('list_names_version_idx').on('list_names').column('version_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['list_names', 'list_entries', 'list_status', 'list_versions'])
    await db.schema.dropTable(t).execute();
}
