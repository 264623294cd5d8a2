// Name screening use cases (v2 single and bulk, legacy v1): gate on loaded lists, then ask the index.
import type { Match, SearchType } from '../../domain/screening.js';
import { LEGACY_SLUGS } from '../../lists/catalog.js';
import type { ListState } from '../list-state.js';
import { checkName, parseNameList } from './name-list.js';

/** One name's bulk outcome: the submitted term and its matches. */
export interface BulkOutcome {
  readonly searchTerm: string;
  readonly matches: Match[];
}

export class ScreeningService {
  constructor(
    private readonly lists: ListState,
    private readonly opts: { maxBulkItems: number },
  ) {}

  search(prompt: string, searchType: SearchType, explain = false): Match[] {
    const query = checkName('prompt', prompt);
    return this.lists.requireSearcher('v2').search(query, searchType, { lists: null, explain });
  }

  bulk(names: string, searchType: SearchType, explain = false): BulkOutcome[] {
    const terms = parseNameList(names, this.opts.maxBulkItems);
    const searcher = this.lists.requireSearcher('v2');
    return terms.map((t) => ({
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

  bulkV1(names: string, searchType: SearchType): BulkOutcome[] {
    const terms = parseNameList(names, this.opts.maxBulkItems);
    const searcher = this.lists.requireSearcher('v1');
    return terms.map((t) => ({
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
