// The kinds of names issue 17 found missed, each on a small index built from a few names, found through the
// engine's general mechanisms (and the near names those mechanisms must not raise).
import { describe, expect, it } from 'vitest';
import type { SearchType } from '../domain/screening.js';
import type { IndexInput } from './index-builder.js';
import { buildNameIndex } from './name-index.js';
import { syntheticEntries } from '../test-support/synthetic-names.js';

const LISTED: IndexInput[] = [
  { list: 'x', sourceUid: 'putin', name: 'PUTIN, Vladimir Vladimirovich', aliases: [] },
  { list: 'x', sourceUid: 'lakhal', name: 'LAKHAL, Mourad', aliases: [] },
  { list: 'x', sourceUid: 'rahman', name: 'Abdul Rahman Yasin', aliases: [] },
  { list: 'x', sourceUid: 'sok', name: 'SOK Chenda', aliases: [] },
  { list: 'x', sourceUid: 'abd', name: 'Abd Allah Kareem', aliases: [] },
  { list: 'x', sourceUid: 'laden', name: 'BIN LADEN, Hamza', aliases: [] },
  { list: 'x', sourceUid: 'smith', name: 'John Michael Smith', aliases: [] },
  { list: 'x', sourceUid: 'omar', name: 'Omar Farouk HADDAD', aliases: [] },
];
// Synthetic names give the rarity weights a realistic spread (common given names, rare surnames).
const index = buildNameIndex([...syntheticEntries(3_000, 5), ...LISTED]);
const found = (q: string, type: SearchType, uid: string): boolean =>
  index.search(q, type, { lists: ['x'], explain: false }).some((m) => m.source_uid === uid);
const TYPES: readonly SearchType[] = ['strict_match', 'standard_match', 'permissive_match', 'fuzzy_search'];
const TOLERANT: readonly SearchType[] = ['standard_match', 'permissive_match', 'fuzzy_search'];

describe('one adjacent transposition', () => {
  it('in a word of five letters or more is kept at every type, strict included', () => {
    for (const type of TYPES) {
      expect(found('Mourad Lakahl', type, 'lakhal'), type).toBe(true);
      expect(found('Vladimir Ptuin', type, 'putin'), type).toBe(true);
      expect(found('Vladimri Putin', type, 'putin'), type).toBe(true);
    }
  });

  it('in a four-letter word is no match at strict', () => {
    expect(found('Oamr Farouk Haddad', 'strict_match', 'omar')).toBe(false);
    expect(found('Oamr Farouk Haddad', 'standard_match', 'omar')).toBe(true);
    // Two swaps are no longer one typo.
    expect(found('Mourad Lkaahl', 'strict_match', 'lakhal')).toBe(false);
  });

  it('in a three-letter word after its first letter is kept at the tolerant types', () => {
    for (const type of TOLERANT) {
      expect(found('Sko Chenda', type, 'sok'), type).toBe(true);
      expect(found('Adb Allah Kareem', type, 'abd'), type).toBe(true);
    }
    expect(found('Sko Chenda', 'strict_match', 'sok')).toBe(false);
    // The first letter is not swapped: "Osk" is another word.
    expect(found('Osk Chenda', 'standard_match', 'sok')).toBe(false);
  });
});

describe('a letter moved across a word boundary', () => {
  it('is found at every type ("Abdu lRahman", "Vladimi rPutin")', () => {
    for (const type of TYPES) {
      expect(found('Abdu lRahman Yasin', type, 'rahman'), type).toBe(true);
      expect(found('Abdulr Ahman Yasin', type, 'rahman'), type).toBe(true);
      expect(found('Vladimi rPutin', type, 'putin'), type).toBe(true);
    }
  });

  it('only where the joined letters are the listed ones', () => {
    expect(found('Abdu lRahmon Yasin', 'strict_match', 'rahman')).toBe(false);
  });
});
