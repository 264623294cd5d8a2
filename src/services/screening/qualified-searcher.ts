// The name index with the qualifier checks on top: every screening path (search, bulk, monitored subjects, delta
// screening) asks this searcher, so a birth date, country or kind given with a name lowers scores the same way
// everywhere. The facts are those of the same list versions the index was built from (swapped together).
import type { PartyFacts, QueryQualifiers } from '../../domain/facts.js';
import type { ListedParty, Match, NameComparison, NameSearcher, SearchType } from '../../domain/screening.js';
import { qualifyMatches } from '../../matching/index.js';
import type { FactsOf } from '../../matching/index.js';

/** The facts of every indexed entry, by list and source uid. */
export class FactsBook {
  readonly #byKey = new Map<string, PartyFacts>();

  set(list: string, sourceUid: string, facts: PartyFacts): void {
    this.#byKey.set(`${list}\u0000${sourceUid}`, facts);
  }

  readonly get: FactsOf = (list, sourceUid) => this.#byKey.get(`${list}\u0000${sourceUid}`);
}

/** A name searcher whose results have the query's qualifiers applied (and the entry's facts in explanations). */
export class QualifiedSearcher implements NameSearcher {
  constructor(
    readonly names: NameSearcher,
    readonly facts: FactsBook,
  ) {}

  search(
    query: string,
    searchType: SearchType,
    opts: { lists: readonly string[] | null; explain: boolean; qualifiers?: QueryQualifiers },
  ): Match[] {
    const found = this.names.search(query, searchType, { lists: opts.lists, explain: opts.explain });
    return this.qualify(found, searchType, opts.qualifiers, opts.explain);
  }

  /** Names alone; the screening service applies each side's qualifiers (`qualifyComparison`). */
  compare(nameA: string, nameB: string, searchType: SearchType): NameComparison {
    return this.names.compare(nameA, nameB, searchType);
  }

  get partyCount(): number {
    return this.names.partyCount;
  }

  /** The index's party with the kind its list publishes (the facts of the same list versions). */
  party(i: number): ListedParty {
    const party = this.names.party(i);
    const kind = this.facts.get(party.list, party.sourceUid)?.kind;
    return kind === undefined ? party : { ...party, kind };
  }

  /** Applies the qualifiers to matches the same index found elsewhere (a bulk worker thread). */
  qualify(
    matches: readonly Match[],
    searchType: SearchType,
    qualifiers: QueryQualifiers | undefined,
    explain: boolean,
  ): Match[] {
    return qualifyMatches(matches, searchType, qualifiers, this.facts.get, explain);
  }
}
