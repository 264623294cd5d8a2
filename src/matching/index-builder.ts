// Builds the packed name index (index-data.ts) from listed parties: every primary name and alias becomes one
// searchable name. Adding entries tokenises and interns; the keys of the distinct tokens (the costly part) are
// derived per token range (token-key-part.ts), on this thread by `finish` or on others (build-stages.ts).
import { memoFor, nextGeneration, sealedIndex } from './build-stages.js';
import type { KeyJobOptions, SealedIndex } from './build-stages.js';
import { tokenTexts } from './normalise-name.js';
import { GrowableU32, shared, StringTableBuilder, TextColumnBuilder } from './storage/index.js';
import { packIndex } from './pack-index.js';
import type { SealedNames } from './pack-index.js';
import { deriveTokenKeys } from './token-key-part.js';
import { MAX_COMPOUND, MAX_COMPOUND_PART, WEAK_NAME } from './index-data.js';
import type { NameIndexData } from './index-data.js';
/** One listed party to index: its primary name and every alias (weak aliases are a subset of aliases). */
export interface IndexInput {
  list: string;
  sourceUid: string;
  name: string;
  aliases: readonly string[];
  weakAliases?: readonly string[];
}

/** Accumulates entries, then packs them (`finish`). Not reusable after finish. */
export class NameIndexBuilder {
  readonly #listIds = new Map<string, number>();
  readonly #entryList = new GrowableU32();
  readonly #entryUid = new TextColumnBuilder();
  readonly #nameEntry = new GrowableU32();
  readonly #nameFlags = new GrowableU32();
  readonly #nameRaw = new TextColumnBuilder();
  readonly #nameTokOffsets = new GrowableU32();
  readonly #nameTokData = new GrowableU32();
  readonly #tokens = new StringTableBuilder();
  /** Tokens that some name holds only joined from adjacent tokens. */
  readonly #compoundUse = new GrowableU32();
  readonly #tokenNameKeys = new GrowableU32(1 << 16);
  readonly #tokenNameVals = new GrowableU32(1 << 16);
  readonly #joinedKeys = new GrowableU32(1 << 12);
  readonly #joinedVals = new GrowableU32(1 << 12);
  readonly #pushed: number[] = [];
  #sealed: SealedNames | null = null;

  constructor() {
    this.#nameTokOffsets.push(0);
  }

  /** Names indexed so far. */
  get size(): number {
    return this.#nameEntry.length;
  }

  add(input: IndexInput): void {
    if (this.#sealed !== null) throw new Error('the index builder is sealed: no more entries');
    const entryId = this.#entryList.length;
    let listId = this.#listIds.get(input.list);
    if (listId === undefined) {
      listId = this.#listIds.size;
      this.#listIds.set(input.list, listId);
    }
    this.#entryList.push(listId);
    this.#entryUid.push(input.sourceUid);
    const weak = input.weakAliases && input.weakAliases.length > 0 ? new Set(input.weakAliases) : null;
    this.#addName(entryId, input.name, false);
    for (let i = 0; i < input.aliases.length; i++) {
      const alias = input.aliases[i]!;
      if (alias === input.name || input.aliases.indexOf(alias) < i) continue;
      this.#addName(entryId, alias, weak?.has(alias) ?? false);
    }
  }

  #addName(entryId: number, raw: string, weakAlias: boolean): void {
    const texts = tokenTexts(raw);
    if (texts.length === 0) return;
    const nameId = this.#nameEntry.length;
    this.#nameEntry.push(entryId);
    this.#nameFlags.push(weakAlias ? WEAK_NAME : 0);
    this.#nameRaw.push(raw);
    const pushed = this.#pushed;
    pushed.length = 0;
    for (const text of texts) {
      const tid = this.#intern(text);
      this.#nameTokData.push(tid);
      if (pushed.includes(tid)) continue;
      pushed.push(tid);
      this.#tokenNameKeys.push(tid);
      this.#tokenNameVals.push(nameId);
    }
    this.#nameTokOffsets.push(this.#nameTokData.length);
    // Adjacent short tokens joined ("xi jin ping" -> "xijinping", "jinping"): a query written joined finds them.
    for (let n = 2; n <= Math.min(MAX_COMPOUND, texts.length); n++) {
      for (let i = 0; i + n <= texts.length; i++) {
        let text = '';
        let short = true;
        for (let j = i; j < i + n && short; j++) {
          short = texts[j]!.length <= MAX_COMPOUND_PART;
          text += texts[j];
        }
        if (!short) continue;
        const tid = this.#intern(text);
        this.#compoundUse.set(tid, 1);
        if (pushed.includes(tid)) continue;
        pushed.push(tid);
        this.#joinedKeys.push(tid);
        this.#joinedVals.push(nameId);
      }
    }
  }

  #intern(text: string): number {
    const tid = this.#tokens.intern(text);
    if (tid === this.#compoundUse.length) this.#compoundUse.push(0);
    return tid;
  }

  /**
   * Seals the builder: the names, tokens and postings added so far as shared arrays, ready for deriving token keys
   * (build-stages.ts: keyJobs, deriveKeys, on any thread) and packing (packNameIndex, on any thread).
   */
  seal(): SealedIndex {
    return sealedIndex(this.#seal());
  }

  #seal(): SealedNames {
    if (this.#sealed === null) {
      const tokens = this.#tokens.finish();
      const tokenCount = tokens.offsets.length - 1;
      this.#sealed = {
        lists: [...this.#listIds.keys()],
        entryList: shared(Uint16Array.from(this.#entryList.view())),
        entryUid: this.#entryUid.finish(),
        nameEntry: shared(this.#nameEntry.view()),
        nameFlags: shared(Uint8Array.from(this.#nameFlags.view())),
        nameRaw: this.#nameRaw.finish(),
        nameTokens: { offsets: shared(this.#nameTokOffsets.view()), data: shared(this.#nameTokData.view()) },
        tokens,
        compoundUse: shared(Uint8Array.from(this.#compoundUse.view().subarray(0, tokenCount))),
        tokenNameKeys: shared(this.#tokenNameKeys.view()),
        tokenNameVals: shared(this.#tokenNameVals.view()),
        joinedNameKeys: shared(this.#joinedKeys.view()),
        joinedNameVals: shared(this.#joinedVals.view()),
      };
    }
    return this.#sealed;
  }

  /** Seals, derives every token's keys on this thread and packs. */
  finish(opts: KeyJobOptions = {}): NameIndexData {
    const sealed = this.#seal();
    const memo = memoFor(opts.reuseKeys ? nextGeneration() : null);
    return packIndex(sealed, [deriveTokenKeys(sealed.tokens, 0, sealed.tokens.offsets.length - 1, memo)]);
  }
}

/** Packs entries into index data in one go, on this thread. */
export function buildNameIndexData(entries: Iterable<IndexInput>): NameIndexData {
  const builder = new NameIndexBuilder();
  for (const e of entries) builder.add(e);
  return builder.finish();
}
