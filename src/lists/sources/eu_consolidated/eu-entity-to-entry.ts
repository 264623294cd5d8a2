// Converts one sanctionEntity of the EU Financial Sanctions File (XML 1.1) into a ListEntry with the 8-field record.
// Every detail (nameAlias, address, ...) carries its own remark and regulationSummary children, so each converter
// reads its element's direct children only: a remark on an identification never becomes the entity's remark.
import type { EntryKind, ListEntry } from '../../list-source.js';
import type { XmlNode } from '../../formats/xml-elements.js';
import { clean, cleanBlock } from '../../formats/text.js';
import type { EntryFacts } from '../../../domain/facts.js';
import { addUnique, recordFacts, valuesAt } from '../../facts/record-facts.js';
import { birthDatesIn } from '../../facts/birth-dates.js';

// Attribute helpers for the EU FSF XML: the file is almost all attributes, published as empty strings when absent
// and in camelCase; records use snake_case keys, null for absent, booleans for xs:boolean.

/** An element the parser does not know, kept verbatim so no published statement is dropped. */
export interface UnrecognisedElement {
  /** Element path below sanctionEntity, e.g. `nameAlias/transliteration`. */
  readonly path: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly text: string;
}

/** A converted attribute value. */
export type AttrValue = string | boolean | null;

const BOOLEAN_ATTRS = new Set([
  'strong',
  'circa',
  'asAtListingTime',
  'diplomatic',
  'knownExpired',
  'knownFalse',
  'reportedLost',
  'revokedByIssuer',
]);

const snake = (camel: string): string => camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const DATE_WITH_ZONE = /^(\d{4}-\d{2}-\d{2})(?:Z|[+-]\d{2}:\d{2})$/;

/** One attribute value: booleans as booleans (xs:boolean also allows 1/0), xs:date zones dropped. */
function convert(name: string, raw: string | undefined): AttrValue {
  const v = clean(raw);
  if (v === null) return null;
  if (BOOLEAN_ATTRS.has(name)) {
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
    return v;
  }
  const d = DATE_WITH_ZONE.exec(v);
  return d ? d[1]! : v;
}

/**
 * The listed attributes under snake_case keys (null when absent), then any other attribute the element carries,
 * so a new attribute is kept rather than dropped.
 */
export function attrsOf(node: XmlNode, known: readonly string[]): Record<string, AttrValue> {
  const out: Record<string, AttrValue> = {};
  for (const k of known) out[snake(k)] = convert(k, node.attrs[k]);
  for (const [k, v] of Object.entries(node.attrs)) {
    if (!known.includes(k) && k !== 'xmlns') out[snake(k)] = convert(k, v);
  }
  return out;
}

/** All text inside an element, children included, cleaned. */
export function flatText(node: XmlNode): string {
  return clean([node.text, ...node.children.map(flatText)].join(' ')) ?? '';
}

/** Records a child element the converter does not know. */
export function unrecognised(node: XmlNode, path: string): UnrecognisedElement {
  return { path, attrs: { ...node.attrs }, text: flatText(node) };
}

const SUMMARY = ['regulationType', 'publicationDate', 'numberTitle', 'publicationUrl'];
const DETAIL = ['regulationLanguage', 'logicalId'];
const NAME_ALIAS = [
  'wholeName',
  'firstName',
  'middleName',
  'lastName',
  'title',
  'function',
  'gender',
  'nameLanguage',
  'strong',
  ...DETAIL,
];
const CITIZENSHIP = [
  'countryIso2Code',
  'countryDescription',
  'region',
  'acquisitionDate',
  'disenfranchisementDate',
  ...DETAIL,
];
const BIRTHDATE = [
  'birthdate',
  'dayOfMonth',
  'monthOfYear',
  'year',
  'yearRangeFrom',
  'yearRangeTo',
  'circa',
  'calendarType',
  'city',
  'zipCode',
  'region',
  'place',
  'countryIso2Code',
  'countryDescription',
  ...DETAIL,
];
const ADDRESS = [
  'street',
  'poBox',
  'city',
  'zipCode',
  'region',
  'place',
  'countryIso2Code',
  'countryDescription',
  'asAtListingTime',
  ...DETAIL,
];
const IDENTIFICATION = [
  'identificationTypeCode',
  'identificationTypeDescription',
  'number',
  'latinNumber',
  'nameOnDocument',
  'issuedBy',
  'issueDate',
  'validFrom',
  'validTo',
  'region',
  'countryIso2Code',
  'countryDescription',
  'diplomatic',
  'knownExpired',
  'knownFalse',
  'reportedLost',
  'revokedByIssuer',
  ...DETAIL,
];
const REGULATION = [
  'regulationType',
  'organisationType',
  'publicationDate',
  'entryIntoForceDate',
  'numberTitle',
  'programme',
  'logicalId',
];
const ENTITY = [
  'logicalId',
  'euReferenceNumber',
  'unitedNationId',
  'designationDate',
  'designationDetails',
  'delistingDate',
];

/** Where a record sits in the file, for error messages. */
export interface EuRecordPosition {
  readonly file: string;
  /** 1-based position among sanctionEntity elements. */
  readonly index: number;
}

type Obj = Record<string, unknown>;

/** Reads the OperableType children every element may carry, and flags children nobody reads. */
function operable(node: XmlNode, path: string, extra: UnrecognisedElement[], own: readonly string[]) {
  const remarks: string[] = [];
  const additional: Obj[] = [];
  for (const c of node.children) {
    if (c.name === 'remark') {
      const r = cleanBlock(c.text);
      if (r !== null) remarks.push(r);
    } else if (c.name === 'additionalInformation') {
      additional.push(attrsOf(c, ['key', 'value']));
    } else if (!own.includes(c.name)) {
      extra.push(unrecognised(c, path ? `${path}/${c.name}` : c.name));
    }
  }
  return { remarks, additional_information: additional };
}

/** A detail element (SanctionableType): its attributes, remarks and its own regulation summary. */
function detail(
  node: XmlNode,
  known: readonly string[],
  extra: UnrecognisedElement[],
  own: string[] = [],
): Obj {
  const summaries = node.children.filter((c) => c.name === 'regulationSummary');
  for (const s of summaries.slice(1)) extra.push(unrecognised(s, `${node.name}/regulationSummary`));
  return {
    ...attrsOf(node, known),
    ...operable(node, node.name, extra, ['regulationSummary', ...own]),
    regulation_summary: summaries[0] ? attrsOf(summaries[0], SUMMARY) : null,
  };
}

function regulation(node: XmlNode, extra: UnrecognisedElement[]): Obj {
  const urls = node.children.filter((c) => c.name === 'publicationUrl');
  for (const u of urls.slice(1)) extra.push(unrecognised(u, 'regulation/publicationUrl'));
  return {
    ...attrsOf(node, REGULATION),
    publication_url: clean(urls[0]?.text),
    corrigenda: node.children.filter((c) => c.name === 'corrigendum').map((c) => attrsOf(c, SUMMARY)),
    ...operable(node, 'regulation', extra, ['publicationUrl', 'corrigendum']),
  };
}

const str = (v: AttrValue | unknown): string | null => (typeof v === 'string' ? v : null);

/** The name a nameAlias stands for: wholeName, else its parts joined (some aliases carry parts only). */
function aliasName(a: Obj): string | null {
  return (
    str(a['whole_name']) ?? clean([a['first_name'], a['middle_name'], a['last_name']].map(str).join(' '))
  );
}

function kindOf(code: string | null, classification: string | null): EntryKind {
  if (classification === 'P' || code === 'person') return 'person';
  if (classification === 'E' || code === 'enterprise') return 'entity';
  return 'unknown';
}

/** Builds the ListEntry for one sanctionEntity; throws naming the record when it is unusable. */
export function euEntityToEntry(node: XmlNode, pos: EuRecordPosition): ListEntry {
  const logicalId = clean(node.attrs['logicalId']);
  const fail = (why: string): never => {
    throw new Error(
      `${pos.file}: sanctionEntity #${pos.index}${logicalId ? ` (logicalId ${logicalId})` : ''}: ${why}; ` +
        'the record cannot be parsed',
    );
  };
  if (!logicalId) return fail('no logicalId');

  const extra: UnrecognisedElement[] = [];
  const kids = (name: string) => node.children.filter((c) => c.name === name);
  const own = [
    'regulation',
    'subjectType',
    'nameAlias',
    'citizenship',
    'birthdate',
    'address',
    'identification',
  ];
  const base = operable(node, '', extra, own);

  const subjectTypes = kids('subjectType');
  for (const s of subjectTypes.slice(1)) extra.push(unrecognised(s, 'subjectType'));
  const subject = subjectTypes[0] ? attrsOf(subjectTypes[0], ['code', 'classificationCode']) : null;
  const subjectType = str(subject?.['code']);
  const classification = str(subject?.['classification_code']);

  const nameAliases = kids('nameAlias').map((n) => detail(n, NAME_ALIAS, extra));
  if (nameAliases.length === 0) return fail('no nameAlias');
  // The name is the first strong alias with a wholeName; strong="false" marks a weak alias, absent means strong.
  const primary =
    nameAliases.find((a) => a['strong'] !== false && str(a['whole_name'])) ??
    nameAliases.find((a) => str(a['whole_name'])) ??
    nameAliases.find((a) => aliasName(a));
  const name = primary ? aliasName(primary) : null;
  if (!name) return fail('no nameAlias has a wholeName or name parts');

  const regulations = kids('regulation').map((n) => regulation(n, extra));
  const identity = {
    citizenships: kids('citizenship').map((n) => detail(n, CITIZENSHIP, extra)),
    birthdates: kids('birthdate').map((n) => detail(n, BIRTHDATE, extra)),
    identifications: kids('identification').map((n) => detail(n, IDENTIFICATION, extra)),
  };
  const addresses = kids('address').map((n) => ({
    ...detail(n, ADDRESS, extra, ['contactInfo']),
    contact_info: n.children.filter((c) => c.name === 'contactInfo').map((c) => attrsOf(c, ['key', 'value'])),
  }));
  const { logical_id: _id, eu_reference_number: reference, ...entityAttrs } = attrsOf(node, ENTITY);

  const record = {
    name,
    subject_type: subjectType,
    reference_number: str(reference),
    aliases: nameAliases,
    listing: {
      logical_id: logicalId,
      ...entityAttrs,
      classification_code: classification,
      ...base,
      unrecognised: extra,
    },
    regulations,
    identity,
    addresses,
  };

  const ordered: string[] = [];
  const strong = new Set<string>();
  const weak = new Set<string>();
  for (const a of nameAliases) {
    const n = aliasName(a);
    if (n === null || n === name) continue;
    if (!ordered.includes(n)) ordered.push(n);
    (a['strong'] === false ? weak : strong).add(n);
  }

  return {
    list: 'eu_consolidated',
    sourceUid: logicalId,
    name,
    aliases: ordered,
    weakAliases: ordered.filter((a) => weak.has(a) && !strong.has(a)),
    kind: kindOf(subjectType, classification),
    record,
  };
}

const euPathFacts = recordFacts({
  countries: [
    'identity.citizenships.country_iso2_code',
    'identity.birthdates.country_iso2_code',
    'identity.identifications.country_iso2_code',
    'addresses.country_iso2_code',
  ],
});

/** The facts of an EU record: Gregorian birth dates as full dates, year and month, year, or a range of years. */
export function euFacts(record: Readonly<Record<string, unknown>>): EntryFacts {
  const { countries } = euPathFacts(record);
  const birthDates: string[] = [];
  const identity = (record as { identity?: { birthdates?: Record<string, unknown>[] } }).identity;
  for (const b of identity?.birthdates ?? []) {
    const calendar = valuesAt(b, 'calendar_type')[0];
    if (calendar !== undefined && calendar.toUpperCase() !== 'GREGORIAN') continue;
    const [date] = valuesAt(b, 'birthdate');
    const [year] = valuesAt(b, 'year');
    const [month] = valuesAt(b, 'month_of_year');
    const [from] = valuesAt(b, 'year_range_from');
    const [to] = valuesAt(b, 'year_range_to');
    if (date) addUnique(birthDates, birthDatesIn(date));
    else if (year && month) addUnique(birthDates, birthDatesIn(`${year}-${month}`));
    else if (year) addUnique(birthDates, birthDatesIn(year));
    else if (from && to) addUnique(birthDates, birthDatesIn(`${from} to ${to}`));
  }
  return { birthDates, countries };
}
