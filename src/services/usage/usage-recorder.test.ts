// Group commit: concurrent records share transactions, each promise settles only after its write.
import { describe, expect, it } from 'vitest';
import { v7 } from 'uuid';
import type { UsageRecord } from '../../domain/usage.js';
import type { Store } from '../../store/store.js';
import { testBackends } from '../../test-support/test-stores.js';
import { UsageRecorder } from './usage-recorder.js';

const rec = (): UsageRecord => ({
  id: v7(),
  createdAt: new Date().toISOString(),
  userId: null,
  apiKeyId: null,
  requestId: 'r',
  method: 'POST',
  endpoint: '/api/v2/search',
  searchType: null,
  request: '{}',
  response: '{}',
  status: 200,
  durationMs: 0.5,
  additionalCallInfo: null,
  outcome: null,
  subject: null,
});

/** A test store whose insertUsage notes the size of each batch it is handed (before it writes). */
async function countingStore(): Promise<{ store: Store; batches: number[] }> {
  const store = await testBackends()[0]!.open();
  const batches: number[] = [];
  const insert = store.insertUsage.bind(store);
  store.insertUsage = (records) => {
    batches.push(records.length);
    return insert(records);
  };
  return { store, batches };
}

describe('UsageRecorder', () => {
  it('batches concurrent records into few transactions and resolves after they are durable', async () => {
    const { store, batches } = await countingStore();
    const recorder = new UsageRecorder(store, { batchMax: 100 });
    const records = Array.from({ length: 250 }, rec);
    // 250 calls in flight together, as the server begins them, each handing in its record.
    for (const r of records) recorder.begin(r);
    await Promise.all(
      records.map((r) => {
        recorder.end(r);
        return recorder.record(r);
      }),
    );
    expect(await store.countUsage()).toBe(250);
    expect(batches).toEqual([100, 100, 50]);
    expect(recorder.written).toBe(250);
    await store.close();
  });

  it('writes a record at once when no other metered call is open, without waiting a turn of the event loop', async () => {
    const { store, batches } = await countingStore();
    const recorder = new UsageRecorder(store, { batchMax: 100 });
    const call = {};
    recorder.begin(call);
    recorder.end(call);
    const written = recorder.record(rec());
    // The insert has begun before this function yields.
    expect(batches).toEqual([1]);
    await written;
    expect(await store.countUsage()).toBe(1);
    await store.close();
  });

  it('while another call is open, waits a turn so its record shares the transaction', async () => {
    const { store, batches } = await countingStore();
    const recorder = new UsageRecorder(store, { batchMax: 100 });
    const [a, b] = [{}, {}];
    recorder.begin(a);
    recorder.begin(b);
    recorder.begin(b);
    expect(recorder.open).toBe(2);
    recorder.end(a);
    const first = recorder.record(rec());
    expect(batches).toEqual([]);
    recorder.end(b);
    recorder.end(b);
    expect(recorder.open).toBe(0);
    const second = recorder.record(rec());
    await Promise.all([first, second]);
    expect(batches).toEqual([2]);
    expect(await store.countUsage()).toBe(2);
    await store.close();
  });

  it('rejects every record of a failed batch and keeps working afterwards', async () => {
    const store = await testBackends()[0]!.open();
    const recorder = new UsageRecorder(store, { batchMax: 10 });
    const dup = rec();
    await recorder.record(dup);
    const calls = [rec(), dup, rec()];
    for (const c of calls) recorder.begin(c);
    const results = await Promise.allSettled(
      calls.map((c) => {
        recorder.end(c);
        return recorder.record(c);
      }),
    );
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    await recorder.record(rec());
    await recorder.drain();
    expect(await store.countUsage()).toBe(2);
    await store.close();
  });
});
