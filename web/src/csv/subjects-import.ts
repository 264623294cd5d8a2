// Sends imported customers to POST /api/v2/subjects in calls of at most 10,000 (the API's limit) and at most about
// 4 MB of JSON (under the 5 MB body limit, whatever the names' lengths), reporting progress after each call.
// The API refuses a whole call for one bad subject ("subjects item 3.name …"): that row is set aside with the
// API's message and the rest of the call is sent again. Anything else (lists still loading, the session ended)
// stops the import where it is, saying how far it got.
import { ApiError } from '../api/api-error.ts';
import type { SubjectInput } from '../api/api-types.ts';
import type { RowProblem, SubjectRow } from './subjects-csv.ts';

export const MAX_SUBJECTS_PER_CALL = 10_000;
export const MAX_CALL_CHARS = 4_000_000;

/** The rows cut into calls the API accepts: at most `maxRows` each and about `maxChars` of JSON. */
export function chunkSubjects(
  rows: readonly SubjectRow[],
  maxRows = MAX_SUBJECTS_PER_CALL,
  maxChars = MAX_CALL_CHARS,
): SubjectRow[][] {
  const chunks: SubjectRow[][] = [];
  let current: SubjectRow[] = [];
  let chars = 0;
  for (const r of rows) {
    const size = JSON.stringify(r.subject).length + 1;
    if (current.length > 0 && (current.length >= maxRows || chars + size > maxChars)) {
      chunks.push(current);
      current = [];
      chars = 0;
    }
    current.push(r);
    chars += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

export interface ImportProgress {
  /** Rows the API has stored (and screened). */
  readonly imported: number;
  /** Rows the API refused, so far. */
  readonly refused: number;
  readonly total: number;
}

export interface ImportOutcome extends ImportProgress {
  readonly problems: RowProblem[];
  /** What stopped the import before the end (rows after `imported + refused` were not sent), or null. */
  readonly stoppedBy: unknown;
}

/** The 1-based item the API's 400 message names ("subjects item 3.name must not be blank"), or null. */
export function refusedItem(err: unknown): { item: number; problem: string } | null {
  if (!(err instanceof ApiError) || err.status !== 400) return null;
  const m = /subjects item (\d+)[.:]?\s*(.*)$/s.exec(err.message);
  return m ? { item: Number(m[1]), problem: m[2]!.trim() || err.message } : null;
}

/** Sends every row through `send` (one POST each), chunked; never throws, the outcome says what happened. */
export async function importSubjects(
  rows: readonly SubjectRow[],
  send: (subjects: SubjectInput[]) => Promise<unknown>,
  onProgress: (p: ImportProgress) => void,
  limits: { maxRows?: number; maxChars?: number } = {},
): Promise<ImportOutcome> {
  const total = rows.length;
  const problems: RowProblem[] = [];
  let imported = 0;
  for (const chunk of chunkSubjects(rows, limits.maxRows, limits.maxChars)) {
    let pending = chunk;
    while (pending.length > 0) {
      try {
        await send(pending.map((r) => r.subject));
        imported += pending.length;
        pending = [];
      } catch (err) {
        const refused = refusedItem(err);
        const bad = refused ? pending[refused.item - 1] : undefined;
        if (!refused || !bad) return { imported, refused: problems.length, total, problems, stoppedBy: err };
        problems.push({ row: bad.row, name: bad.subject.name, problem: refused.problem });
        pending = pending.filter((r) => r !== bad);
      }
    }
    onProgress({ imported, refused: problems.length, total });
  }
  return { imported, refused: problems.length, total, problems, stoppedBy: null };
}
