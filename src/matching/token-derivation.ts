// Everything an index derives from one distinct token's text (flags, variant key, deletion hashes, loose key,
// skeleton, metaphones, sounds, given-name equivalence keys), as plain values, and a memo of them kept from one build to the next: a list
// refresh changes a few names among tens of thousands, so a rebuild meets almost only tokens it derived before.
import { doubleMetaphone } from 'double-metaphone';
import { LEGAL_FORMS, weakText } from './normalise-name.js';
import { latinSounds } from './scripts/index.js';
import {
  bytesText,
  consonantSkeletonBytes,
  deletionHashes,
  looseKeyBytes,
  matchKeyBytes,
} from './token-keys.js';
import { nameEquivalenceKeys } from './given-name-groups.js';
import { LEGAL_FORM, MIN_DELETION_KEY, NUMERIC, WEAK } from './index-data.js';

/** One token's derived keys (token-key-part.ts interns them in this order). */
export interface TokenDerivation {
  /** WEAK, LEGAL_FORM, NUMERIC bits. */
  readonly flags: number;
  readonly key: Uint8Array;
  /** Below: empty for a weak or numeric token (it gets a key only). */
  /** Hashes of the key with one letter left out (empty when the key is too short). */
  readonly keyDeletions: readonly number[];
  /** The spelled text's own deletions, when it differs from its key (consecutive repeats dropped). */
  readonly textDeletions: readonly number[];
  readonly loose: Uint8Array | null;
  readonly skeleton: Uint8Array | null;
  readonly metaphones: readonly string[];
  readonly sounds: readonly string[];
  /** Given-name equivalence keys (given-name-groups.ts). */
  readonly equivalents: readonly string[];
}

const NONE: readonly never[] = [];

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

/** Derives one token's keys (the keys of makeToken in normalise-name.ts, as bytes). */
export function deriveToken(text: string): TokenDerivation {
  const legalForm = LEGAL_FORMS.has(text);
  const weak = legalForm || weakText(text);
  const numeric = hasDigit(text);
  const flags = (weak ? WEAK : 0) | (legalForm ? LEGAL_FORM : 0) | (numeric ? NUMERIC : 0);
  // The views of token-keys.ts are scratch buffers, overwritten by the next call: each is copied before it.
  const key = matchKeyBytes(text).slice();
  if (weak || numeric)
    return {
      flags,
      key,
      keyDeletions: NONE,
      textDeletions: NONE,
      loose: null,
      skeleton: null,
      metaphones: NONE,
      sounds: NONE,
      equivalents: NONE,
    };
  const keyDeletions: number[] = [];
  if (key.length >= MIN_DELETION_KEY) deletionHashes(key, keyDeletions);
  // A typo can change how a spelling folds ("cxpital" keeps its c, "capital" has k): the spelled text's own
  // deletions too, when it differs from its key.
  const textDeletions: number[] = [];
  if (text.length >= MIN_DELETION_KEY && !sameText(key, text)) {
    const hashes: number[] = [];
    deletionHashes(text, hashes);
    for (let j = 0; j < hashes.length; j++)
      if (j === 0 || hashes[j] !== hashes[j - 1]) textDeletions.push(hashes[j]!);
  }
  const loose = looseKeyBytes(key).slice();
  const s = consonantSkeletonBytes(text);
  const skeleton = s.length >= 2 ? s.slice() : null;
  const [primary, secondary] = doubleMetaphone(text);
  const metaphones: string[] = [];
  if (primary !== '') metaphones.push(primary);
  if (secondary !== '' && secondary !== primary) metaphones.push(secondary);
  const sounds = latinSounds(text).filter((x) => x.length >= 2);
  const equivalents = nameEquivalenceKeys(bytesText(key));
  return { flags, key, keyDeletions, textDeletions, loose, skeleton, metaphones, sounds, equivalents };
}

/**
 * The derivations of the last build (and those of the build before, until this one has read them): one memo per
 * thread, for the list index only (a subject index of a million names would hold too much for too little reuse).
 */
export class TokenDerivationMemo {
  #now = new Map<string, TokenDerivation>();
  #before = new Map<string, TokenDerivation>();
  #generation = -1;

  /** Starts build `generation` (a new number drops what the build before last derived). */
  begin(generation: number): void {
    if (generation === this.#generation) return;
    this.#generation = generation;
    this.#before = this.#now;
    this.#now = new Map();
  }

  derive(text: string): TokenDerivation {
    let d = this.#now.get(text);
    if (d === undefined) {
      d = this.#before.get(text) ?? deriveToken(text);
      this.#now.set(text, d);
    }
    return d;
  }

  /** How many tokens the current build has derived or reused. */
  get size(): number {
    return this.#now.size;
  }
}
