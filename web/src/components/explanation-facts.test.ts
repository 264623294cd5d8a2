// The facts and qualifier checks of an explanation, as the dashboard shows them.
import { describe, expect, it } from 'vitest';
import { factLabel, listedFacts, outcomeText, qualifierSummary } from './explanation-facts.ts';

const EXPLANATION = {
  matched_name: 'PETROV, Ivan',
  pairs: [],
  facts: { birth_dates: ['1970-05-02', '1971'], countries: ['RU'], entity_type: 'person' },
  qualifiers: {
    name_score: 100,
    adjustment: -15,
    checks: [
      { fact: 'birth_date', outcome: 'match', effect: 0, detail: '1970 agrees with the listed 1970-05-02' },
      { fact: 'country', outcome: 'contradicts', effect: -15, detail: 'BY is not among RU' },
      { fact: 'entity_type', outcome: 'unknown', effect: 0, detail: 'the listing publishes no kind' },
    ],
  },
};

describe('listedFacts', () => {
  it('lists the facts the listing publishes, in words', () => {
    expect(listedFacts(EXPLANATION)).toEqual([
      ['Listed dates of birth', '1970-05-02, 1971'],
      ['Listed countries', 'RU'],
      ['Listed kind of party', 'person'],
    ]);
  });

  it('leaves out what is not published, and reads a malformed or older explanation as none', () => {
    expect(listedFacts({ facts: { birth_dates: [], countries: ['FR'], entity_type: 'unknown' } })).toEqual([
      ['Listed countries', 'FR'],
    ]);
    expect(listedFacts({ pairs: [] })).toEqual([]);
    expect(listedFacts({ facts: 'x' })).toEqual([]);
    expect(listedFacts(null)).toEqual([]);
  });
});

describe('qualifierSummary', () => {
  it('gives the name score, the adjustment and every check, in words', () => {
    const s = qualifierSummary(EXPLANATION)!;
    expect(s).toMatchObject({ nameScore: 100, adjustment: -15 });
    expect(s.checks.map((c) => [factLabel(c.fact), outcomeText(c)])).toEqual([
      ['Date of birth', 'agrees (no change)'],
      ['Country', 'contradicts (-15 points)'],
      ['Kind of party', 'not published (no change)'],
    ]);
  });

  it('is null when the query gave no qualifiers', () => {
    expect(qualifierSummary({ pairs: [], facts: EXPLANATION.facts })).toBeNull();
    expect(qualifierSummary(undefined)).toBeNull();
  });
});
