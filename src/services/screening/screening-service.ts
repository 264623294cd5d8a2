// Name screening use cases (v2 single and bulk, legacy v1): gate on loaded lists, then ask the index.
import type { QueryQualifiers } from '../../domain/facts.js';
import type { Match, NameComparison, SearchType } from '../../domain/screening.js';
import { badRequest } from '../../errors.js';
import type { BasisSink } from '../../domain/usage.js';
import { basisOf } from '../usage/screening-basis.js';
import { LEGACY_SLUGS } from '../../lists/registry.js';
import { qualifyComparison } from '../../matching/index.js';
import type { ListState } from '../list-state.js';
import type { BulkWorkerPool } from './bulk-worker-pool.js';
import { checkLength, checkName, parseNameList, unscreenable } from './name-list.js';
import { QualifiedSearcher } from './qualified-searcher.js';
import { parseQualifiers, type QualifierInput } from './qualifier-input.js';

/** One bulk record: a name with its optional qualifiers (the alternative to `names`). */
export interface BulkRecordInput extends QualifierInput {
  readonly name: string;
}

/** One name's bulk outcome: the submitted term and its matches, or why it could not be screened. */
export interface BulkOutcome {
  readonly searchTerm: string;
  readonly matches: Match[];
  /** Set when the name was not screened (nothing to screen); its row says so instead of reporting it clear. */
  readonly error?: string;
}

export class ScreeningService {
  constructor(
    private readonly lists: ListState,
    private readonly opts: {
      maxBulkItems: number;
      pool?: BulkWorkerPool | null;
      /** Told about the matches of every screened name (metrics count hits by list). */
      onMatches?: (matches: readonly Match[]) => void;
    },
  ) {}

  /**
   * `qualifiers` (our extension): checked against each match's listed facts; a contradiction lowers the score.
   * `sink` is told the list versions and engine the name was screened on (the index asked, not re-read later).
   */
  search(
    prompt: string,
    searchType: SearchType,
    explain = false,
    qualifiers: QualifierInput = {},
    sink?: BasisSink,
  ): Match[] {
    const query = checkName('prompt', prompt);
    const q = parseQualifiers(qualifiers);
    const searcher = this.lists.requireSearcher('v2');
    const lists = this.lists.searcherLists;
    const matches = this.#seen(searcher.search(query, searchType, { lists: null, explain, qualifiers: q }));
    if (sink) sink.basis = basisOf(lists);
    return matches;
  }

  /** The pairwise comparison: how name_a scores against name_b, as a search for name_a scores a listed name_b. */
  compare(
    nameA: string,
    nameB: string,
    searchType: SearchType,
    qualifiersA: QualifierInput = {},
    qualifiersB: QualifierInput = {},
  ): NameComparison {
    const a = checkName('name_a', nameA);
    const b = checkName('name_b', nameB);
    const qa = parseQualifiers(qualifiersA, 'qualifiers_a.');
    const qb = parseQualifiers(qualifiersB, 'qualifiers_b.');
    return qualifyComparison(this.lists.requireSearcher('v2').compare(a, b, searchType), qa, qb);
  }

  #seen<T extends readonly Match[]>(matches: T): T {
    this.opts.onMatches?.(matches);
    return matches;
  }

  #seenAll(outcomes: BulkOutcome[]): BulkOutcome[] {
    for (const o of outcomes) this.opts.onMatches?.(o.matches);
    return outcomes;
  }

  /**
   * `names` (the spec's comma-separated string) or `records` (our extension: each name with its own qualifiers);
   * exactly one of them. The rows are the same either way. Screens in slices, yielding to the event loop between
   * them so single-name calls are not held up.
   */
  async bulk(
    input: { readonly names?: string | null; readonly records?: readonly BulkRecordInput[] | null },
    searchType: SearchType,
    explain = false,
    sink?: BasisSink,
  ): Promise<BulkOutcome[]> {
    const given = [input.names, input.records].filter((x) => x !== undefined && x !== null).length;
    if (given !== 1) throw badRequest('give either names or records (exactly one of them)');
    const items =
      input.names !== undefined && input.names !== null
        ? parseNameList(input.names, this.opts.maxBulkItems).map((name) => ({ name, qualifiers: undefined }))
        : parseRecords(input.records!, this.opts.maxBulkItems);
    const all = items.map((i) => i.name);
    const searcher = this.lists.requireSearcher('v2');
    const lists = this.lists.searcherLists;
    const wanted = items.filter((t) => unscreenable(t.name) === null);
    const terms = wanted.map((t) => t.name);
    const version = this.lists.searcherVersion;
    const remote =
      terms.length > 0 ? await this.opts.pool?.run(version, terms, searchType, { lists: null, explain }) : [];
    // Served by the worker only if its index was the current one when it answered; the worker searches names only,
    // the qualifiers are applied here with the facts of that same index.
    const screened =
      remote && version === this.lists.searcherVersion && searcher instanceof QualifiedSearcher
        ? remote.map((m, i) => searcher.qualify(m, searchType, wanted[i]!.qualifiers, explain))
        : await inSlices(wanted, (t) =>
            searcher.search(t.name, searchType, { lists: null, explain, qualifiers: t.qualifiers }),
          );
    if (sink) sink.basis = basisOf(lists);
    return this.#seenAll(withUnscreenable(all, screened));
  }

  /** v1 sees only the nine original lists. */
  searchV1(prompt: string, searchType: SearchType, sink?: BasisSink): Match[] {
    const query = checkName('prompt', prompt);
    const searcher = this.lists.requireSearcher('v1');
    const lists = this.#legacyOnly(this.lists.searcherLists);
    const matches = this.#seen(searcher.search(query, searchType, { lists: this.legacy(), explain: false }));
    if (sink) sink.basis = basisOf(lists);
    return matches;
  }

  async bulkV1(names: string, searchType: SearchType, sink?: BasisSink): Promise<BulkOutcome[]> {
    const all = parseNameList(names, this.opts.maxBulkItems);
    const searcher = this.lists.requireSearcher('v1');
    const lists = this.#legacyOnly(this.lists.searcherLists);
    const terms = all.filter((t) => unscreenable(t) === null);
    const screened = await inSlices(terms, (t) =>
      searcher.search(t, searchType, { lists: this.legacy(), explain: false }),
    );
    if (sink) sink.basis = basisOf(lists);
    return this.#seenAll(withUnscreenable(all, screened));
  }

  /** Exact lookup (the name as screening returned it, untrimmed); blank or over 512 characters is a 400. */
  async entryDetails(name: string): Promise<Record<string, Record<string, unknown>[]>> {
    checkLength('name', name);
    return this.lists.requireEntries().byExactName(name);
  }

  /** v1 asks only the original lists of the index: those are the versions it ran against. */
  #legacyOnly<T extends { readonly slug: string }>(lists: readonly T[]): T[] {
    return lists.filter((l) => LEGACY_SLUGS.includes(l.slug));
  }

  private legacy(): readonly string[] {
    return LEGACY_SLUGS;
  }
}

/** The bulk records checked: 1 to maxItems, each name not blank nor too long, each qualifier valid (400 naming it). */
function parseRecords(
  records: readonly BulkRecordInput[],
  maxItems: number,
): { name: string; qualifiers: QueryQualifiers | undefined }[] {
  if (records.length === 0) throw badRequest('records must hold at least one record');
  if (records.length > maxItems)
    throw badRequest(`records holds ${records.length} records; at most ${maxItems} per request`);
  return records.map((r, i) => ({
    name: checkLength(`records[${i}].name`, r.name),
    qualifiers: parseQualifiers(r, `records[${i}].`),
  }));
}

/** Every submitted term in order: the screenable ones with their matches, the others with the reason. */
function withUnscreenable(all: readonly string[], screened: readonly Match[][]): BulkOutcome[] {
  let next = 0;
  return all.map((t) => {
    const why = unscreenable(t);
    if (why) return { searchTerm: t, matches: [], error: why };
    return { searchTerm: t, matches: screened[next++] ?? [] };
  });
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
