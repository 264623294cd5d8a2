// The facts each list publishes about a party (dates of birth, countries), normalised at ingestion (domain/facts.ts),
// and the qualifiers a monitored subject is screened with (the same checks as on a search).
import type { Kysely } from 'kysely';

/** Adds list_entries.facts and subjects.qualifiers (JSON; null: none kept / none given). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('list_entries').addColumn('facts', 'text').execute();
  await db.schema.alterTable('subjects').addColumn('qualifiers', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('subjects').dropColumn('qualifiers').execute();
  await db.schema.alterTable('list_entries').dropColumn('facts').execute();
}
