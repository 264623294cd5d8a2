// The token-key memo changes nothing but the work: an index built with the previous build's keys is the same index,
// array for array, as one derived from scratch, on one thread and in stages.
import { describe, expect, it } from 'vitest';
import { syntheticEntries } from '../test-support/synthetic-names.js';
import { deriveKeys, keyJobs, packNameIndex } from './build-stages.js';
import { NameIndexBuilder } from './index-builder.js';
import type { IndexInput } from './index-builder.js';
import { deriveToken, TokenDerivationMemo } from './token-derivation.js';

const REAL_SHAPES: IndexInput[] = [
  { list: 'a', sourceUid: '1', name: 'AL-ZAWAHIRI, Ayman', aliases: ['Айман аз-Завахири', 'أيمن الظواهري'] },
  { list: 'a', sourceUid: '2', name: 'ACME TRADING CO., LTD.', aliases: ['Acme 2000 Holdings LLC'] },
  { list: 'b', sourceUid: '3', name: 'Kuzhugetovich SHOIGU Sergei', aliases: ['习近平', 'V. V. Putin'] },
];

function build(entries: readonly IndexInput[], reuseKeys: boolean, parts = 0) {
  const b = new NameIndexBuilder();
  for (const e of entries) b.add(e);
  if (parts === 0) return b.finish({ reuseKeys });
  const sealed = b.seal();
  return packNameIndex(sealed, keyJobs(sealed, parts, { reuseKeys }).map(deriveKeys));
}

describe('token derivation memo', () => {
  const before = [...REAL_SHAPES, ...syntheticEntries(800, 4)];
  // The next version: some names gone, some new, most the same.
  const after = [
    ...REAL_SHAPES.slice(1),
    ...syntheticEntries(800, 4).slice(100),
    ...syntheticEntries(100, 9),
  ];

  it('builds the same index with the previous build’s keys as without, on one thread and in stages', () => {
    for (const parts of [0, 3]) {
      build(before, true, parts);
      const reused = build(after, true, parts);
      const fresh = build(after, false, parts);
      expect(reused).toEqual(fresh);
    }
  });

  it('reuses a derivation only within two builds, and derives each token as without a memo', () => {
    const memo = new TokenDerivationMemo();
    memo.begin(1);
    const first = memo.derive('zawahiri');
    expect(first).toEqual(deriveToken('zawahiri'));
    memo.begin(2);
    expect(memo.derive('zawahiri')).toBe(first); // carried from the build before
    memo.begin(3);
    memo.begin(4);
    expect(memo.derive('zawahiri')).not.toBe(first); // two builds without it: derived again
    expect(memo.size).toBe(1);
  });
});
