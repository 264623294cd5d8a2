// Throttled calls as bursts: one record for the first call, the rest point at it, one closing record counts them.
import { describe, expect, it } from 'vitest';
import { v7 } from 'uuid';
import type { UsageRecord } from '../../domain/usage.js';
import { ThrottleBursts } from './throttle-bursts.js';

const rec = (endpoint = '/api/v2/search'): UsageRecord => ({
  id: v7(),
  createdAt: new Date().toISOString(),
  userId: 'u1',
  apiKeyId: 'k1',
  requestId: 'r',
  method: 'POST',
  endpoint,
  searchType: null,
  request: '{}',
  response: null,
  status: 429,
  durationMs: 0,
  additionalCallInfo: null,
  outcome: null,
  subject: null,
});

describe('ThrottleBursts', () => {
  it('writes the first call, points the rest at it, and closes with the count when an allowed call arrives', async () => {
    const written: UsageRecord[] = [];
    let now = 1_000;
    const bursts = new ThrottleBursts(async (r) => void written.push(r), {
      idleMs: 60_000,
      maxOpen: 10,
      now: () => now,
    });
    const first = rec();
    expect(bursts.throttled('key:k1', first)).toEqual({ write: true, usageId: first.id });
    for (let i = 0; i < 49; i++) {
      now += 10;
      const d = bursts.throttled('key:k1', rec(i % 2 ? '/api/v2/search' : '/api/v2/bulk-search'));
      expect(d).toEqual({ write: false, usageId: first.id });
    }
    // Another budget has its own burst.
    expect(bursts.throttled('key:k2', rec()).write).toBe(true);
    expect(written).toHaveLength(0);
    bursts.allowed('key:k1');
    await bursts.drain();
    const closing = written.find((r) => r.request?.includes(first.id));
    expect(closing).toBeDefined();
    expect(JSON.parse(closing!.request!).throttled_burst).toMatchObject({
      first_record: first.id,
      calls: 50,
      endpoints: { '/api/v2/search': 25, '/api/v2/bulk-search': 25 },
    });
    expect(closing).toMatchObject({ status: 429, userId: 'u1', apiKeyId: 'k1' });
    // key:k2's burst was one call: its own record says it all, no closing record.
    expect(written).toHaveLength(1);
  });

  it('closes bursts idle past the window, so a later refusal starts a new burst with its own record', async () => {
    const written: UsageRecord[] = [];
    let now = 0;
    const bursts = new ThrottleBursts(async (r) => void written.push(r), {
      idleMs: 60_000,
      maxOpen: 10,
      now: () => now,
    });
    bursts.throttled('ip:1', rec());
    bursts.throttled('ip:1', rec());
    now += 61_000;
    bursts.sweep();
    expect(bursts.openCount).toBe(0);
    expect(bursts.throttled('ip:1', rec()).write).toBe(true);
    await bursts.drain();
    expect(written).toHaveLength(1);
    expect(JSON.parse(written[0]!.request!).throttled_burst.calls).toBe(2);
  });

  it('tracks at most maxOpen bursts, closing the oldest', async () => {
    const written: UsageRecord[] = [];
    let now = 0;
    const bursts = new ThrottleBursts(async (r) => void written.push(r), {
      idleMs: 60_000,
      maxOpen: 3,
      now: () => ++now,
    });
    for (const ip of ['a', 'b', 'c']) {
      bursts.throttled(ip, rec());
      bursts.throttled(ip, rec());
    }
    bursts.throttled('d', rec());
    expect(bursts.openCount).toBe(3);
    await bursts.drain();
    expect(written.map((r) => JSON.parse(r.request!).throttled_burst.calls)).toEqual([2, 2, 2]);
  });
});
