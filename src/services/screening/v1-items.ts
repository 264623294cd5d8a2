// The deprecated v1 result shape: one item per matched name with the lists holding it.
import type { Match } from '../../domain/screening.js';

/** A v1 result item, unchanged from the legacy interface. */
export interface V1Item {
  readonly search_result: { match_type: string; name: string; source_lists: string[] };
}

/** Groups matches by listed name (best first) and names the lists that hold it. */
export function toV1Items(matches: readonly Match[]): V1Item[] {
  const byName = new Map<string, { best: number; lists: string[] }>();
  for (const m of matches) {
    const entry = byName.get(m.name) ?? { best: 0, lists: [] };
    entry.best = Math.max(entry.best, m.match_score);
    if (!entry.lists.includes(m.list)) entry.lists.push(m.list);
    byName.set(m.name, entry);
  }
  return [...byName.entries()].map(([name, e]) => ({
    search_result: { match_type: e.best >= 100 ? 'exact' : 'partial', name, source_lists: e.lists },
  }));
}
