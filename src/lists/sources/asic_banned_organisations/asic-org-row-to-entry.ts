// One row of ASIC's Banned and Disqualified Organisations register to a ListEntry with the 9-field record.
import { createHash } from 'node:crypto';
import type { ListEntry } from '../../list-source.js';
import { asicDate, asicLayout, asicValue } from '../../formats/asic-register-values.js';
import { recordFacts } from '../../facts/record-facts.js';

/** Our key for each published column. */
export const ASIC_ORG_COLUMNS = {
  register_name: 'REGISTER_NAME',
  acn: 'BD_ORG_ACN',
  name: 'BD_ORG_NAME',
  type: 'BD_ORG_TYPE',
  url: 'BD_ORG_URL',
  start: 'BD_ORG_START_DT',
  end: 'BD_ORG_END_DT',
  comment: 'BD_ORG_COMMENT',
} as const;

/** A column key above. */
export type AsicOrgColumn = keyof typeof ASIC_ORG_COLUMNS;

const REQUIRED: readonly AsicOrgColumn[] = ['acn', 'name', 'type', 'start', 'end'];

/** Column positions of the organisations file; throws when a required column is missing. */
export function asicOrgLayout(header: readonly string[], file: string): ReadonlyMap<AsicOrgColumn, number> {
  return asicLayout(header, ASIC_ORG_COLUMNS, REQUIRED, file);
}

/** `123 456 789`, `123456789` → `123456789`; anything that is not 9 digits is kept as published. */
export function normaliseAcn(acn: string | null): string | null {
  if (acn === null) return null;
  const digits = acn.replace(/[\s-]/g, '');
  if (/^0+$/.test(digits)) return null;
  return /^\d{9}$/.test(digits) ? digits : acn;
}

/** Splits trading names published inside the name (`X PTY LTD T/A Y`, `ATF`, `TRADING AS`). */
export function splitOrgName(published: string): { name: string; aliases: string[] } {
  const parts = published
    .split(/\s+\b(?:T\/A|TRADING AS|ATF|AS TRUSTEE FOR|A\.?K\.?A\.?|FORMERLY(?: KNOWN AS)?)\b\s+/i)
    .map((p) => p.replace(/^[\s(]+|[\s)]+$/g, '').trim())
    .filter((p) => p !== '');
  if (parts.length <= 1) return { name: published, aliases: [] };
  return { name: parts[0]!, aliases: [...new Set(parts.slice(1))].filter((a) => a !== parts[0]) };
}

export function asicOrgRowToEntry(
  row: readonly string[],
  layout: ReadonlyMap<AsicOrgColumn, number>,
  where: string,
): ListEntry {
  const v = (c: AsicOrgColumn) => {
    const i = layout.get(c);
    return i === undefined ? null : asicValue(row[i]);
  };
  const d = (c: AsicOrgColumn) => {
    const i = layout.get(c);
    return i === undefined ? null : asicDate(row[i]);
  };
  const published = v('name');
  if (published === null) throw new Error(`${where}: no BD_ORG_NAME`);
  const { name, aliases } = splitOrgName(published);
  const end = d('end');
  const record = {
    name,
    acn: normaliseAcn(v('acn')),
    ban_type: v('type'),
    ban_start: d('start'),
    ban_end: end,
    indefinite: end === null,
    published_name: published,
    comments: v('comment'),
    url: v('url'),
  };
  const basis = [published, record.acn, record.ban_type, record.ban_start, end, v('register_name')]
    .map((p) => (p ?? '').toUpperCase())
    .join('|');
  return {
    list: 'asic_banned_organisations',
    sourceUid: createHash('sha256').update(basis).digest('hex').slice(0, 16),
    name,
    aliases,
    kind: 'entity',
    record,
  };
}

/** The facts of an ASIC banned organisation: Australian companies (ASIC's own register). */
export const asicOrgFacts = recordFacts({ listingCountry: 'AU' });
