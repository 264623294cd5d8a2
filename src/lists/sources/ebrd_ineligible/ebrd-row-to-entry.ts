// One EBRD listing → one ListEntry with the 13-field record (same shape from the JSON service and the CSV).
import { createHash } from 'node:crypto';
import type { EntryKind, ListEntry } from '../../list-source.js';
import type { EbrdRow } from './read-ebrd-rows.js';
import { recordFacts } from '../../facts/record-facts.js';

// EBRD names carry other names and qualifications inline: `Gesaworld S.A. also known as Gesaworld Group S.A.`,
// `Development and Relief Corporation International B.V. (also known as DRC International b.v.; also d.b.a. DRC
// Medical)`, `Laxminarayan Mallick, also doing business under Laxmi Narayan Construction or Laxminarayan
// Construction`, `Mr. Farkhad … Amraev and any entity controlled directly or indirectly by …`.
const MARKERS: ReadonlyArray<[string, 'a.k.a.' | 'f.k.a.' | 'd.b.a.']> = [
  ['may also be doing business as', 'd.b.a.'],
  ['also doing business under', 'd.b.a.'],
  ['also doing business as', 'd.b.a.'],
  ['doing business as', 'd.b.a.'],
  ['also d\\.b\\.a\\.?', 'd.b.a.'],
  ['d/b/a', 'd.b.a.'],
  ['also known as', 'a.k.a.'],
  ['a\\.k\\.a\\.?', 'a.k.a.'],
  ['formerly operating as:?', 'f.k.a.'],
  ['formerly known as', 'f.k.a.'],
  ['previously known as', 'f.k.a.'],
  ['f/k/a', 'f.k.a.'],
  ['formerly', 'f.k.a.'],
];
const MARKER = new RegExp(`[\\s,;(]*\\b(${MARKERS.map(([m]) => m).join('|')})(?=[\\s:]|$)\\s*:?\\s*`, 'i');
const relationOf = (m: string) =>
  MARKERS.find(([re]) => new RegExp(`^${re}$`, 'i').test(m.trim()))?.[1] ?? 'a.k.a.';

/** Personal titles before individuals' names (`Mr. Bamidele Obiniyi`, `Mr Bamidele`, `Ms. Lloly`). */
export const TITLE = /^(?:mr|mrs|ms|miss|dr)\.?\s+/i;
/** A scope qualification after a name: `… and any entity controlled directly or indirectly by …`. */
const QUALIFICATION = /\s+and any (?:entity|entities|company|companies)\b.*$/is;

const count = (s: string, ch: string) => s.split(ch).length - 1;

/** Collapses spaces, drops a title, trailing separators and brackets left unbalanced by a split. */
export function tidyEbrdName(s: string): string {
  let t = s.replace(/\s+/g, ' ').replace(/^[\s,;]+|[\s,;]+$/g, '');
  for (;;) {
    const o = count(t, '(');
    const c = count(t, ')');
    if (o > c && t.endsWith('(')) t = t.slice(0, -1);
    else if (o > c && t.startsWith('(')) t = t.slice(1);
    else if (c > o && t.endsWith(')')) t = t.slice(0, -1);
    else break;
    t = t.replace(/^[\s,;]+|[\s,;]+$/g, '');
  }
  return t.replace(TITLE, '');
}

/** A name, its other names (with how they were introduced) and whether it had a personal title. */
export interface EbrdName {
  readonly name: string;
  readonly others: ReadonlyArray<{ name: string; relation: 'a.k.a.' | 'f.k.a.' | 'd.b.a.' }>;
  readonly titled: boolean;
}

export function splitEbrdName(raw: string): EbrdName {
  const text = raw.replace(/\s+/g, ' ').trim().replace(QUALIFICATION, '');
  const first = MARKER.exec(text);
  const head = first ? text.slice(0, first.index) : text;
  const others: Array<{ name: string; relation: 'a.k.a.' | 'f.k.a.' | 'd.b.a.' }> = [];
  if (first) {
    let relation = relationOf(first[1]!);
    let rest = text.slice(first.index + first[0].length);
    for (;;) {
      const m = MARKER.exec(rest);
      const part = m ? rest.slice(0, m.index) : rest;
      // "under A or B": alternatives of one d.b.a.
      for (const alt of relation === 'd.b.a.' ? part.split(/\s+or\s+/) : [part]) {
        const name = tidyEbrdName(alt);
        if (name && !others.some((o) => o.name === name)) others.push({ name, relation });
      }
      if (!m) break;
      relation = relationOf(m[1]!);
      rest = rest.slice(m.index + m[0].length);
    }
  }
  return { name: tidyEbrdName(head) || tidyEbrdName(text), others, titled: TITLE.test(text) };
}

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

/** The facts of an EBRD record. */
export const ebrdFacts = recordFacts({ countries: ['nationality', 'address'] });
