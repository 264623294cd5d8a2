// One IDB row → one ListEntry with the 13-field record.
import { createHash } from 'node:crypto';
import type { ListEntry } from '../../list-source.js';
import { clean } from '../../formats/text.js';
import type { IadbRow } from './read-iadb-xlsx.js';
import { recordFacts } from '../../facts/record-facts.js';

// IDB titles carry other names inline: `Bamidele Obiniyi (also known as Bamidele Abayomi)`, `Elmcrest Group
// Limited, Formerly known as Landmarc Limited`, `Ecograph LLC (a.k.a. Ecography Company) (Ecograph)`, and a
// quoted short name in brackets: `“Timir” LLP (“Timir”)`, `Computech Business Services Limited (“Computech”)`.

/** Another name of a listed party and how the title (or the Other Name column) gives it. */
export interface IadbOtherName {
  readonly name: string;
  readonly relation: 'a.k.a.' | 'f.k.a.' | 'd.b.a.' | 'short name' | 'other name';
}

const MARKERS: ReadonlyArray<[RegExp, IadbOtherName['relation']]> = [
  [/also known as|a\.k\.a\.?|\baka\b/i, 'a.k.a.'],
  [/formerly known as|previously known as|formerly operating as:?|f\/k\/a|\bformerly\b/i, 'f.k.a.'],
  [/(?:also |currently )?doing business as|d\/b\/a/i, 'd.b.a.'],
];
const ANY_MARKER = new RegExp(`[\\s,(]*\\b(${MARKERS.map(([re]) => re.source).join('|')})\\s*:?\\s*`, 'i');

const count = (s: string, ch: string) => s.split(ch).length - 1;

/** Personal titles before individuals' names (`Mr. Oyo Sunaryo`). */
const TITLE = /^(?:mr|mrs|ms|miss|dr)\.?\s+/i;

/** Collapses spaces, drops a personal title, separators, wrapping quotes and unbalanced brackets at the ends. */
export function tidyName(s: string): string {
  let t = s
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;]+|[\s,;]+$/g, '')
    .replace(TITLE, '');
  for (;;) {
    const o = count(t, '(');
    const c = count(t, ')');
    if (o > c && t.endsWith('(')) t = t.slice(0, -1);
    else if (o > c && t.startsWith('(')) t = t.slice(1);
    else if (c > o && t.endsWith(')')) t = t.slice(0, -1);
    else if (o === 1 && c === 1 && t.startsWith('(') && t.endsWith(')')) t = t.slice(1, -1);
    else break;
    t = t.replace(/^[\s,;]+|[\s,;]+$/g, '');
  }
  return t.replace(/^['"“”]([^'"“”]+)['"“”]$/, '$1');
}

const relationOf = (marker: string): IadbOtherName['relation'] =>
  MARKERS.find(([re]) => re.test(marker))?.[1] ?? 'a.k.a.';

/** A quoted short name in trailing brackets: `(“Timir”)`, `("CENEDI")`. */
const SHORT_NAME = /\(\s*[“"”]([^“"”()]+)[”"“]\s*\)\s*$/;

/** Splits a title into the party's name and its other names. */
export function splitIadbTitle(title: string): { name: string; others: IadbOtherName[] } {
  const others: IadbOtherName[] = [];
  let rest = title;
  const short = SHORT_NAME.exec(rest);
  if (short) {
    others.push({ name: tidyName(short[1]!), relation: 'short name' });
    rest = rest.slice(0, short.index);
  }
  const first = ANY_MARKER.exec(rest);
  if (!first) return { name: tidyName(rest), others };
  const name = tidyName(rest.slice(0, first.index));
  let relation = relationOf(first[1]!);
  rest = rest.slice(first.index + first[0].length);
  const marked: IadbOtherName[] = [];
  for (;;) {
    const m = ANY_MARKER.exec(rest);
    // A trailing bracket after an alias (`(a.k.a. Ecography Company) (Ecograph)`) is another short form.
    const part = m ? rest.slice(0, m.index) : rest;
    const [alias, ...tail] = part.split(/\)\s*\(/);
    if (tidyName(alias ?? '')) marked.push({ name: tidyName(alias!), relation });
    for (const t of tail) if (tidyName(t)) marked.push({ name: tidyName(t), relation: 'short name' });
    if (!m) break;
    relation = relationOf(m[1]!);
    rest = rest.slice(m.index + m[0].length);
  }
  return { name: name || (marked.shift()?.name ?? tidyName(title)), others: [...marked, ...others] };
}

export const IADB_RECORD_KEYS = [
  'name',
  'entity_type',
  'nationality',
  'country',
  'sanction_from',
  'sanction_to',
  'ongoing',
  'grounds',
  'source',
  'idb_sanction_type',
  'idb_sanction_source',
  'other_names',
  'title_as_published',
] as const;

const MONTHS: Record<string, string> = {
  jan: '01',
  feb: '02',
  mar: '03',
  apr: '04',
  may: '05',
  jun: '06',
  jul: '07',
  aug: '08',
  sep: '09',
  oct: '10',
  nov: '11',
  dec: '12',
};

/** `Jul 03, 2024` → `2024-07-03`; ISO dates kept; `Ongoing` and blanks → null; other text as published. */
export function iadbDate(value: string): string | null {
  const t = clean(value);
  if (!t || /^(ongoing|indefinite|permanent)$/i.test(t)) return null;
  const m = /^([A-Za-z]{3})[a-z]*\.? (\d{1,2}), (\d{4})$/.exec(t);
  const month = m ? MONTHS[m[1]!.toLowerCase()] : undefined;
  if (m && month) return `${m[3]}-${month}-${m[2]!.padStart(2, '0')}`;
  const iso = /^(\d{4}-\d{2}-\d{2})/.exec(t);
  return iso ? iso[1]! : t;
}

/** A stable id (the export has none): hash of title, entity, nationality, country, from date and source. */
export function iadbUid(row: IadbRow): string {
  const basis = (['title', 'entity', 'nationality', 'country', 'from', 'source'] as const)
    .map((c) => clean(row.get(c)) ?? '')
    .join('\u0001');
  return createHash('sha256').update(basis).digest('hex').slice(0, 16);
}

export function iadbRowToEntry(row: IadbRow, sourceUid: string): ListEntry {
  const title = clean(row.get('title'))!;
  const split = splitIadbTitle(title);
  const others: IadbOtherName[] = [];
  const add = (o: IadbOtherName) => {
    if (o.name && o.name !== split.name && !others.some((x) => x.name === o.name)) others.push(o);
  };
  split.others.forEach(add);
  const other = clean(row.get('other_name'));
  // Names in another script, several separated by commas (`新疆交通建设集团股份有限公司, 新疆交建`).
  if (other) for (const o of other.split(/\s*[,，]\s*/)) add({ name: o, relation: 'other name' });
  const entityType = clean(row.get('entity'));
  const to = clean(row.get('to'));
  const record = {
    name: split.name,
    entity_type: entityType,
    nationality: clean(row.get('nationality')),
    country: clean(row.get('country')),
    sanction_from: iadbDate(row.get('from')),
    sanction_to: iadbDate(row.get('to')),
    ongoing: to !== null && /^ongoing$/i.test(to),
    grounds: (clean(row.get('grounds')) ?? '')
      .split(',')
      .map((g) => g.trim())
      .filter((g) => g !== ''),
    source: clean(row.get('source')),
    idb_sanction_type: clean(row.get('sanction_type')),
    idb_sanction_source: clean(row.get('sanction_source')),
    other_names: others,
    title_as_published: title,
  };
  const kind = /^individual$/i.test(entityType ?? '')
    ? 'person'
    : /^firm$/i.test(entityType ?? '')
      ? 'entity'
      : 'unknown';
  return {
    list: 'iadb_sanctioned',
    sourceUid,
    name: split.name,
    aliases: others.map((o) => o.name),
    kind,
    record,
  };
}

/** Entries with unique sourceUids (a repeated hash gets `#2`, `#3`...). */
export function iadbEntries(rows: readonly IadbRow[]): ListEntry[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const base = iadbUid(row);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return iadbRowToEntry(row, n === 1 ? base : `${base}#${n}`);
  });
}

/** The facts of an IDB record. */
export const iadbFacts = recordFacts({ countries: ['nationality', 'country'] });
