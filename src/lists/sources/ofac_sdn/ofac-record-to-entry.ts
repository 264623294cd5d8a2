// The stored record of an OFAC sdnList entry (SDN and consolidated share it), whichever format it came from, and
// the ListEntry built from it. Entry details returns exactly this record shape, so both formats fill the same keys
// and null what they lack.
import type { EntryKind, ListEntry, PublishedWallet } from '../../list-source.js';
import type { EntryFacts } from '../../../domain/facts.js';
import { birthDatesIn } from '../../facts/birth-dates.js';
import { countryCode, countryCodesIn } from '../../facts/country-codes.js';
import { addUnique, mergeFacts, recordFacts } from '../../facts/record-facts.js';

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

// OFAC states crypto addresses as "Digital Currency Address - <TICKER> <address>" (CSV remarks, spill-over
// comments, the sdnList idType/idNumber pair and the text lists); wallet screening reuses this reader.
// Ticker and address are each one run of non-space, non-';' characters, so a new ticker label is not missed.
const PATTERN = /Digital Currency Address - ([^\s;]+)\s+([^\s;]+)/gi;

/**
 * Every `Digital Currency Address - TICKER value` pair in a text, in order, duplicates kept. The
 * sentence-ending period OFAC puts after the last remark is not part of the address. The text must be
 * complete: an address cut by a truncated field would come back shortened.
 */
export function extractDigitalCurrencyAddresses(text: string): PublishedWallet[] {
  const out: PublishedWallet[] = [];
  for (const m of text.matchAll(PATTERN)) {
    const address = m[2]!.replace(/\.+$/, '');
    if (address) out.push({ address, network: m[1]! });
  }
  return out;
}

/** The ticker of an idList idType such as 'Digital Currency Address - XBT', or null for other id types. */
export function digitalCurrencyTicker(idType: string): string | null {
  const m = /^\s*Digital Currency Address - (\S+)\s*$/i.exec(idType);
  return m ? m[1]! : null;
}

const KINDS: Readonly<Record<string, EntryKind>> = {
  individual: 'person',
  entity: 'entity',
  vessel: 'vessel',
  aircraft: 'aircraft',
};

/** The screening kind for an sdnType ('Individual' is a person; unknown types stay 'unknown'). */
export function kindOf(sdnType: string): EntryKind {
  return KINDS[sdnType.toLowerCase()] ?? 'unknown';
}

/** Names as screened: trimmed with inner whitespace collapsed, nothing else changed. */
export function cleanName(name: string): string {
  return name.replace(/\s+/g, ' ').trim();
}

/** The same wallet published twice on one entry (XML id and remarks, or repeated remarks) is kept once. */
export function uniqueWallets(wallets: readonly PublishedWallet[]): PublishedWallet[] {
  const seen = new Set<string>();
  return wallets.filter((w) => {
    const k = `${w.network}\u0000${w.address}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Builds the ListEntry of one record: aliases are every distinct alias name other than the primary name. */
export function toListEntry(
  list: string,
  record: OfacRecord,
  wallets: readonly PublishedWallet[],
): ListEntry {
  const isWeak = (category: string) => category.toLowerCase() === 'weak';
  // A name published both strong and weak is screened as strong.
  const strong = new Set(record.aliases.filter((a) => !isWeak(a.category)).map((a) => a.name));
  const aliases: string[] = [];
  const weakAliases: string[] = [];
  const seen = new Set<string>([record.name]);
  for (const a of record.aliases) {
    if (seen.has(a.name)) continue;
    seen.add(a.name);
    aliases.push(a.name);
    if (!strong.has(a.name)) weakAliases.push(a.name);
  }
  const unique = uniqueWallets(wallets);
  return {
    list,
    sourceUid: String(record.uid),
    name: record.name,
    aliases,
    weakAliases,
    kind: kindOf(record.sdn_type),
    record,
    ...(unique.length > 0 ? { wallets: unique } : {}),
  };
}

const structuredFacts = recordFacts({
  birthDates: ['details.dates_of_birth.date_of_birth'],
  countries: [
    'details.nationalities.country',
    'details.citizenships.country',
    'addresses.country',
    'details.places_of_birth.place_of_birth',
    'details.ids.id_country',
    'details.vessel_flag',
  ],
});

// An identifier remark and the country that issued it in parentheses at its end ("Passport A06417829 (Nigeria)",
// "Registration Number 1871367 (Hong Kong)", "Tax ID No. 7725269347 (Russia)"): the XML's idList id_country.
const ID_COUNTRY = /\(([^()]*\p{L}[^()]*)\)\.?\s*$/u;
// Remarks that end in parentheses but name no identifier: aliases, links, telephone and fax numbers.
const NOT_AN_ID = /^\s*(?:[afn]\.k\.a\.|Linked To|Telephone|Phone|Fax|Email|Website)/i;

/**
 * The CSV states dates of birth, nationalities and places of birth only inside the remarks ("DOB 1963; nationality
 * Iran"), and the countries of its identifiers (passports, registration and tax numbers) after each in parentheses,
 * which the XML states as id_country.
 */
function remarksFacts(remarks: string): EntryFacts {
  const birthDates: string[] = [];
  const countries: string[] = [];
  for (const part of remarks.split(';')) {
    const m = /^\s*(?:alt\.\s*)?(DOB|POB|nationality|citizen|Vessel Flag)\s+(.+?)\.?\s*$/i.exec(part);
    if (m) {
      if (/^DOB$/i.test(m[1]!)) addUnique(birthDates, birthDatesIn(m[2]!));
      else addUnique(countries, countryCodesIn(m[2]!));
      continue;
    }
    const id = NOT_AN_ID.test(part) ? null : ID_COUNTRY.exec(part);
    const code = id ? countryCode(id[1]!) : null;
    if (code !== null) addUnique(countries, [code]);
  }
  return { birthDates, countries };
}

/** The facts of an OFAC record (ofac_sdn and ofac_consolidated; either format). */
export function ofacFacts(record: Readonly<Record<string, unknown>>): EntryFacts {
  const facts = structuredFacts(record);
  const r = record as Partial<OfacRecord>;
  return r.details?.published_format === 'csv' && typeof r.remarks === 'string'
    ? mergeFacts(facts, remarksFacts(r.remarks))
    : facts;
}
