// The history export: every record matching the filters, paged through GET /api/v2/usage up to a ceiling (past
// it the CLI or the API itself is the better tool), in CSV columns named after the record's own fields.
import type { UsagePage, UsageRecord } from '../api/api-types.ts';

const RECORD_COLUMNS = [
  'id',
  'created_at',
  'endpoint',
  'method',
  'search_type',
  'status',
  'duration_ms',
  'api_key_id',
  'request_id',
] as const satisfies readonly (keyof UsageRecord)[];

const BODY_COLUMNS = [
  'additional_call_info',
  'request',
  'response',
] as const satisfies readonly (keyof UsageRecord)[];

/** The record's own fields, with its outcome and subject flattened beside them and the bodies last. */
export const HISTORY_CSV_HEADER = [
  ...RECORD_COLUMNS,
  'outcome',
  'outcome_count',
  'subject',
  'subject_count',
  ...BODY_COLUMNS,
] as const;

export function historyCsvRows(records: readonly UsageRecord[]): unknown[][] {
  return records.map((r) => [
    ...RECORD_COLUMNS.map((field) => r[field]),
    r.outcome?.kind ?? '',
    r.outcome?.count ?? '',
    r.subject?.text ?? '',
    r.subject?.count ?? '',
    ...BODY_COLUMNS.map((field) => r[field]),
  ]);
}

/** What an export collected; `truncated` when older matching records were left out at the ceiling. */
export interface CollectedUsage {
  readonly records: readonly UsageRecord[];
  readonly truncated: boolean;
}

/** Follows the cursor from the newest record until none is left or `max` records are in hand. */
export async function collectUsage(
  fetchPage: (before: string | undefined) => Promise<UsagePage>,
  max: number,
  onProgress: (collected: number) => void,
): Promise<CollectedUsage> {
  const records: UsageRecord[] = [];
  let before: string | undefined;
  do {
    onProgress(records.length);
    const page = await fetchPage(before);
    records.push(...page.records);
    before = page.next_cursor ?? undefined;
  } while (before && records.length < max);
  return { records, truncated: before !== undefined };
}

/** The line shown once the file is saved. */
export function exportSummary({ records, truncated }: CollectedUsage, max: number): string {
  return truncated
    ? `Exported the newest ${records.length} records (the export stops at ${max}).`
    : `Exported ${records.length} records.`;
}
