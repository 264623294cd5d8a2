// Which lists are loaded in this process, and the fail-closed gate every screening call passes first.
import type { EntryLookup, NameSearcher } from '../domain/screening.js';
import { ListsNotLoadedError } from '../errors.js';
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

/** Tracks loaded list versions; screening asks it before touching any index. */
export class ListState {
  readonly #loaded = new Map<string, LoadedList>();

  /** The name index over every loaded list; swapped atomically when a list version changes. */
  searcher: NameSearcher | null = null;
  /** Increases with every new index, so a copy elsewhere (the bulk worker) can tell it is current. */
  searcherVersion = 0;
  /** Exact-name reads of the stored records, for entry details. */
  entries: EntryLookup | null = null;

  /** @param carried the slugs this deployment has a source for (the ingestion registry). */
  constructor(readonly carried: readonly string[]) {}

  markLoaded(list: LoadedList): void {
    this.#loaded.set(list.slug, list);
  }

  loaded(slug: string): LoadedList | undefined {
    return this.#loaded.get(slug);
  }

  /** Throws ListsNotLoadedError (503) unless every list in scope has loaded; never lets a call report "clear" unchecked. */
  require(scope: ScreeningScope): void {
    const wanted = scope === 'v1' ? this.carried.filter((s) => LEGACY_SLUGS.includes(s)) : this.carried;
    if (wanted.length === 0) throw new ListsNotLoadedError(scope === 'v1' ? LEGACY_SLUGS : ALL_SLUGS);
    const missing = wanted.filter((s) => !this.#loaded.has(s));
    if (missing.length > 0) throw new ListsNotLoadedError(missing);
  }

  /** The name index, once every list in scope has loaded. */
  requireSearcher(scope: ScreeningScope): NameSearcher {
    this.require(scope);
    if (!this.searcher) throw new ListsNotLoadedError(['name index']);
    return this.searcher;
  }

  /** The entry reader, once every carried list has loaded (entry details must not miss a list). */
  requireEntries(): EntryLookup {
    this.require('v2');
    if (!this.entries) throw new ListsNotLoadedError(['entry records']);
    return this.entries;
  }
}
