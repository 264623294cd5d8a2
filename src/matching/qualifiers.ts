// Qualifiers on a query (birth date, countries, kind of party) checked against the facts a list publishes about a
// matched party. A contradiction lowers the name score by a fixed amount (QUALIFIER_PENALTIES); a fact the listing
// lacks changes nothing; a matching fact never raises a score, so it can never lift a weak name over the threshold.
// Pure: the screening service applies it after the name search, pairwise comparison with the other side's qualifiers
// as the facts (qualifiersAsFacts).
import type { EntryKind } from '../domain/entry-kind.js';
import type { FactName, PartyFacts, QueryQualifiers } from '../domain/facts.js';
import { noQualifiers } from '../domain/facts.js';
import type { Match, NameComparison, SearchType } from '../domain/screening.js';
import { SEARCH_TYPE_SETTINGS } from './search-types.js';

/**
 * Points (on the 0-100 score) a contradicting fact takes off. A birth year more than a year away is the strongest
 * sign of another person (lists publish several dates, and a year either side is the usual tolerance for dates
 * recorded from documents); a country is weaker (people move and hold several nationalities); a person against a
 * vessel, aircraft or company is never the same party. An identical name (100) contradicted on its birth year falls
 * to 75, under the standard (80) and strict (85) thresholds; on its country alone it stays at 85. A birth date given
 * without an entity_type implies a person (only a natural person has one): against a listed entity, vessel or
 * aircraft it takes off the entity_type amount (30), as entity_type person would.
 */
export const QUALIFIER_PENALTIES: Readonly<Record<FactName, number>> = Object.freeze({
  birth_date: 25,
  country: 15,
  entity_type: 30,
});

/** Birth years this far apart or nearer still agree. */
export const BIRTH_YEAR_TOLERANCE = 1;

/** One qualifier compared with the listed party's facts. */
export interface QualifierCheck {
  readonly fact: FactName;
  /** `unknown`: the listing does not publish this fact (no effect). */
  readonly outcome: 'match' | 'contradicts' | 'unknown';
  /** Points added to the score: 0, or minus the fact's penalty. */
  readonly effect: number;
  readonly detail: string;
}

/** The checks of every qualifier given, and their summed effect (never positive). */
export interface QualifierOutcome {
  readonly adjustment: number;
  readonly checks: readonly QualifierCheck[];
}

const yearOf = (date: string): number => Number(date.slice(0, 4));

function check(fact: FactName, outcome: QualifierCheck['outcome'], detail: string): QualifierCheck {
  return { fact, outcome, effect: outcome === 'contradicts' ? -QUALIFIER_PENALTIES[fact] : 0, detail };
}

function birthCheck(given: string, listed: readonly string[]): QualifierCheck {
  if (listed.length === 0) return check('birth_date', 'unknown', 'the listing publishes no date of birth');
  const year = yearOf(given);
  const near = listed.filter((d) => Math.abs(yearOf(d) - year) <= BIRTH_YEAR_TOLERANCE);
  if (near.length > 0)
    return check('birth_date', 'match', `${given} agrees with the listed ${near.join(', ')}`);
  return check(
    'birth_date',
    'contradicts',
    `${given} is more than ${BIRTH_YEAR_TOLERANCE} year from every listed date (${listed.join(', ')})`,
  );
}

function countryCheck(given: readonly string[], listed: readonly string[]): QualifierCheck {
  if (listed.length === 0) return check('country', 'unknown', 'the listing publishes no country');
  const shared = given.filter((c) => listed.includes(c));
  if (shared.length > 0)
    return check('country', 'match', `${shared.join(', ')} is among the listed countries`);
  return check('country', 'contradicts', `${given.join(', ')} against the listed ${listed.join(', ')}`);
}

function kindCheck(given: Exclude<EntryKind, 'unknown'>, listed: EntryKind, implied = false): QualifierCheck {
  const a = implied ? 'a person (a date of birth was given)' : `a ${given}`;
  if (listed === 'unknown')
    return check('entity_type', 'unknown', 'the listing does not say what kind of party');
  if (listed === given) return check('entity_type', 'match', `${a}, as listed`);
  return check('entity_type', 'contradicts', `${a} against a listed ${listed}`);
}

/** Compares each qualifier given with the party's facts. */
export function checkQualifiers(query: QueryQualifiers, facts: PartyFacts): QualifierOutcome {
  const checks: QualifierCheck[] = [];
  if (query.birthDate !== undefined) checks.push(birthCheck(query.birthDate, facts.birthDates));
  if (query.countries !== undefined && query.countries.length > 0)
    checks.push(countryCheck(query.countries, facts.countries));
  if (query.entityType !== undefined) checks.push(kindCheck(query.entityType, facts.kind));
  // Only a natural person has a date of birth: without an entity_type, a birth date says the party is a person, and
  // a listed entity, vessel or aircraft is checked as against entity_type person (a listed person or a listing of no
  // kind: no check, the birth date's own check stands).
  else if (query.birthDate !== undefined && facts.kind !== 'person' && facts.kind !== 'unknown')
    checks.push(kindCheck('person', facts.kind, true));
  return { adjustment: checks.reduce((sum, c) => sum + c.effect, 0), checks };
}

/**
 * A side's qualifiers as the facts the other side is checked against (pairwise comparison): a birth date without an
 * entity_type is a person's, as checkQualifiers reads it, so the outcome is the same either way round.
 */
export function qualifiersAsFacts(q: QueryQualifiers): PartyFacts {
  return {
    birthDates: q.birthDate === undefined ? [] : [q.birthDate],
    countries: q.countries ?? [],
    kind: q.entityType ?? (q.birthDate === undefined ? 'unknown' : 'person'),
  };
}

/** The facts an explanation shows, in the API's field names. */
export function factsView(facts: PartyFacts): {
  birth_dates: readonly string[];
  countries: readonly string[];
  entity_type: EntryKind;
} {
  return { birth_dates: facts.birthDates, countries: facts.countries, entity_type: facts.kind };
}

/** Looks up the facts of a matched entry (by list and source uid); undefined when unknown. */
export type FactsOf = (list: string, sourceUid: string) => PartyFacts | undefined;

/**
 * The name search's matches with the qualifiers applied: each score lowered by its contradictions, those that fall
 * under the search type's threshold dropped, best first again. With `explain`, each explanation gains the entry's
 * `facts` and, when qualifiers were given, `qualifiers` (every check, its effect, and the name score before them).
 */
export function qualifyMatches(
  matches: readonly Match[],
  searchType: SearchType,
  qualifiers: QueryQualifiers | undefined,
  factsOf: FactsOf,
  explain: boolean,
): Match[] {
  const given = !noQualifiers(qualifiers);
  if (!given && !explain) return [...matches];
  const threshold = SEARCH_TYPE_SETTINGS[searchType].threshold;
  const out: Match[] = [];
  for (const m of matches) {
    const facts = factsOf(m.list, m.source_uid);
    const outcome = given && facts ? checkQualifiers(qualifiers!, facts) : null;
    const score = outcome
      ? Math.max(0, Math.round((m.match_score + outcome.adjustment) * 10) / 10)
      : m.match_score;
    if (score < threshold) continue;
    if (!explain) {
      out.push(score === m.match_score ? m : { ...m, match_score: score });
      continue;
    }
    const base = (m.explanation ?? {}) as Record<string, unknown>;
    out.push({
      ...m,
      match_score: score,
      explanation: {
        ...base,
        ...(facts ? { facts: factsView(facts) } : {}),
        ...(given
          ? {
              qualifiers: {
                name_score: m.match_score,
                adjustment: outcome?.adjustment ?? 0,
                checks: outcome?.checks ?? [],
              },
            }
          : {}),
      },
    });
  }
  // Stable: equal scores keep the name search's order (list, then source uid).
  return given ? out.sort((a, b) => b.match_score - a.match_score) : out;
}

/**
 * A pairwise comparison with each side's qualifiers: side A's are checked against side B's as facts (the outcome is
 * the same the other way round). The name score is kept in the explanation; `match` is decided on the adjusted score.
 */
export function qualifyComparison(
  c: NameComparison,
  a: QueryQualifiers | undefined,
  b: QueryQualifiers | undefined,
): NameComparison {
  if (noQualifiers(a) && noQualifiers(b)) return c;
  const outcome = noQualifiers(a)
    ? checkQualifiers(b!, qualifiersAsFacts({}))
    : checkQualifiers(a!, qualifiersAsFacts(b ?? {}));
  const score = Math.max(0, Math.round((c.score + outcome.adjustment) * 10) / 10);
  return {
    score,
    match: score >= c.threshold,
    threshold: c.threshold,
    explanation: {
      ...(c.explanation as Record<string, unknown>),
      qualifiers: { name_score: c.score, adjustment: outcome.adjustment, checks: outcome.checks },
    },
  };
}
