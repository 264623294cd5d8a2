// A per-user budget across all of a user's keys: null means the default (SCREENING_RATE_LIMIT_PER_MINUTE).
import type { Kysely } from 'kysely';

/** Adds users.rate_limit_per_minute. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('rate_limit_per_minute', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('rate_limit_per_minute').execute();
}
