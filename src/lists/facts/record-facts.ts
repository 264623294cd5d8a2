// Reading a record's facts by path: most lists state dates of birth and countries in named fields, so a source says
// where (`recordFacts({ birthDates: ['details.dates_of_birth.date_of_birth'], countries: [...] })`) and this reads
// them. Arrays met on a path are read element by element.
import type { EntryFacts } from '../../domain/facts.js';
import { birthDatesIn } from './birth-dates.js';
import { countryCodesIn } from './country-codes.js';

/** Where a record states its facts: dot paths to strings (or arrays of strings). */
export interface FactPaths {
  readonly birthDates?: readonly string[];
  readonly countries?: readonly string[];
  /**
   * The listing's own country, used only when the record states no country (a national register of its own
   * residents: the US exclusions list, Australia's banned persons).
   */
  readonly listingCountry?: string;
}

/** Every string (or number) at a dot path of a value, arrays read element by element. */
export function valuesAt(value: unknown, path: string): string[] {
  const out: string[] = [];
  const visit = (v: unknown, keys: readonly string[]): void => {
    if (v === null || v === undefined) return;
    if (Array.isArray(v)) {
      for (const x of v) visit(x, keys);
      return;
    }
    if (keys.length === 0) {
      if (typeof v === 'string' || typeof v === 'number') out.push(String(v));
      return;
    }
    if (typeof v === 'object') visit((v as Record<string, unknown>)[keys[0]!], keys.slice(1));
  };
  visit(value, path.split('.'));
  return out;
}

/** Adds each item not yet in `into`. */
export function addUnique(into: string[], items: Iterable<string>): string[] {
  for (const x of items) if (!into.includes(x)) into.push(x);
  return into;
}

/** The facts function of a source whose record states them at these paths. */
export function recordFacts(paths: FactPaths): (record: Readonly<Record<string, unknown>>) => EntryFacts {
  return (record) => {
    const birthDates: string[] = [];
    for (const p of paths.birthDates ?? [])
      for (const v of valuesAt(record, p)) addUnique(birthDates, birthDatesIn(v));
    const countries: string[] = [];
    for (const p of paths.countries ?? [])
      for (const v of valuesAt(record, p)) addUnique(countries, countryCodesIn(v));
    if (countries.length === 0 && paths.listingCountry) countries.push(paths.listingCountry);
    return { birthDates, countries };
  };
}

/** Two facts merged (a source reading some facts by path and others by hand). */
export function mergeFacts(a: EntryFacts, b: EntryFacts): EntryFacts {
  return {
    birthDates: addUnique([...a.birthDates], b.birthDates),
    countries: addUnique([...a.countries], b.countries),
  };
}
