// The usage write of every metered call on SQLite, as prepared better-sqlite3 statements in one synchronous
// transaction: the records, the chain head, the chain row. The same rows and the same chain row as the Kysely
// path (nextChainRow builds both), without building and compiling three queries per call on the request path.
import type Database from 'better-sqlite3';
import type { UsageRecordsTable } from '../schema.js';
import { GENESIS_HASH, nextChainRow } from '../usage-chain-hash.js';

/** Every column of usage_records, in the order the insert binds them. */
export const USAGE_RECORD_COLUMNS = [
  'id',
  'created_at',
  'user_id',
  'api_key_id',
  'request_id',
  'method',
  'endpoint',
  'search_type',
  'request',
  'response',
  'status',
  'duration_ms',
  'additional_call_info',
  'outcome',
  'outcome_count',
  'subject',
  'subject_count',
  'list_versions',
  'engine_version',
  'batch_id',
] as const satisfies readonly (keyof UsageRecordsTable)[];

const CHAIN_COLUMNS = [
  'seq',
  'batch_id',
  'prev_hash',
  'hash',
  'record_count',
  'first_id',
  'last_id',
  'committed_at',
] as const;

const insertSql = (table: string, columns: readonly string[]) =>
  `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`;

interface Statements {
  readonly insertRecord: Database.Statement;
  readonly lastBatch: Database.Statement;
  readonly lastCheckpoint: Database.Statement;
  readonly insertChain: Database.Statement;
  readonly write: (batchId: string, rows: readonly UsageRecordsTable[]) => void;
}

/**
 * Writes a usage batch and its chain row on one better-sqlite3 connection, synchronously. Call it only when no
 * transaction is open on that connection (`inTransaction` false, or while holding Kysely's lock on it): a batch is
 * its own transaction, never a savepoint inside someone else's. Nothing interleaves with a synchronous write, and
 * on SQLite Kysely keeps its lock across awaits only inside a transaction.
 */
export class SqliteUsageWriter {
  readonly #db: Database.Database;
  #statements: Statements | null = null;

  constructor(db: Database.Database) {
    this.#db = db;
  }

  /** True while a transaction (Kysely's) is open on the connection: a batch must wait for Kysely's lock. */
  get inTransaction(): boolean {
    return this.#db.inTransaction;
  }

  /** Inserts the rows and appends their batch to the chain, committed together or not at all. */
  write(batchId: string, rows: readonly UsageRecordsTable[]): void {
    if (this.#db.inTransaction)
      throw new Error('usage batch written while another transaction is open on the SQLite connection');
    // Prepared on first use: the tables exist only once the store is migrated.
    (this.#statements ??= this.#prepare()).write(batchId, rows);
  }

  #prepare(): Statements {
    const db = this.#db;
    const s = {
      insertRecord: db.prepare(insertSql('usage_records', USAGE_RECORD_COLUMNS)),
      lastBatch: db.prepare('select "seq", "hash" from "usage_chain" order by "seq" desc limit 1'),
      lastCheckpoint: db.prepare(
        'select "seq", "hash" from "usage_chain_checkpoints" order by "seq" desc limit 1',
      ),
      insertChain: db.prepare(insertSql('usage_chain', CHAIN_COLUMNS)),
    };
    const head = (): { seq: number; hash: string } => {
      const last = (s.lastBatch.get() ?? s.lastCheckpoint.get()) as { seq: number; hash: string } | undefined;
      return last ? { seq: Number(last.seq), hash: last.hash } : { seq: -1, hash: GENESIS_HASH };
    };
    const write = db.transaction((batchId: string, rows: readonly UsageRecordsTable[]) => {
      for (const r of rows) s.insertRecord.run(USAGE_RECORD_COLUMNS.map((c) => r[c]));
      const chain = nextChainRow(head(), batchId, rows, new Date().toISOString());
      s.insertChain.run(CHAIN_COLUMNS.map((c) => chain[c]));
    });
    return { ...s, write: (batchId, rows) => write(batchId, rows) };
  }
}
