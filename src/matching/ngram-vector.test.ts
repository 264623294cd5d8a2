import { describe, expect, it } from 'vitest';
import { GRAM_SPACE, GramCosine, cosineSimilarity, gramIds, ngramVector } from './ngram-vector.js';

describe('integer n-gram ids and the dense cosine', () => {
  it('gives every 2- and 3-gram of the padded token, within the id space', () => {
    const ids = gramIds('xi');
    expect(ids).toHaveLength(2 * 2 + 1); // ^x xi i$, ^xi xi$
    expect(new Set(ids).size).toBe(5);
    for (const id of gramIds('z9a')) expect(id).toBeLessThan(GRAM_SPACE);
  });

  it('computes the same cosine from the letters of a token table as from the grams', () => {
    const tokens = ['vladimir', 'putin', 'vladimirovich', 'xi', 'z9', 'aaaa'];
    const bytes = Buffer.from(tokens.join(''), 'latin1');
    const offsets = Uint32Array.from([0, ...tokens.map((_, i) => tokens.slice(0, i + 1).join('').length)]);
    const cosine = new GramCosine();
    cosine.setQuery(['putin', 'vladimir'].map(gramIds));
    const name = Uint32Array.from([1, 0, 2]);
    expect(cosine.cosineTokens(bytes, offsets, name, 0, 3)).toBeCloseTo(
      cosine.cosine(['putin', 'vladimir', 'vladimirovich'].map(gramIds)),
      12,
    );
    expect(cosine.cosineTokens(bytes, offsets, Uint32Array.from([3, 4, 5]), 0, 3)).toBeCloseTo(
      cosine.cosine(['xi', 'z9', 'aaaa'].map(gramIds)),
      12,
    );
  });

  it('gives exactly the cosine of the letters from per-token dot products and a per-name norm', () => {
    const tokens = ['vladimir', 'putin', 'vladimirovich', 'xi', 'z9', 'aaaa', 'aa'];
    const bytes = Buffer.from(tokens.join(''), 'latin1');
    const offsets = Uint32Array.from([0, ...tokens.map((_, i) => tokens.slice(0, i + 1).join('').length)]);
    const names = [[1, 0, 2], [3, 4, 5], [5, 6, 5], [0]].map((n) => Uint32Array.from(n));
    const cosine = new GramCosine();
    for (const query of [['putin', 'vladimir'], ['aaaa'], ['xi', 'jin', 'ping']]) {
      const before = cosine.version;
      cosine.setQuery(query.map(gramIds));
      expect(cosine.version).not.toBe(before);
      for (const name of names) {
        let dot = 0;
        for (const t of name) dot += cosine.tokenDot(bytes, offsets, t);
        const normSq = cosine.nameNormSq(bytes, offsets, name, 0, name.length);
        // Bit for bit: every sum is of whole numbers.
        expect(cosine.cosineOf(dot, normSq)).toBe(cosine.cosineTokens(bytes, offsets, name, 0, name.length));
      }
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
