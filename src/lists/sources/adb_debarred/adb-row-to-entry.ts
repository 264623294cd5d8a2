// One row of ADB's published sanctions list (`data[].attributes`) → a ListEntry with the 12-field record.
import { createHash } from 'node:crypto';
import type { EntryKind, ListEntry } from '../../list-source.js';
import { clean, cleanBlock } from '../../formats/text.js';
import { splitDebarmentName } from '../../formats/debarment-names.js';
import { recordFacts } from '../../facts/record-facts.js';

export const ADB_SLUG = 'adb_debarred';

/** The record of one sanctioned party (12 keys; the spec's leading four first). */
export interface AdbRecord {
  name: string;
  entity_type: string | null;
  other_name: string | null;
  address: string | null;
  nationality: string | null;
  sanction_type: string | null;
  grounds: string | null;
  effective_date: string | null;
  lapse_date: string | null;
  aliases: string[];
  published_name: string;
  other_attributes: Record<string, unknown> | null;
}

const MAPPED = new Set([
  'name',
  'otherName',
  'entityType',
  'address',
  'nationality',
  'sanctionType',
  'grounds',
  'effectiveDateOfSanction',
  'lapseDateOfSanction',
]);

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** `05/Jan/2024` (also `5/Sept/2024`, `05-Jan-2024`) → `2024-01-05`; other text is kept as published. */
export function adbDate(v: unknown): string | null {
  const t = typeof v === 'string' ? clean(v) : null;
  if (t === null) return null;
  const m = /^(\d{1,2})[/\- ]([A-Za-z]{3,9})\.?[/\- ](\d{4})$/.exec(t);
  const month = m ? MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase()) : -1;
  if (!m || month < 0) return t;
  return `${m[3]}-${String(month + 1).padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
}

const COMPANY =
  /\b(?:ltd|limited|llc|inc|corp|corporation|company|plc|gmbh|sa|srl|pvt|pte|bhd|jsc|ojsc|llp|group|enterprises?|construction|consult\w*|engineering|trading|holdings?|services|industries|international|associates|partners|joint venture|jv|consortium|pt|tbk|ltda|sarl|sas)\b|\b(?:co|s\.a|l\.l\.c|s\.r\.l)\./i;

/** From entityType (unreliable: ADB types some firms as individuals), corrected by company words in the name. */
export function adbKind(entityType: string | null, name: string): EntryKind {
  if (COMPANY.test(name)) return 'entity';
  if (entityType && /individual|person|natural/i.test(entityType)) return 'person';
  if (entityType && /firm|entity|company|organi[sz]ation|corporat/i.test(entityType)) return 'entity';
  return 'unknown';
}

/** The publisher gives no id in the row: a stable hash of name, nationality and start date. */
export function adbUid(id: unknown, name: string, nationality: string | null, from: string | null): string {
  if ((typeof id === 'string' && id.trim()) || typeof id === 'number') return String(id).trim();
  return createHash('sha256')
    .update([name.toLowerCase(), nationality ?? '', from ?? ''].join('|'))
    .digest('hex')
    .slice(0, 16);
}

/** Builds the entry for one row (`attributes`, the row's `id` when it has one). */
export function adbRowToEntry(attributes: Record<string, unknown>, id: unknown, where: string): ListEntry {
  const text = (k: string) => (typeof attributes[k] === 'string' ? clean(attributes[k] as string) : null);
  const published = text('name');
  if (published === null) throw new Error(`${where}: a row has no name`);
  const split = splitDebarmentName(published);
  const otherName = text('otherName');
  const aliases = [...split.aliases];
  for (const o of otherName ? otherName.split(/\s*;\s*/) : []) {
    const s = splitDebarmentName(o.replace(/\\/g, ''));
    for (const a of [s.name, ...s.aliases])
      if (a && a !== split.name && !aliases.includes(a)) aliases.push(a);
  }
  const other: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(attributes)) if (!MAPPED.has(k) && v !== null && v !== '') other[k] = v;
  const entityType = text('entityType');
  const nationality = text('nationality');
  const effective = adbDate(attributes['effectiveDateOfSanction']);
  const record: AdbRecord = {
    name: split.name,
    entity_type: entityType,
    other_name: otherName,
    address: text('address'),
    nationality,
    sanction_type: text('sanctionType'),
    grounds: typeof attributes['grounds'] === 'string' ? cleanBlock(attributes['grounds']) : null,
    effective_date: effective,
    lapse_date: adbDate(attributes['lapseDateOfSanction']),
    aliases,
    published_name: published,
    other_attributes: Object.keys(other).length > 0 ? other : null,
  };
  return {
    list: ADB_SLUG,
    sourceUid: adbUid(id, published, nationality, effective),
    name: split.name,
    aliases,
    weakAliases: split.weak.filter((w) => aliases.includes(w)),
    kind: adbKind(entityType, published),
    record: record as unknown as Record<string, unknown>,
  };
}

/** The facts of an ADB record. */
export const adbFacts = recordFacts({ countries: ['nationality', 'address'] });
