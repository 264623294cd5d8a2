// The keys of a range of distinct tokens (variant, loose, skeleton, metaphone, sound, deletions): the
// costliest part of an index build, so a range can be derived on another thread and merged (index-builder.ts).
import { doubleMetaphone } from 'double-metaphone';
import { LEGAL_FORMS, weakText } from './normalise-name.js';
import { latinSounds } from './scripts/index.js';
import { GrowableU32, shared, StringTable, StringTableBuilder } from './storage/index.js';
import type { StringTableData } from './storage/index.js';
import { consonantSkeletonBytes, deletionHashes, looseKeyBytes, matchKeyBytes } from './token-keys.js';
import { LEGAL_FORM, MIN_DELETION_KEY, NUMERIC, WEAK } from './index-data.js';
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

function sameText(bytes: Uint8Array, text: string): boolean {
  if (bytes.length !== text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[i] !== text.charCodeAt(i)) return false;
  return true;
}

function hasDigit(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) return true;
  }
  return false;
}

/**
 * Derives the keys of tokens [from, to) of a token table (pure; runs on any thread). The keys are those of
 * makeToken (normalise-name.ts), computed as bytes and interned from them: a build derives millions.
 */
export function deriveTokenKeys(tokens: StringTableData, from: number, to: number): KeyPart {
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
  };
  const delHashes = new GrowableU32(1 << 12);
  const delKeys = new GrowableU32(1 << 12);
  const hashes: number[] = [];
  for (let tid = from; tid < to; tid++) {
    const i = tid - from;
    const text = table.text(tid);
    const legalForm = LEGAL_FORMS.has(text);
    const weak = legalForm || weakText(text);
    const numeric = hasDigit(text);
    flags[i] = (weak ? WEAK : 0) | (legalForm ? LEGAL_FORM : 0) | (numeric ? NUMERIC : 0);
    // The key view is overwritten by the skeleton below: every use of it comes first.
    const key = matchKeyBytes(text);
    const before = k.table.size;
    const kid = k.addBytes(key, tid);
    tokenKey[i] = kid;
    if (weak || numeric) continue;
    if (kid === before && key.length >= MIN_DELETION_KEY) {
      deletionHashes(key, hashes);
      for (const h of hashes) {
        delHashes.push(h);
        delKeys.push(kid);
      }
    }
    // A typo can change how a spelling folds ("cxpital" keeps its c, "capital" has k): the spelled text's own
    // deletions too, when it differs from its key.
    if (text.length >= MIN_DELETION_KEY && !sameText(key, text)) {
      deletionHashes(text, hashes);
      for (let j = 0; j < hashes.length; j++) {
        if (j > 0 && hashes[j] === hashes[j - 1]) continue;
        delHashes.push(hashes[j]!);
        delKeys.push(kid);
      }
    }
    fuzzy.l.addBytes(looseKeyBytes(key), tid);
    const skeleton = consonantSkeletonBytes(text);
    if (skeleton.length >= 2) fuzzy.s.addBytes(skeleton, tid);
    const [primary, secondary] = doubleMetaphone(text);
    if (primary !== '') fuzzy.m.add(primary, tid);
    if (secondary !== '' && secondary !== primary) fuzzy.m.add(secondary, tid);
    for (const sound of latinSounds(text)) if (sound.length >= 2) fuzzy.x.add(sound, tid);
  }
  return {
    from,
    to,
    flags,
    tokenKey,
    k: k.finish(),
    fuzzy: { l: fuzzy.l.finish(), s: fuzzy.s.finish(), m: fuzzy.m.finish(), x: fuzzy.x.finish() },
    deletions: { hashes: shared(delHashes.view()), keys: shared(delKeys.view()) },
  };
}
