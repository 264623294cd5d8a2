// The usage chain half of the store: reading the chain and its records for the verifier, and cutting expired
// segments for retention. Appending happens inside insertUsage, in the batch's own transaction.
import type { ChainBatch, ChainedRow } from './usage-chain-hash.js';

/** Where retention last cut the chain: the last deleted batch and its hash, which the next batch chains from. */
export interface ChainCheckpoint {
  readonly seq: number;
  readonly hash: string;
  /** Batches committed before this instant were deleted. */
  readonly cutoff: string;
  readonly batchesDeleted: number;
  readonly recordsDeleted: number;
  readonly deletedAt: string;
}

/** A stored usage row with the batch that holds it. */
export type BatchedRow = ChainedRow & { readonly batch_id: string | null };

/** What one retention pass deleted (zero batches when nothing had expired). */
export interface ChainCut {
  readonly batches: number;
  readonly records: number;
  readonly checkpoint: ChainCheckpoint | null;
}

/** Persistence of the usage chain. */
export interface UsageChainStore {
  /** The latest retention checkpoint, or null when the chain was never cut. */
  usageChainCheckpoint(): Promise<ChainCheckpoint | null>;
  /** Chain rows with seq > afterSeq, in seq order. */
  usageChainBatches(afterSeq: number, limit: number): Promise<ChainBatch[]>;
  /** How many batches the chain holds and its last seq (for progress). */
  usageChainSize(): Promise<{ readonly batches: number; readonly lastSeq: number | null }>;
  /** Rows of these batches with id > afterId, in id order. */
  usageRowsOfBatches(batchIds: readonly string[], afterId: string, limit: number): Promise<BatchedRow[]>;
  /** Records that no chain row covers (no batch, or a batch the chain does not name), in id order. */
  unchainedUsage(limit: number): Promise<BatchedRow[]>;
  /** The chain row of the batch holding this record, or null. */
  usageChainBatchOf(recordId: string): Promise<ChainBatch | null>;
  /**
   * Deletes the oldest batches committed before `cutoff` (at most `maxBatches`, only a whole prefix of the
   * chain) with their records, and writes a checkpoint, in one transaction.
   */
  cutUsageChain(cutoff: string, at: string, maxBatches: number): Promise<ChainCut>;
  /** Runs `fn` only if no other process holds the retention lock (PostgreSQL advisory lock; SQLite: one process). */
  withRetentionLock(fn: () => Promise<void>): Promise<boolean>;
}
