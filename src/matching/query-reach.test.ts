import { describe, expect, it } from 'vitest';
import { SEARCH_TYPES } from '../domain/screening.js';
import { syntheticEntries } from '../test-support/synthetic-names.js';
import { IndexViews } from './index-views.js';
import { buildNameIndex } from './name-index.js';
import { nameToken, normaliseName } from './normalise-name.js';
import type { NameToken } from './normalise-name.js';
import { QueryReach } from './query-reach.js';
import { SEARCH_TYPE_SETTINGS } from './search-types.js';

const index = buildNameIndex([
  { list: 'a', sourceUid: '1', name: 'Abdul Rahman Yasin', aliases: ['Abdulrahman YASEEN'] },
  { list: 'a', sourceUid: '2', name: 'Muhammad Hassan', aliases: ['Mohamed HASAN'] },
  { list: 'a', sourceUid: '3', name: 'Holdings SA', aliases: [] },
  { list: 'a', sourceUid: '4', name: 'Vladimir Ivanov', aliases: ['Volodymyr Ivanov'] },
  ...syntheticEntries(300, 3),
]);
const views = new IndexViews(index.data);

// Everything one collect() leaves: the units and, per unit, the listed tokens with their masks and flags.
function reached(reach: QueryReach, q: readonly NameToken[], type: (typeof SEARCH_TYPES)[number]): unknown {
  const units = reach.collect(q, SEARCH_TYPE_SETTINGS[type]);
  const out = units.map((u) => {
    const tids = [];
    for (let k = u.start; k < u.end; k++) {
      const t = reach.tid(k);
      tids.push([t, reach.mask(t), reach.joined(t), reach.nearOnly[t]]);
    }
    return { ...u, tids };
  });
  reach.reset();
  return out;
}

describe('QueryReach', () => {
  const queries = [
    'Abdul Rahman Yasin',
    'abdulrahman yasen',
    'Mohammed Hasan Hasan',
    'Muhamad Abdul Rahman',
    'holdingssa',
    'Volodymyr Ivanov',
    'Ivanov, Vladimir',
    '弗拉基米尔·伊万诺夫',
  ];

  it('a recurring query word reaches what it reached the first time (its remembered reach)', () => {
    for (const type of SEARCH_TYPES) {
      const warm = new QueryReach(views);
      for (const query of queries) {
        const q = normaliseName(query).tokens;
        const first = reached(warm, q, type);
        expect(reached(new QueryReach(views), q, type)).toEqual(first);
        // Asked again: remembered words, in other positions and beside other words.
        expect(reached(warm, q, type)).toEqual(first);
        const reversed = [...q].reverse();
        expect(reached(warm, reversed, type)).toEqual(reached(new QueryReach(views), reversed, type));
      }
    }
  });

  it('remembers the same after forgetting (more words than it keeps) and after its pool grew', () => {
    const reach = new QueryReach(views);
    const type = 'standard_match';
    const probe = normaliseName('Muhamad Abdulrahman Hasan').tokens;
    const expected = reached(new QueryReach(views), probe, type);
    expect(reached(reach, probe, type)).toEqual(expected);
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    for (let i = 0; i < 21_000; i++) {
      const word = `${letters[i % 26]}${letters[Math.floor(i / 26) % 26]}${letters[Math.floor(i / 676) % 26]}an`;
      reached(reach, [nameToken(word), ...probe], type);
    }
    expect(reached(reach, probe, type)).toEqual(expected);
  });

  it('a copy of a memoised token is looked up, not taken for the word (its fields may differ)', () => {
    const reach = new QueryReach(views);
    const type = 'standard_match';
    const plain = [nameToken('yasen'), nameToken('holdings')];
    reached(reach, plain, type);
    const copy = [{ ...nameToken('yasen'), weak: true }, nameToken('holdings')];
    expect(reached(reach, copy, type)).toEqual(reached(new QueryReach(views), copy, type));
    expect(reached(reach, copy, type)).not.toEqual(reached(reach, plain, type));
  });
});
