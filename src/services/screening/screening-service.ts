// Name screening use cases (v2 single and bulk, legacy v1): gate on loaded lists, then ask the index.
import type { Match, SearchType } from '../../domain/screening.js';
import { LEGACY_SLUGS } from '../../lists/registry.js';
import type { ListState } from '../list-state.js';
import type { BulkWorkerPool } from './bulk-worker-pool.js';
import { checkName, parseNameList } from './name-list.js';

/** One name's bulk outcome: the submitted term and its matches. */
export interface BulkOutcome {
  readonly searchTerm: string;
  readonly matches: Match[];
}

export class ScreeningService {
  constructor(
    private readonly lists: ListState,
    private readonly opts: { maxBulkItems: number; pool?: BulkWorkerPool | null },
  ) {}

  search(prompt: string, searchType: SearchType, explain = false): Match[] {
    const query = checkName('prompt', prompt);
    return this.lists.requireSearcher('v2').search(query, searchType, { lists: null, explain });
  }

  /** Screens in slices, yielding to the event loop between them so single-name calls are not held up. */
  async bulk(names: string, searchType: SearchType, explain = false): Promise<BulkOutcome[]> {
    const terms = parseNameList(names, this.opts.maxBulkItems);
    const searcher = this.lists.requireSearcher('v2');
    const version = this.lists.searcherVersion;
    const remote = await this.opts.pool?.run(version, terms, searchType, { lists: null, explain });
    // Served by the worker only if its index was the current one when it answered.
    if (remote && version === this.lists.searcherVersion)
      return terms.map((t, i) => ({ searchTerm: t, matches: remote[i] ?? [] }));
    return inSlices(terms, (t) => ({
      searchTerm: t,
      matches: searcher.search(t, searchType, { lists: null, explain }),
    }));
  }

  /** v1 sees only the nine original lists. */
  searchV1(prompt: string, searchType: SearchType): Match[] {
    const query = checkName('prompt', prompt);
    return this.lists
      .requireSearcher('v1')
      .search(query, searchType, { lists: this.legacy(), explain: false });
  }

  async bulkV1(names: string, searchType: SearchType): Promise<BulkOutcome[]> {
    const terms = parseNameList(names, this.opts.maxBulkItems);
    const searcher = this.lists.requireSearcher('v1');
    return inSlices(terms, (t) => ({
      searchTerm: t,
      matches: searcher.search(t, searchType, { lists: this.legacy(), explain: false }),
    }));
  }

  async entryDetails(name: string): Promise<Record<string, Record<string, unknown>[]>> {
    if (name.trim() === '') checkName('name', name);
    return this.lists.requireEntries().byExactName(name);
  }

  private legacy(): readonly string[] {
    return LEGACY_SLUGS;
  }
}

/** Names screened per turn of the event loop in bulk calls. */
const SLICE = 25;

async function inSlices<T, R>(items: readonly T[], fn: (item: T) => R): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += SLICE) {
    if (i > 0) await new Promise<void>((r) => setImmediate(r));
    for (const item of items.slice(i, i + SLICE)) out.push(fn(item));
  }
  return out;
}
