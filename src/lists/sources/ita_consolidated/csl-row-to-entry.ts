// Maps one row of the trade.gov Consolidated Screening List CSV to a ListEntry with the 9-field record.
// Columns are found by header name: the header changed over the years (no `_id` column before 2020).
import { createHash } from 'node:crypto';
import type { EntryKind, ListEntry } from '../../list-source.js';
import { CSL_COLUMNS, type CslColumn, type CslLayout } from './read-csl-csv.js';
import type { EntryFacts } from '../../../domain/facts.js';
import { countryCode } from '../../facts/country-codes.js';
import { addUnique, recordFacts, valuesAt } from '../../facts/record-facts.js';

const MULTI = new Set<CslColumn>([
  'programs',
  'addresses',
  'alt_names',
  'citizenships',
  'dates_of_birth',
  'nationalities',
  'places_of_birth',
  'ids',
]);
const KINDS: Record<string, EntryKind> = {
  individual: 'person',
  entity: 'entity',
  vessel: 'vessel',
  aircraft: 'aircraft',
};

const one = (v: string | undefined): string | null => {
  const t = (v ?? '').replace(/\s+/g, ' ').trim();
  return t ? t : null;
};
const prose = (v: string | undefined): string | null => {
  const t = (v ?? '').replace(/\r\n?/g, '\n').trim();
  return t ? t : null;
};
const many = (v: string | undefined): string[] => {
  const out: string[] = [];
  for (const part of (v ?? '').split('; ')) {
    const t = one(part);
    if (t !== null && !out.includes(t)) out.push(t);
  }
  return out;
};

/** The list code inside the source name, e.g. "SDN" from "Specially Designated Nationals (SDN) - Treasury Department". */
export function sourceCode(source: string): string {
  const m = /\(([^()]+)\)[^()]*$/.exec(source);
  return (m?.[1] ?? source).trim();
}

/** The row's identity and content, before duplicate handling. */
export interface CslRowEntry {
  readonly entry: ListEntry;
  /** Digest of the row's cells, to tell an exact repeat from a different row with the same id. */
  readonly digest: string;
}

/**
 * Builds the entry for one data row. sourceUid is `<list code>:<_id>`: the `_id` alone is not unique,
 * because rows taken from OFAC carry the OFAC entity number as `_id` and one party can sit on two OFAC
 * lists (SSI and NS-MBS). Without `_id` (files before 2020), the entity_number is used, and without either
 * (BIS and State rows of those files) a digest of the row.
 */
export function cslRowToEntry(row: readonly string[], layout: CslLayout, where: string): CslRowEntry {
  if (row.length > layout.header.length && row.slice(layout.header.length).some((c) => c.trim() !== '')) {
    throw new Error(`${where}: ${row.length} cells for ${layout.header.length} header columns`);
  }
  if (row.length < layout.header.length) {
    throw new Error(
      `${where}: ${row.length} cells for ${layout.header.length} header columns (truncated row?)`,
    );
  }
  const cell = (c: CslColumn) => {
    const i = layout.columns.get(c);
    return i === undefined ? undefined : row[i];
  };
  const source = one(cell('source'));
  const name = one(cell('name'));
  if (!source) throw new Error(`${where}: no source`);
  if (!name) throw new Error(`${where}: no name`);
  const digest = createHash('sha256').update(row.join('\u0001')).digest('hex');
  const id = one(cell('_id')) ?? one(cell('entity_number')) ?? `row-${digest.slice(0, 16)}`;
  const type = one(cell('type'));

  const aliases = many(cell('alt_names')).filter((a) => a !== name);
  const details: Record<string, unknown> = { id: one(cell('_id')) };
  for (const c of CSL_COLUMNS) {
    if (
      [
        '_id',
        'source',
        'entity_number',
        'type',
        'programs',
        'name',
        'addresses',
        'remarks',
        'alt_names',
      ].includes(c)
    ) {
      continue;
    }
    details[c] = MULTI.has(c) ? many(cell(c)) : one(cell(c));
  }
  const other = layout.unknown
    .map((u) => ({ column: u.column, value: prose(row[u.index]) }))
    .filter((u) => u.value !== null);
  details['other_columns'] = other.length > 0 ? other : null;

  const record = {
    name,
    aliases,
    addresses: many(cell('addresses')),
    programs: many(cell('programs')),
    source,
    type,
    entity_number: one(cell('entity_number')),
    remarks: prose(cell('remarks')),
    details,
  };
  return {
    entry: {
      list: 'ita_consolidated',
      sourceUid: `${sourceCode(source)}:${id}`,
      name,
      aliases,
      kind: KINDS[type?.toLowerCase() ?? ''] ?? 'unknown',
      record,
    },
    digest,
  };
}

const cslPathFacts = recordFacts({
  birthDates: ['details.dates_of_birth'],
  countries: [
    'details.nationalities',
    'details.citizenships',
    'details.places_of_birth',
    'details.vessel_flag',
  ],
});

/**
 * The facts of a Consolidated Screening List record; each address ends with its country's alpha-2 code
 * ("605 TRAIL LAKE DRIVE, RICHARDSON, TX, 75081, US"), read from there only (a state such as "MA" is no country).
 */
export function cslFacts(record: Readonly<Record<string, unknown>>): EntryFacts {
  const facts = cslPathFacts(record);
  const countries = [...facts.countries];
  for (const address of valuesAt(record, 'addresses'))
    for (const one of address.split(';')) {
      const code = countryCode(one.split(',').at(-1) ?? '');
      if (code && /^\s*[A-Z]{2}\s*$/.test(one.split(',').at(-1) ?? '')) addUnique(countries, [code]);
    }
  return { birthDates: facts.birthDates, countries };
}
