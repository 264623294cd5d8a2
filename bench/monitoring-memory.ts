// The memory part of `npm run bench:monitoring`: the subject index over N synthetic subjects, built in this process
// as the service builds it. Reports the packed arrays' bytes (exact: the sum of the index's typed arrays) and the
// growth of heap + array buffers and of RSS around the build (after a full GC each side; the subjects themselves
// exist before the first reading, so only the index and its holder lists are counted).
import type { Subject } from '../src/domain/monitoring.js';
import { SubjectIndex } from '../src/services/monitoring/subject-index.js';
import { syntheticEntries } from '../src/test-support/synthetic-names.js';

export interface MemoryResult {
  readonly subjects: number;
  readonly buildMs: number;
  readonly packedBytes: number;
  readonly heapBytes: number | null;
  readonly rssBytes: number | null;
}

/** The bytes of every typed array reachable from `v` (each buffer counted once). */
function typedBytes(v: unknown, seen = new Set<unknown>()): number {
  if (v === null || typeof v !== 'object' || seen.has(v)) return 0;
  seen.add(v);
  if (ArrayBuffer.isView(v)) {
    if (seen.has(v.buffer)) return 0;
    seen.add(v.buffer);
    return v.buffer.byteLength;
  }
  let sum = 0;
  for (const x of Object.values(v as Record<string, unknown>)) sum += typedBytes(x, seen);
  return sum;
}

const gc = (): boolean => {
  const g = (globalThis as { gc?: () => void }).gc;
  if (!g) return false;
  g();
  g();
  return true;
};

const used = () => {
  const m = process.memoryUsage();
  return { heap: m.heapUsed + m.arrayBuffers, rss: m.rss };
};

export async function memoryBench(count: number): Promise<MemoryResult> {
  const at = new Date().toISOString();
  const subjects: Subject[] = syntheticEntries(count, 21).map((e, i) => ({
    id: `s${i}`,
    userId: 'u',
    reference: `c${i}`,
    name: e.name,
    searchType: 'standard_match',
    createdAt: at,
    updatedAt: at,
  }));
  const measured = gc();
  const before = used();
  const t0 = performance.now();
  const index = await SubjectIndex.build(subjects);
  const buildMs = performance.now() - t0;
  gc();
  const after = used();
  return {
    subjects: count,
    buildMs,
    packedBytes: typedBytes(index.index.data),
    heapBytes: measured ? after.heap - before.heap : null,
    rssBytes: measured ? after.rss - before.rss : null,
  };
}
