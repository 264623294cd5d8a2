// When a new list version is held for review instead of served: real delistings are a handful per publication,
// so a version that removes more entries than the rule allows is more likely a cut or damaged file.
import type { DeltaCounts } from '../lists/list-delta.js';

/** Removals allowed without review: max(minRemoved, removedFraction × the serving version's count). */
export interface HoldRule {
  readonly minRemoved: number;
  readonly removedFraction: number;
}

/** The most entries a version may remove and still be served at once. */
export function allowedRemovals(previousCount: number, rule: HoldRule): number {
  return Math.max(rule.minRemoved, Math.floor(previousCount * rule.removedFraction));
}

/** Why the version must be held, or null when it may be served. */
export function holdReason(delta: DeltaCounts, previousCount: number, rule: HoldRule): string | null {
  const allowed = allowedRemovals(previousCount, rule);
  if (delta.removed <= allowed) return null;
  return (
    `removes ${delta.removed} of ${previousCount} entries (more than the ${allowed} allowed without review); ` +
    `${delta.added} added, ${delta.changed} changed`
  );
}
