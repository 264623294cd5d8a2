// Packs a sealed builder (the names and distinct tokens of an index) and the keys derived for its tokens, range by
// range, into the index data. Pure and synchronous: runs on whichever thread is free.
import { HashPostings, Postings, StringTableBuilder } from './storage/index.js';
import type { StringTableData } from './storage/index.js';
import type { KeyPairs, KeyPart } from './token-key-part.js';
import { COMPOUND_USE, WEAK, WEAK_TOKEN_FACTOR } from './index-data.js';
import type { FuzzyKeyKind, KeyPostingsData, NameIndexData } from './index-data.js';

/** What adding entries produced (NameIndexBuilder.seal): shared arrays, postable to a worker. */
export interface SealedNames extends Pick<
  NameIndexData,
  'lists' | 'entryList' | 'entryUid' | 'nameEntry' | 'nameFlags' | 'nameRaw' | 'nameTokens' | 'tokens'
> {
  /** Per token: 1 when some name holds it only joined from adjacent tokens. */
  readonly compoundUse: Uint8Array;
  /** (token, name) pairs, names ascending per token. */
  readonly tokenNameKeys: Uint32Array;
  readonly tokenNameVals: Uint32Array;
  /** (token, name) pairs of names holding the token only joined from adjacent tokens. */
  readonly joinedNameKeys: Uint32Array;
  readonly joinedNameVals: Uint32Array;
}

const FUZZY_KINDS: readonly FuzzyKeyKind[] = ['l', 's', 'm', 'x', 'g'];

/** The index data. `parts` must cover the token ids [0, count) in order. */
export function packIndex(sealed: SealedNames, parts: readonly KeyPart[]): NameIndexData {
  const tokenCount = sealed.tokens.offsets.length - 1;
  let at = 0;
  for (const p of parts) {
    if (p.from !== at) throw new Error(`key parts leave tokens ${at}..${p.from} out`);
    at = p.to;
  }
  if (at !== tokenCount) throw new Error(`key parts cover ${at} of ${tokenCount} tokens`);
  const merged = mergeParts(parts, tokenCount);
  const names = sealed.nameEntry.length;
  const tokenFlags = merged.flags;
  for (let t = 0; t < tokenCount; t++) if (sealed.compoundUse[t]) tokenFlags[t]! |= COMPOUND_USE;
  // Rarity: how many names hold a token with each variant key (a name counts once per key).
  const keyDf = new Uint32Array(new SharedArrayBuffer(Math.max(1, merged.keyCount) * 4));
  const { offsets, data } = sealed.nameTokens;
  const seen: number[] = [];
  for (let name = 0; name < names; name++) {
    seen.length = 0;
    for (let p = offsets[name]!; p < offsets[name + 1]!; p++) {
      const kid = merged.tokenKey[data[p]!]!;
      if (!seen.includes(kid)) {
        seen.push(kid);
        keyDf[kid]!++;
      }
    }
  }
  const tokenWeight = new Float64Array(new SharedArrayBuffer(Math.max(1, tokenCount) * 8));
  for (let t = 0; t < tokenCount; t++) {
    const idf = 1 + Math.log((names + 1) / (keyDf[merged.tokenKey[t]!]! + 1));
    tokenWeight[t] = tokenFlags[t]! & WEAK ? idf * WEAK_TOKEN_FACTOR : idf;
  }
  return {
    lists: sealed.lists,
    entryList: sealed.entryList,
    entryUid: sealed.entryUid,
    nameEntry: sealed.nameEntry,
    nameFlags: sealed.nameFlags,
    nameRaw: sealed.nameRaw,
    nameTokens: sealed.nameTokens,
    tokens: sealed.tokens,
    tokenFlags,
    tokenWeight,
    tokenKey: merged.tokenKey,
    tokenNames: Postings.pack(sealed.tokenNameKeys, sealed.tokenNameVals, tokenCount),
    joinedNames: Postings.pack(sealed.joinedNameKeys, sealed.joinedNameVals, tokenCount),
    k: merged.k,
    keyDf,
    fuzzy: merged.fuzzy,
    tokenFuzzy: merged.tokenFuzzy,
    deletions: HashPostings.pack(merged.delHashes, merged.delKeys),
  };
}

interface Merged {
  flags: Uint8Array;
  tokenKey: Uint32Array;
  keyCount: number;
  k: KeyPostingsData;
  fuzzy: Record<FuzzyKeyKind, KeyPostingsData>;
  tokenFuzzy: Record<FuzzyKeyKind, KeyPostingsData['tokens']>;
  delHashes: Uint32Array;
  delKeys: Uint32Array;
}

// Concatenates the parts' per-token arrays and unions their key tables (key ids of later parts remapped).
function mergeParts(parts: readonly KeyPart[], tokenCount: number): Merged {
  const flags = new Uint8Array(new SharedArrayBuffer(Math.max(1, tokenCount)));
  const tokenKey = new Uint32Array(new SharedArrayBuffer(Math.max(1, tokenCount) * 4));
  const kMaps = unionTables(
    parts.map((p) => p.k),
    tokenCount,
  );
  parts.forEach((p, i) => {
    const n = p.to - p.from;
    flags.set(p.flags.subarray(0, n), p.from);
    const map = kMaps.maps[i]!;
    for (let t = 0; t < n; t++) {
      tokenKey[p.from + t] = map[p.tokenKey[t]!]!;
    }
  });
  const keyCount = kMaps.table.offsets.length - 1;
  const fuzzy = {} as Record<FuzzyKeyKind, KeyPostingsData>;
  const tokenFuzzy = {} as Record<FuzzyKeyKind, KeyPostingsData['tokens']>;
  for (const kind of FUZZY_KINDS) {
    const u = unionTables(
      parts.map((p) => p.fuzzy[kind]),
      tokenCount,
    );
    fuzzy[kind] = { table: u.table, tokens: u.postings };
    tokenFuzzy[kind] = u.byToken;
  }
  let dels = 0;
  for (const p of parts) dels += p.deletions.hashes.length;
  const delHashes = new Uint32Array(dels);
  const delKeys = new Uint32Array(dels);
  let d = 0;
  parts.forEach((p, i) => {
    const map = kMaps.maps[i]!;
    for (let j = 0; j < p.deletions.hashes.length; j++, d++) {
      delHashes[d] = p.deletions.hashes[j]!;
      delKeys[d] = map[p.deletions.keys[j]!]!;
    }
  });
  return {
    flags,
    tokenKey,
    keyCount,
    k: { table: kMaps.table, tokens: kMaps.postings },
    fuzzy,
    tokenFuzzy,
    delHashes,
    delKeys,
  };
}

// One key table for all parts (the first part's ids kept) and its key -> tokens postings.
function unionTables(
  parts: readonly KeyPairs[],
  tokenCount: number,
): {
  table: StringTableData;
  postings: KeyPostingsData['tokens'];
  /** token -> its keys (for rebuilding a token's keys without deriving them again). */
  byToken: KeyPostingsData['tokens'];
  maps: Uint32Array[];
} {
  const first = parts[0]!;
  const identity = new Uint32Array(first.table.offsets.length - 1);
  for (let i = 0; i < identity.length; i++) identity[i] = i;
  if (parts.length === 1)
    return {
      table: first.table,
      postings: Postings.pack(first.keys, first.tokens, first.table.offsets.length - 1),
      byToken: Postings.pack(first.tokens, first.keys, tokenCount),
      maps: [identity],
    };
  const builder = StringTableBuilder.resume(first.table);
  const maps = [identity, ...parts.slice(1).map((p) => builder.merge(p.table))];
  const table = builder.finish();
  let pairs = 0;
  for (const p of parts) pairs += p.keys.length;
  const keys = new Uint32Array(pairs);
  const values = new Uint32Array(pairs);
  let at = 0;
  parts.forEach((p, i) => {
    const map = maps[i]!;
    for (let j = 0; j < p.keys.length; j++, at++) {
      keys[at] = map[p.keys[j]!]!;
      values[at] = p.tokens[j]!;
    }
  });
  return {
    table,
    postings: Postings.pack(keys, values, table.offsets.length - 1),
    byToken: Postings.pack(values, keys, tokenCount),
    maps,
  };
}
