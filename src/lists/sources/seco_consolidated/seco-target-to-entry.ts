// Converts one top-level SECO target into a ListEntry with the 8-field record, or null when the target is de-listed.
// The whole list keeps de-listed targets and, inside each <modification>, copies of earlier states (<added>,
// <removed>) that reuse the target's own element names: only the target's direct children describe it now.
import type { EntryKind, ListEntry } from '../../list-source.js';
import type { XmlNode } from '../../formats/xml-elements.js';
import { clean, cleanBlock } from '../../formats/text.js';
import {
  attrsOf,
  reportUnknownChildren,
  textOf,
  unrecognised,
  type SecoHeader,
  type SecoPlace,
  type UnrecognisedElement,
} from './read-seco-xml.js';
import { readSecoName, type SecoName } from './seco-names-to-entry.js';
import type { EntryFacts } from '../../../domain/facts.js';
import { birthDatesIn } from '../../facts/birth-dates.js';
import { addUnique, recordFacts } from '../../facts/record-facts.js';

/** Where a record sits in the file, for error messages. */
export interface SecoRecordPosition {
  readonly file: string;
  /** 1-based position among top-level targets. */
  readonly index: number;
}

type Obj = Record<string, unknown>;
const PARTY_TYPES = ['individual', 'entity', 'object'];
const MOD_DATES = ['effective-date', 'enactment-date', 'publication-date'] as const;

/** Latest modification by date (effective, else enactment, else publication); the file lists newest first. */
function latestModification(mods: XmlNode[]): XmlNode | undefined {
  const dateOf = (m: XmlNode) => MOD_DATES.map((d) => clean(m.attrs[d])).find((d) => d !== null) ?? '';
  let best: XmlNode | undefined;
  for (const m of mods) if (!best || dateOf(m) > dateOf(best)) best = m;
  return best;
}

function address(
  node: XmlNode,
  identitySsid: string | null,
  places: ReadonlyMap<string, SecoPlace>,
  path: string,
  extra: UnrecognisedElement[],
): Obj {
  const attrs = attrsOf(node, ['ssid', 'place-id', 'quality'], path, extra);
  const known = ['c-o', 'address-details', 'p-o-box', 'zip-code', 'remarks', 'location', 'area', 'country'];
  reportUnknownChildren(node, known, path, extra);
  const place = attrs['place_id'] ? places.get(attrs['place_id']) : undefined;
  for (const e of place?.unrecognised ?? []) extra.push({ ...e, path: `${path}/${e.path}` });
  const country = node.children.find((c) => c.name === 'country');
  // Place first, then what the element itself states (OpenSanctions reads them in the same order).
  return {
    identity_ssid: identitySsid,
    ssid: attrs['ssid'] ?? null,
    place_id: attrs['place_id'] ?? null,
    quality: attrs['quality'] ?? null,
    c_o: textOf(node, 'c-o', path, extra),
    address_details: textOf(node, 'address-details', path, extra),
    p_o_box: textOf(node, 'p-o-box', path, extra),
    zip_code: textOf(node, 'zip-code', path, extra),
    location: textOf(node, 'location', path, extra) ?? place?.location ?? null,
    area: textOf(node, 'area', path, extra) ?? place?.area ?? null,
    country: clean(country?.text) ?? place?.country ?? null,
    country_iso_code: clean(country?.attrs['iso-code']) ?? place?.country_iso_code ?? null,
    remarks: cleanBlock(node.children.find((c) => c.name === 'remarks')?.text),
  };
}

/** A document date as text, or built from a day-month-year child when the publisher nests one. */
function documentDate(
  node: XmlNode,
  name: string,
  path: string,
  extra: UnrecognisedElement[],
): string | null {
  const el = node.children.find((c) => c.name === name);
  if (!el) return null;
  const dmy = el.children.find((c) => c.name === 'day-month-year');
  if (!dmy) return textOf(node, name, path, extra);
  const [y, m, d] = ['year', 'month', 'day'].map((k) => clean(dmy.attrs[k]));
  return [y, m?.padStart(2, '0'), d?.padStart(2, '0')].filter((x) => x).join('-') || null;
}

function identity(
  node: XmlNode,
  header: SecoHeader,
  path: string,
  extra: UnrecognisedElement[],
  names: SecoName[],
  addresses: Obj[],
): Obj {
  const attrs = attrsOf(node, ['ssid', 'main'], path, extra);
  const ssid = attrs['ssid'] ?? null;
  const main = attrs['main'] === 'true';
  reportUnknownChildren(
    node,
    ['name', 'day-month-year', 'place-of-birth', 'nationality', 'identification-document', 'address'],
    path,
    extra,
  );
  const kids = (n: string) => node.children.filter((c) => c.name === n);
  for (const n of kids('name')) names.push(readSecoName(n, { ssid, main }, `${path}/name`, extra));
  for (const a of kids('address')) addresses.push(address(a, ssid, header.places, `${path}/address`, extra));
  return {
    ssid,
    main,
    day_month_year: kids('day-month-year').map((d) => {
      reportUnknownChildren(d, [], `${path}/day-month-year`, extra);
      return attrsOf(
        d,
        ['ssid', 'day', 'month', 'year', 'calendar', 'quality'],
        `${path}/day-month-year`,
        extra,
      );
    }),
    places_of_birth: kids('place-of-birth').map((p) => {
      const { identity_ssid: _i, ...rest } = address(p, ssid, header.places, `${path}/place-of-birth`, extra);
      return rest;
    }),
    nationalities: kids('nationality').map((n) => {
      const p = `${path}/nationality`;
      const a = attrsOf(n, ['ssid', 'quality'], p, extra);
      reportUnknownChildren(n, ['country'], p, extra);
      const country = n.children.find((c) => c.name === 'country');
      return {
        ssid: a['ssid'] ?? null,
        quality: a['quality'] ?? null,
        country: clean(country?.text),
        country_iso_code: clean(country?.attrs['iso-code']),
      };
    }),
    identification_documents: kids('identification-document').map((d) => {
      const p = `${path}/identification-document`;
      const a = attrsOf(d, ['ssid', 'document-type', 'quality'], p, extra);
      reportUnknownChildren(d, ['number', 'issuer', 'date-of-issue', 'expiry-date', 'remark'], p, extra);
      const issuer = d.children.find((c) => c.name === 'issuer');
      return {
        ssid: a['ssid'] ?? null,
        document_type: a['document_type'] ?? null,
        quality: a['quality'] ?? null,
        number: textOf(d, 'number', p, extra),
        issuer: clean(issuer?.text),
        issuer_code: clean(issuer?.attrs['code']),
        date_of_issue: documentDate(d, 'date-of-issue', p, extra),
        expiry_date: documentDate(d, 'expiry-date', p, extra),
        remark: cleanBlock(d.children.find((c) => c.name === 'remark')?.text),
      };
    }),
  };
}

function kindOf(partyType: string, objectType: string | null): EntryKind {
  if (partyType === 'individual') return 'person';
  if (partyType === 'entity') return 'entity';
  if (objectType === 'vessel') return 'vessel';
  if (objectType === 'aircraft') return 'aircraft';
  return 'unknown';
}

/** Builds the ListEntry for a target, or null when its latest modification de-lists it. */
export function secoTargetToEntry(
  target: XmlNode,
  header: SecoHeader,
  pos: SecoRecordPosition,
): ListEntry | null {
  const ssid = clean(target.attrs['ssid']);
  const fail = (why: string): never => {
    throw new Error(
      `${pos.file}: target #${pos.index}${ssid ? ` (ssid ${ssid})` : ''}: ${why}; the record cannot be parsed`,
    );
  };
  if (!ssid) return fail('no ssid');

  const modifications = target.children.filter((c) => c.name === 'modification');
  if (latestModification(modifications)?.attrs['modification-type'] === 'de-listed') return null;

  const extra: UnrecognisedElement[] = [];
  const tAttrs = attrsOf(target, ['ssid', 'sanctions-set-id'], 'target', extra);
  reportUnknownChildren(
    target,
    ['sanctions-set-id', 'foreign-identifier', 'modification', ...PARTY_TYPES],
    'target',
    extra,
  );
  const parties = target.children.filter((c) => PARTY_TYPES.includes(c.name));
  if (parties.length !== 1) return fail(`expected one individual, entity or object, found ${parties.length}`);
  const party = parties[0]!;
  const pAttrs = attrsOf(party, ['sex', 'object-type'], party.name, extra);
  reportUnknownChildren(
    party,
    ['identity', 'justification', 'relation', 'other-information'],
    party.name,
    extra,
  );

  const names: SecoName[] = [];
  const addresses: Obj[] = [];
  const identities = party.children
    .filter((c) => c.name === 'identity')
    .map((i) => identity(i, header, `${party.name}/identity`, extra, names, addresses));

  // The name is the main identity's primary name (else its first name, else the first name at all).
  const mainNames = names.filter((n) => n.main_identity);
  const pool = mainNames.length > 0 ? mainNames : names;
  const primary =
    pool.find((n) => n.name_type === 'primary-name' && n.whole_name) ?? pool.find((n) => n.whole_name);
  if (!primary?.whole_name) return fail('no name with a value');
  const name = primary.whole_name;

  const setIds = [
    ...new Set([
      ...(tAttrs['sanctions_set_id'] ? [tAttrs['sanctions_set_id']] : []),
      ...target.children.filter((c) => c.name === 'sanctions-set-id').flatMap((c) => clean(c.text) ?? []),
    ]),
  ];
  const texts = (n: string) =>
    party.children
      .filter((c) => c.name === n)
      .flatMap((c) => {
        for (const k of c.children) extra.push(unrecognised(k, `${party.name}/${n}/${k.name}`));
        return cleanBlock(c.text) ?? [];
      });
  const justifications = texts('justification');

  const record = {
    name,
    name_type: primary.name_type,
    address: addresses,
    justification: justifications.length > 0 ? justifications.join('\n\n') : null,
    names,
    identities,
    programs: setIds.map((id) => {
      const p = header.programs.get(id);
      if (p) for (const e of p.unrecognised) extra.push({ ...e, path: `program/${e.path}` });
      return {
        sanctions_set_id: id,
        program_ssid: p?.program_ssid ?? null,
        program_key: p?.program_key ?? {},
        program_name: p?.program_name ?? {},
        sanctions_set: p?.sanctions_set ?? {},
        origin: p?.origin ?? null,
        version_date: p?.version_date ?? null,
        predecessor_version_date: p?.predecessor_version_date ?? null,
      };
    }),
    target: {
      ssid,
      target_type: party.name,
      object_type: pAttrs['object_type'] ?? null,
      sex: pAttrs['sex'] ?? null,
      foreign_identifiers: target.children
        .filter((c) => c.name === 'foreign-identifier')
        .flatMap((c) => clean(c.text) ?? []),
      other_information: texts('other-information'),
      relations: party.children
        .filter((c) => c.name === 'relation')
        .map((r) => {
          const a = attrsOf(r, ['ssid', 'target-id', 'relation-type'], `${party.name}/relation`, extra);
          reportUnknownChildren(r, ['remark'], `${party.name}/relation`, extra);
          return {
            ssid: a['ssid'] ?? null,
            target_id: a['target_id'] ?? null,
            relation_type: a['relation_type'] ?? null,
            remark: cleanBlock(r.children.find((c) => c.name === 'remark')?.text ?? r.text),
          };
        }),
      // History stays as dates and types; the earlier states copied inside each modification are not repeated.
      modifications: modifications.map((m) =>
        attrsOf(
          m,
          ['ssid', 'modification-type', 'enactment-date', 'publication-date', 'effective-date'],
          'modification',
          extra,
        ),
      ),
      unrecognised: extra,
    },
  };

  const ordered: string[] = [];
  const strong = new Set<string>();
  const weak = new Set<string>();
  for (const n of names) {
    for (const alias of [n.whole_name, ...n.spelling_variant_names]) {
      if (alias === null || alias === name) continue;
      if (!ordered.includes(alias)) ordered.push(alias);
      (n.quality === 'low' ? weak : strong).add(alias);
    }
  }

  return {
    list: 'seco_consolidated',
    sourceUid: ssid,
    name,
    aliases: ordered,
    weakAliases: ordered.filter((a) => weak.has(a) && !strong.has(a)),
    kind: kindOf(party.name, pAttrs['object_type'] ?? null),
    record,
  };
}

const secoPathFacts = recordFacts({
  countries: [
    'identities.nationalities.country_iso_code',
    'identities.places_of_birth.country_iso_code',
    'address.country_iso_code',
  ],
});

/** The facts of a SECO record: Gregorian day-month-year dates (any part may be missing), nationalities, places. */
export function secoFacts(record: Readonly<Record<string, unknown>>): EntryFacts {
  const birthDates: string[] = [];
  // An entity's day-month-year is its founding, not a birth.
  const individual =
    (record['target'] as { target_type?: unknown } | undefined)?.target_type === 'individual';
  for (const d of individual ? valuesOf(record, 'identities', 'day_month_year') : []) {
    const calendar = d['calendar'];
    if (typeof calendar === 'string' && calendar.toLowerCase() !== 'gregorian') continue;
    const [year, month, day] = [d['year'], d['month'], d['day']].map((x) => (x == null ? '' : String(x)));
    if (!year) continue;
    const date = !month ? year : !day ? `${year}-${month.padStart(2, '0')}` : `${day}.${month}.${year}`;
    addUnique(birthDates, birthDatesIn(date));
  }
  return { birthDates, countries: secoPathFacts(record).countries };
}

function valuesOf(
  record: Readonly<Record<string, unknown>>,
  outer: string,
  inner: string,
): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const list = record[outer];
  if (!Array.isArray(list)) return out;
  for (const item of list) {
    const v = (item as Record<string, unknown> | null)?.[inner];
    if (Array.isArray(v))
      for (const x of v) if (x !== null && typeof x === 'object') out.push(x as Record<string, unknown>);
  }
  return out;
}
