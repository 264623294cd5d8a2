// One row of ASIC's Banned and Disqualified Persons register to a ListEntry with the 12-field record.
import { createHash } from 'node:crypto';
import type { ListEntry } from '../../list-source.js';
import { asicDate, asicLayout, asicValue } from '../../formats/asic-register-values.js';
import { recordFacts } from '../../facts/record-facts.js';

/** Our key for each published column. */
export const ASIC_PERSON_COLUMNS = {
  register_name: 'REGISTER_NAME',
  name: 'BD_PER_NAME',
  type: 'BD_PER_TYPE',
  doc_num: 'BD_PER_DOC_NUM',
  start: 'BD_PER_START_DT',
  end: 'BD_PER_END_DT',
  locality: 'BD_PER_ADD_LOCAL',
  state: 'BD_PER_ADD_STATE',
  postcode: 'BD_PER_ADD_PCODE',
  country: 'BD_PER_ADD_COUNTRY',
  comments: 'BD_PER_COMMENTS',
} as const;

/** A column key above. */
export type AsicPersonColumn = keyof typeof ASIC_PERSON_COLUMNS;

const REQUIRED: readonly AsicPersonColumn[] = ['name', 'type', 'doc_num', 'start', 'end'];

/** Column positions of the persons file; throws when a required column is missing. */
export function asicPersonLayout(
  header: readonly string[],
  file: string,
): ReadonlyMap<AsicPersonColumn, number> {
  return asicLayout(header, ASIC_PERSON_COLUMNS, REQUIRED, file);
}

/** `SURNAME, Given Names` → family and given names; a name without a comma is all family name. */
export function splitAsicPersonName(published: string): { family: string; given: string | null } {
  const i = published.indexOf(',');
  if (i < 0) return { family: published.trim(), given: null };
  const family = published.slice(0, i).trim();
  const given = published.slice(i + 1).trim();
  return { family, given: given || null };
}

/** A stable id: ASIC publishes none, so a hash of who, which ban (type, document) and when. */
function uid(parts: ReadonlyArray<string | null>): string {
  return createHash('sha256')
    .update(parts.map((p) => (p ?? '').toUpperCase()).join('|'))
    .digest('hex')
    .slice(0, 16);
}

export function asicPersonRowToEntry(
  row: readonly string[],
  layout: ReadonlyMap<AsicPersonColumn, number>,
  where: string,
): ListEntry {
  const v = (c: AsicPersonColumn) => {
    const i = layout.get(c);
    return i === undefined ? null : asicValue(row[i]);
  };
  const d = (c: AsicPersonColumn) => {
    const i = layout.get(c);
    return i === undefined ? null : asicDate(row[i]);
  };
  const published = v('name');
  if (published === null) throw new Error(`${where}: no BD_PER_NAME`);
  const { family, given } = splitAsicPersonName(published);
  const name = given ? `${given} ${family}` : family;
  const end = d('end');
  const record = {
    name,
    ban_type: v('type'),
    document_number: v('doc_num'),
    ban_start: d('start'),
    ban_end: end,
    indefinite: end === null,
    family_name: family || null,
    given_names: given,
    published_name: published,
    address: {
      locality: v('locality'),
      state: v('state'),
      postcode: v('postcode'),
      country: v('country'),
    },
    comments: v('comments'),
    register_name: v('register_name'),
  };
  return {
    list: 'asic_banned_persons',
    sourceUid: uid([published, record.ban_type, record.document_number, record.ban_start, end]),
    name,
    aliases: [],
    kind: 'person',
    record,
  };
}

/** The facts of an ASIC banned person: the address country, else Australia (ASIC's own register). */
export const asicPersonFacts = recordFacts({ countries: ['address.country'], listingCountry: 'AU' });
