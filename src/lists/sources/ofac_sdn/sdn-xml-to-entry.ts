// Converts one <sdnEntry> of the sdnList XML (sdn.xml, consolidated.xml; any namespace) into the OFAC record.
import type { PublishedWallet } from '../../list-source.js';
import { childText, children, type XmlNode } from '../../formats/xml-elements.js';
import {
  cleanName,
  digitalCurrencyTicker,
  extractDigitalCurrencyAddresses,
  type OfacAddress,
  type OfacAlias,
  type OfacCountryItem,
  type OfacId,
  type OfacRecord,
} from './ofac-record-to-entry.js';

const KNOWN = new Set([
  'uid',
  'firstName',
  'lastName',
  'title',
  'sdnType',
  'remarks',
  'programList',
  'idList',
  'akaList',
  'addressList',
  'nationalityList',
  'citizenshipList',
  'dateOfBirthList',
  'placeOfBirthList',
  'vesselInfo',
]);

function uidOf(node: XmlNode): number | null {
  const v = childText(node, 'uid');
  return v !== null && /^\d+$/.test(v) ? Number(v) : null;
}

function mainEntry(node: XmlNode): boolean | null {
  const v = childText(node, 'mainEntry')?.toLowerCase();
  return v === 'true' ? true : v === 'false' ? false : null;
}

// Items of a list element such as <idList><id>...</id></idList>; several list elements are tolerated.
function items(entry: XmlNode, list: string, item: string): XmlNode[] {
  return children(entry, list).flatMap((l) => children(l, item));
}

/** 'LAST, First' as the CSV and the text lists write it; last name alone when there is no first name. */
export function joinName(lastName: string | null, firstName: string | null): string {
  return cleanName([lastName, firstName].filter((p) => p).join(', '));
}

// Unknown elements are kept as plain text or nested objects; a repeated element name becomes an array.
function plainChildren(nodes: readonly XmlNode[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of nodes) {
    const v = c.children.length === 0 ? c.text.trim() || null : plainChildren(c.children);
    const prev = out[c.name];
    out[c.name] = prev === undefined ? v : Array.isArray(prev) ? [...(prev as unknown[]), v] : [prev, v];
  }
  return out;
}

/** The record and wallets of one sdnEntry; `where` names the file and entry for errors. */
export function sdnXmlRecord(
  node: XmlNode,
  where: string,
): { record: OfacRecord; wallets: PublishedWallet[] } {
  const uidText = childText(node, 'uid');
  if (uidText === null || !/^\d+$/.test(uidText)) {
    throw new Error(`${where}: uid '${uidText ?? ''}' is not a number`);
  }
  const firstName = childText(node, 'firstName');
  const lastName = childText(node, 'lastName');
  const name = joinName(lastName, firstName);
  if (!name) throw new Error(`${where} (uid ${uidText}): no lastName/firstName`);
  const sdnType = childText(node, 'sdnType');
  if (!sdnType) throw new Error(`${where} (uid ${uidText}): no sdnType`);

  const ids: OfacId[] = items(node, 'idList', 'id').map((n) => ({
    uid: uidOf(n),
    id_type: childText(n, 'idType'),
    id_number: childText(n, 'idNumber'),
    id_country: childText(n, 'idCountry'),
    issue_date: childText(n, 'issueDate'),
    expiration_date: childText(n, 'expirationDate'),
  }));
  const aliases: OfacAlias[] = items(node, 'akaList', 'aka').map((n) => {
    const last = childText(n, 'lastName');
    const first = childText(n, 'firstName');
    const aliasName = joinName(last, first);
    if (!aliasName) throw new Error(`${where} (uid ${uidText}): an aka has no name`);
    return {
      uid: uidOf(n),
      type: childText(n, 'type'),
      category: childText(n, 'category') ?? 'strong',
      name: aliasName,
      last_name: last,
      first_name: first,
      remarks: null,
    };
  });
  const addresses: OfacAddress[] = items(node, 'addressList', 'address').map((n) => ({
    uid: uidOf(n),
    address: null,
    city_state_postal_code: null,
    address1: childText(n, 'address1'),
    address2: childText(n, 'address2'),
    address3: childText(n, 'address3'),
    city: childText(n, 'city'),
    state_or_province: childText(n, 'stateOrProvince'),
    postal_code: childText(n, 'postalCode'),
    country: childText(n, 'country'),
    remarks: null,
  }));
  const countries = (list: string, item: string): OfacCountryItem[] =>
    items(node, list, item).map((n) => ({
      uid: uidOf(n),
      country: childText(n, 'country'),
      main_entry: mainEntry(n),
    }));
  const vessel = children(node, 'vesselInfo')[0];
  const vesselText = (name: string) => (vessel ? childText(vessel, name) : null);

  const unknown = node.children.filter((c) => !KNOWN.has(c.name));

  const remarks = childText(node, 'remarks');
  const wallets: PublishedWallet[] = [];
  for (const id of ids) {
    const ticker = id.id_type === null ? null : digitalCurrencyTicker(id.id_type);
    if (ticker && id.id_number) wallets.push({ address: id.id_number, network: ticker });
  }
  if (remarks) wallets.push(...extractDigitalCurrencyAddresses(remarks));

  const record: OfacRecord = {
    name,
    uid: Number(uidText),
    sdn_type: sdnType,
    programs: items(node, 'programList', 'program')
      .map((p) => p.text.trim())
      .filter((p) => p.length > 0),
    aliases,
    addresses,
    remarks,
    details: {
      published_format: 'xml',
      title: childText(node, 'title'),
      call_sign: vesselText('callSign'),
      vessel_type: vesselText('vesselType'),
      vessel_flag: vesselText('vesselFlag'),
      vessel_owner: vesselText('vesselOwner'),
      tonnage: vesselText('tonnage'),
      gross_registered_tonnage: vesselText('grossRegisteredTonnage'),
      ids,
      nationalities: countries('nationalityList', 'nationality'),
      citizenships: countries('citizenshipList', 'citizenship'),
      dates_of_birth: items(node, 'dateOfBirthList', 'dateOfBirthItem').map((n) => ({
        uid: uidOf(n),
        date_of_birth: childText(n, 'dateOfBirth'),
        main_entry: mainEntry(n),
      })),
      places_of_birth: items(node, 'placeOfBirthList', 'placeOfBirthItem').map((n) => ({
        uid: uidOf(n),
        place_of_birth: childText(n, 'placeOfBirth'),
        main_entry: mainEntry(n),
      })),
      remarks_truncated: false,
      other_elements: unknown.length > 0 ? plainChildren(unknown) : null,
    },
  };
  return { record, wallets };
}
