// Builds the name index from the current versions of every carried name list and swaps it into the list
// state whenever one of them changes. Calls in flight finish on the index they started with.
import type { EntryFacts, FactsCoverage } from '../../domain/facts.js';
import { NO_FACTS } from '../../domain/facts.js';
import type { NameSearcher } from '../../domain/screening.js';
import type { ListVersionRef } from '../../domain/usage.js';
import type { Store } from '../../store/store.js';
import type { ListState } from '../list-state.js';
import type { ListService } from '../lists/list-service.js';
import { FactsBook, QualifiedSearcher } from './qualified-searcher.js';

/** One listed party as the index needs it. */
export interface IndexEntry {
  readonly list: string;
  readonly sourceUid: string;
  readonly name: string;
  readonly aliases: readonly string[];
  readonly weakAliases?: readonly string[];
}

/** Builds a searcher from entries (the matching engine, chosen by the composition root). */
export type BuildSearcher<S extends NameSearcher> = (entries: readonly IndexEntry[]) => Promise<S>;

export class NameIndexLoader<S extends NameSearcher = NameSearcher> {
  #building: Promise<void> | null = null;
  #again = false;
  #version = 0;

  constructor(
    private readonly store: Store,
    private readonly lists: ListService,
    private readonly state: ListState,
    private readonly build: BuildSearcher<S>,
    /** Told about each new index (the bulk workers are handed the same one). */
    private readonly onBuilt?: (version: number, searcher: S) => void,
  ) {}

  /** Rebuilds when a carried name list changed. */
  async onListsChanged(changed: readonly string[]): Promise<void> {
    if (!changed.some((s) => this.state.carried.includes(s))) return;
    await this.rebuild();
  }

  /** One build at a time; a change during a build triggers one more build after it. */
  rebuild(): Promise<void> {
    if (this.#building) {
      this.#again = true;
      return this.#building;
    }
    this.#building = (async () => {
      try {
        do {
          this.#again = false;
          await this.#buildOnce();
        } while (this.#again);
      } finally {
        this.#building = null;
      }
    })();
    return this.#building;
  }

  async #buildOnce(): Promise<void> {
    // Read in one turn: the index is built from, and its searches' usage records name, exactly these versions.
    const served = this.state.carried.map((s) => this.lists.servedVersion(s));
    // Until every carried list has loaded the gate answers 503; no partial index is ever served.
    if (served.some((v) => v === undefined)) return;
    const refs = served as ListVersionRef[];
    const versions = refs.map((r) => r.version_id);
    const entries: IndexEntry[] = [];
    const facts = new FactsBook();
    const coverage = new Map<string, FactsCoverage>();
    const factsOf = new Map(this.lists.sources.map((s) => [s.slug, s.factsOf] as const));
    for (const v of versions)
      for (const e of await this.store.loadListEntries(v)) {
        // Entries stored before facts were kept (null column) get them from their source now.
        const f = e.facts ?? factsOf.get(e.slug)?.(e.record) ?? NO_FACTS;
        facts.set(e.list, e.sourceUid, { ...f, kind: e.kind });
        coverage.set(e.slug, counted(coverage.get(e.slug), f, e.kind));
        entries.push({
          list: e.list,
          sourceUid: e.sourceUid,
          name: e.name,
          aliases: e.aliases,
          weakAliases: e.weakAliases,
        });
      }
    const searcher = await this.build(entries);
    const version = ++this.#version;
    this.state.searcher = new QualifiedSearcher(searcher, facts);
    this.state.factsCoverage = coverage;
    this.state.searcherLists = refs;
    this.state.searcherVersion = version;
    this.onBuilt?.(version, searcher);
  }
}

/** A list's coverage with one more entry counted. */
function counted(c: FactsCoverage | undefined, f: EntryFacts, kind: string): FactsCoverage {
  return {
    entries: (c?.entries ?? 0) + 1,
    birth_date: (c?.birth_date ?? 0) + (f.birthDates.length > 0 ? 1 : 0),
    country: (c?.country ?? 0) + (f.countries.length > 0 ? 1 : 0),
    entity_type: (c?.entity_type ?? 0) + (kind !== 'unknown' ? 1 : 0),
  };
}
