// Group commit: concurrent records share transactions, each promise settles only after its write.
import { describe, expect, it } from 'vitest';
import { v7 } from 'uuid';
import type { UsageRecord } from '../../domain/usage.js';
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

describe('UsageRecorder', () => {
  it('batches concurrent records into few transactions and resolves after they are durable', async () => {
    const store = await testBackends()[0]!.open();
    const batches: number[] = [];
    const insert = store.insertUsage.bind(store);
    store.insertUsage = async (records) => {
      batches.push(records.length);
      await insert(records);
    };
    const recorder = new UsageRecorder(store, { batchMax: 100 });
    const records = Array.from({ length: 250 }, rec);
    await Promise.all(records.map((r) => recorder.record(r)));
    expect(await store.countUsage()).toBe(250);
    expect(batches).toEqual([100, 100, 50]);
    expect(recorder.written).toBe(250);
    await store.close();
  });

  it('rejects every record of a failed batch and keeps working afterwards', async () => {
    const store = await testBackends()[0]!.open();
    const recorder = new UsageRecorder(store, { batchMax: 10 });
    const dup = rec();
    await recorder.record(dup);
    const results = await Promise.allSettled([
      recorder.record(rec()),
      recorder.record(dup),
      recorder.record(rec()),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    await recorder.record(rec());
    await recorder.drain();
    expect(await store.countUsage()).toBe(2);
    await store.close();
  });
});
