// The 15-field uk_sanctions record, shared by the FCDO XML reader and the retired OFSI XLSX reader so that
// entry details answers the same shape whichever file a deployment loaded.
import type { EntryKind, ListEntry } from '../../list-source.js';
import type { EntryFacts } from '../../../domain/facts.js';
import { countryCode } from '../../facts/country-codes.js';
import { addUnique, recordFacts } from '../../facts/record-facts.js';

/** One published name: a Latin-script name with its six parts, or a non-Latin-script name. */
export interface UkName {
  readonly name: string;
  /** As published: Primary Name, Primary name variation, Alias, AKA, FKA...; null for non-Latin names. */
  readonly name_type: string | null;
  /** As published (Good quality a.k.a / Low quality a.k.a / Good quality / Low quality); null when absent. */
  readonly alias_strength: string | null;
  /** OFSI publishes a title per name row; the FCDO XML publishes titles per designation (individual.titles). */
  readonly title: string | null;
  readonly name1: string | null;
  readonly name2: string | null;
  readonly name3: string | null;
  readonly name4: string | null;
  readonly name5: string | null;
  /** Family name of a person, or the whole name of an entity or ship. */
  readonly name6: string | null;
  readonly non_latin_script: boolean;
  readonly non_latin_script_type: string | null;
  readonly non_latin_script_language: string | null;
}

/** A regime the party is designated under, with the dates the publisher gives for it. */
/** A Latin-script name with its six parts (Name1 given … Name6 family or organisation name). */
export function latinName(
  name: string,
  parts: ReadonlyArray<string | null>,
  meta: { type: string | null; strength: string | null; title: string | null },
): UkName {
  return {
    name,
    name_type: meta.type,
    alias_strength: meta.strength,
    title: meta.title,
    name1: parts[0] ?? null,
    name2: parts[1] ?? null,
    name3: parts[2] ?? null,
    name4: parts[3] ?? null,
    name5: parts[4] ?? null,
    name6: parts[5] ?? null,
    non_latin_script: false,
    non_latin_script_type: null,
    non_latin_script_language: null,
  };
}

/** A name written in a non-Latin script: no name parts, only the script and language the publisher states. */
export function nonLatinName(name: string, scriptType: string | null, language: string | null): UkName {
  return {
    name,
    name_type: null,
    alias_strength: null,
    title: null,
    name1: null,
    name2: null,
    name3: null,
    name4: null,
    name5: null,
    name6: null,
    non_latin_script: true,
    non_latin_script_type: scriptType,
    non_latin_script_language: language,
  };
}

export interface UkRegime {
  readonly regime: string | null;
  /** OFSI "Listed On" (YYYY-MM-DD); the FCDO XML has no such field. */
  readonly listed_on: string | null;
  readonly date_designated: string | null;
  readonly last_updated: string | null;
}

/** A publisher field this parser does not map, kept verbatim so nothing stated is lost. */
export interface UkUnrecognised {
  /** XML element path under Designation, or `column:<header>` for an OFSI column. */
  readonly path: string;
  readonly value: string;
}

/** How and why the party is designated, beyond the regime. */
export interface UkDesignation {
  /** FCDO DesignationSource (UN / UK); null in the OFSI file. */
  readonly source: string | null;
  readonly un_reference_number: string | null;
  /** FCDO SanctionsImposed split on `|`; null in the OFSI file. */
  readonly sanctions_imposed: string[] | null;
  /** FCDO SanctionsImposedIndicators as snake_case flags (true/false, or the text when not a boolean). */
  readonly sanctions_imposed_indicators: Record<string, boolean | string> | null;
  readonly unrecognised: UkUnrecognised[] | null;
}

/** A published address; lines as published, the sixth usually the town. */
export interface UkAddress {
  readonly address_line1: string | null;
  readonly address_line2: string | null;
  readonly address_line3: string | null;
  readonly address_line4: string | null;
  readonly address_line5: string | null;
  readonly address_line6: string | null;
  readonly postal_code: string | null;
  readonly country: string | null;
}

/** A passport or national identity document: number and the publisher's free-text details. */
export interface UkDocument {
  readonly number: string | null;
  readonly details: string | null;
}

/** What the publisher states about a person. */
export interface UkIndividual {
  /** Full dates as YYYY-MM-DD; partial ones (dd/mm/1962, 00/00/1975) as published. */
  readonly dates_of_birth: string[];
  readonly birth_places: Array<{ town: string | null; country: string | null }>;
  readonly nationalities: string[];
  readonly passports: UkDocument[];
  readonly national_ids: UkDocument[];
  readonly positions: string[];
  readonly genders: string[];
  readonly titles: string[];
}

/** What the publisher states about an organisation. */
export interface UkEntity {
  readonly types: string[];
  readonly business_registration_numbers: string[];
  readonly parent_companies: string[];
  readonly subsidiaries: string[];
}

/** What the publisher states about a ship. */
export interface UkShip {
  readonly imo_numbers: string[];
  readonly current_owner_operators: string[];
  readonly previous_owner_operators: string[];
  readonly current_flags: string[];
  readonly previous_flags: string[];
  readonly types: string[];
  readonly tonnages: string[];
  readonly lengths: string[];
  readonly years_built: string[];
  readonly hull_identification_numbers: string[];
}

/** Contact details published for the party. */
export interface UkContact {
  readonly phone_numbers: string[];
  readonly fax_numbers: string[];
  readonly email_addresses: string[];
  readonly websites: string[];
}

/** Everything one designation states, before it becomes a ListEntry. */
export interface UkParty {
  readonly sourceUid: string;
  /** Where the party sits in its file, for error messages. */
  readonly where: string;
  readonly subject_type: string | null;
  readonly reference_number: string | null;
  readonly ofsi_group_id: string | null;
  readonly regimes: UkRegime[];
  readonly designation: UkDesignation;
  /** Every published name in file order (the primary is chosen from these). */
  readonly names: UkName[];
  readonly addresses: UkAddress[];
  readonly individual: UkIndividual | null;
  readonly entity: UkEntity | null;
  readonly ship: UkShip | null;
  readonly contact: UkContact | null;
  readonly other_information: string | null;
  readonly statement_of_reasons: string | null;
}

/** Trims and collapses inner whitespace (names, short fields); null when nothing is left. */
export function clean(value: string | null | undefined): string | null {
  const t = (value ?? '').replace(/\s+/g, ' ').trim();
  return t ? t : null;
}

/** Trims prose but keeps its line breaks; null when empty. */
export function prose(value: string | null | undefined): string | null {
  const t = (value ?? '').replace(/\r\n?/g, '\n').trim();
  return t ? t : null;
}

/** dd/mm/yyyy (the format of both UK files) to YYYY-MM-DD when it is a real date; otherwise as published. */
export function ukDate(value: string | null | undefined): string | null {
  const t = clean(value);
  if (!t) return null;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (m) {
    const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const date = new Date(Date.UTC(y, mo - 1, d));
    if (date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d) {
      return `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
    }
  }
  return t;
}

/** Appends a value unless it is empty or already present (publishers repeat details across rows). */
export function pushUnique<T>(list: T[], value: T | null): void {
  if (value === null) return;
  const key = JSON.stringify(value);
  if (!list.some((v) => JSON.stringify(v) === key)) list.push(value);
}

const KINDS: Record<string, EntryKind> = { individual: 'person', entity: 'entity', ship: 'vessel' };

const isPrimary = (n: UkName) => !n.non_latin_script && n.name_type?.trim().toLowerCase() === 'primary name';
const isVariation = (n: UkName) =>
  !n.non_latin_script && n.name_type?.trim().toLowerCase() === 'primary name variation';
const isWeak = (n: UkName) => /^low quality/i.test(n.alias_strength?.trim() ?? '');

/** Chooses the primary name, derives aliases and weak aliases, and lays out the 15-field record. */
export function toUkEntry(party: UkParty): ListEntry {
  const primary = party.names.find(isPrimary) ?? party.names.find(isVariation) ?? party.names[0];
  if (!primary) throw new Error(`${party.where}: no name is published; the designation cannot be screened`);
  const strong = new Set<string>();
  const aliases: string[] = [];
  for (const n of party.names) {
    if (n === primary || n.name === primary.name) continue;
    if (!aliases.includes(n.name)) aliases.push(n.name);
    if (!isWeak(n)) strong.add(n.name);
  }
  const weakAliases = aliases.filter((a) => !strong.has(a));
  const record = {
    name: primary.name,
    aliases,
    subject_type: party.subject_type,
    reference_number: party.reference_number,
    ofsi_group_id: party.ofsi_group_id,
    regimes: party.regimes,
    designation: party.designation,
    names: party.names,
    addresses: party.addresses,
    individual: party.individual,
    entity: party.entity,
    ship: party.ship,
    contact: party.contact,
    other_information: party.other_information,
    statement_of_reasons: party.statement_of_reasons,
  };
  return {
    list: 'uk_sanctions',
    sourceUid: party.sourceUid,
    name: primary.name,
    aliases,
    weakAliases,
    kind: KINDS[party.subject_type?.trim().toLowerCase() ?? ''] ?? 'unknown',
    record,
  };
}

/** Keeps `null` for a detail block with nothing in it (every array empty). */
export function orNull<T extends object>(block: T): T | null {
  return Object.values(block).some((v) => (Array.isArray(v) ? v.length > 0 : v !== null)) ? block : null;
}

const statedFacts = recordFacts({
  birthDates: ['individual.dates_of_birth'],
  countries: [
    'individual.nationalities',
    'individual.birth_places.country',
    'addresses.country',
    'ship.current_flags',
  ],
});

const ADDRESS_LINES = [
  'address_line6',
  'address_line5',
  'address_line4',
  'address_line3',
  'address_line2',
  'address_line1',
] as const;

/**
 * The country of an address that leaves its country field empty and writes the country as its last line instead
 * ("Douglas", "Isle of Man"; "Road Town", "British Virgin Islands"): that line when it is a country name as a whole
 * (a street or town line never is one, and a line that only mentions a country is not taken).
 */
function lastLineCountry(address: Partial<UkAddress>): string | null {
  if (address.country) return null;
  const last = ADDRESS_LINES.map((k) => address[k]).find(
    (v) => v !== null && v !== undefined && v.trim() !== '',
  );
  return last ? countryCode(last) : null;
}

/**
 * The facts of a UK record (either format): dates of birth, nationalities, birth and address countries (an
 * address's last line where its country field is empty), ship flags.
 */
export function ukFacts(record: Readonly<Record<string, unknown>>): EntryFacts {
  const facts = statedFacts(record);
  const addresses = (record as { addresses?: readonly Partial<UkAddress>[] | null }).addresses ?? [];
  const fromLines = addresses.map(lastLineCountry).filter((c): c is string => c !== null);
  return fromLines.length === 0 ? facts : { ...facts, countries: addUnique([...facts.countries], fromLines) };
}
