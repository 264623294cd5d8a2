import { describe, expect, it } from 'vitest';
import type { SearchType } from '../domain/screening.js';
import { sealedNames } from './build-stages.js';
import { NameIndexBuilder } from './index-builder.js';
import type { IndexInput } from './index-builder.js';
import { NameIndex } from './name-index.js';
import { packIndex } from './pack-index.js';
import { StringTable } from './storage/index.js';
import { syntheticEntries } from '../test-support/synthetic-names.js';
import { deriveTokenKeys } from './token-key-part.js';

const ENTRIES: IndexInput[] = [
  ...syntheticEntries(3_000, 11),
  { list: 'l', sourceUid: 'putin', name: 'PUTIN, Vladimir Vladimirovich', aliases: ['Vladimir Putin'] },
  { list: 'l', sourceUid: 'xi', name: '习近平', aliases: ['XI Jinping', 'Xi Jin Ping'] },
  { list: 'l', sourceUid: 'acme', name: 'ACME TRADING LLC', aliases: ['Acme Trading Limited'] },
];

function sealedBuilder(): NameIndexBuilder {
  const b = new NameIndexBuilder();
  for (const e of ENTRIES) b.add(e);
  return b;
}

describe('packIndex over key parts', () => {
  const whole = sealedBuilder().finish();
  const b = sealedBuilder();
  const sealed = sealedNames(b.seal());
  const n = sealed.tokens.offsets.length - 1;
  const cuts = [0, Math.floor(n / 3), Math.floor((2 * n) / 3), n];
  const split = packIndex(
    sealed,
    cuts.slice(0, -1).map((from, i) => deriveTokenKeys(sealed.tokens, from, cuts[i + 1]!)),
  );

  it('gives every token the same key, weight and flags as one part does', () => {
    const keyOf = (d: typeof whole, t: number) => new StringTable(d.k.table).text(d.tokenKey[t]!);
    for (let t = 0; t < n; t++) {
      expect(keyOf(split, t)).toBe(keyOf(whole, t));
      expect(split.keyDf[split.tokenKey[t]!]).toBe(whole.keyDf[whole.tokenKey[t]!]);
    }
    expect(Array.from(split.tokenWeight)).toEqual(Array.from(whole.tokenWeight));
    expect(Array.from(split.tokenFlags)).toEqual(Array.from(whole.tokenFlags));
    for (const kind of ['l', 's', 'm', 'x'] as const)
      expect(new StringTable(split.fuzzy[kind].table).size).toBe(
        new StringTable(whole.fuzzy[kind].table).size,
      );
  });

  it('answers every search type exactly as the single-part index', () => {
    const a = new NameIndex(whole);
    const c = new NameIndex(split);
    const queries = [
      'Vladimir Putin',
      'Vladmir Putn',
      'Xi Jinping',
      'XiJinPing',
      'Acme Trading Ltd',
      ENTRIES[17]!.name,
      ENTRIES[1234]!.name.toLowerCase(),
      ENTRIES[2500]!.aliases[0] ?? ENTRIES[2500]!.name,
    ];
    for (const type of ['strict_match', 'standard_match', 'permissive_match', 'fuzzy_search'] as SearchType[])
      for (const q of queries) {
        const opts = { lists: null, explain: true };
        expect(c.search(q, type, opts), `${type} ${q}`).toEqual(a.search(q, type, opts));
      }
  });

  it('refuses parts that leave tokens out or overlap', () => {
    expect(() => packIndex(sealed, [deriveTokenKeys(sealed.tokens, 0, n - 1)])).toThrow(/cover/);
    expect(() =>
      packIndex(sealed, [deriveTokenKeys(sealed.tokens, 0, 5), deriveTokenKeys(sealed.tokens, 4, n)]),
    ).toThrow(/leave tokens/);
  });

  it('takes no entries once sealed', () => {
    expect(() => b.add(ENTRIES[0]!)).toThrow(/sealed/);
  });
});
