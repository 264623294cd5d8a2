import { describe, expect, it } from 'vitest';
import type { PartyFacts } from '../domain/facts.js';
import type { Match } from '../domain/screening.js';
import { checkQualifiers, qualifiersAsFacts, qualifyMatches, QUALIFIER_PENALTIES } from './qualifiers.js';

const putin: PartyFacts = { birthDates: ['1952-10-07'], countries: ['RU'], kind: 'person' };
const bare: PartyFacts = { birthDates: [], countries: [], kind: 'unknown' };

const match = (uid: string, score: number): Match => ({
  id: `l:${uid}`,
  name: uid,
  list: 'l',
  source_uid: uid,
  match_score: score,
});

describe('checkQualifiers', () => {
  it('a birth year within one year agrees; further apart contradicts', () => {
    expect(checkQualifiers({ birthDate: '1953' }, putin)).toMatchObject({ adjustment: 0 });
    expect(checkQualifiers({ birthDate: '1953' }, putin).checks[0]).toMatchObject({ outcome: 'match' });
    const far = checkQualifiers({ birthDate: '1954-01-01' }, putin);
    expect(far.adjustment).toBe(-QUALIFIER_PENALTIES.birth_date);
    expect(far.checks[0]).toMatchObject({ fact: 'birth_date', outcome: 'contradicts' });
  });

  it('a country agrees when any listed country is given; none in common contradicts', () => {
    expect(checkQualifiers({ countries: ['UA', 'RU'] }, putin).adjustment).toBe(0);
    expect(checkQualifiers({ countries: ['FR'] }, putin).adjustment).toBe(-QUALIFIER_PENALTIES.country);
  });

  it('a person against a vessel contradicts', () => {
    const vessel: PartyFacts = { ...bare, kind: 'vessel' };
    expect(checkQualifiers({ entityType: 'person' }, vessel)).toMatchObject({
      adjustment: -QUALIFIER_PENALTIES.entity_type,
      checks: [{ fact: 'entity_type', outcome: 'contradicts' }],
    });
  });

  it('a birth date without an entity_type implies a person: a listed entity, vessel or aircraft contradicts', () => {
    const company: PartyFacts = { ...bare, kind: 'entity' };
    const out = checkQualifiers({ birthDate: '1970-01-01', countries: ['FR'] }, company);
    expect(out.adjustment).toBe(-QUALIFIER_PENALTIES.entity_type);
    expect(out.checks.map((c) => [c.fact, c.outcome])).toEqual([
      ['birth_date', 'unknown'],
      ['country', 'unknown'],
      ['entity_type', 'contradicts'],
    ]);
    expect(out.checks[2]!.detail).toMatch(/date of birth/);
    expect(checkQualifiers({ birthDate: '1970' }, { ...bare, kind: 'aircraft' }).adjustment).toBe(
      -QUALIFIER_PENALTIES.entity_type,
    );
    // A listed person, a listing of no kind, or an entity_type given: no implied check.
    expect(checkQualifiers({ birthDate: '1952' }, putin).checks).toHaveLength(1);
    expect(checkQualifiers({ birthDate: '1970' }, bare).checks).toHaveLength(1);
    const stated = checkQualifiers({ birthDate: '1970', entityType: 'entity' }, company);
    expect(stated.adjustment).toBe(0);
    expect(stated.checks.filter((c) => c.fact === 'entity_type')).toHaveLength(1);
  });

  it('is symmetric with a birth date on one side and an entity on the other (pairwise comparison)', () => {
    const a = { birthDate: '1970' };
    const b = { entityType: 'entity' as const };
    expect(checkQualifiers(a, qualifiersAsFacts(b)).adjustment).toBe(-QUALIFIER_PENALTIES.entity_type);
    expect(checkQualifiers(b, qualifiersAsFacts(a)).adjustment).toBe(-QUALIFIER_PENALTIES.entity_type);
  });

  it('a fact the listing lacks changes nothing, and is named as unknown', () => {
    const out = checkQualifiers({ birthDate: '1990', countries: ['FR'], entityType: 'person' }, bare);
    expect(out.adjustment).toBe(0);
    expect(out.checks.map((c) => [c.fact, c.outcome, c.effect])).toEqual([
      ['birth_date', 'unknown', 0],
      ['country', 'unknown', 0],
      ['entity_type', 'unknown', 0],
    ]);
  });

  it('contradictions add up; matching facts never add', () => {
    expect(
      checkQualifiers({ birthDate: '1980', countries: ['FR'], entityType: 'vessel' }, putin).adjustment,
    ).toBe(-(QUALIFIER_PENALTIES.birth_date + QUALIFIER_PENALTIES.country + QUALIFIER_PENALTIES.entity_type));
    expect(
      checkQualifiers({ birthDate: '1952', countries: ['RU'], entityType: 'person' }, putin).adjustment,
    ).toBe(0);
  });

  it('is symmetric when both sides are qualifiers (pairwise comparison)', () => {
    const a = { birthDate: '1970', countries: ['FR'] };
    const b = { birthDate: '1990', countries: ['DE'] };
    expect(checkQualifiers(a, qualifiersAsFacts(b)).adjustment).toBe(
      checkQualifiers(b, qualifiersAsFacts(a)).adjustment,
    );
  });
});

describe('qualifyMatches', () => {
  const facts = new Map<string, PartyFacts>([
    ['strong', putin],
    ['weak', putin],
    ['other', { birthDates: ['1990'], countries: ['FR'], kind: 'person' }],
    ['bare', bare],
  ]);
  const factsOf = (_list: string, uid: string) => facts.get(uid);

  it('lowers contradicted matches, drops those under the threshold, and re-sorts', () => {
    const out = qualifyMatches(
      [match('other', 100), match('bare', 90), match('strong', 85)],
      'standard_match',
      { birthDate: '1952', countries: ['RU'] },
      factsOf,
      false,
    );
    // 'other': 100 - 25 - 15 = 60 < 80, dropped; 'bare' unchanged; 'strong' agrees, unchanged (never lifted).
    expect(out.map((m) => [m.source_uid, m.match_score])).toEqual([
      ['bare', 90],
      ['strong', 85],
    ]);
  });

  it('leaves the matches as they are without qualifiers or explain', () => {
    const ms = [match('other', 100)];
    expect(qualifyMatches(ms, 'standard_match', undefined, factsOf, false)).toEqual(ms);
  });

  it('explains every check, its effect, the name score before, and the listed facts', () => {
    const [m] = qualifyMatches(
      [match('other', 100)],
      'permissive_match',
      { birthDate: '1991' },
      factsOf,
      true,
    );
    expect(m!.match_score).toBe(100);
    expect(m!.explanation).toMatchObject({
      facts: { birth_dates: ['1990'], countries: ['FR'], entity_type: 'person' },
      qualifiers: {
        name_score: 100,
        adjustment: 0,
        checks: [{ fact: 'birth_date', outcome: 'match', effect: 0 }],
      },
    });
    const [n] = qualifyMatches(
      [match('other', 100)],
      'permissive_match',
      { birthDate: '1970' },
      factsOf,
      true,
    );
    expect(n!.match_score).toBe(75);
    expect(n!.explanation).toMatchObject({ qualifiers: { name_score: 100, adjustment: -25 } });
  });
});
