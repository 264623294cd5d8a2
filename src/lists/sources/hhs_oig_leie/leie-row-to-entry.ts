// One LEIE row to a ListEntry with the 22-field record. A row is a person when it has a last or first name,
// a business otherwise (businesses leave the name columns empty and fill BUSNAME). The file has no
// identifier, so the sourceUid is a hash of the fields that tell exclusions apart (see leieUidBasis).
import { createHash } from 'node:crypto';
import type { ListEntry } from '../../list-source.js';
import { exclusionDescription, exclusionMandatory } from './exclusion-types.js';
import { leieDate, leieValue, type LeieColumn, type LeieLayout } from './leie-columns.js';

/** Splits `ACME PHARMACY INC DBA CITY DRUGS` (also D/B/A, AKA, FKA) into the name and its other names. */
export function splitBusinessName(busname: string): { name: string; aliases: string[] } {
  const parts = busname
    .split(/\s*[,;]?\s+\b(?:D\/B\/A|DBA|A\/K\/A|AKA|F\/K\/A|FKA)\b[:.]?\s+/i)
    .map((p) => p.replace(/^[,;\s]+|[,;\s]+$/g, ''))
    .filter((p) => p !== '');
  if (parts.length === 0) return { name: busname, aliases: [] };
  return { name: parts[0]!, aliases: [...new Set(parts.slice(1))].filter((a) => a !== parts[0]) };
}

/** The fields whose hash is the sourceUid: who, born when, which NPI, excluded when, where, under what. */
export function leieUidBasis(record: Readonly<Record<string, unknown>>): string {
  return [
    'last_name',
    'first_name',
    'middle_name',
    'business_name',
    'dob',
    'npi',
    'exclusion_date',
    'exclusion_type',
    'address',
    'city',
    'state',
    'zip',
  ]
    .map((k) => String(record[k] ?? '').toUpperCase())
    .join('|');
}

/** A stable 16-hex-digit id from the basis above. */
export function leieUid(record: Readonly<Record<string, unknown>>): string {
  return createHash('sha256').update(leieUidBasis(record)).digest('hex').slice(0, 16);
}

/** Builds the entry; throws (naming the line) when a row has neither a person's name nor a business name. */
export function leieRowToEntry(row: readonly string[], layout: LeieLayout, where: string): ListEntry {
  const v = (c: LeieColumn) => leieValue(row[layout.get(c)!]);
  const d = (c: LeieColumn) => leieDate(row[layout.get(c)!]);
  const last = v('LASTNAME');
  const first = v('FIRSTNAME');
  const middle = v('MIDNAME');
  const business = v('BUSNAME');
  const isPerson = last !== null || first !== null;
  if (!isPerson && business === null) throw new Error(`${where}: no LASTNAME, FIRSTNAME or BUSNAME`);

  let name: string;
  let aliases: string[] = [];
  if (isPerson) {
    name = [first, middle, last].filter((p) => p !== null).join(' ');
  } else {
    ({ name, aliases } = splitBusinessName(business!));
  }
  const type = v('EXCLTYPE');
  const record = {
    name,
    entity_type: isPerson ? 'Individual' : 'Business',
    first_name: first,
    middle_name: middle,
    last_name: last,
    business_name: business,
    general: v('GENERAL'),
    specialty: v('SPECIALTY'),
    upin: v('UPIN'),
    npi: v('NPI'),
    dob: d('DOB'),
    address: v('ADDRESS'),
    city: v('CITY'),
    state: v('STATE'),
    zip: v('ZIP'),
    exclusion_type: type,
    exclusion_type_description: exclusionDescription(type),
    exclusion_mandatory: exclusionMandatory(type),
    exclusion_date: d('EXCLDATE'),
    reinstatement_date: d('REINDATE'),
    waiver_date: d('WAIVERDATE'),
    waiver_state: v('WVRSTATE'),
  };
  return {
    list: 'hhs_oig_leie',
    sourceUid: leieUid(record),
    name,
    aliases,
    kind: isPerson ? 'person' : 'entity',
    record,
  };
}
