// Checks the usage chain end to end: every batch's hash recomputed from its stored records, every batch linked
// to the one before (from the genesis or from retention's last checkpoint), and every record covered by a
// batch. Names the first broken point: an edited, inserted or deleted record, or an edited chain row.
import {
  GENESIS_HASH,
  batchHash,
  inIdOrder,
  type ChainBatch,
  type ChainedRow,
} from '../../store/usage-chain-hash.js';
import type { ChainCheckpoint, UsageChainStore } from '../../store/usage-chain-store.js';

/** The first point where the chain does not hold. */
export interface ChainBreak {
  /** The batch (chain seq) that fails; null for a record no batch covers. */
  readonly seq: number | null;
  /** The record that fails, when one can be named (an inserted record, the first id of a batch that changed). */
  readonly recordId: string | null;
  readonly reason: string;
}

/** The verdict on the whole chain. */
export interface ChainVerdict {
  readonly intact: boolean;
  readonly batches: number;
  readonly records: number;
  /** Where retention last cut the chain (the verifier starts from it), or null. */
  readonly checkpoint: ChainCheckpoint | null;
  /** The last batch checked: publish its hash elsewhere to pin everything before it. */
  readonly head: { readonly seq: number; readonly hash: string } | null;
  readonly broken: ChainBreak | null;
}

/** What the verifier reads. */
export type ChainReader = Pick<
  UsageChainStore,
  'usageChainCheckpoint' | 'usageChainBatches' | 'usageChainSize' | 'usageRowsOfBatches' | 'unchainedUsage'
>;

const BATCHES_PER_READ = 500;
const ROWS_PER_READ = 5000;

/** Verifies the chain; `onProgress` hears batches checked so far out of the total. */
export async function verifyUsageChain(
  store: ChainReader,
  onProgress?: (checked: number, total: number) => void,
): Promise<ChainVerdict> {
  const checkpoint = await store.usageChainCheckpoint();
  const { batches: total } = await store.usageChainSize();
  let expectedSeq = checkpoint ? checkpoint.seq + 1 : 0;
  let prevHash = checkpoint ? checkpoint.hash : GENESIS_HASH;
  let head: ChainVerdict['head'] = null;
  let batches = 0;
  let records = 0;
  const verdict = (broken: ChainBreak | null): ChainVerdict => ({
    intact: broken === null,
    batches,
    records,
    checkpoint,
    head,
    broken,
  });
  let afterSeq = expectedSeq - 1;
  for (;;) {
    const page = await store.usageChainBatches(afterSeq, BATCHES_PER_READ);
    if (page.length === 0) break;
    for (const group of groups(page)) {
      const rows = await rowsOf(store, group);
      for (const b of group) {
        const broken = checkBatch(b, expectedSeq, prevHash, rows.get(b.batchId) ?? []);
        if (broken) return verdict(broken);
        expectedSeq = b.seq + 1;
        prevHash = b.hash;
        head = { seq: b.seq, hash: b.hash };
        batches += 1;
        records += b.recordCount;
      }
      onProgress?.(batches, total);
    }
    afterSeq = page[page.length - 1]!.seq;
  }
  const [stray] = await store.unchainedUsage(1);
  if (stray)
    return verdict({
      seq: null,
      recordId: stray.id,
      reason:
        stray.batch_id === null
          ? `record ${stray.id} belongs to no batch: it was inserted outside the usage writer`
          : `record ${stray.id} names batch ${stray.batch_id}, which the chain does not hold (inserted, or its batch's chain row was deleted)`,
    });
  return verdict(null);
}

function checkBatch(
  b: ChainBatch,
  expectedSeq: number,
  prevHash: string,
  rows: readonly ChainedRow[],
): ChainBreak | null {
  const at = (reason: string, recordId: string | null = null): ChainBreak => ({
    seq: b.seq,
    recordId,
    reason,
  });
  if (b.seq !== expectedSeq)
    return at(
      expectedSeq === 0 || b.seq > expectedSeq
        ? `batch ${expectedSeq}${b.seq - 1 > expectedSeq ? `..${b.seq - 1}` : ''} is missing: the chain jumps to batch ${b.seq}`
        : `batch ${b.seq} is out of order (expected ${expectedSeq})`,
    );
  if (b.prevHash !== prevHash)
    return at(
      `batch ${b.seq} does not link to the batch before it (its prev_hash differs from that batch's hash)`,
    );
  const sorted = inIdOrder(rows);
  const first = sorted[0]?.id ?? null;
  const last = sorted[sorted.length - 1]?.id ?? null;
  if (sorted.length !== b.recordCount)
    return at(
      `batch ${b.seq} holds ${sorted.length} records where ${b.recordCount} were committed (a record was ${
        sorted.length < b.recordCount ? 'deleted' : 'inserted'
      })`,
      sorted.length > b.recordCount ? firstExtra(sorted, b) : null,
    );
  if (first !== b.firstId || last !== b.lastId)
    return at(`batch ${b.seq}'s records are not the ones committed (first or last id differs)`, first);
  if (batchHash(b, sorted) !== b.hash)
    return at(
      `batch ${b.seq} does not match its hash: a record of it (${first}..${last}) or its chain row was edited`,
      first,
    );
  return null;
}

// With one extra row, the one outside the committed first..last range is a good guess; else the first.
function firstExtra(sorted: readonly ChainedRow[], b: ChainBatch): string | null {
  const outside = sorted.find(
    (r) => (b.firstId !== null && r.id < b.firstId) || (b.lastId !== null && r.id > b.lastId),
  );
  return outside?.id ?? sorted[0]?.id ?? null;
}

/** Consecutive batches whose records fit one read (a large batch goes alone and is read in pages). */
function groups(page: readonly ChainBatch[]): ChainBatch[][] {
  const out: ChainBatch[][] = [];
  let group: ChainBatch[] = [];
  let size = 0;
  for (const b of page) {
    if (group.length > 0 && size + b.recordCount > ROWS_PER_READ) {
      out.push(group);
      group = [];
      size = 0;
    }
    group.push(b);
    size += b.recordCount;
  }
  if (group.length > 0) out.push(group);
  return out;
}

async function rowsOf(store: ChainReader, group: readonly ChainBatch[]): Promise<Map<string, ChainedRow[]>> {
  const byBatch = new Map<string, ChainedRow[]>();
  let after = '';
  for (;;) {
    const rows = await store.usageRowsOfBatches(
      group.map((b) => b.batchId),
      after,
      ROWS_PER_READ,
    );
    for (const { batch_id, ...row } of rows) {
      const list = byBatch.get(batch_id ?? '') ?? [];
      list.push(row);
      byBatch.set(batch_id ?? '', list);
    }
    if (rows.length < ROWS_PER_READ) return byBatch;
    after = rows[rows.length - 1]!.id;
  }
}
