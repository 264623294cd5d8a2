// One World Bank row → one ListEntry with the 14-field record (same shape from the API and the XLSX export).
import { createHash } from 'node:crypto';
import type { ListEntry } from '../../list-source.js';
import { additionalInfoNames, splitWorldbankName, type OtherName } from './worldbank-names.js';
import type { WorldbankRow } from './worldbank-rows.js';

/** The World Bank's "no end date" (permanent debarment). */
export const PERMANENT_TO_DATE = '2999-12-31';

/** Record keys, in order (the spec's leading fields first). */
export const WORLDBANK_RECORD_KEYS = [
  'name',
  'supp_id',
  'supplier_type',
  'country',
  'address',
  'city',
  'additional_info',
  'footnotes',
  'debar_from',
  'debar_to',
  'permanent',
  'grounds',
  'other_names',
  'name_as_published',
] as const;

/** A stable id for a row without SUPP_ID (the XLSX export): a hash of what identifies the listing. */
export function worldbankRowUid(row: WorldbankRow): string {
  const basis = [row.name, row.additionalInfo, row.address, row.country, row.from, row.grounds]
    .map((v) => v ?? '')
    .join('\u0001');
  return `x${createHash('sha256').update(basis).digest('hex').slice(0, 16)}`;
}

/** Builds the entry; `sourceUid` is assigned by the caller (duplicates get `#2`, `#3`). */
export function worldbankRowToEntry(row: WorldbankRow, sourceUid: string): ListEntry {
  const split = splitWorldbankName(row.name);
  const info = row.additionalInfo ? additionalInfoNames(row.additionalInfo) : { others: [], footnotes: [] };
  const others: OtherName[] = [];
  for (const o of [...split.others, ...info.others]) {
    if (o.name !== split.name && !others.some((x) => x.name === o.name)) others.push(o);
  }
  const footnotes = [...split.footnotes, ...info.footnotes.filter((f) => !split.footnotes.includes(f))];
  const supplierType = split.titled ? 'Individual' : 'Firm';
  const permanent = row.to === PERMANENT_TO_DATE;
  const record = {
    name: split.name,
    supp_id: row.suppId,
    supplier_type: supplierType,
    country: row.country,
    address: row.address,
    city: row.city,
    additional_info: row.additionalInfo,
    footnotes,
    debar_from: row.from,
    debar_to: permanent ? null : row.to,
    permanent,
    grounds: row.grounds,
    other_names: others,
    name_as_published: row.name,
  };
  return {
    list: 'worldbank_debarred',
    sourceUid,
    name: split.name,
    aliases: others.map((o) => o.name),
    kind: supplierType === 'Individual' ? 'person' : 'entity',
    record,
  };
}

/** Entries for all rows, with unique sourceUids (SUPP_ID, else a hash; a repeat gets `#2`, `#3`...). */
export function worldbankEntries(rows: readonly WorldbankRow[]): ListEntry[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const base = row.suppId ?? worldbankRowUid(row);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return worldbankRowToEntry(row, n === 1 ? base : `${base}#${n}`);
  });
}
