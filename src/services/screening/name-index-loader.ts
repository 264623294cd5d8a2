// Builds the name index from the current versions of every carried name list and swaps it into the list
// state whenever one of them changes. Calls in flight finish on the index they started with.
import type { EntryFacts, FactsCoverage, PartyFacts } from '../../domain/facts.js';
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
    const entries: IndexEntry[] = [];
    const facts = new FactsBook();
    const coverage = new Map<string, FactsCoverage>();
    const read = new Map<string, VersionEntries>();
    for (const r of refs) {
      // A version never changes once committed: only the versions that are new since the last build are read.
      const v = this.#read.get(r.version_id) ?? (await this.#readVersion(r.version_id));
      read.set(r.version_id, v);
      for (const e of v.entries) entries.push(e);
      for (const [list, uid, f] of v.facts) facts.set(list, uid, f);
      if (v.slug !== null) coverage.set(v.slug, v.coverage);
    }
    const searcher = await this.build(entries);
    this.#read = read;
    const version = ++this.#version;
    this.state.searcher = new QualifiedSearcher(searcher, facts);
    this.state.factsCoverage = coverage;
    this.state.searcherLists = refs;
    this.state.searcherVersion = version;
    this.onBuilt?.(version, searcher);
  }

  /** The versions the current index was built from, as read (dropped with the index that used them). */
  #read = new Map<string, VersionEntries>();

  async #readVersion(versionId: string): Promise<VersionEntries> {
    const factsOf = new Map(this.lists.sources.map((s) => [s.slug, s.factsOf] as const));
    const out: VersionEntries = { slug: null, entries: [], facts: [], coverage: EMPTY_COVERAGE };
    let coverage: FactsCoverage | undefined;
    for (const e of await this.store.loadIndexEntries(versionId)) {
      // Entries stored before facts were kept (null column) get them from their source now.
      const f = e.facts ?? (e.record ? factsOf.get(e.slug)?.(e.record) : undefined) ?? NO_FACTS;
      out.facts.push([e.list, e.sourceUid, { ...f, kind: e.kind }]);
      coverage = counted(coverage, f, e.kind);
      out.slug = e.slug;
      out.entries.push({
        list: e.list,
        sourceUid: e.sourceUid,
        name: e.name,
        aliases: e.aliases,
        weakAliases: e.weakAliases,
      });
    }
    out.coverage = coverage ?? EMPTY_COVERAGE;
    return out;
  }
}

/** One list version as the index reads it. */
interface VersionEntries {
  /** The list's slug (null for a version without entries). */
  slug: string | null;
  readonly entries: IndexEntry[];
  readonly facts: Array<readonly [string, string, PartyFacts]>;
  coverage: FactsCoverage;
}

const EMPTY_COVERAGE: FactsCoverage = { entries: 0, birth_date: 0, country: 0, entity_type: 0 };

/** A list's coverage with one more entry counted. */
function counted(c: FactsCoverage | undefined, f: EntryFacts, kind: string): FactsCoverage {
  return {
    entries: (c?.entries ?? 0) + 1,
    birth_date: (c?.birth_date ?? 0) + (f.birthDates.length > 0 ? 1 : 0),
    country: (c?.country ?? 0) + (f.countries.length > 0 ? 1 : 0),
    entity_type: (c?.entity_type ?? 0) + (kind !== 'unknown' ? 1 : 0),
  };
}
