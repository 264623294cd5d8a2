// Deltas and review of list versions: a hash of each entry's published record (what changed between two
// versions), each version's delta against the version it followed, and the version a list holds for review.
import type { Kysely } from 'kysely';

/** Adds list_entries.record_hash, the delta columns of list_versions, and held/rejected markers on list_status. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time. Entries of earlier versions keep a
  // null hash; the delta computes it from their stored record.
  await db.schema.alterTable('list_entries').addColumn('record_hash', 'text').execute();
  for (const column of ['base_version_id', 'hold_reason'])
    await db.schema.alterTable('list_versions').addColumn(column, 'text').execute();
  for (const column of ['added_count', 'removed_count', 'changed_count'])
    await db.schema.alterTable('list_versions').addColumn(column, 'integer').execute();
  for (const column of ['held_version_id', 'rejected_checksum'])
    await db.schema.alterTable('list_status').addColumn(column, 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['held_version_id', 'rejected_checksum'])
    await db.schema.alterTable('list_status').dropColumn(column).execute();
  for (const column of ['base_version_id', 'hold_reason', 'added_count', 'removed_count', 'changed_count'])
    await db.schema.alterTable('list_versions').dropColumn(column).execute();
  await db.schema.alterTable('list_entries').dropColumn('record_hash').execute();
}
