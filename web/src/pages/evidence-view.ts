// What the evidence page says about a record's basis and chain position, as plain words (kept apart for tests).
import type { ListVersionRef, UsageEvidence } from '../api/api-types.ts';

/** The id asked for in `?id=`, or null when missing or not a usage record id. */
export function evidenceId(search: string): string | null {
  const id = new URLSearchParams(search).get('id');
  return id && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id : null;
}

/** One list version as a table row: slug, version id and the publisher's data date (or "not stated"). */
export function versionRow(v: ListVersionRef): { list: string; version: string; dataDate: string } {
  return { list: v.slug, version: v.version_id, dataDate: v.data_date ?? 'not stated' };
}

/** What the record says it ran against, in one sentence. */
export function basisWords(record: UsageEvidence['record']): string {
  if (record.list_versions === null || record.engine_version === null)
    return 'This call did not screen against lists (or was recorded before list versions were kept).';
  if (record.list_versions.length === 0)
    return `Screened news, not lists, with matching engine ${record.engine_version}.`;
  const n = record.list_versions.length;
  return `Screened against ${n} list version${n === 1 ? '' : 's'} with matching engine ${record.engine_version}.`;
}

/** The chain position in words: the batch, and whether it still matches its hash. */
export function chainWords(chain: UsageEvidence['chain']): { text: string; tone: 'ok' | 'bad' } {
  if (chain === null) return { text: 'No batch of the usage chain holds this record.', tone: 'bad' };
  return chain.batch_intact
    ? { text: `Batch ${chain.seq} of the usage chain; its records match its hash.`, tone: 'ok' }
    : {
        text: `Batch ${chain.seq} of the usage chain does NOT match its hash: a record was altered.`,
        tone: 'bad',
      };
}
