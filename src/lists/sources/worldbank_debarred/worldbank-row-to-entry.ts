// One World Bank row → one ListEntry with the 14-field record (same shape from the API and the XLSX export).
import { createHash } from 'node:crypto';
import type { ListEntry } from '../../list-source.js';
import type { WorldbankRow } from './read-worldbank-rows.js';
import { recordFacts } from '../../facts/record-facts.js';

// The World Bank writes other names and footnote marks into its name and "Additional Firm Info" text:
// `MR. G.I.P. GUNATHILAKE A.K.A. INDRALAL GUNATHILAKE`, `XINJIANG ... CO., LTD. (ALSO KNOWN AS XCCG ...`,
// `(f.k.a Constructora Fajardo Nieto Ltda.) *665`, `(新疆交建物流有限公司)(916501035688754161)*647`, `*566, 576`.
// These helpers split them into a name, other names (with the marker that introduced them) and footnotes.

/** Another name of a listed party and how the publisher introduced it (`a.k.a.`, `f/k/a`, `original script`...). */
export interface OtherName {
  readonly name: string;
  readonly relation: string;
}

// Longest first so that "also known as" wins over "aka" and "formerly known as" over "formerly".
const MARKERS = [
  'may also be doing business as',
  'currently doing business as',
  'also doing business as',
  'doing business as',
  'formerly operating as',
  'formerly known as',
  'previously known as',
  'now known as',
  'also known as',
  'name change from',
  'also d/b/a',
  'also d\\.b\\.a\\.?',
  'd\\.b\\.a\\.?',
  'currently d/b/a',
  'a\\.k\\.a\\.?',
  'f\\.k\\.a\\.?',
  'n\\.k\\.a\\.?',
  'aka',
  'fka',
  'f/k/a',
  'n/k/a',
  'd/b/a',
  'formerly',
];
const MARKER = `(?:${MARKERS.join('|')})`;
/** A marker as a word of its own, followed by optional `:`. */
const MARKER_SPLIT = new RegExp(`(?:^|[\\s,(\\[]+)(${MARKER})(?=[\\s:(\\[]|$)\\s*:?`, 'i');
const MARKER_START = new RegExp(`^\\s*(${MARKER})(?=[\\s:(\\[]|$)\\s*:?\\s*`, 'i');
/** `, also MR. PEDRO CÉSAR LAZO MONTEJO`: a bare "also" only counts at the start of the text. */
const ALSO_START = /^[\s,]*(also)\s+(?!d\/b\/a|d\.b\.a|known|doing)/i;

/** Footnote marks: `*677`, `*566, 576`, `*518 and 572`, `*589 *634`. */
const FOOTNOTES = /\*\s*(\d+(?:\s*(?:,|and|\*)\s*\d+)*)/gi;

/** Personal titles the World Bank puts before individuals' names. */
const HONORIFIC = /^\(?(?:MR|MRS|MS|MISS|DR|PROF)\.?\)?\s+/i;

const count = (s: string, ch: string): number => s.split(ch).length - 1;

/** Collapses spaces, trims separators and drops brackets left unbalanced at either end by a split. */
const tidy = (s: string): string => {
  let t = s.replace(/\s+/g, ' ').replace(/^[\s,;:]+|[\s,;:]+$/g, '');
  for (const [open, close] of [
    ['(', ')'],
    ['[', ']'],
  ] as const) {
    for (;;) {
      const o = count(t, open);
      const c = count(t, close);
      if (t.startsWith(open) && t.endsWith(close) && o === c && o === 1) t = t.slice(1, -1);
      else if (o > c && t.startsWith(open)) t = t.slice(1);
      else if (o > c && t.endsWith(open)) t = t.slice(0, -1);
      else if (c > o && t.endsWith(close)) t = t.slice(0, -1);
      else break;
      t = t.replace(/^[\s,;:]+|[\s,;:]+$/g, '');
    }
  }
  return t;
};

/** Normalised relation label for a marker as published. */
function relationOf(marker: string): string {
  const m = marker.toLowerCase().replace(/\s+/g, ' ');
  if (m === 'also' || /^(a\.k\.a|aka|also known as)/.test(m)) return 'a.k.a.';
  if (/^(f\.k\.a|fka|f\/k\/a|formerly|previously|name change)/.test(m)) return 'f.k.a.';
  if (/^(n\.k\.a|n\/k\/a|now known)/.test(m)) return 'n.k.a.';
  return 'd.b.a.';
}

/** Takes the footnote numbers out of a text; returns the rest and the numbers (in order of appearance). */
export function takeFootnotes(text: string): { rest: string; footnotes: string[] } {
  const footnotes: string[] = [];
  const rest = text.replace(FOOTNOTES, (_m, nums: string) => {
    for (const n of nums.split(/\s*(?:,|and|\*)\s*/i)) if (n && !footnotes.includes(n)) footnotes.push(n);
    return ' ';
  });
  return { rest, footnotes };
}

/** Splits a text on alias markers: the first part and each marked other name. */
function splitMarkers(text: string, firstRelation: string | null): { head: string; others: OtherName[] } {
  const others: OtherName[] = [];
  let rest = text;
  let head: string | null = null;
  let relation = firstRelation;
  const start = MARKER_START.exec(rest) ?? ALSO_START.exec(rest);
  if (start) {
    relation = relationOf(start[1]!);
    rest = rest.slice(start[0].length);
    head = '';
  }
  for (;;) {
    const m = MARKER_SPLIT.exec(rest);
    const part = tidy(m ? rest.slice(0, m.index) : rest);
    if (head === null) head = part;
    else if (part && relation) others.push({ name: part, relation });
    if (!m) break;
    relation = relationOf(m[1]!);
    rest = rest.slice(m.index + m[0].length);
  }
  return { head: head ?? '', others };
}

/** A listed name: the party's name (title removed), its other names, footnotes, and whether it had a title. */
export interface WorldbankName {
  readonly name: string;
  readonly others: OtherName[];
  readonly footnotes: string[];
  readonly titled: boolean;
}

/**
 * Splits a published name. A name that is only an alias (`A.K.A. INDRALAL GUNATHILAKE`, listed as its own row)
 * keeps that alias as its name.
 */
export function splitWorldbankName(raw: string): WorldbankName {
  const { rest, footnotes } = takeFootnotes(raw);
  const { head, others } = splitMarkers(rest, null);
  let name = head;
  if (!name && others.length > 0) name = others.shift()!.name;
  const titled = HONORIFIC.test(name);
  const bare = tidy(name.replace(HONORIFIC, ''));
  return {
    name: bare || tidy(rest),
    others: others.map((o) => ({ ...o, name: o.name.replace(HONORIFIC, '') })),
    footnotes,
    titled,
  };
}

/** Parenthesised groups (nesting kept inside a group) and the text outside them. */
function groups(text: string): { inside: string[]; outside: string } {
  const inside: string[] = [];
  let outside = '';
  let depth = 0;
  let current = '';
  for (const ch of text) {
    if (ch === '(' || ch === '（') {
      if (depth > 0) current += ch;
      depth++;
    } else if ((ch === ')' || ch === '）') && depth > 0) {
      depth--;
      if (depth > 0) current += ch;
      else {
        inside.push(current);
        current = '';
      }
    } else if (depth > 0) current += ch;
    else outside += ch;
  }
  if (depth > 0) inside.push(current);
  return { inside, outside };
}

/** Letters of a script other than Latin (Chinese, Khmer, Cyrillic, Arabic...): an original-script name. */
const NON_LATIN = /[\p{L}](?<![\p{Script=Latin}])/u;
const IDENTIFIER = /\b(?:reg|registration|tax|tin|id|cnpj|no)\b|^[\p{Lu}\d\s./-]*\d[\p{Lu}\d\s./-]*$/iu;

/** Other names and footnotes found in the "Additional Firm Info" text; the text itself is kept as published. */
export function additionalInfoNames(raw: string): { others: OtherName[]; footnotes: string[] } {
  const { rest, footnotes } = takeFootnotes(raw);
  if (/^\s*\d+\s*$/.test(rest)) return { others: [], footnotes: [...footnotes, rest.trim()] };
  const others: OtherName[] = [];
  const add = (o: OtherName) => {
    const name = tidy(o.name.replace(HONORIFIC, ''));
    if (name && !others.some((x) => x.name === name)) others.push({ name, relation: o.relation });
  };
  const isMarked = (t: string) => MARKER_START.test(t) || MARKER_SPLIT.test(t) || ALSO_START.test(t);
  const isOriginal = (t: string) => NON_LATIN.test(t) && !IDENTIFIER.test(t);
  // Groups that are other names are taken out; the others (`(Reg. No. 1163)`, `(PVT)`) stay in place.
  let remaining = rest;
  for (const group of groups(rest).inside) {
    const t = tidy(group);
    if (isMarked(t)) for (const o of splitMarkers(t, null).others) add(o);
    else if (isOriginal(t))
      for (const part of t.split(/\s*[,，]\s*/)) add({ name: part, relation: 'original script' });
    else continue;
    remaining = remaining.replace(`(${group})`, ' ');
  }
  const t = tidy(remaining);
  if (isMarked(t)) for (const o of splitMarkers(t, null).others) add(o);
  else if (t && isOriginal(t) && !/[()]/.test(t)) add({ name: t, relation: 'original script' });
  return { others, footnotes };
}

/** The World Bank's "no end date" (permanent debarment). */
export const PERMANENT_TO_DATE = '2999-12-31';

/** Record keys, in order (the spec's leading fields first). */
export const WORLDBANK_RECORD_KEYS = [
  'name',
  'supp_id',
  'supplier_type',
  'country',
  'address',
  'city',
  'additional_info',
  'footnotes',
  'debar_from',
  'debar_to',
  'permanent',
  'grounds',
  'other_names',
  'name_as_published',
] as const;

/** A stable id for a row without SUPP_ID (the XLSX export): a hash of what identifies the listing. */
export function worldbankRowUid(row: WorldbankRow): string {
  const basis = [row.name, row.additionalInfo, row.address, row.country, row.from, row.grounds]
    .map((v) => v ?? '')
    .join('\u0001');
  return `x${createHash('sha256').update(basis).digest('hex').slice(0, 16)}`;
}

/** Builds the entry; `sourceUid` is assigned by the caller (duplicates get `#2`, `#3`). */
export function worldbankRowToEntry(row: WorldbankRow, sourceUid: string): ListEntry {
  const split = splitWorldbankName(row.name);
  const info = row.additionalInfo ? additionalInfoNames(row.additionalInfo) : { others: [], footnotes: [] };
  const others: OtherName[] = [];
  for (const o of [...split.others, ...info.others]) {
    if (o.name !== split.name && !others.some((x) => x.name === o.name)) others.push(o);
  }
  const footnotes = [...split.footnotes, ...info.footnotes.filter((f) => !split.footnotes.includes(f))];
  const supplierType = split.titled ? 'Individual' : 'Firm';
  const permanent = row.to === PERMANENT_TO_DATE;
  const record = {
    name: split.name,
    supp_id: row.suppId,
    supplier_type: supplierType,
    country: row.country,
    address: row.address,
    city: row.city,
    additional_info: row.additionalInfo,
    footnotes,
    debar_from: row.from,
    debar_to: permanent ? null : row.to,
    permanent,
    grounds: row.grounds,
    other_names: others,
    name_as_published: row.name,
  };
  return {
    list: 'worldbank_debarred',
    sourceUid,
    name: split.name,
    aliases: others.map((o) => o.name),
    kind: supplierType === 'Individual' ? 'person' : 'entity',
    record,
  };
}

/** Entries for all rows, with unique sourceUids (SUPP_ID, else a hash; a repeat gets `#2`, `#3`...). */
export function worldbankEntries(rows: readonly WorldbankRow[]): ListEntry[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const base = row.suppId ?? worldbankRowUid(row);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return worldbankRowToEntry(row, n === 1 ? base : `${base}#${n}`);
  });
}

/** The facts of a World Bank record: the firm's or person's country. */
export const worldbankFacts = recordFacts({ countries: ['country'] });
