// Screens monitored subjects against the loaded lists with the same name index, scores and thresholds as
// POST /api/v2/search, and stores their matches as alerts.
import type { Subject } from '../../domain/monitoring.js';
import type { Match } from '../../domain/screening.js';
import type { BasisSink } from '../../domain/usage.js';
import { basisOf } from '../usage/screening-basis.js';
import { entryKeyString, type MonitorStore } from '../../store/monitor-store.js';
import type { ListState } from '../list-state.js';
import { AlertWriteSet } from './alert-reconcile.js';

/** Subjects screened per turn of the event loop, so API calls are not held up by a large import. */
const SLICE = 25;

/** What subject screening reads and writes. */
export type SubjectScreeningStore = Pick<
  MonitorStore,
  'alertsForSubjects' | 'currentRecordHashes' | 'writeAlerts'
>;

/** Screens the subjects and writes their alerts; returns how many alerts were opened or reopened. */
export async function screenSubjects(
  store: SubjectScreeningStore,
  lists: ListState,
  subjects: readonly Subject[],
  /** Told the list versions and engine the subjects were screened on (one index for the whole call). */
  sink?: BasisSink,
): Promise<number> {
  if (subjects.length === 0) return 0;
  // One index for every subject of the call, so the versions its usage record names are the ones asked.
  const searcher = lists.requireSearcher('v2');
  const refs = lists.searcherLists;
  const found: { subject: Subject; matches: Match[] }[] = [];
  for (let i = 0; i < subjects.length; i += SLICE) {
    if (i > 0) await new Promise<void>((r) => setImmediate(r));
    for (const subject of subjects.slice(i, i + SLICE))
      found.push({
        subject,
        matches: searcher.search(subject.name, subject.searchType, {
          lists: null,
          explain: true,
          qualifiers: subject.qualifiers,
        }),
      });
  }
  if (sink) sink.basis = basisOf(refs);
  const keys = found.flatMap((f) => f.matches.map((m) => ({ list: m.list, sourceUid: m.source_uid })));
  const hashes = await store.currentRecordHashes(keys);
  const set = new AlertWriteSet(
    await store.alertsForSubjects(subjects.map((s) => s.id)),
    new Date().toISOString(),
  );
  for (const { subject, matches } of found)
    for (const match of matches)
      set.hit({
        subject,
        match,
        recordHash: hashes.get(entryKeyString({ list: match.list, sourceUid: match.source_uid })) ?? null,
      });
  await store.writeAlerts(set.writes);
  return set.decisions.length;
}
