// Converts one INDIVIDUAL or ENTITY element of the UN consolidated XML into a ListEntry with the 11-field record.
import type { ListEntry } from '../../list-source.js';
import type { XmlNode } from '../../formats/xml-elements.js';
import { clean, cleanBlock } from '../../formats/text.js';
import type { EntryFacts } from '../../../domain/facts.js';
import { addUnique, recordFacts, valuesAt } from '../../facts/record-facts.js';
import { birthDatesIn } from '../../facts/birth-dates.js';

// Text and sub-record helpers for the UN XML: the UN pads values with spaces and publishes empty placeholder
// elements (<INDIVIDUAL_ALIAS><QUALITY/><ALIAS_NAME/></INDIVIDUAL_ALIAS>), which must not become records.

/** An element the parser does not know, kept verbatim so no published statement is dropped. */
export interface UnrecognisedElement {
  /** Element path below the INDIVIDUAL/ENTITY record, e.g. `INDIVIDUAL_ADDRESS/PO_BOX`. */
  readonly path: string;
  readonly text: string;
}

/** xs:date values may carry a zone (`2015-04-07-04:00`); the calendar date is the unambiguous part. */
export function normDate(s: string | null): string | null {
  if (s === null) return null;
  const m = /^(\d{4}-\d{2}-\d{2})(?:Z|[+-]\d{2}:\d{2})?$/.exec(s);
  return m ? m[1]! : s;
}

/** All text inside an element, children included, cleaned. */
export function flatText(node: XmlNode): string {
  const parts = [node.text, ...node.children.map(flatText)];
  return clean(parts.join(' ')) ?? '';
}

/** Cleaned texts of the VALUE children of every direct child called `name` (TITLE, NATIONALITY, ...). */
export function valueList(node: XmlNode, name: string, path: string, extra: UnrecognisedElement[]): string[] {
  const out: string[] = [];
  for (const wrapper of node.children.filter((c) => c.name === name)) {
    for (const v of wrapper.children) {
      if (v.name !== 'VALUE') {
        extra.push({ path: `${path}/${name}/${v.name}`, text: flatText(v) });
        continue;
      }
      const t = clean(v.text);
      if (t !== null) out.push(t);
    }
  }
  return out;
}

/**
 * Reads the known children of a sub-element into snake_case keys (null when absent); anything else goes to
 * `extra`. Returns null for an all-empty placeholder element.
 */
export function subRecord(
  node: XmlNode,
  keys: readonly string[],
  path: string,
  extra: UnrecognisedElement[],
  dateKeys: readonly string[] = [],
): Record<string, string | null> | null {
  const out: Record<string, string | null> = {};
  for (const k of keys) out[k.toLowerCase()] = null;
  let any = false;
  const seen = new Set<string>();
  for (const c of node.children) {
    if (!keys.includes(c.name) || seen.has(c.name) || c.children.length > 0) {
      const t = flatText(c);
      if (t) extra.push({ path: `${path}/${c.name}`, text: t });
      continue;
    }
    seen.add(c.name);
    const text = clean(c.text);
    out[c.name.toLowerCase()] = dateKeys.includes(c.name) ? normDate(text) : text;
    if (text !== null) any = true;
  }
  return any ? out : null;
}

const NAME_PARTS = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'] as const;
const ALIAS_KEYS = ['QUALITY', 'ALIAS_NAME', 'DATE_OF_BIRTH', 'CITY_OF_BIRTH', 'COUNTRY_OF_BIRTH', 'NOTE'];
const ADDRESS_KEYS = ['STREET', 'CITY', 'STATE_PROVINCE', 'ZIP_CODE', 'COUNTRY', 'NOTE'];
const DOB_KEYS = ['TYPE_OF_DATE', 'DATE', 'YEAR', 'FROM_YEAR', 'TO_YEAR', 'NOTE'];
const POB_KEYS = ['STREET', 'CITY', 'STATE_PROVINCE', 'COUNTRY', 'NOTE'];
const DOCUMENT_KEYS = [
  'TYPE_OF_DOCUMENT',
  'TYPE_OF_DOCUMENT2',
  'NUMBER',
  'ISSUING_COUNTRY',
  'DATE_OF_ISSUE',
  'CITY_OF_ISSUE',
  'COUNTRY_OF_ISSUE',
  'NOTE',
];

const COMMON = [
  'DATAID',
  'VERSIONNUM',
  ...NAME_PARTS,
  'UN_LIST_TYPE',
  'REFERENCE_NUMBER',
  'LISTED_ON',
  'NAME_ORIGINAL_SCRIPT',
  'COMMENTS1',
  'LIST_TYPE',
  'LAST_DAY_UPDATED',
  'SORT_KEY',
  'SORT_KEY_LAST_MOD',
  'DELISTED_ON',
];
const KNOWN: Record<'INDIVIDUAL' | 'ENTITY', ReadonlySet<string>> = {
  INDIVIDUAL: new Set([
    ...COMMON,
    'GENDER',
    'SUBMITTED_BY',
    'NATIONALITY2',
    'TITLE',
    'DESIGNATION',
    'NATIONALITY',
    'INDIVIDUAL_ALIAS',
    'INDIVIDUAL_ADDRESS',
    'INDIVIDUAL_DATE_OF_BIRTH',
    'INDIVIDUAL_PLACE_OF_BIRTH',
    'INDIVIDUAL_DOCUMENT',
  ]),
  ENTITY: new Set([...COMMON, 'SUBMITTED_ON', 'ENTITY_ALIAS', 'ENTITY_ADDRESS']),
};

/** Where a record sits in the file, for error messages. */
export interface UnRecordPosition {
  readonly file: string;
  /** 1-based position among INDIVIDUAL/ENTITY elements. */
  readonly index: number;
}

/** Builds the ListEntry for one INDIVIDUAL or ENTITY element; throws naming the record when it is unusable. */
export function unRecordToEntry(node: XmlNode, pos: UnRecordPosition): ListEntry {
  const type = node.name === 'INDIVIDUAL' ? 'INDIVIDUAL' : node.name === 'ENTITY' ? 'ENTITY' : null;
  const fail = (why: string, id?: string | null): never => {
    throw new Error(
      `${pos.file}: ${node.name} #${pos.index}${id ? ` (DATAID ${id})` : ''}: ${why}; the record cannot be parsed`,
    );
  };
  if (!type) return fail(`unexpected element ${node.name}`);

  const extra: UnrecognisedElement[] = [];
  const one = (name: string): string | null => {
    const matches = node.children.filter((c) => c.name === name);
    for (const m of matches.slice(1)) extra.push({ path: m.name, text: flatText(m) });
    return clean(matches[0]?.text);
  };
  for (const c of node.children) {
    if (!KNOWN[type].has(c.name)) extra.push({ path: c.name, text: flatText(c) });
  }

  const dataid = one('DATAID');
  if (!dataid) return fail('no DATAID');
  const parts = NAME_PARTS.map((p) => one(p));
  const name = clean(parts.filter((p) => p !== null).join(' '));
  if (!name) return fail('no name (FIRST_NAME..FOURTH_NAME all empty)', dataid);
  const originalScript = one('NAME_ORIGINAL_SCRIPT');

  const prefix = type === 'INDIVIDUAL' ? 'INDIVIDUAL' : 'ENTITY';
  const list = <T>(tag: string, f: (n: XmlNode) => T | null): T[] =>
    node.children
      .filter((c) => c.name === tag)
      .map(f)
      .filter((x): x is T => x !== null);

  // The UN publishes empty alias elements (291 in Feb 2026); a quality without a name says nothing either.
  const aliases = list(`${prefix}_ALIAS`, (n) => {
    const a = subRecord(n, ALIAS_KEYS, n.name, extra, ['DATE_OF_BIRTH']);
    const { quality: _q, ...rest } = a ?? {};
    return Object.values(rest).some((v) => v !== null) ? a : null;
  });
  const addresses = list(`${prefix}_ADDRESS`, (n) => subRecord(n, ADDRESS_KEYS, n.name, extra));

  const individual =
    type === 'INDIVIDUAL'
      ? {
          gender: one('GENDER'),
          titles: valueList(node, 'TITLE', '', extra),
          designations: valueList(node, 'DESIGNATION', '', extra),
          nationalities: valueList(node, 'NATIONALITY', '', extra),
          nationality2: one('NATIONALITY2'),
          dates_of_birth: list('INDIVIDUAL_DATE_OF_BIRTH', (n) =>
            subRecord(n, DOB_KEYS, n.name, extra, ['DATE']),
          ),
          places_of_birth: list('INDIVIDUAL_PLACE_OF_BIRTH', (n) => subRecord(n, POB_KEYS, n.name, extra)),
          documents: list('INDIVIDUAL_DOCUMENT', (n) => subRecord(n, DOCUMENT_KEYS, n.name, extra)),
        }
      : null;

  // COMMENTS1 is single in the schema; should the UN ever repeat it, every paragraph is kept.
  const comments = node.children
    .filter((c) => c.name === 'COMMENTS1')
    .map((c) => cleanBlock(c.text))
    .filter((c): c is string => c !== null);
  const listing = {
    comments: comments.length > 0 ? comments.join('\n\n') : null,
    list_type: valueList(node, 'LIST_TYPE', '', extra),
    last_day_updated: valueList(node, 'LAST_DAY_UPDATED', '', extra).map((d) => normDate(d) ?? d),
    version_num: one('VERSIONNUM'),
    submitted_by: type === 'INDIVIDUAL' ? one('SUBMITTED_BY') : null,
    submitted_on: type === 'ENTITY' ? normDate(one('SUBMITTED_ON')) : null,
    delisted_on: normDate(one('DELISTED_ON')),
    sort_key: one('SORT_KEY'),
    sort_key_last_mod: one('SORT_KEY_LAST_MOD'),
    unrecognised: extra.map((e) => ({ ...e, path: e.path.replace(/^\//, '') })),
  };

  const record = {
    name,
    dataid,
    sdn_type: type === 'INDIVIDUAL' ? 'Individual' : 'Entity',
    un_list_type: one('UN_LIST_TYPE'),
    reference_number: one('REFERENCE_NUMBER'),
    listed_on: normDate(one('LISTED_ON')),
    name_parts: {
      first_name: parts[0] ?? null,
      second_name: parts[1] ?? null,
      third_name: parts[2] ?? null,
      fourth_name: parts[3] ?? null,
      name_original_script: originalScript,
    },
    aliases,
    individual,
    addresses,
    listing,
  };

  // Aliases in publication order; a name is weak only when the UN never publishes it with a better quality.
  const ordered: string[] = [];
  const strong = new Set<string>();
  const weak = new Set<string>();
  const add = (alias: string, isWeak: boolean) => {
    if (alias === name) return;
    if (!ordered.includes(alias)) ordered.push(alias);
    (isWeak ? weak : strong).add(alias);
  };
  for (const a of aliases) {
    const alias = a['alias_name'];
    if (alias) add(alias, a['quality'] === 'Low');
  }
  if (originalScript !== null) add(originalScript, false);

  return {
    list: 'un_consolidated',
    sourceUid: dataid,
    name,
    aliases: ordered,
    weakAliases: ordered.filter((a) => weak.has(a) && !strong.has(a)),
    kind: type === 'INDIVIDUAL' ? 'person' : 'entity',
    record,
  };
}

const unPathFacts = recordFacts({
  countries: [
    'individual.nationalities',
    'individual.nationality2',
    'individual.places_of_birth.country',
    'individual.documents.issuing_country',
    'individual.documents.country_of_issue',
    'addresses.country',
  ],
});

/** The facts of a UN record: dates of birth are EXACT dates, years, or BETWEEN from/to years. */
export function unFacts(record: Readonly<Record<string, unknown>>): EntryFacts {
  const { countries } = unPathFacts(record);
  const birthDates: string[] = [];
  const individual = (record as { individual?: { dates_of_birth?: Record<string, unknown>[] } | null })
    .individual;
  for (const d of individual?.dates_of_birth ?? []) {
    const [date] = valuesAt(d, 'date');
    const [year] = valuesAt(d, 'year');
    const [from] = valuesAt(d, 'from_year');
    const [to] = valuesAt(d, 'to_year');
    if (date) addUnique(birthDates, birthDatesIn(date));
    else if (year) addUnique(birthDates, birthDatesIn(year));
    else if (from && to) addUnique(birthDates, birthDatesIn(`${from} to ${to}`));
  }
  return { birthDates, countries };
}
