// The keys of a range of distinct tokens (variant, loose, skeleton, metaphone, sound, deletions): the
// costliest part of an index build, so a range can be derived on another thread and merged (index-builder.ts).
import { GrowableU32, shared, StringTable, StringTableBuilder } from './storage/index.js';
import type { StringTableData } from './storage/index.js';
import { deriveToken, type TokenDerivationMemo } from './token-derivation.js';
import type { FuzzyKeyKind } from './index-data.js';

/** Keys of one kind: the distinct key strings, and (key id, token id) pairs. */
export interface KeyPairs {
  readonly table: StringTableData;
  readonly keys: Uint32Array;
  readonly tokens: Uint32Array;
}

/** Everything derived for tokens [from, to) (key ids local to this part; token ids global). Shared memory. */
export interface KeyPart {
  readonly from: number;
  readonly to: number;
  /** Per token of the range: WEAK, LEGAL_FORM, NUMERIC bits. */
  readonly flags: Uint8Array;
  /** Per token of the range: its variant key's id in `k`. */
  readonly tokenKey: Uint32Array;
  readonly k: KeyPairs;
  readonly fuzzy: Readonly<Record<FuzzyKeyKind, KeyPairs>>;
  /** Hash of a variant key with one letter left out -> that key's id in `k`. */
  readonly deletions: { readonly hashes: Uint32Array; readonly keys: Uint32Array };
}

class PairsBuilder {
  readonly table = new StringTableBuilder();
  readonly keys = new GrowableU32(1 << 12);
  readonly tokens = new GrowableU32(1 << 12);

  add(key: string, tid: number): number {
    return this.#pair(this.table.intern(key), tid);
  }

  addBytes(key: Uint8Array, tid: number): number {
    return this.#pair(this.table.internBytes(key), tid);
  }

  #pair(id: number, tid: number): number {
    this.keys.push(id);
    this.tokens.push(tid);
    return id;
  }

  finish(): KeyPairs {
    return { table: this.table.finish(), keys: shared(this.keys.view()), tokens: shared(this.tokens.view()) };
  }
}

/**
 * Derives the keys of tokens [from, to) of a token table (pure; runs on any thread). The keys are those of
 * makeToken (normalise-name.ts), computed as bytes and interned from them: a build derives millions. With a memo,
 * a token derived by the previous build is not derived again (token-derivation.ts).
 */
export function deriveTokenKeys(
  tokens: StringTableData,
  from: number,
  to: number,
  memo?: TokenDerivationMemo,
): KeyPart {
  const table = new StringTable(tokens);
  const n = to - from;
  const flags = new Uint8Array(new SharedArrayBuffer(Math.max(1, n)));
  const tokenKey = new Uint32Array(new SharedArrayBuffer(Math.max(1, n) * 4));
  const k = new PairsBuilder();
  const fuzzy = {
    l: new PairsBuilder(),
    s: new PairsBuilder(),
    m: new PairsBuilder(),
    x: new PairsBuilder(),
    g: new PairsBuilder(),
  };
  const delHashes = new GrowableU32(1 << 12);
  const delKeys = new GrowableU32(1 << 12);
  for (let tid = from; tid < to; tid++) {
    const i = tid - from;
    const text = table.text(tid);
    const d = memo ? memo.derive(text) : deriveToken(text);
    flags[i] = d.flags;
    const before = k.table.size;
    const kid = k.addBytes(d.key, tid);
    tokenKey[i] = kid;
    if (d.loose === null) continue; // weak or numeric: a key only
    if (kid === before)
      for (const h of d.keyDeletions) {
        delHashes.push(h);
        delKeys.push(kid);
      }
    for (const h of d.textDeletions) {
      delHashes.push(h);
      delKeys.push(kid);
    }
    fuzzy.l.addBytes(d.loose, tid);
    if (d.skeleton !== null) fuzzy.s.addBytes(d.skeleton, tid);
    for (const m of d.metaphones) fuzzy.m.add(m, tid);
    for (const sound of d.sounds) fuzzy.x.add(sound, tid);
    for (const e of d.equivalents) fuzzy.g.add(e, tid);
  }
  return {
    from,
    to,
    flags,
    tokenKey,
    k: k.finish(),
    fuzzy: {
      l: fuzzy.l.finish(),
      s: fuzzy.s.finish(),
      m: fuzzy.m.finish(),
      x: fuzzy.x.finish(),
      g: fuzzy.g.finish(),
    },
    deletions: { hashes: shared(delHashes.view()), keys: shared(delKeys.view()) },
  };
}
