// Runs the in-code migrations with Kysely's Migrator and turns its result set into names or a thrown Error.
import { Migrator } from 'kysely';
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { migrations } from './index.js';

// An in-code provider: no filesystem scanning, so the same code runs from src and from dist.
const provider: MigrationProvider = {
  getMigrations: async (): Promise<Record<string, Migration>> => ({ ...migrations }),
};

/**
 * Applies pending migrations and returns the names applied by this call.
 * `schema` pins Kysely's bookkeeping tables to one PostgreSQL schema: without it the Migrator's
 * "does the table exist" check matches a same-named table in any schema on the server.
 */
export async function runMigrations<DB>(db: Kysely<DB>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider,
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  });
  let { error, results = [] } = await migrator.migrateToLatest();
  // Kysely's PostgreSQL introspection (its "does the migration table exist" check) reads every schema of the
  // database and calls has_schema_privilege on each: another schema dropped meanwhile (another deployment's, or a
  // parallel test's) fails it with "schema ... does not exist". Nothing was migrated then; try again.
  for (let attempt = 1; attempt < 5 && droppedElsewhere(error, schema); attempt++)
    ({ error, results = [] } = await migrator.migrateToLatest());
  if (error !== undefined) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      failed === undefined ? `migration failed: ${reason}` : `migration ${failed} failed: ${reason}`,
      { cause: error },
    );
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** True for the introspection race above: a schema other than ours vanished before any migration ran. */
export function droppedElsewhere(error: unknown, schema: string | undefined): boolean {
  const m = error instanceof Error ? /^schema "([^"]+)" does not exist$/.exec(error.message) : null;
  return m !== null && m[1] !== schema;
}
