// Recognises a unique-constraint failure from either driver, so callers can turn races into a conflict.

const PG_UNIQUE_VIOLATION = '23505';

/** True when `err` is a unique violation, optionally only one on `table.column`. */
export function isUniqueViolation(err: unknown, table?: string, column?: string): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message, detail, table: pgTable } = err as Record<string, unknown>;
  if (code === PG_UNIQUE_VIOLATION) {
    if (table === undefined || column === undefined) return true;
    return pgTable === table && typeof detail === 'string' && detail.startsWith(`Key (${column})=`);
  }
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    if (table === undefined || column === undefined) return true;
    // better-sqlite3 reports e.g. "UNIQUE constraint failed: users.email".
    return typeof message === 'string' && message.endsWith(`: ${table}.${column}`);
  }
  return false;
}
