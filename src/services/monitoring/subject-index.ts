// The monitored subjects of every account indexed by our own matching engine, so a list change is screened by
// searching each changed entry's names against the subjects (not every subject against the lists). Subjects with
// the same name share one indexed name, so a common name's many holders are never cut by the engine's match cap.
import { buildNameIndex, type IndexInput, type NameIndex } from '../../matching/index.js';
import type { Subject } from '../../domain/monitoring.js';
import type { SearchType } from '../../domain/screening.js';
import type { BulkWorkerPool } from '../screening/bulk-worker-pool.js';
import { buildNameIndexAsync } from '../screening/build-name-index.js';

/**
 * The search type used to find candidates: the most tolerant, so no pair the forward search scores is missed. Not
 * narrowed for strict and standard subjects: a permissive candidate search was measured to miss about one pair in
 * twenty that the forward standard search scores (bench:monitoring, a million subjects).
 */
const CANDIDATE_TYPE: SearchType = 'fuzzy_search';

/** The subjects grouped by name, and one index input per name (its place is the name's source_uid). */
function byName(subjects: readonly Subject[]): { holders: Subject[][]; inputs: IndexInput[] } {
  const names = new Map<string, Subject[]>();
  for (const s of subjects) {
    const held = names.get(s.name);
    if (held) held.push(s);
    else names.set(s.name, [s]);
  }
  return {
    holders: [...names.values()],
    inputs: [...names.keys()].map((name, i) => ({
      list: 'subjects',
      sourceUid: String(i),
      name,
      aliases: [],
    })),
  };
}

/** An index over subjects' names; candidates are confirmed by screening the subject against the lists. */
export class SubjectIndex {
  /** Built at once on this thread (small sets: tests, the subjects written since the last full build). */
  static of(subjects: readonly Subject[]): SubjectIndex {
    const { holders, inputs } = byName(subjects);
    return new SubjectIndex(buildNameIndex(inputs), holders);
  }

  /** Built without holding up the event loop long; the heavy stages on `pool`'s threads when given. */
  static async build(
    subjects: readonly Subject[],
    pool: BulkWorkerPool | null = null,
  ): Promise<SubjectIndex> {
    const { holders, inputs } = byName(subjects);
    return new SubjectIndex(await buildNameIndexAsync(inputs, pool), holders);
  }

  private constructor(
    readonly index: NameIndex,
    /** The subjects holding each indexed name, by the name's source_uid (its place here). */
    private readonly holders: Subject[][],
  ) {}

  /** Subjects whose name a listed entry's names come near (a superset of the matches; the caller confirms). */
  candidates(names: readonly string[]): Subject[] {
    const out = new Set<Subject>();
    for (const n of new Set(names))
      for (const m of this.index.search(n, CANDIDATE_TYPE, { lists: null, explain: false }))
        for (const s of this.holders[Number(m.source_uid)] ?? []) out.add(s);
    return [...out];
  }
}
