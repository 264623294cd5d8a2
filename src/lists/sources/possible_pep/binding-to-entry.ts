// Turns one SPARQL JSON result binding (a position-held statement) into a possible_pep ListEntry.
import type { EntryFacts } from '../../../domain/facts.js';
import { countryCode } from '../../facts/country-codes.js';
import type { ListEntry } from '../../list-source.js';

/** One bound value of a SPARQL JSON result (W3C SPARQL 1.1 Query Results JSON Format). */
export interface SparqlValue {
  readonly type: string;
  readonly value: string;
  readonly datatype?: string;
  readonly 'xml:lang'?: string;
}

/** One result row: variable name to value; unbound variables are absent. */
export type SparqlBinding = Readonly<Record<string, SparqlValue | undefined>>;

const ENTITY = /^https?:\/\/www\.wikidata\.org\/entity\/(Q\d+)$/;

/** The QID of a Wikidata item URI, or null. */
export function qidOf(value: SparqlValue | undefined): string | null {
  if (value?.type !== 'uri') return null;
  return ENTITY.exec(value.value)?.[1] ?? null;
}

/**
 * A Wikidata time as precise as its precision says: 11 (day) → YYYY-MM-DD, 10 (month) → YYYY-MM,
 * 9 or coarser → YYYY. Without a precision the value is kept as published, since WDQS writes a
 * year-precision time as YYYY-01-01T00:00:00Z and a day cannot be assumed.
 */
export function wikidataDate(
  value: SparqlValue | undefined,
  precision: SparqlValue | undefined,
): string | null {
  if (value?.type !== 'literal') return null;
  const raw = value.value.trim();
  const m = /^([+-]?)(\d{4,})-(\d{2})-(\d{2})T/.exec(raw);
  const p = precision ? Number(precision.value) : NaN;
  if (!m || !Number.isInteger(p)) return raw || null;
  const year = `${m[1] === '-' ? '-' : ''}${m[2]}`;
  if (p >= 11) return `${year}-${m[3]}-${m[4]}`;
  if (p === 10) return `${year}-${m[3]}`;
  return year;
}

/**
 * A date of birth from one `<time>/<precision>` item of the query's `births`: year (9) → `YYYY`, month (10) →
 * `YYYY-MM`, day (11) → `YYYY-MM-DD`. A decade or coarser (8 and below), a year before 1800 or an item without a
 * precision states no usable date of birth: null.
 */
export function birthDateOf(item: string): string | null {
  const slash = item.lastIndexOf('/');
  if (slash < 0) return null;
  const precision = Number(item.slice(slash + 1));
  if (!Number.isInteger(precision) || precision < 9) return null;
  const date = wikidataDate(
    { type: 'literal', value: item.slice(0, slash) },
    { type: 'literal', value: String(precision) },
  );
  return date !== null && /^(18|19|20)\d{2}(-\d{2}){0,2}$/.test(date) ? date : null;
}

/**
 * The person's facts from the query's aggregated `births` (space-separated `<time>/<precision>`) and `citizenships`
 * (space-separated ISO 3166-1 alpha-2 codes, P297 of each country of citizenship); unbound or empty: none.
 */
export function bindingFacts(b: SparqlBinding): EntryFacts {
  const items = (v: SparqlValue | undefined) =>
    v?.type === 'literal' ? v.value.split(/\s+/).filter((x) => x !== '') : [];
  const birthDates: string[] = [];
  for (const item of items(b['births'])) {
    const d = birthDateOf(item);
    if (d !== null && !birthDates.includes(d)) birthDates.push(d);
  }
  const countries: string[] = [];
  for (const item of items(b['citizenships'])) {
    const c = /^[A-Za-z]{2}$/.test(item) ? countryCode(item) : null;
    if (c !== null && !countries.includes(c)) countries.push(c);
  }
  return { birthDates, countries };
}

/** The entry for one binding, or null when Wikidata has no label for the person (its fallback is the QID). */
export function bindingToEntry(b: SparqlBinding, where: string): ListEntry | null {
  const person = qidOf(b['person']);
  const position = qidOf(b['position']);
  if (!person)
    throw new Error(`${where}: "person" is not a Wikidata item URI (${JSON.stringify(b['person'])})`);
  if (!position)
    throw new Error(`${where}: "position" is not a Wikidata item URI (${JSON.stringify(b['position'])})`);
  const name = (b['personLabel']?.value ?? '').replace(/\s+/g, ' ').trim();
  if (!name || name === person) return null;
  const start = wikidataDate(b['start'], b['startPrecision']);
  const record = {
    name,
    person,
    position_qid: position,
    start_date: start,
    end_date: wikidataDate(b['end'], b['endPrecision']),
  };
  return {
    list: 'possible_pep',
    sourceUid: `${person}:${position}:${start ?? 'na'}`,
    name,
    aliases: [],
    kind: 'person',
    record,
    // Not in the record (the spec fixes it at five fields): ingestion keeps the facts the parser sets.
    facts: bindingFacts(b),
  };
}
