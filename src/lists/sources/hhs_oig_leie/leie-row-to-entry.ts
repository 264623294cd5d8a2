// One LEIE row to a ListEntry with the 22-field record. A row is a person when it has a last or first name,
// a business otherwise (businesses leave the name columns empty and fill BUSNAME). The file has no
// identifier, so the sourceUid is a hash of the fields that tell exclusions apart (see leieUidBasis).
import { createHash } from 'node:crypto';
import type { ListEntry } from '../../list-source.js';
import type { LeieColumn, LeieLayout } from './read-leie-csv.js';
import { recordFacts } from '../../facts/record-facts.js';

// The value clean-ups the file needs: dates are YYYYMMDD and an all-zero value (00000000, NPI 0000000000) means
// "none".

/** Trimmed, whitespace collapsed; empty and all-zero values (00000000, 0000000000) are null. */
export function leieValue(raw: string | undefined): string | null {
  const t = (raw ?? '').replace(/\s+/g, ' ').trim();
  if (!t || /^0+$/.test(t)) return null;
  return t;
}

/** `YYYYMMDD` to `YYYY-MM-DD`; null for empty/all-zero; a value of another shape is kept as published. */
export function leieDate(raw: string | undefined): string | null {
  const t = leieValue(raw);
  if (t === null) return null;
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (!m) return t;
  const [, y, mo, d] = m;
  const iso = `${y}-${mo}-${d}`;
  const date = new Date(`${iso}T00:00:00Z`);
  // 19580230 is not a day: kept as published rather than turned into a date that never was.
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : t;
}

// The exclusion authorities OIG writes in EXCLTYPE (sections of the Social Security Act, plus breaches of
// integrity agreements), with OIG's own short descriptions. Section 1128(a) exclusions are mandatory.

const DESCRIPTIONS: Readonly<Record<string, string>> = {
  '1128a1': 'Conviction of program-related crimes',
  '1128a2': 'Conviction relating to patient abuse or neglect',
  '1128a3': 'Felony conviction relating to health care fraud',
  '1128a4': 'Felony conviction relating to controlled substance',
  '1128b1': 'Misdemeanor conviction relating to health care fraud',
  '1128b2': 'Conviction relating to obstruction of an investigation or audit',
  '1128b3': 'Misdemeanor conviction relating to controlled substance',
  '1128b4': 'License revocation, suspension or surrender',
  '1128b5': 'Exclusion or suspension under federal or state health care program',
  '1128b6':
    'Claims for excessive charges, unnecessary services or services which fail to meet professionally recognized standards of health care',
  '1128b7': 'Fraud, kickbacks, and other prohibited activities',
  '1128b8': 'Entities controlled by a sanctioned individual',
  '1128b8a': 'Entities controlled by a family or household member of an excluded individual',
  '1128b9': 'Failure to disclose required information',
  '1128b10': 'Failure to supply requested information on subcontractors and suppliers',
  '1128b11': 'Failure to supply payment information',
  '1128b12': 'Failure to grant immediate access',
  '1128b13': 'Failure to take corrective action',
  '1128b14': 'Default on health education loan or scholarship obligations',
  '1128b15': 'Individuals controlling a sanctioned entity',
  '1128b16': 'Making false statement or misrepresentations of material fact',
  '1128aa': 'Civil monetary penalty',
  '1156': 'Failure to meet statutory obligations of practitioners and providers (QIO/PRO findings)',
  'brch cia': 'Breach of Corporate Integrity Agreement',
  'brch sa': 'Breach of Settlement Agreement',
};

const key = (code: string) => code.toLowerCase().replace(/\s+/g, ' ').replace(/[()]/g, '').trim();

/** OIG's description of an EXCLTYPE code (`1128b4`, `1128(b)(4)`, `BRCH CIA`); null when unknown. */
export function exclusionDescription(code: string | null): string | null {
  if (code === null) return null;
  return DESCRIPTIONS[key(code)] ?? null;
}

/** True for 1128(a) (mandatory) exclusions, false for other known authorities, null when unknown. */
export function exclusionMandatory(code: string | null): boolean | null {
  if (code === null) return null;
  const k = key(code);
  if (/^1128a\d/.test(k)) return true;
  return DESCRIPTIONS[k] !== undefined ? false : null;
}

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

/** The facts of an LEIE record: the date of birth, and the United States (HHS excludes US providers). */
export const leieFacts = recordFacts({ birthDates: ['dob'], listingCountry: 'US' });
