// Reads one <Designation> of the FCDO UK Sanctions List XML into a UkParty. Every child element the FCDO
// schema defines is mapped; anything else is kept in designation.unrecognised, so a new field is never lost.
import type { XmlNode } from '../../formats/xml-elements.js';
import {
  clean,
  latinName,
  nonLatinName,
  orNull,
  prose,
  pushUnique,
  ukDate,
  type UkAddress,
  type UkDocument,
  type UkName,
  type UkParty,
  type UkUnrecognised,
} from './uk-party-to-entry.js';

const NAME_PARTS = ['Name1', 'Name2', 'Name3', 'Name4', 'Name5', 'Name6'] as const;

const join = (path: string, name: string) => (path ? `${path}/${name}` : name);

/** Collects the leaf texts of elements the mapping does not know, with their path under Designation. */
class Unrecognised {
  readonly items: UkUnrecognised[] = [];
  add(node: XmlNode, path: string): void {
    const here = join(path, node.name);
    if (node.children.length === 0) {
      const value = prose(node.text);
      if (value !== null) this.items.push({ path: here, value });
      return;
    }
    for (const c of node.children) this.add(c, here);
  }
  /** Reports children of `node` whose names are not in `known`. */
  unknownChildren(node: XmlNode, path: string, known: ReadonlySet<string>): void {
    for (const c of node.children) if (!known.has(c.name)) this.add(c, path);
  }
}

const textOf = (node: XmlNode, name: string): string | null =>
  clean(node.children.find((c) => c.name === name)?.text);

/** Values of `<Container><Item>…</Item></Container>` under `node`, for every container and item present. */
function listValues(
  node: XmlNode,
  container: string,
  into: string[],
  extra: Unrecognised,
  path: string,
): void {
  for (const box of node.children.filter((c) => c.name === container)) {
    for (const item of box.children) {
      if (item.children.length > 0) {
        extra.add(item, join(path, container));
        continue;
      }
      pushUnique(into, clean(item.text));
    }
  }
}

const snake = (s: string) =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase();

function readName(n: XmlNode, extra: Unrecognised): UkName | null {
  extra.unknownChildren(n, 'Names/Name', new Set([...NAME_PARTS, 'NameType', 'AliasStrength']));
  const parts = NAME_PARTS.map((p) => textOf(n, p));
  const name = clean(parts.filter((p) => p !== null).join(' '));
  // The FCDO publishes a few Name elements with a NameType and no part at all: nothing to screen.
  if (!name) return null;
  return latinName(name, parts, {
    type: textOf(n, 'NameType'),
    strength: textOf(n, 'AliasStrength'),
    title: null,
  });
}

function readNonLatin(n: XmlNode, extra: Unrecognised): UkName | null {
  extra.unknownChildren(
    n,
    'NonLatinNames/NonLatinName',
    new Set(['NameNonLatinScript', 'NonLatinScriptType', 'NonLatinScriptLanguage']),
  );
  const name = textOf(n, 'NameNonLatinScript');
  if (!name) return null;
  return nonLatinName(name, textOf(n, 'NonLatinScriptType'), textOf(n, 'NonLatinScriptLanguage'));
}

const ADDRESS_KEYS = new Set([
  'AddressLine1',
  'AddressLine2',
  'AddressLine3',
  'AddressLine4',
  'AddressLine5',
  'AddressLine6',
  'AddressPostalCode',
  'AddressCountry',
]);

function readAddress(a: XmlNode, extra: Unrecognised): UkAddress | null {
  extra.unknownChildren(a, 'Addresses/Address', ADDRESS_KEYS);
  const address: UkAddress = {
    address_line1: textOf(a, 'AddressLine1'),
    address_line2: textOf(a, 'AddressLine2'),
    address_line3: textOf(a, 'AddressLine3'),
    address_line4: textOf(a, 'AddressLine4'),
    address_line5: textOf(a, 'AddressLine5'),
    address_line6: textOf(a, 'AddressLine6'),
    postal_code: textOf(a, 'AddressPostalCode'),
    country: textOf(a, 'AddressCountry'),
  };
  return orNull(address);
}

/** Passport and national-identifier items: the FCDO's item element name varies, so every child is read. */
function readDocuments(
  person: XmlNode,
  container: string,
  number: string,
  details: string,
  into: UkDocument[],
  extra: Unrecognised,
): void {
  for (const box of person.children.filter((c) => c.name === container)) {
    for (const item of box.children) {
      extra.unknownChildren(
        item,
        `IndividualDetails/Individual/${container}/${item.name}`,
        new Set([number, details]),
      );
      const doc = {
        number: textOf(item, number),
        details: prose(item.children.find((c) => c.name === details)?.text),
      };
      if (doc.number !== null || doc.details !== null) pushUnique(into, doc);
    }
  }
}

const INDIVIDUAL_KEYS = new Set([
  'DOBs',
  'Nationalities',
  'PassportDetails',
  'NationalIdentifierDetails',
  'Positions',
  'Genders',
  'BirthDetails',
]);
const ENTITY_KEYS = new Set([
  'TypeOfEntities',
  'BusinessRegistrationNumbers',
  'ParentCompanies',
  'Subsidiaries',
]);
const SHIP_LISTS = {
  imo_numbers: 'IMONumbers',
  current_owner_operators: 'CurrentOwnerOperators',
  previous_owner_operators: 'PreviousOwnerOperators',
  current_flags: 'CurrentBelievedFlagOfShips',
  previous_flags: 'PreviousFlags',
  types: 'TypeOfShipDetails',
  tonnages: 'TonnageOfShipDetails',
  lengths: 'LengthOfShipDetails',
  years_built: 'YearsBuilt',
  hull_identification_numbers: 'HullIdentificationNumbers',
} as const;

const DESIGNATION_KEYS = new Set([
  'LastUpdated',
  'DateDesignated',
  'UniqueID',
  'OFSIGroupID',
  'UNReferenceNumber',
  'Names',
  'NonLatinNames',
  'Titles',
  'RegimeName',
  'IndividualEntityShip',
  'DesignationSource',
  'SanctionsImposed',
  'SanctionsImposedIndicators',
  'OtherInformation',
  'UKStatementofReasons',
  'Addresses',
  'PhoneNumbers',
  'EmailAddresses',
  'Websites',
  'IndividualDetails',
  'EntityDetails',
  'ShipDetails',
]);

/** Maps one Designation element; throws naming the record when it has no UniqueID. */
export function designationToParty(node: XmlNode, where: string): UkParty {
  const uid = textOf(node, 'UniqueID');
  if (!uid) throw new Error(`${where}: Designation has no UniqueID; the record cannot be identified`);
  const at = `${where} (UniqueID ${uid})`;
  const extra = new Unrecognised();
  extra.unknownChildren(node, '', DESIGNATION_KEYS);

  const names: UkName[] = [];
  for (const box of node.children.filter((c) => c.name === 'Names')) {
    extra.unknownChildren(box, 'Names', new Set(['Name']));
    for (const n of box.children.filter((c) => c.name === 'Name')) pushUnique(names, readName(n, extra));
  }
  for (const box of node.children.filter((c) => c.name === 'NonLatinNames')) {
    extra.unknownChildren(box, 'NonLatinNames', new Set(['NonLatinName']));
    for (const n of box.children.filter((c) => c.name === 'NonLatinName'))
      pushUnique(names, readNonLatin(n, extra));
  }

  const addresses: UkAddress[] = [];
  for (const box of node.children.filter((c) => c.name === 'Addresses')) {
    extra.unknownChildren(box, 'Addresses', new Set(['Address']));
    for (const a of box.children.filter((c) => c.name === 'Address'))
      pushUnique(addresses, readAddress(a, extra));
  }

  const individual = {
    dates_of_birth: [] as string[],
    birth_places: [] as Array<{ town: string | null; country: string | null }>,
    nationalities: [] as string[],
    passports: [] as UkDocument[],
    national_ids: [] as UkDocument[],
    positions: [] as string[],
    genders: [] as string[],
    titles: [] as string[],
  };
  listValues(node, 'Titles', individual.titles, extra, '');
  for (const box of node.children.filter((c) => c.name === 'IndividualDetails')) {
    for (const person of box.children) {
      if (person.name !== 'Individual') {
        extra.add(person, 'IndividualDetails');
        continue;
      }
      const path = 'IndividualDetails/Individual';
      extra.unknownChildren(person, path, INDIVIDUAL_KEYS);
      const dobs: string[] = [];
      listValues(person, 'DOBs', dobs, extra, path);
      for (const d of dobs) pushUnique(individual.dates_of_birth, ukDate(d));
      listValues(person, 'Nationalities', individual.nationalities, extra, path);
      listValues(person, 'Positions', individual.positions, extra, path);
      listValues(person, 'Genders', individual.genders, extra, path);
      readDocuments(
        person,
        'PassportDetails',
        'PassportNumber',
        'PassportAdditionalInformation',
        individual.passports,
        extra,
      );
      readDocuments(
        person,
        'NationalIdentifierDetails',
        'NationalIdentifierNumber',
        'NationalIdentifierAdditionalInformation',
        individual.national_ids,
        extra,
      );
      for (const birth of person.children.filter((c) => c.name === 'BirthDetails')) {
        for (const loc of birth.children) {
          extra.unknownChildren(
            loc,
            `${path}/BirthDetails/${loc.name}`,
            new Set(['TownOfBirth', 'CountryOfBirth']),
          );
          const place = { town: textOf(loc, 'TownOfBirth'), country: textOf(loc, 'CountryOfBirth') };
          if (place.town !== null || place.country !== null) pushUnique(individual.birth_places, place);
        }
      }
    }
  }

  const entity = {
    types: [] as string[],
    business_registration_numbers: [] as string[],
    parent_companies: [] as string[],
    subsidiaries: [] as string[],
  };
  for (const box of node.children.filter((c) => c.name === 'EntityDetails')) {
    for (const org of box.children) {
      if (org.name !== 'Entity') {
        extra.add(org, 'EntityDetails');
        continue;
      }
      const path = 'EntityDetails/Entity';
      extra.unknownChildren(org, path, ENTITY_KEYS);
      listValues(org, 'TypeOfEntities', entity.types, extra, path);
      listValues(org, 'BusinessRegistrationNumbers', entity.business_registration_numbers, extra, path);
      listValues(org, 'ParentCompanies', entity.parent_companies, extra, path);
      listValues(org, 'Subsidiaries', entity.subsidiaries, extra, path);
    }
  }

  const ship = Object.fromEntries(Object.keys(SHIP_LISTS).map((k) => [k, [] as string[]])) as Record<
    keyof typeof SHIP_LISTS,
    string[]
  >;
  for (const box of node.children.filter((c) => c.name === 'ShipDetails')) {
    for (const vessel of box.children) {
      if (vessel.name !== 'Ship') {
        extra.add(vessel, 'ShipDetails');
        continue;
      }
      const path = 'ShipDetails/Ship';
      extra.unknownChildren(vessel, path, new Set(Object.values(SHIP_LISTS)));
      for (const [key, container] of Object.entries(SHIP_LISTS) as Array<[keyof typeof SHIP_LISTS, string]>) {
        listValues(vessel, container, ship[key], extra, path);
      }
    }
  }

  const contact = {
    phone_numbers: [] as string[],
    fax_numbers: [] as string[],
    email_addresses: [] as string[],
    websites: [] as string[],
  };
  listValues(node, 'PhoneNumbers', contact.phone_numbers, extra, '');
  listValues(node, 'EmailAddresses', contact.email_addresses, extra, '');
  listValues(node, 'Websites', contact.websites, extra, '');

  let indicators: Record<string, boolean | string> | null = null;
  for (const box of node.children.filter((c) => c.name === 'SanctionsImposedIndicators')) {
    for (const flag of box.children) {
      const v = clean(flag.text);
      if (v === null) continue;
      indicators ??= {};
      indicators[snake(flag.name)] = /^true$/i.test(v) ? true : /^false$/i.test(v) ? false : v;
    }
  }
  const imposed = textOf(node, 'SanctionsImposed');

  return {
    sourceUid: uid,
    where: at,
    subject_type: textOf(node, 'IndividualEntityShip'),
    reference_number: uid,
    ofsi_group_id: textOf(node, 'OFSIGroupID'),
    regimes: [
      {
        regime: textOf(node, 'RegimeName'),
        listed_on: null,
        date_designated: ukDate(textOf(node, 'DateDesignated')),
        last_updated: ukDate(textOf(node, 'LastUpdated')),
      },
    ],
    designation: {
      source: textOf(node, 'DesignationSource'),
      un_reference_number: textOf(node, 'UNReferenceNumber'),
      sanctions_imposed: imposed
        ? imposed
            .split('|')
            .map((s) => clean(s))
            .filter((s): s is string => s !== null)
        : null,
      sanctions_imposed_indicators: indicators,
      unrecognised: extra.items.length > 0 ? extra.items : null,
    },
    names,
    addresses,
    individual: orNull(individual),
    entity: orNull(entity),
    ship: orNull(ship),
    contact: orNull(contact),
    other_information: prose(node.children.find((c) => c.name === 'OtherInformation')?.text),
    statement_of_reasons: prose(node.children.find((c) => c.name === 'UKStatementofReasons')?.text),
  };
}
