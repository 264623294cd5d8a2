// Read access to the packed name index (index-data.ts): its tables and postings wrapped once per thread, and what
// every stage of a search asks of them (token weights, tokens rebuilt from their keys, the listed legal forms).
import { NUMERIC, WEAK, WEAK_TOKEN_FACTOR } from './index-data.js';
import type { FuzzyKeyKind, NameIndexData } from './index-data.js';
import { LEGAL_FORMS, nameToken } from './normalise-name.js';
import type { NameToken } from './normalise-name.js';
import { HashPostings, Postings, StringTable, TextColumn } from './storage/index.js';

/** A key table of a tolerant kind and its key -> tokens postings. */
export interface KeyView {
  readonly table: StringTable;
  readonly tokens: Postings;
}

/** The packed index's arrays as tables and postings (read-only; one per thread). */
const NO_EQUIVALENTS: readonly string[] = [];

export class IndexViews {
  readonly data: NameIndexData;
  readonly listIds: ReadonlyMap<string, number>;
  readonly entryUid: TextColumn;
  readonly nameRaw: TextColumn;
  readonly nameTokens: Postings;
  readonly tokens: StringTable;
  readonly tokenNames: Postings;
  readonly joinedNames: Postings;
  readonly kTable: StringTable;
  readonly kTokens: Postings;
  readonly fuzzy: Readonly<Record<FuzzyKeyKind, KeyView>>;
  readonly tokenFuzzy: Readonly<Record<FuzzyKeyKind, Postings>>;
  readonly deletions: HashPostings;
  #legalFormTids: number[] | null = null;

  constructor(data: NameIndexData) {
    this.data = data;
    this.listIds = new Map(data.lists.map((slug, i) => [slug, i]));
    this.entryUid = new TextColumn(data.entryUid);
    this.nameRaw = new TextColumn(data.nameRaw);
    this.nameTokens = new Postings(data.nameTokens);
    this.tokens = new StringTable(data.tokens);
    this.tokenNames = new Postings(data.tokenNames);
    this.joinedNames = new Postings(data.joinedNames);
    this.kTable = new StringTable(data.k.table);
    this.kTokens = new Postings(data.k.tokens);
    const view = (kind: FuzzyKeyKind): KeyView => ({
      table: new StringTable(data.fuzzy[kind].table),
      tokens: new Postings(data.fuzzy[kind].tokens),
    });
    this.fuzzy = { l: view('l'), s: view('s'), m: view('m'), x: view('x'), g: view('g') };
    this.tokenFuzzy = {
      l: new Postings(data.tokenFuzzy.l),
      s: new Postings(data.tokenFuzzy.s),
      m: new Postings(data.tokenFuzzy.m),
      x: new Postings(data.tokenFuzzy.x),
      g: new Postings(data.tokenFuzzy.g),
    };
    this.deletions = new HashPostings(data.deletions);
  }

  /** Names (primary names and aliases). */
  get nameCount(): number {
    return this.data.nameEntry.length;
  }

  /** Distinct tokens (and joined short tokens). */
  get tokenCount(): number {
    return this.data.tokenFlags.length;
  }

  /**
   * Rarity weight of a query token: by its variant key's document frequency; unknown keys weigh the most, but a
   * spelling of a given name or patronymic the lists do not hold weighs what its commonest listed equivalent does
   * (given-name-groups.ts: Volodymyrovych as Vladimirovich; a name is no rarer in another language).
   */
  queryWeight(token: NameToken): number {
    const kid = this.kTable.get(token.key);
    let df = kid < 0 ? 0 : this.data.keyDf[kid]!;
    if (kid < 0) for (const e of token.equivalents) df = Math.max(df, this.#equivalentDf(e));
    const idf = 1 + Math.log((this.nameCount + 1) / (df + 1));
    return token.weak ? idf * WEAK_TOKEN_FACTOR : idf;
  }

  // The largest document frequency among the variant keys of the listed tokens with equivalence key `e`.
  #equivalentDf(e: string): number {
    const g = this.fuzzy.g;
    const id = g.table.get(e);
    if (id < 0) return 0;
    let df = 0;
    for (let p = g.tokens.start(id), end = g.tokens.end(id); p < end; p++)
      df = Math.max(df, this.data.keyDf[this.data.tokenKey[g.tokens.flat[p]!]!]!);
    return df;
  }

  /** Token ids of the listed legal forms (two legal forms pair: llc ~ ltd). */
  legalForms(): readonly number[] {
    if (this.#legalFormTids === null) {
      this.#legalFormTids = [];
      for (const form of LEGAL_FORMS) {
        const tid = this.tokens.get(form);
        if (tid >= 0) this.#legalFormTids.push(tid);
      }
    }
    return this.#legalFormTids;
  }

  /**
   * Token `tid` as scoring compares it, rebuilt from the keys the index holds (no key is derived again: a listed
   * token is typically met for the first time by a search). Equal to makeToken of its text, but for readings of
   * a single consonant class, which never pair.
   */
  tokenAt(tid: number): NameToken {
    const text = this.tokens.text(tid);
    // Weak and numeric tokens carry no tolerant keys in the index (a few hundred distinct ones): derived.
    if (this.data.tokenFlags[tid]! & (WEAK | NUMERIC)) return nameToken(text);
    const first = (kind: FuzzyKeyKind): string => {
      const p = this.tokenFuzzy[kind];
      return p.length(tid) === 0 ? '' : this.fuzzy[kind].table.text(p.flat[p.start(tid)]!);
    };
    const all = (kind: FuzzyKeyKind): string[] =>
      Array.from(this.tokenFuzzy[kind].get(tid), (id) => this.fuzzy[kind].table.text(id));
    return {
      text,
      key: this.kTable.text(this.data.tokenKey[tid]!),
      loose: first('l'),
      skeleton: first('s'),
      phonetic: all('m'),
      weak: false,
      legalForm: false,
      numeric: false,
      sounds: all('x'),
      script: 'latin',
      // Most tokens are no given name of the table: one shared empty array.
      equivalents: this.tokenFuzzy.g.length(tid) === 0 ? NO_EQUIVALENTS : all('g'),
    };
  }
}
