// Groups the rows of the retired OFSI Consolidated List (2022 format XLSX, one row per name and detail
// combination) by Group ID and folds each group into one UkParty. Groups are not contiguous in the file
// and details (dates of birth, addresses, regimes) are repeated across rows, so values are collected
// distinct, in first-seen order.
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
} from './uk-record.js';
import { leadingReference, splitOtherInformation, type OfsiLabel } from './ofsi-other-information.js';

/** The 36 columns of the 2022-format ConList, by header text. */
export const OFSI_COLUMNS = [
  'Name 6',
  'Name 1',
  'Name 2',
  'Name 3',
  'Name 4',
  'Name 5',
  'Title',
  'Name Non-Latin Script',
  'Non-Latin Script Type',
  'Non-Latin Script Language',
  'DOB',
  'Town of Birth',
  'Country of Birth',
  'Nationality',
  'Passport Number',
  'Passport Details',
  'National Identification Number',
  'National Identification Details',
  'Position',
  'Address 1',
  'Address 2',
  'Address 3',
  'Address 4',
  'Address 5',
  'Address 6',
  'Post/Zip Code',
  'Country',
  'Other Information',
  'Group Type',
  'Alias Type',
  'Alias Quality',
  'Regime',
  'Listed On',
  'UK Sanctions List Date Designated',
  'Last Updated',
  'Group ID',
] as const;

type Column = (typeof OFSI_COLUMNS)[number];
const REQUIRED: readonly Column[] = ['Name 6', 'Group Type', 'Alias Type', 'Group ID'];

/** One data row, by header, with its 1-based sheet row number. */
export interface OfsiRow {
  readonly rowNumber: number;
  readonly cells: ReadonlyMap<string, string>;
}

/** Finds the header row (row 2 in OFSI's file, after "Last Updated") and checks the required columns. */
export function ofsiHeader(rows: string[][], file: string): { index: number; header: string[] } {
  for (let i = 0; i < Math.min(rows.length, 10); i++) {
    const header = (rows[i] ?? []).map((h) => h.trim());
    if (header.includes('Group ID') && header.includes('Name 6')) {
      const missing = REQUIRED.filter((c) => !header.includes(c));
      if (missing.length > 0)
        throw new Error(`${file}: header row ${i + 1} lacks columns ${missing.join(', ')}`);
      return { index: i, header };
    }
  }
  throw new Error(`${file}: no OFSI header row (with "Name 6" and "Group ID") in the first 10 rows`);
}

const KNOWN = new Set<string>(OFSI_COLUMNS);

/** Groups data rows by Group ID in first-seen order; throws on a row with content but no Group ID. */
export function groupOfsiRows(rows: string[][], file: string): Map<string, OfsiRow[]> {
  const { index, header } = ofsiHeader(rows, file);
  const groups = new Map<string, OfsiRow[]>();
  for (let i = index + 1; i < rows.length; i++) {
    const raw = rows[i] ?? [];
    // exceljs yields empty rows (formatting only) as []: they state nothing.
    if (raw.every((c) => c.trim() === '')) continue;
    const cells = new Map<string, string>();
    header.forEach((h, j) => {
      if (h) cells.set(h, raw[j] ?? '');
    });
    if (raw.length > header.length && raw.slice(header.length).some((c) => c.trim() !== '')) {
      throw new Error(`${file}: row ${i + 1} has values beyond the ${header.length} header columns`);
    }
    const id = clean(cells.get('Group ID'));
    if (!id) throw new Error(`${file}: row ${i + 1} has no Group ID; the row cannot be attributed`);
    const list = groups.get(id) ?? [];
    list.push({ rowNumber: i + 1, cells });
    groups.set(id, list);
  }
  return groups;
}

const NAME_PARTS = ['Name 1', 'Name 2', 'Name 3', 'Name 4', 'Name 5', 'Name 6'] as const;

/** Folds one Group ID's rows into a UkParty. */
export function ofsiGroupToParty(groupId: string, rows: readonly OfsiRow[], file: string): UkParty {
  const where = `${file}: Group ID ${groupId} (row ${rows[0]?.rowNumber ?? '?'})`;
  const get = (r: OfsiRow, c: Column) => clean(r.cells.get(c));
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
