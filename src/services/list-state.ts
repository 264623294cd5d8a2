// Which lists are loaded in this process, and the fail-closed gate every screening call passes first.
import type { FactsCoverage } from '../domain/facts.js';
import type { EntryLookup, NameSearcher } from '../domain/screening.js';
import type { ListVersionRef } from '../domain/usage.js';
import { ListsNotLoadedError } from '../errors.js';
import { OFFLINE_ADVICE } from '../ingest/network-cause.js';
import { ALL_SLUGS, LEGACY_SLUGS } from '../lists/registry.js';

/** What v2 (every carried list) or v1 (the nine original lists) must have loaded before it answers. */
export type ScreeningScope = 'v2' | 'v1';

/** A loaded list version as the catalog reports it. */
export interface LoadedList {
  readonly slug: string;
  readonly recordCount: number;
  readonly dataDate: string | null;
  readonly loadedAt: string;
}

/** Tracks loaded list versions and why a list without one failed; screening asks it before touching any index. */
export class ListState {
  readonly #loaded = new Map<string, LoadedList>();
  readonly #failed = new Map<string, string>();

  /** The name index over every loaded list; swapped atomically when a list version changes. */
  searcher: NameSearcher | null = null;
  /** Increases with every new index, so a copy elsewhere (the bulk worker) can tell it is current. */
  searcherVersion = 0;
  /** How many entries of each list (by list slug) carry each fact; set with each new index. */
  factsCoverage: ReadonlyMap<string, FactsCoverage> = new Map();
  /** The list versions the current index was built from; set with `searcher`, in the same turn. */
  searcherLists: readonly ListVersionRef[] = [];
  /** Exact-name reads of the stored records, for entry details. */
  entries: EntryLookup | null = null;

  /** @param carried the slugs this deployment has a source for (the ingestion registry). */
  constructor(readonly carried: readonly string[]) {}

  markLoaded(list: LoadedList): void {
    this.#loaded.set(list.slug, list);
    this.#failed.delete(list.slug);
  }

  /** The last attempt to load a list that has no version yet failed, for this reason. */
  markFailed(slug: string, error: string): void {
    if (!this.#loaded.has(slug)) this.#failed.set(slug, error);
  }

  loaded(slug: string): LoadedList | undefined {
    return this.#loaded.get(slug);
  }

  /** Why a list without a version failed to load, if its last attempt failed. */
  failure(slug: string): string | undefined {
    return this.#failed.get(slug);
  }

  /** Throws ListsNotLoadedError (503) unless every list in scope has loaded; never lets a call report "clear" unchecked. */
  require(scope: ScreeningScope): void {
    const wanted = scope === 'v1' ? this.carried.filter((s) => LEGACY_SLUGS.includes(s)) : this.carried;
    if (wanted.length === 0)
      throw new ListsNotLoadedError(
        [],
        {},
        `this deployment carries none of the ${scope === 'v1' ? 'original' : 'name'} lists ` +
          `(${(scope === 'v1' ? LEGACY_SLUGS : ALL_SLUGS).length}); \`screening lists\` says why each is not carried`,
      );
    const missing = wanted.filter((s) => !this.#loaded.has(s));
    if (missing.length === 0) return;
    // One piece of advice for every publisher this machine cannot reach, not one per list.
    const failures: Record<string, string> = {};
    let advice = false;
    for (const s of missing) {
      const why = this.#failed.get(s);
      if (why === undefined) continue;
      advice ||= why.includes(OFFLINE_ADVICE);
      failures[s] = why.split(`; ${OFFLINE_ADVICE}`).join('');
    }
    throw new ListsNotLoadedError(missing, failures, advice ? OFFLINE_ADVICE : null);
  }

  /** The name index, once every list in scope has loaded and the index over them is built. */
  requireSearcher(scope: ScreeningScope): NameSearcher {
    this.require(scope);
    if (!this.searcher)
      throw new ListsNotLoadedError([], {}, 'every list has loaded; the name index is being built');
    return this.searcher;
  }

  /** The entry reader, once every carried list has loaded (entry details must not miss a list). */
  requireEntries(): EntryLookup {
    this.require('v2');
    if (!this.entries) throw new ListsNotLoadedError(['entry records']);
    return this.entries;
  }
}
