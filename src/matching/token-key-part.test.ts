import { describe, expect, it } from 'vitest';
import { sealedNames } from './build-stages.js';
import { NameIndexBuilder } from './index-builder.js';
import { makeToken } from './normalise-name.js';
import { Postings, StringTable } from './storage/index.js';
import { syntheticEntries } from '../test-support/synthetic-names.js';
import { deriveTokenKeys } from './token-key-part.js';

// Index-side keys are derived from bytes (token-key-part.ts); query-side keys come from makeToken. Any drift
// between the two would make a query miss the very token it spells.
describe('deriveTokenKeys', () => {
  const builder = new NameIndexBuilder();
  for (const e of syntheticEntries(2_000, 9)) builder.add(e);
  for (const name of [
    "Muammar al-Qadhafi, Mohammed O'Brien-Smyth",
    'Xi Jin Ping, Kim Jong-un, Abu Bakr al-Baghdadi',
    'ACME TRADING LIMITED LLC 2024, Schtschukin Tchaikovsky Nguyen',
    'Khalid Ghanim Dhafir, Yevgeny Prigozhin, Zhang Qiqi, Leicester Ng',
  ])
    builder.add({ list: 'l', sourceUid: name, name, aliases: [] });
  const sealed = sealedNames(builder.seal());
  const tokens = new StringTable(sealed.tokens);
  const part = deriveTokenKeys(sealed.tokens, 0, tokens.size);
  const kTable = new StringTable(part.k.table);
  const lookup = (kind: 'l' | 's' | 'm' | 'x') => {
    const table = new StringTable(part.fuzzy[kind].table);
    const byKey = new Postings(Postings.pack(part.fuzzy[kind].keys, part.fuzzy[kind].tokens, table.size));
    return (key: string, tid: number) => {
      const id = table.get(key);
      return id >= 0 && byKey.get(id).includes(tid);
    };
  };
  const has = { l: lookup('l'), s: lookup('s'), m: lookup('m'), x: lookup('x') };

  it('gives every token the keys makeToken gives it', () => {
    for (let tid = 0; tid < tokens.size; tid++) {
      const text = tokens.text(tid);
      const token = makeToken(text);
      expect(kTable.text(part.tokenKey[tid]!), text).toBe(token.key);
      expect(Boolean(part.flags[tid]! & 1), text).toBe(token.weak);
      if (token.weak || token.numeric) continue;
      expect(has.l(token.loose, tid), `${text} loose ${token.loose}`).toBe(true);
      if (token.skeleton.length >= 2) expect(has.s(token.skeleton, tid), `${text} skeleton`).toBe(true);
      for (const code of token.phonetic) expect(has.m(code, tid), `${text} metaphone ${code}`).toBe(true);
      for (const sound of token.sounds)
        if (sound.length >= 2) expect(has.x(sound, tid), `${text} sound ${sound}`).toBe(true);
    }
  });

  it('indexes deletions only for strong tokens whose variant key or spelling has four or more letters', () => {
    const keyed = new Set(Array.from(part.deletions.keys, (kid) => kTable.text(kid)));
    expect(keyed.has(makeToken('qadhafi').key)).toBe(true);
    expect(keyed.has('al')).toBe(false);
    expect(keyed.has(makeToken('ltd').key)).toBe(false);
    for (const key of keyed) expect(key.length).toBeGreaterThanOrEqual(2);
    // Each key has its own deletions, or a spelling of four or more letters folding to it ("smyth" -> smit).
    expect(part.deletions.hashes.length).toBeGreaterThan(keyed.size * 3);
  });
});
