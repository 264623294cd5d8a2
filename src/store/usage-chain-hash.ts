// The canonical form of a usage record and of a committed batch, hashed into the usage chain. It reads the
// stored row, not the domain record, so SQLite and PostgreSQL hash the same bytes: text columns as stored (the
// request and response are JSON text kept verbatim, so their key order is what was written), numbers as
// JavaScript prints them, absent values as null. Changing this form breaks every chain: it is versioned.
import { createHash, hash, type Hash } from 'node:crypto';
import type { UsageChainTable, UsageRecordsTable } from './schema.js';

/** The version of the canonical form; part of every batch hash. */
export const CHAIN_FORM = 'usage-chain/1';

/** The hash before the first batch of a chain that has never been cut by retention. */
export const GENESIS_HASH = '0'.repeat(64);

/** A usage row as hashed: every column but `batch_id`, which the chain row names instead. */
export type ChainedRow = Omit<UsageRecordsTable, 'batch_id'>;

/** One committed batch as the chain row records it (the hash covers every field but `hash`). */
export interface ChainBatch {
  readonly seq: number;
  readonly batchId: string;
  readonly prevHash: string;
  readonly hash: string;
  readonly recordCount: number;
  readonly firstId: string | null;
  readonly lastId: string | null;
  readonly committedAt: string;
}

const num = (n: number | string | null): number | null => (n === null ? null : Number(n));

/** One record as one line of JSON, its columns in a fixed order. */
export function canonicalRecord(r: ChainedRow): string {
  return JSON.stringify([
    r.id,
    r.created_at,
    r.user_id,
    r.api_key_id,
    r.request_id,
    r.method,
    r.endpoint,
    r.search_type,
    r.request,
    r.response,
    num(r.status),
    num(r.duration_ms),
    r.additional_call_info,
    r.outcome,
    num(r.outcome_count),
    r.subject,
    num(r.subject_count),
    r.list_versions ?? null,
    r.engine_version ?? null,
  ]);
}

/** The first line hashed: the form, the batch's place and identity. */
const headLine = (b: Omit<ChainBatch, 'hash'>): string =>
  JSON.stringify([
    CHAIN_FORM,
    b.seq,
    b.prevHash,
    b.batchId,
    b.committedAt,
    b.recordCount,
    b.firstId,
    b.lastId,
  ]) + '\n';

/** Starts a batch hash: the form, the batch's place and identity, then the records are added in id order. */
export function startBatchHash(b: Omit<ChainBatch, 'hash'>): Hash {
  return createHash('sha256').update(headLine(b), 'utf8');
}

/** H(prev_hash || the batch's place || every record of the batch in id order). */
export function batchHash(b: Omit<ChainBatch, 'hash'>, rows: readonly ChainedRow[]): string {
  // A lone call's batch (the usual one) in one shot, the same bytes: no Hash object on the request path.
  if (rows.length === 1) return hash('sha256', headLine(b) + canonicalRecord(rows[0]!) + '\n', 'hex');
  const h = startBatchHash(b);
  for (const r of inIdOrder(rows)) h.update(canonicalRecord(r) + '\n', 'utf8');
  return h.digest('hex');
}

/** Rows sorted by id as JavaScript compares strings (the same on both databases, unlike their collations). */
export function inIdOrder<T extends { readonly id: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The chain row of a batch whose rows follow `head` (the last batch, else the last checkpoint, else the genesis at
 * seq -1): the one place both writers (Kysely, and the prepared SQLite statements of the hot path) build it.
 */
export function nextChainRow(
  head: { readonly seq: number; readonly hash: string },
  batchId: string,
  rows: readonly ChainedRow[],
  committedAt: string,
): UsageChainTable {
  const sorted = inIdOrder(rows);
  const batch = {
    seq: head.seq + 1,
    batchId,
    prevHash: head.hash,
    recordCount: rows.length,
    firstId: sorted[0]?.id ?? null,
    lastId: sorted[sorted.length - 1]?.id ?? null,
    committedAt,
  };
  return {
    seq: batch.seq,
    batch_id: batchId,
    prev_hash: batch.prevHash,
    hash: batchHash(batch, sorted),
    record_count: batch.recordCount,
    first_id: batch.firstId,
    last_id: batch.lastId,
    committed_at: batch.committedAt,
  };
}
