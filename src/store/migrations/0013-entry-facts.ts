// The facts each list publishes about a party (dates of birth, countries), normalised at ingestion (domain/facts.ts).
import type { Kysely } from 'kysely';

/** Adds list_entries.facts (JSON; null for entries stored before facts were extracted). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('list_entries').addColumn('facts', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('list_entries').dropColumn('facts').execute();
}
