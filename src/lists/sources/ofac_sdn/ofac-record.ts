// The stored record of an OFAC sdnList entry (SDN and consolidated share it), whichever format it came from:
// entry details returns exactly this shape, so both formats fill the same keys and null what they lack.

/** One alias: strong ones from akaList / alt.csv, weak ones from akaList or (CSV) the remarks. */
export type OfacAlias = {
  /** aka uid (XML) or alt_num (CSV); null for weak AKAs the CSV only states inside the remarks. */
  uid: number | null;
  /** 'a.k.a.', 'f.k.a.' or 'n.k.a.' (the CSV's aka/fka/nka written the XML way). */
  type: string | null;
  /** 'strong' or 'weak' as OFAC classifies it. */
  category: string;
  /** Full alias as published: 'LAST, First' for individuals. */
  name: string;
  last_name: string | null;
  first_name: string | null;
  /** alt_remarks (CSV only). */
  remarks: string | null;
};

/** One address: the XML splits it into parts, the CSV gives one street line and one city/state/postal line. */
export type OfacAddress = {
  uid: number | null;
  /** CSV Address column. */
  address: string | null;
  /** CSV City/State/Province/Postal Code column. */
  city_state_postal_code: string | null;
  address1: string | null;
  address2: string | null;
  address3: string | null;
  city: string | null;
  state_or_province: string | null;
  postal_code: string | null;
  country: string | null;
  /** CSV add_remarks. */
  remarks: string | null;
};

/** One idList/id item (passports, registration numbers, digital currency addresses, gender...). */
export type OfacId = {
  uid: number | null;
  id_type: string | null;
  id_number: string | null;
  id_country: string | null;
  issue_date: string | null;
  expiration_date: string | null;
};

/** A nationality or citizenship item. */
export type OfacCountryItem = { uid: number | null; country: string | null; main_entry: boolean | null };

/** A dateOfBirthItem (dates as published: '12 Jul 1986', '1963', 'circa 1951'...). */
export type OfacDateOfBirth = {
  uid: number | null;
  date_of_birth: string | null;
  main_entry: boolean | null;
};

/** A placeOfBirthItem. */
export type OfacPlaceOfBirth = {
  uid: number | null;
  place_of_birth: string | null;
  main_entry: boolean | null;
};

/**
 * Everything else the publisher states. The structured lists are null (not []) for the CSV, which carries
 * ids, birth dates and nationalities only inside `remarks`.
 */
export type OfacDetails = {
  published_format: 'xml' | 'csv';
  title: string | null;
  call_sign: string | null;
  vessel_type: string | null;
  vessel_flag: string | null;
  vessel_owner: string | null;
  tonnage: string | null;
  gross_registered_tonnage: string | null;
  ids: OfacId[] | null;
  nationalities: OfacCountryItem[] | null;
  citizenships: OfacCountryItem[] | null;
  dates_of_birth: OfacDateOfBirth[] | null;
  places_of_birth: OfacPlaceOfBirth[] | null;
  /** CSV Remarks reached the 1,000-character limit and no comments row continues it: its end may be cut. */
  remarks_truncated: boolean;
  /** sdnEntry children this parser does not know (kept as plain values rather than dropped). */
  other_elements: Record<string, unknown> | null;
};

/** The 8-key record of ofac_sdn and ofac_consolidated (spec: leading name, uid, sdn_type, programs). */
export type OfacRecord = {
  name: string;
  uid: number;
  /** 'Individual', 'Entity', 'Vessel' or 'Aircraft' (the CSV's '-0-' type is Entity). */
  sdn_type: string;
  programs: string[];
  aliases: OfacAlias[];
  addresses: OfacAddress[];
  /** Remarks as published; for the CSV, sdn.csv Remarks followed by its spill-over comment rows. */
  remarks: string | null;
  details: OfacDetails;
};
