// Evidence for each screening: the list versions and engine a call ran against, and the tamper-evident chain
// over committed usage batches (with the checkpoints retention leaves). Records written before this migration
// are sealed into batch 0 here, so the chain covers the whole trail from the start.
import { sql, type Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import {
  GENESIS_HASH,
  canonicalRecord,
  inIdOrder,
  startBatchHash,
  type ChainedRow,
} from '../usage-chain-hash.js';

/** Adds usage_records.list_versions, engine_version, batch_id; creates usage_chain and usage_chain_checkpoints. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('usage_records').addColumn('list_versions', 'text').execute();
  await db.schema.alterTable('usage_records').addColumn('engine_version', 'text').execute();
  await db.schema.alterTable('usage_records').addColumn('batch_id', 'text').execute();
  await db.schema.createIndex('usage_records_batch_id_idx').on('usage_records').column('batch_id').execute();
  await db.schema
    .createTable('usage_chain')
    .addColumn('seq', 'integer', (c) => c.primaryKey())
    .addColumn('batch_id', 'text', (c) => c.notNull().unique())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('record_count', 'integer', (c) => c.notNull())
    .addColumn('first_id', 'text')
    .addColumn('last_id', 'text')
    .addColumn('committed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('usage_chain_checkpoints')
    .addColumn('seq', 'integer', (c) => c.primaryKey())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('cutoff', 'text', (c) => c.notNull())
    .addColumn('batches_deleted', 'integer', (c) => c.notNull())
    .addColumn('records_deleted', 'integer', (c) => c.notNull())
    .addColumn('deleted_at', 'text', (c) => c.notNull())
    .execute();
  await sealLegacyRecords(db);
}

/** Batch 0: every record already in the trail, hashed in id order (paged, so a large trail is never all in memory). */
async function sealLegacyRecords(db: Kysely<unknown>): Promise<void> {
  const { rows: counted } = await sql<{
    n: number | string;
    first: string | null;
    last: string | null;
  }>`select count(*) as n, min(id) as first, max(id) as last from usage_records`.execute(db);
  const n = Number(counted[0]?.n ?? 0);
  if (n === 0) return;
  const batchId = uuidv7();
  const committedAt = new Date().toISOString();
  const head = {
    seq: 0,
    batchId,
    prevHash: GENESIS_HASH,
    recordCount: n,
    firstId: counted[0]?.first ?? null,
    lastId: counted[0]?.last ?? null,
    committedAt,
  };
  const hash = startBatchHash(head);
  let after = '';
  for (;;) {
    const { rows } =
      await sql<ChainedRow>`select * from usage_records where id > ${after} order by id limit 1000`.execute(
        db,
      );
    // Sorted again in JavaScript: the database's collation need not agree with the verifier's order.
    for (const r of inIdOrder(rows)) hash.update(canonicalRecord(r) + '\n', 'utf8');
    const last = rows[rows.length - 1];
    if (!last) break;
    after = last.id;
  }
  await sql`update usage_records set batch_id = ${batchId}`.execute(db);
  await sql`insert into usage_chain (seq, batch_id, prev_hash, hash, record_count, first_id, last_id, committed_at)
    values (0, ${batchId}, ${GENESIS_HASH}, ${hash.digest('hex')}, ${n}, ${head.firstId}, ${head.lastId}, ${committedAt})`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('usage_chain_checkpoints').execute();
  await db.schema.dropTable('usage_chain').execute();
  await db.schema.dropIndex('usage_records_batch_id_idx').execute();
  for (const column of ['batch_id', 'engine_version', 'list_versions'])
    await db.schema.alterTable('usage_records').dropColumn(column).execute();
}
