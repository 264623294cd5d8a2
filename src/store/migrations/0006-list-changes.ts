// List changes as data: every version that becomes current records, once, what it changed against the version it
// replaced (entries added, removed and changed, by source_uid). Kept after the versions themselves are pruned, so
// the change feed reaches back further than the two versions the store keeps.
import type { Kysely } from 'kysely';

/** Adds list_commits (one row per version made current) and list_changes (one row per changed entry). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('list_commits')
    .addColumn('version_id', 'text', (c) => c.primaryKey())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('committed_at', 'text', (c) => c.notNull())
    .addColumn('base_version_id', 'text')
    .addColumn('added_count', 'integer', (c) => c.notNull())
    .addColumn('removed_count', 'integer', (c) => c.notNull())
    .addColumn('changed_count', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('list_commits_slug_committed_idx')
    .on('list_commits')
    .columns(['slug', 'committed_at', 'version_id'])
    .execute();
  await db.schema
    .createTable('list_changes')
    .addColumn('version_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('committed_at', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('list', 'text', (c) => c.notNull())
    .addColumn('source_uid', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('list_changes_pk', ['version_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('list_changes_slug_order_idx')
    .on('list_changes')
    .columns(['slug', 'committed_at', 'version_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('list_changes').execute();
  await db.schema.dropTable('list_commits').execute();
}
