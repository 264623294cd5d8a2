// The monitored subjects of every account indexed by our own matching engine, so a list change is screened by
// searching each changed entry's names against the subjects (not every subject against the lists). Subjects with
// the same name share one indexed name, so a common name's many holders are never cut by the engine's match cap.
import { buildNameIndex, type NameIndex } from '../../matching/index.js';
import type { Subject } from '../../domain/monitoring.js';

/** The search type used to find candidates: the most tolerant, so no pair the forward search scores is missed. */
const CANDIDATE_TYPE = 'fuzzy_search';

/** An index over subjects' names; candidates are confirmed by screening the subject against the lists. */
export class SubjectIndex {
  readonly #index: NameIndex;
  /** The subjects holding each indexed name, by the name's source_uid (its place here). */
  readonly #holders: Subject[][];

  constructor(subjects: readonly Subject[]) {
    const byName = new Map<string, Subject[]>();
    for (const s of subjects) {
      const held = byName.get(s.name);
      if (held) held.push(s);
      else byName.set(s.name, [s]);
    }
    this.#holders = [...byName.values()];
    this.#index = buildNameIndex(
      [...byName.keys()].map((name, i) => ({
        list: 'subjects',
        sourceUid: String(i),
        name,
        aliases: [],
      })),
    );
  }

  /** Subjects whose name a listed entry's names come near (a superset of the matches; the caller confirms). */
  candidates(names: readonly string[]): Subject[] {
    const out = new Set<Subject>();
    for (const n of names)
      for (const m of this.#index.search(n, CANDIDATE_TYPE, { lists: null, explain: false }))
        for (const s of this.#holders[Number(m.source_uid)] ?? []) out.add(s);
    return [...out];
  }
}
