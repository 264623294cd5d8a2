// The stages of an index build that may run on other threads, over data a caller only passes along: a sealed
// builder (NameIndexBuilder.seal) is cut into key jobs, each job's token keys are derived (on any thread, in
// parallel), and the sealed names are packed with every job's keys into the index data. All of it lives on
// shared memory, so posting it to a worker copies nothing.
import type { NameIndexData } from './index-data.js';
import { packIndex } from './pack-index.js';
import type { SealedNames } from './pack-index.js';
import type { StringTableData } from './storage/index.js';
import { TokenDerivationMemo } from './token-derivation.js';
import { deriveTokenKeys } from './token-key-part.js';
import type { KeyPart } from './token-key-part.js';

declare const opaque: unique symbol;

/** A sealed builder's names and tokens, waiting for their keys. Opaque: pass it to keyJobs and packNameIndex. */
export interface SealedIndex {
  readonly [opaque]: 'SealedIndex';
}

/** One thread's share of the token-key stage. Opaque: pass it to deriveKeys. */
export interface KeyJob {
  readonly [opaque]: 'KeyJob';
}

/** The token keys one KeyJob derived. Opaque: pass them, all jobs' in order, to packNameIndex. */
export interface TokenKeys {
  readonly [opaque]: 'TokenKeys';
}

interface Job {
  readonly tokens: StringTableData;
  readonly from: number;
  readonly to: number;
  /** The build this job belongs to, when its thread should reuse the previous build's token keys. */
  readonly generation: number | null;
}

/** What the build asks of the key stage. */
export interface KeyJobOptions {
  /**
   * Keep this build's token keys for the next (this thread's and each worker's memo): for an index rebuilt often
   * from nearly the same names (the list index); not for a one-off (a subject index, a CLI run).
   */
  readonly reuseKeys?: boolean;
}

let generations = 0;
/** One memo per thread (each worker of the pool loads this module once). */
const memo = new TokenDerivationMemo();

/** This thread's memo of token keys, when the build asks to reuse them; starts the build's generation. */
export function memoFor(generation: number | null): TokenDerivationMemo | undefined {
  if (generation === null) return undefined;
  memo.begin(generation);
  return memo;
}

/** A new build generation (the no-pool path of NameIndexBuilder.finish takes one too). */
export function nextGeneration(): number {
  return ++generations;
}

/** The opaque form of sealed names (NameIndexBuilder.seal). */
export function sealedIndex(sealed: SealedNames): SealedIndex {
  return sealed as unknown as SealedIndex;
}

/** The names and tokens behind a SealedIndex (this engine's own stages and tests). */
export function sealedNames(sealed: SealedIndex): SealedNames {
  return sealed as unknown as SealedNames;
}

/** The token-key stage cut into `parts` jobs of about equal size (one per thread); at least one job. */
export function keyJobs(sealed: SealedIndex, parts: number, opts: KeyJobOptions = {}): KeyJob[] {
  const tokens = sealedNames(sealed).tokens;
  const generation = opts.reuseKeys ? nextGeneration() : null;
  const count = tokens.offsets.length - 1;
  const size = Math.ceil(count / Math.max(1, parts));
  const jobs: Job[] = [];
  for (let from = 0; from < count; from += size)
    jobs.push({ tokens, from, to: Math.min(count, from + size), generation });
  if (jobs.length === 0) jobs.push({ tokens, from: 0, to: 0, generation });
  return jobs as unknown as KeyJob[];
}

/** Derives the keys of one job's tokens (pure; runs on any thread). */
export function deriveKeys(job: KeyJob): TokenKeys {
  const { tokens, from, to, generation } = job as unknown as Job;
  return deriveTokenKeys(tokens, from, to, memoFor(generation)) as unknown as TokenKeys;
}

/** Packs sealed names with the keys of every job of keyJobs, in order, into the index data (any thread). */
export function packNameIndex(sealed: SealedIndex, keys: readonly TokenKeys[]): NameIndexData {
  return packIndex(sealedNames(sealed), keys as unknown as readonly KeyPart[]);
}
