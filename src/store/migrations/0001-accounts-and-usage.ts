// Accounts, credentials and the usage audit trail. Portable types only (text, integer) so both dialects share it.
import type { Kysely } from 'kysely';

/** Creates users, sessions, api_keys and usage_records with their indexes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('rate_limit_per_minute', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_keys_user_id_idx').on('api_keys').column('user_id').execute();

  // No foreign keys: the audit trail records unknown callers (no owner) and must outlive deleted accounts.
  await db.schema
    .createTable('usage_records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('api_key_id', 'text')
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('search_type', 'text')
    .addColumn('request', 'text')
    .addColumn('response', 'text')
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('duration_ms', 'double precision', (c) => c.notNull())
    .addColumn('additional_call_info', 'text')
    .execute();
  await db.schema
    .createIndex('usage_records_user_id_id_idx')
    .on('usage_records')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('usage_records_user_id_endpoint_id_idx')
    .on('usage_records')
    .columns(['user_id', 'endpoint', 'id'])
    .execute();
}

/** Drops everything `up` created, children first. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('usage_records').execute();
  await db.schema.dropTable('api_keys').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
