import { describe, expect, it } from 'vitest';
import {
  GRAM_SPACE,
  GramCosine,
  cosineSimilarity,
  gramIds,
  gramIdsInto,
  ngramVector,
} from './ngram-vector.js';

describe('integer n-gram ids and the dense cosine', () => {
  it('gives every 2- and 3-gram of the padded token, within the id space', () => {
    const ids = gramIds('xi');
    expect(ids).toHaveLength(2 * 2 + 1); // ^x xi i$, ^xi xi$
    expect(new Set(ids).size).toBe(5);
    for (const id of gramIds('z9a')) expect(id).toBeLessThan(GRAM_SPACE);
  });

  it('writes the same ids in place (the index build) as it returns', () => {
    for (const token of ['', 'a', 'xi', 'putin', 'q9z', 'mohammed', 'abcdefghijklmnopqrstuvwxyz']) {
      const out = new Uint16Array(2 * token.length + 3).fill(7);
      gramIdsInto(token, out, 1);
      expect(Array.from(out.subarray(1, 2 * token.length + 2)), token).toEqual(gramIds(token));
      expect([out[0], out[2 * token.length + 2]]).toEqual([7, 7]);
    }
  });

  it('computes the same cosine as the string-keyed vectors, repeated grams included', () => {
    const pairs: Array<[string[], string[]]> = [
      [
        ['vladimir', 'putin'],
        ['putin', 'vladimir', 'vladimirovich'],
      ],
      [['xi', 'jin', 'ping'], ['xijinping']],
      [['aaaa'], ['aa', 'aaa']],
      [['mohammed'], ['acme', 'trading', '2']],
    ];
    const dense = new GramCosine();
    for (const [q, n] of pairs) {
      dense.setQuery(q.map(gramIds));
      const expected = cosineSimilarity(ngramVector(q), ngramVector(n));
      expect(dense.cosine(n.map(gramIds))).toBeCloseTo(expected, 12);
      // The scratch state is reset between names.
      expect(dense.cosine(n.map(gramIds))).toBeCloseTo(expected, 12);
    }
  });
});
