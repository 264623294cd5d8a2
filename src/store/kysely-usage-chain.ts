// The usage chain in Kysely: appended inside each usage batch's transaction, serialised across processes on
// PostgreSQL by a transaction-scoped advisory lock taken after the records are inserted (so only reading the
// head, one insert and the commit wait for it); on SQLite the one writer serialises it.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { withAdvisoryLock } from './advisory-lock.js';
import type { Database, UsageChainTable, UsageRecordsTable } from './schema.js';
import { GENESIS_HASH, nextChainRow, type ChainBatch } from './usage-chain-hash.js';
import type { BatchedRow, ChainCheckpoint, ChainCut, UsageChainStore } from './usage-chain-store.js';

// Shared by every process of this service; the second key is the schema's hash, as for the ingestion lock.
const CHAIN_LOCK_KEY = 735_560_802;
const RETENTION_LOCK_KEY = 735_560_803;

const toBatch = (r: Selectable<UsageChainTable>): ChainBatch => ({
  seq: Number(r.seq),
  batchId: r.batch_id,
  prevHash: r.prev_hash,
  hash: r.hash,
  recordCount: Number(r.record_count),
  firstId: r.first_id,
  lastId: r.last_id,
  committedAt: r.committed_at,
});

export class KyselyUsageChain implements UsageChainStore {
  #retaining = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: 'sqlite' | 'postgres',
  ) {}

  /** Appends the batch whose rows were just inserted in `trx`; call last in the batch's transaction. */
  async append(
    trx: Transaction<Database>,
    batchId: string,
    rows: readonly UsageRecordsTable[],
  ): Promise<void> {
    await this.#lockChain(trx);
    const head = await this.#head(trx);
    await trx
      .insertInto('usage_chain')
      .values(nextChainRow(head, batchId, rows, new Date().toISOString()))
      .execute();
  }

  async #lockChain(trx: Transaction<Database>): Promise<void> {
    if (this.dialect === 'postgres')
      await sql`select pg_advisory_xact_lock(${CHAIN_LOCK_KEY}, hashtext(current_schema()))`.execute(trx);
  }

  /** The last batch, else the last checkpoint (the chain was cut to nothing), else the genesis. */
  async #head(trx: Transaction<Database>): Promise<{ seq: number; hash: string }> {
    const last = await trx
      .selectFrom('usage_chain')
      .select(['seq', 'hash'])
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (last) return { seq: Number(last.seq), hash: last.hash };
    const cut = await trx
      .selectFrom('usage_chain_checkpoints')
      .select(['seq', 'hash'])
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    return cut ? { seq: Number(cut.seq), hash: cut.hash } : { seq: -1, hash: GENESIS_HASH };
  }

  async usageChainCheckpoint(): Promise<ChainCheckpoint | null> {
    const r = await this.db
      .selectFrom('usage_chain_checkpoints')
      .selectAll()
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    return r === undefined
      ? null
      : {
          seq: Number(r.seq),
          hash: r.hash,
          cutoff: r.cutoff,
          batchesDeleted: Number(r.batches_deleted),
          recordsDeleted: Number(r.records_deleted),
          deletedAt: r.deleted_at,
        };
  }

  async usageChainBatches(afterSeq: number, limit: number): Promise<ChainBatch[]> {
    const rows = await this.db
      .selectFrom('usage_chain')
      .selectAll()
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .limit(limit)
      .execute();
    return rows.map(toBatch);
  }

  async usageChainSize(): Promise<{ batches: number; lastSeq: number | null }> {
    const r = await this.db
      .selectFrom('usage_chain')
      .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.max('seq').as('last')])
      .executeTakeFirstOrThrow();
    return { batches: Number(r.n), lastSeq: r.last === null ? null : Number(r.last) };
  }

  async usageRowsOfBatches(
    batchIds: readonly string[],
    afterId: string,
    limit: number,
  ): Promise<BatchedRow[]> {
    if (batchIds.length === 0) return [];
    return this.db
      .selectFrom('usage_records')
      .selectAll()
      .where('batch_id', 'in', [...batchIds])
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async unchainedUsage(limit: number): Promise<BatchedRow[]> {
    return this.db
      .selectFrom('usage_records as r')
      .selectAll('r')
      .where((eb) =>
        eb.or([
          eb('r.batch_id', 'is', null),
          eb.not(
            eb.exists(
              eb.selectFrom('usage_chain as c').select('c.seq').whereRef('c.batch_id', '=', 'r.batch_id'),
            ),
          ),
        ]),
      )
      .orderBy('r.id')
      .limit(limit)
      .execute();
  }

  async usageChainBatchOf(recordId: string): Promise<ChainBatch | null> {
    const r = await this.db
      .selectFrom('usage_chain as c')
      .innerJoin('usage_records as r', 'r.batch_id', 'c.batch_id')
      .selectAll('c')
      .where('r.id', '=', recordId)
      .executeTakeFirst();
    return r === undefined ? null : toBatch(r);
  }

  async cutUsageChain(cutoff: string, at: string, maxBatches: number): Promise<ChainCut> {
    return this.db.transaction().execute(async (trx) => {
      // Appends wait while the tail is cut: a chain cut to nothing must hand its checkpoint to the next batch.
      await this.#lockChain(trx);
      const oldest = await trx
        .selectFrom('usage_chain')
        .selectAll()
        .orderBy('seq')
        .limit(maxBatches)
        .execute();
      // Only a whole prefix: a batch committed before the cutoff but after a younger one waits for it.
      const expired: Selectable<UsageChainTable>[] = [];
      for (const b of oldest) {
        if (b.committed_at >= cutoff) break;
        expired.push(b);
      }
      const last = expired[expired.length - 1];
      if (!last) return { batches: 0, records: 0, checkpoint: null };
      const ids = expired.map((b) => b.batch_id);
      let records = 0;
      for (let i = 0; i < ids.length; i += 500) {
        const result = await trx
          .deleteFrom('usage_records')
          .where('batch_id', 'in', ids.slice(i, i + 500))
          .executeTakeFirst();
        records += Number(result.numDeletedRows);
      }
      await trx.deleteFrom('usage_chain').where('seq', '<=', last.seq).execute();
      const checkpoint: ChainCheckpoint = {
        seq: Number(last.seq),
        hash: last.hash,
        cutoff,
        batchesDeleted: expired.length,
        recordsDeleted: records,
        deletedAt: at,
      };
      await trx
        .insertInto('usage_chain_checkpoints')
        .values({
          seq: checkpoint.seq,
          hash: checkpoint.hash,
          cutoff,
          batches_deleted: checkpoint.batchesDeleted,
          records_deleted: records,
          deleted_at: at,
        })
        .execute();
      return { batches: expired.length, records, checkpoint };
    });
  }

  async withRetentionLock(fn: () => Promise<void>): Promise<boolean> {
    if (this.#retaining) return false;
    this.#retaining = true;
    try {
      return await withAdvisoryLock(this.db, this.dialect, RETENTION_LOCK_KEY, fn);
    } finally {
      this.#retaining = false;
    }
  }
}
