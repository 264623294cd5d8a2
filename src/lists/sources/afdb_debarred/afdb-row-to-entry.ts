// One row of AfDB's debarment table → a ListEntry with the 9-field record.
import { createHash } from 'node:crypto';
import type { EntryKind, ListEntry } from '../../list-source.js';
import { splitDebarmentName } from '../../formats/debarment-names.js';
import type { AfdbRow } from './read-afdb-table.js';
import { recordFacts } from '../../facts/record-facts.js';

export const AFDB_SLUG = 'afdb_debarred';

/** The record of one debarred party (9 keys; the spec's leading four first). */
export interface AfdbRecord {
  name: string;
  entity_type: string | null;
  nationality: string | null;
  debar_from: string | null;
  debar_to: string | null;
  basis: string | null;
  notes: string | null;
  aliases: string[];
  published_name: string;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** `17-Jul-2019`, `8-Nov-2021`, `18-Sept-2024` → `YYYY-MM-DD`; other text kept as published. */
export function afdbDate(v: string | null): string | null {
  if (v === null) return null;
  const m = /^(\d{1,2})[-/ ]([A-Za-z]{3,9})\.?[-/ ](\d{4})$/.exec(v);
  const month = m ? MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase()) : -1;
  if (!m || month < 0) return v;
  return `${m[3]}-${String(month + 1).padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
}

/** INDIVIDUAL → person, FIRM → entity, anything else unknown. */
export function afdbKind(type: string | null): EntryKind {
  if (type && /individual|person/i.test(type)) return 'person';
  if (type && /firm|entity|company/i.test(type)) return 'entity';
  return 'unknown';
}

/** The table has no id column: a stable hash of name, nationality and start date (`#n` added for repeats). */
export function afdbUid(name: string, nationality: string | null, from: string | null): string {
  return createHash('sha256')
    .update([name.toLowerCase(), nationality ?? '', from ?? ''].join('|'))
    .digest('hex')
    .slice(0, 16);
}

export function afdbRowToEntry(row: AfdbRow, where: string): ListEntry {
  const published = row.name;
  if (published === null) throw new Error(`${where}: table row ${row.rowNumber} has no name`);
  const split = splitDebarmentName(published);
  const from = afdbDate(row.from);
  const record: AfdbRecord = {
    name: split.name,
    entity_type: row.type,
    nationality: row.nationality,
    debar_from: from,
    debar_to: afdbDate(row.to),
    basis: row.basis,
    notes: row.notes,
    aliases: split.aliases,
    published_name: published,
  };
  return {
    list: AFDB_SLUG,
    sourceUid: afdbUid(published, row.nationality, from),
    name: split.name,
    aliases: split.aliases,
    weakAliases: split.weak,
    kind: afdbKind(row.type),
    record: record as unknown as Record<string, unknown>,
  };
}

/** The facts of an AfDB record. */
export const afdbFacts = recordFacts({ countries: ['nationality'] });
