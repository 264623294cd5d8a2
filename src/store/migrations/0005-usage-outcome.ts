// What each screening call found and screened, kept beside its usage record so the history reads in outcomes
// (matches, clear, not screened, error) even where the stored response is cut. Null for older records.
import type { Kysely } from 'kysely';

/** Adds usage_records.outcome, outcome_count, subject and subject_count. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('usage_records').addColumn('outcome', 'text').execute();
  await db.schema.alterTable('usage_records').addColumn('outcome_count', 'integer').execute();
  await db.schema.alterTable('usage_records').addColumn('subject', 'text').execute();
  await db.schema.alterTable('usage_records').addColumn('subject_count', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['subject_count', 'subject', 'outcome_count', 'outcome'])
    await db.schema.alterTable('usage_records').dropColumn(column).execute();
}
