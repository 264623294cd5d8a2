// Subjects read by their last change: each process's in-memory subject index catches up with the subjects other
// processes (and CLI imports) wrote since it last looked, without reading every subject again.
import type { Kysely } from 'kysely';

/** Adds an index on subjects.updated_at (a deletion sets it too). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('subjects_updated_at_idx').on('subjects').column('updated_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('subjects_updated_at_idx').execute();
}
