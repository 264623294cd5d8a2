// The delta between two versions and the hold rule built on it.
import { describe, expect, it } from 'vitest';
import { allowedRemovals, holdReason } from './hold-rule.js';
import { computeListDelta, deltaCounts, type EntryFingerprint } from '../lists/list-delta.js';
import { recordHash } from '../lists/record-hash.js';

const fp = (sourceUid: string, record: Record<string, unknown>, list = 'l'): EntryFingerprint => ({
  list,
  sourceUid,
  recordHash: recordHash(record),
});

describe('computeListDelta', () => {
  it('finds added, removed and changed entries by source_uid within each list', () => {
    const before = [
      fp('1', { name: 'A', aliases: ['x'] }),
      fp('2', { name: 'B' }),
      fp('3', { name: 'C' }),
      fp('1', { name: 'A' }, 'other'),
    ];
    const after = [
      fp('1', { aliases: ['x'], name: 'A' }), // same record, keys in another order
      fp('3', { name: 'C', program: 'SDGT' }),
      fp('4', { name: 'D' }),
      fp('2', { name: 'B' }, 'other'),
    ];
    const delta = computeListDelta(before, after);
    expect(delta).toEqual({
      added: [
        { list: 'l', sourceUid: '4' },
        { list: 'other', sourceUid: '2' },
      ],
      removed: [
        { list: 'l', sourceUid: '2' },
        { list: 'other', sourceUid: '1' },
      ],
      changed: [{ list: 'l', sourceUid: '3' }],
      unchanged: 1,
    });
    expect(deltaCounts(delta)).toEqual({ added: 2, removed: 2, changed: 1 });
    expect(computeListDelta([], after).added).toHaveLength(4);
  });

  it('hashes nested records canonically and tells values apart', () => {
    expect(recordHash({ a: { y: 1, x: [1, 2] }, b: null })).toBe(
      recordHash({ b: null, a: { x: [1, 2], y: 1 } }),
    );
    expect(recordHash({ a: [1, 2] })).not.toBe(recordHash({ a: [2, 1] }));
    expect(recordHash({ a: '1' })).not.toBe(recordHash({ a: 1 }));
  });
});

describe('hold rule', () => {
  const rule = { minRemoved: 25, removedFraction: 0.01 };
  it('allows max(25, 1 %) removals and explains a hold', () => {
    expect(allowedRemovals(100, rule)).toBe(25);
    expect(allowedRemovals(14_965, rule)).toBe(149);
    expect(holdReason({ added: 0, removed: 149, changed: 3 }, 14_965, rule)).toBeNull();
    expect(holdReason({ added: 2, removed: 150, changed: 3 }, 14_965, rule)).toBe(
      'removes 150 of 14965 entries (more than the 149 allowed without review); 2 added, 3 changed',
    );
    expect(holdReason({ added: 0, removed: 26, changed: 0 }, 100, rule)).toMatch(/removes 26 of 100/);
  });
});
