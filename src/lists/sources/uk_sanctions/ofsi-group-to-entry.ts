// Folds one Group ID's rows of the retired OFSI Consolidated List into a UkParty. Details (dates of birth,
// addresses, regimes) are repeated across a group's rows, so values are collected distinct, in first-seen order.
import {
  latinName,
  nonLatinName,
  clean,
  orNull,
  prose,
  pushUnique,
  ukDate,
  type UkAddress,
  type UkName,
  type UkParty,
} from './uk-party-to-entry.js';
import { OFSI_COLUMNS, type OfsiColumn, type OfsiRow } from './read-ofsi-xlsx.js';

// The OFSI Consolidated List packs several fields into its "Other Information" column as
// "(Label):value" runs, e.g. "(UK Sanctions List Ref):GHR0086. (UK Statement of Reasons):... (Gender):Male".
// Only the labels OFSI uses are split on: parentheses inside prose ("(1) Address formerly ...",
// "(United States of America):") are left alone. The raw text is always kept as well.

/** The labels OFSI writes in Other Information (2022 format), as published. */
export const OFSI_LABELS = [
  'UK Sanctions List Ref',
  'UK Statement of Reasons',
  'UN Ref',
  'Gender',
  'Phone number',
  'Tel',
  'Fax',
  'Email address',
  'Website',
  'Type of entity',
  'Parent company',
  'Subsidiaries',
  'Business Reg No',
  'IMO number',
  'Flag of ship',
  'Previous flags',
  'Type of ship',
  'Tonnage of ship',
  'Length of ship',
  'Year built',
  'Current owners',
] as const;

/** One of the labels above. */
export type OfsiLabel = (typeof OFSI_LABELS)[number];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const LABEL_RE = new RegExp(`\\((${OFSI_LABELS.map(escape).join('|')})\\):`, 'g');

/** Splits Other Information into its labelled parts (trimmed text after each label, up to the next label). */
export function splitOtherInformation(text: string): Map<OfsiLabel, string[]> {
  const out = new Map<OfsiLabel, string[]>();
  const hits = [...text.matchAll(LABEL_RE)];
  hits.forEach((m, i) => {
    const start = m.index + m[0].length;
    const end = hits[i + 1]?.index ?? text.length;
    const value = text.slice(start, end).trim();
    if (!value) return;
    const label = m[1] as OfsiLabel;
    const list = out.get(label) ?? [];
    if (!list.includes(value)) list.push(value);
    out.set(label, list);
  });
  return out;
}

/** A reference such as GHR0086 or SDi.005 at the start of a labelled part ("RUS2305. Financial ..."). */
export function leadingReference(value: string | undefined): string | null {
  const m = /^(\S+)/.exec(value?.trim() ?? '');
  const ref = m?.[1]?.replace(/[.,;]+$/, '');
  return ref ? ref : null;
}

const KNOWN = new Set<string>(OFSI_COLUMNS);

const NAME_PARTS = ['Name 1', 'Name 2', 'Name 3', 'Name 4', 'Name 5', 'Name 6'] as const;

/** Folds one Group ID's rows into a UkParty. */
export function ofsiGroupToParty(groupId: string, rows: readonly OfsiRow[], file: string): UkParty {
  const where = `${file}: Group ID ${groupId} (row ${rows[0]?.rowNumber ?? '?'})`;
  const get = (r: OfsiRow, c: OfsiColumn) => clean(r.cells.get(c));
  const names: UkName[] = [];
  const addresses: UkAddress[] = [];
  const individual = {
    dates_of_birth: [] as string[],
    birth_places: [] as Array<{ town: string | null; country: string | null }>,
    nationalities: [] as string[],
    passports: [] as Array<{ number: string | null; details: string | null }>,
    national_ids: [] as Array<{ number: string | null; details: string | null }>,
    positions: [] as string[],
    genders: [] as string[],
    titles: [] as string[],
  };
  const regimes: UkParty['regimes'] = [];
  const subjectTypes: string[] = [];
  const otherInformation: string[] = [];
  const unrecognised: Array<{ path: string; value: string }> = [];

  for (const r of rows) {
    const parts = NAME_PARTS.map((c) => get(r, c));
    const name = clean(parts.filter((p) => p !== null).join(' '));
    if (name) {
      pushUnique(
        names,
        latinName(name, parts, {
          type: get(r, 'Alias Type'),
          strength: get(r, 'Alias Quality'),
          title: get(r, 'Title'),
        }),
      );
    }
    const nonLatin = get(r, 'Name Non-Latin Script');
    if (nonLatin) {
      pushUnique(
        names,
        nonLatinName(nonLatin, get(r, 'Non-Latin Script Type'), get(r, 'Non-Latin Script Language')),
      );
    }
    pushUnique(individual.titles, get(r, 'Title'));
    pushUnique(individual.dates_of_birth, ukDate(get(r, 'DOB')));
    const town = get(r, 'Town of Birth');
    const country = get(r, 'Country of Birth');
    if (town || country) pushUnique(individual.birth_places, { town, country });
    pushUnique(individual.nationalities, get(r, 'Nationality'));
    const passport = { number: get(r, 'Passport Number'), details: get(r, 'Passport Details') };
    if (passport.number || passport.details) pushUnique(individual.passports, passport);
    const nid = {
      number: get(r, 'National Identification Number'),
      details: get(r, 'National Identification Details'),
    };
    if (nid.number || nid.details) pushUnique(individual.national_ids, nid);
    pushUnique(individual.positions, get(r, 'Position'));
    pushUnique(
      addresses,
      orNull({
        address_line1: get(r, 'Address 1'),
        address_line2: get(r, 'Address 2'),
        address_line3: get(r, 'Address 3'),
        address_line4: get(r, 'Address 4'),
        address_line5: get(r, 'Address 5'),
        address_line6: get(r, 'Address 6'),
        postal_code: get(r, 'Post/Zip Code'),
        country: get(r, 'Country'),
      }),
    );
    pushUnique(otherInformation, prose(r.cells.get('Other Information')));
    pushUnique(subjectTypes, get(r, 'Group Type'));
    pushUnique(
      regimes,
      orNull({
        regime: get(r, 'Regime'),
        listed_on: ukDate(get(r, 'Listed On')),
        date_designated: ukDate(get(r, 'UK Sanctions List Date Designated')),
        last_updated: ukDate(get(r, 'Last Updated')),
      }),
    );
    for (const [header, value] of r.cells) {
      const v = prose(value);
      if (!KNOWN.has(header) && v !== null) pushUnique(unrecognised, { path: `column:${header}`, value: v });
    }
  }
  if (subjectTypes.length > 1) {
    throw new Error(`${where}: rows disagree on Group Type (${subjectTypes.join(', ')})`);
  }

  const other = otherInformation.join('\n\n');
  const labelled = splitOtherInformation(other);
  const all = (l: OfsiLabel) => labelled.get(l) ?? [];
  for (const g of all('Gender')) pushUnique(individual.genders, g);
  const refs = all('UK Sanctions List Ref').map(leadingReference);
  const unRefs = all('UN Ref').map(leadingReference);

  return {
    sourceUid: groupId,
    where,
    subject_type: subjectTypes[0] ?? null,
    reference_number: refs[0] ?? null,
    ofsi_group_id: groupId,
    regimes,
    designation: {
      source: null,
      un_reference_number: unRefs[0] ?? null,
      sanctions_imposed: null,
      sanctions_imposed_indicators: null,
      unrecognised: unrecognised.length > 0 ? unrecognised : null,
    },
    names,
    addresses,
    individual: orNull(individual),
    entity: orNull({
      types: all('Type of entity'),
      business_registration_numbers: all('Business Reg No'),
      parent_companies: all('Parent company'),
      subsidiaries: all('Subsidiaries'),
    }),
    ship: orNull({
      imo_numbers: all('IMO number'),
      current_owner_operators: all('Current owners'),
      previous_owner_operators: [],
      current_flags: all('Flag of ship'),
      previous_flags: all('Previous flags'),
      types: all('Type of ship'),
      tonnages: all('Tonnage of ship'),
      lengths: all('Length of ship'),
      years_built: all('Year built'),
      hull_identification_numbers: [],
    }),
    contact: orNull({
      phone_numbers: [...all('Phone number'), ...all('Tel')],
      fax_numbers: all('Fax'),
      email_addresses: all('Email address'),
      websites: all('Website'),
    }),
    other_information: other || null,
    statement_of_reasons: all('UK Statement of Reasons').join('\n\n') || null,
  };
}
