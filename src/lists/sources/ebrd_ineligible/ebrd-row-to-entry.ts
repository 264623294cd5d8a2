// One EBRD listing → one ListEntry with the 13-field record (same shape from the JSON service and the CSV).
import { createHash } from 'node:crypto';
import type { EntryKind, ListEntry } from '../../list-source.js';
import { splitEbrdName } from './ebrd-names.js';
import type { EbrdRow } from './ebrd-rows.js';

export const EBRD_RECORD_KEYS = [
  'name',
  'subtitle',
  'entity_type',
  'address',
  'nationality',
  'ineligible_from',
  'ineligible_until',
  'until_status',
  'notice_effective_at_ebrd',
  'originating_institution',
  'prohibited_practice',
  'jurisdiction_of_judgement',
  'name_as_published',
] as const;

/** `2024-07-01T12:00:59Z` (CSV), `01-07-2024` (JSON, dd-mm-YYYY), `2024-07-01` → `2024-07-01`; else null. */
export function ebrdDate(value: string | null): string | null {
  if (!value) return null;
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(value);
  if (iso) return iso[1]!;
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(value);
  if (dmy) return `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  return null;
}

const COMPANY =
  /\b(llc|llp|ltd|limited|inc|corp|corporation|co|company|s\.?a|s\.?a\.?s|s\.?r\.?l|sarl|gmbh|jsc|ojsc|cjsc|pt|plc|pvt|group|enterprise|enterprises|construction|consult\w*|engineering|holdings?|bureau|firm|joint stock|b\.?v|a\.?s|ooo|oao|zao|tov|cv|ltda|s\.?l\.?u?|sociedad|consorcio|constru[ct]ora|systems|association|ad)\b/i;

/** Kind from the published type when there is one, else from the name (personal title / company form). */
function kindOf(entityType: string | null, titled: boolean, name: string): EntryKind {
  if (entityType) {
    if (/individual|person|natural/i.test(entityType)) return 'person';
    if (/entity|firm|company|organi[sz]ation|legal/i.test(entityType)) return 'entity';
  }
  if (titled) return 'person';
  return COMPANY.test(name) ? 'entity' : 'unknown';
}

/** A stable id (the publisher gives none): hash of name, address, nationality, from date and institution. */
export function ebrdUid(row: EbrdRow): string {
  const basis = [
    row.title,
    row.address.join(' '),
    row.nationality,
    ebrdDate(row.from),
    row.originatingInstitution,
  ]
    .map((v) => (v ?? '').replace(/\s+/g, ' ').trim().toLowerCase())
    .join('\u0001');
  return createHash('sha256').update(basis).digest('hex').slice(0, 16);
}

export function ebrdRowToEntry(row: EbrdRow, sourceUid: string): ListEntry {
  const split = splitEbrdName(row.title);
  const until = ebrdDate(row.until);
  const record = {
    name: split.name,
    subtitle: row.subtitle,
    entity_type: row.entityType,
    address: row.address,
    nationality: row.nationality,
    ineligible_from: ebrdDate(row.from),
    ineligible_until: until,
    until_status: until === null ? row.until : null,
    notice_effective_at_ebrd: ebrdDate(row.noticeEffective),
    originating_institution: row.originatingInstitution,
    prohibited_practice: row.prohibitedPractice,
    jurisdiction_of_judgement: row.jurisdiction,
    name_as_published: row.title,
  };
  return {
    list: 'ebrd_ineligible',
    sourceUid,
    name: split.name,
    aliases: split.others.map((o) => o.name).filter((a) => a !== split.name),
    kind: kindOf(row.entityType, split.titled, split.name),
    record,
  };
}

/** Entries with unique sourceUids (a repeated hash gets `#2`, `#3`...). */
export function ebrdEntries(rows: readonly EbrdRow[]): ListEntry[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const base = ebrdUid(row);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return ebrdRowToEntry(row, n === 1 ? base : `${base}#${n}`);
  });
}
