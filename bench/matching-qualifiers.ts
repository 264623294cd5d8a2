// The qualifier rows of the matching bench (issue 17): do a birth date and a country given with a name silence the
// alerts of clean names, and do listed parties screened with their own published facts stay found?
//
// Negatives are faker names (on no list) given a random date of birth (1940-2005) and a random country (uniform
// over the countries the indexed lists name); their alert rate is measured without and with the qualifiers (and,
// name only, for the ones written in Latin script alone: the targets hold for all scripts and Latin alone), on
// the same search results (the qualifiers are applied after the name search, as the service does). Positives are
// the bench's positives (a real listed name with one change) given the facts their own entry publishes (its first
// date of birth, first country and kind); recall is measured without and with them.
import type { EntryFacts, PartyFacts, QueryQualifiers } from '../src/domain/facts.js';
import type { SearchType } from '../src/domain/screening.js';
import type { NameIndex } from '../src/matching/index.js';
import { qualifyMatches } from '../src/matching/index.js';
import type { BenchEntry } from './matching-data.js';
import { entryId } from './matching-data.js';
import type { NegativeCase, PositiveCase } from './matching-quality.js';
import { seededRandom } from './matching-quality.js';

/** One row of the qualifier table. */
export interface QualifierRow {
  readonly search_type: SearchType;
  readonly negatives: number;
  readonly alert_rate: string;
  /** The alert rate (name only) of the negatives written in Latin script alone (the targets hold for both). */
  readonly alert_rate_latin: string;
  readonly alert_rate_birth_country: string;
  readonly alert_rate_birth_country_kind: string;
  readonly positives: number;
  readonly recall: string;
  readonly recall_own_facts: string;
  readonly positives_with_facts: string;
}

/** A name written in Latin script alone (as the quality table's "alert Latin"). */
const LATIN_QUERY = /^[\p{Script=Latin}\P{L}]+$/u;
const pct = (n: number, d: number): string => (d === 0 ? '–' : `${((100 * n) / d).toFixed(2)}%`);

/** Runs the qualifier measurements; `entries` carry the facts their list publishes (`facts`). */
export function qualifierRows(opts: {
  readonly index: NameIndex;
  readonly entries: readonly (BenchEntry & { readonly facts?: EntryFacts })[];
  readonly positives: readonly PositiveCase[];
  readonly negatives: readonly NegativeCase[];
  readonly types: readonly SearchType[];
  readonly seed: number;
}): QualifierRow[] {
  const facts = new Map<string, PartyFacts>();
  const countries = new Set<string>();
  for (const e of opts.entries) {
    const f = e.facts ?? { birthDates: [], countries: [] };
    facts.set(entryId(e), { ...f, kind: e.kind });
    for (const c of f.countries) countries.add(c);
  }
  const factsOf = (list: string, uid: string) => facts.get(`${list}:${uid}`);
  const pool = [...countries].sort();
  const rng = seededRandom(opts.seed * 7919 + 17);
  const pad = (n: number) => String(n).padStart(2, '0');
  const negQualifiers = opts.negatives.map((n): QueryQualifiers => {
    const y = 1940 + Math.floor(rng() * 66);
    const m = 1 + Math.floor(rng() * 12);
    const d = 1 + Math.floor(rng() * 28);
    return {
      birthDate: `${y}-${pad(m)}-${pad(d)}`,
      countries: [pool[Math.floor(rng() * pool.length)]!],
      entityType: n.kind === 'person' ? 'person' : 'entity',
    };
  });
  const posQualifiers = opts.positives.map((p): QueryQualifiers => {
    const f = facts.get(p.expected);
    if (!f) return {};
    return {
      ...(f.birthDates[0] ? { birthDate: f.birthDates[0] } : {}),
      ...(f.countries[0] ? { countries: [f.countries[0]] } : {}),
      ...(f.kind !== 'unknown' ? { entityType: f.kind } : {}),
    };
  });
  const withFacts = posQualifiers.filter(
    (q) => q.birthDate !== undefined || q.countries !== undefined,
  ).length;
  const latinNegatives = opts.negatives.filter((n) => LATIN_QUERY.test(n.query)).length;
  const rows: QualifierRow[] = [];
  for (const type of opts.types) {
    let alerts = 0;
    let alertsLatin = 0;
    let alertsBC = 0;
    let alertsBCK = 0;
    opts.negatives.forEach((n, i) => {
      const found = opts.index.search(n.query, type, { lists: null, explain: false });
      if (found.length === 0) return;
      alerts++;
      if (LATIN_QUERY.test(n.query)) alertsLatin++;
      const { entityType: _k, ...bc } = negQualifiers[i]!;
      if (qualifyMatches(found, type, bc, factsOf, false).length > 0) alertsBC++;
      if (qualifyMatches(found, type, negQualifiers[i], factsOf, false).length > 0) alertsBCK++;
    });
    let recall = 0;
    let recallQ = 0;
    opts.positives.forEach((p, i) => {
      const found = opts.index.search(p.query, type, { lists: null, explain: false });
      if (found.some((m) => m.id === p.expected)) recall++;
      if (qualifyMatches(found, type, posQualifiers[i], factsOf, false).some((m) => m.id === p.expected))
        recallQ++;
    });
    rows.push({
      search_type: type,
      negatives: opts.negatives.length,
      alert_rate: pct(alerts, opts.negatives.length),
      alert_rate_latin: `${pct(alertsLatin, latinNegatives)} of ${latinNegatives}`,
      alert_rate_birth_country: pct(alertsBC, opts.negatives.length),
      alert_rate_birth_country_kind: pct(alertsBCK, opts.negatives.length),
      positives: opts.positives.length,
      recall: pct(recall, opts.positives.length),
      recall_own_facts: pct(recallQ, opts.positives.length),
      positives_with_facts: pct(withFacts, opts.positives.length),
    });
  }
  return rows;
}
