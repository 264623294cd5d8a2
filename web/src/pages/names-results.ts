// Groups bulk-search rows by name (the spec's rule: a consumer groups rows by search_term). Names can repeat in
// a request and each is screened again, so groups follow the summary rows, not a map keyed by name.
import type { BulkMatchRow, BulkRow } from '../api/api-types.ts';
import type { PreparedNames } from '../csv/names-to-request.ts';
import type { QualifierFields } from './qualifier-fields.ts';

export interface NameGroup {
  readonly index: number;
  readonly searchTerm: string;
  readonly totalMatches: number;
  /** Why the name was not screened ("no letters or digits to screen"); null when it was. Never a clear. */
  readonly error: string | null;
  readonly matches: BulkMatchRow[];
}

/** What became of a screened name: matches, clear, or not screened at all. */
export type NameStatus = 'hit' | 'clear' | 'not-screened';

export const nameStatus = (g: NameGroup): NameStatus =>
  g.error !== null ? 'not-screened' : g.totalMatches > 0 ? 'hit' : 'clear';

/** How many names of the screening came to each status. */
export function countStatuses(groups: readonly NameGroup[]): Record<NameStatus, number> {
  const counts: Record<NameStatus, number> = { hit: 0, clear: 0, 'not-screened': 0 };
  for (const g of groups) counts[nameStatus(g)]++;
  return counts;
}

/** An uploaded CSV whose rows carried qualifiers: its name and how many names were sent with their own. */
export interface FileQualifiers {
  readonly fileName: string;
  readonly names: number;
}

/** A names screening as the page shows it: the groups, and what the call and the form said about them. */
export interface NamesResult {
  readonly groups: readonly NameGroup[];
  readonly usageId: string;
  /** The search type the API applied. */
  readonly type: string;
  /** Names sent reordered because they held a comma. */
  readonly rewritten: PreparedNames['rewritten'];
  /** The qualifiers sent with every name; null when the screening was by name only. */
  readonly qualifiers?: QualifierFields | null;
  /** Names screened with their own qualifiers from an uploaded CSV; null or absent when none was. */
  readonly fileQualifiers?: FileQualifiers | null;
  /** Whether explanations were asked for (each match then names its qualifier checks). */
  readonly explained?: boolean;
}

export function groupRows(rows: readonly BulkRow[]): NameGroup[] {
  const groups: NameGroup[] = [];
  let current: NameGroup | null = null;
  for (const row of rows) {
    if (row.row_type === 'summary') {
      current = {
        index: groups.length,
        searchTerm: row.search_term,
        totalMatches: row.total_matches ?? 0,
        error: row.error ?? null,
        matches: [],
      };
      groups.push(current);
    } else if (current && row.search_term === current.searchTerm) current.matches.push(row);
  }
  return groups;
}

export const NAMES_CSV_HEADER = [
  'search_term',
  'total_matches',
  'id',
  'name',
  'list',
  'source_uid',
  'match_score',
  'error',
] as const;

/**
 * The CLI's `bulk` columns, then `error`: one row per match, one row with 0 for a name without any, whose
 * `error` says when it was not screened (so a 0 there is never read as clear).
 */
export function namesCsvRows(groups: readonly NameGroup[]): unknown[][] {
  return groups.flatMap((g) =>
    g.matches.length === 0
      ? [[g.searchTerm, 0, '', '', '', '', '', g.error ?? '']]
      : g.matches.map((m) => [
          g.searchTerm,
          g.totalMatches,
          m.id,
          m.name,
          m.list,
          m.source_uid,
          m.match_score,
          '',
        ]),
  );
}
