// The risk block's numbers (DESIGN.md section 5): most serious article, corroboration, bands, null vs 0, summary.
import { describe, expect, it } from 'vitest';
import type { Assessment } from './check-finding.js';
import { bandOf, computeRisk, type LabelledArticle } from './risk-score.js';

const label = (
  role: Assessment['role'],
  severity: Assessment['severity'],
  categories: Assessment['categories'] = [],
): Assessment => ({
  about_subject: role === 'accused' || role === 'associate',
  role,
  severity,
  categories,
  note: 'n',
});

let n = 0;
const art = (assessment: Assessment | null, over: Partial<LabelledArticle> = {}): LabelledArticle => {
  n++;
  return {
    url: `https://outlet${n}.example/story-${n}`,
    title: `Distinct headline number ${n} about an unrelated matter`,
    snippet: `Text ${n} ${'alpha beta gamma '.slice(0, n)}`,
    published_date: '2025-01-01',
    assessment,
    ...over,
  };
};

describe('computeRisk', () => {
  it('scores the single most serious article: high 80, medium 55, low 30, associate half', () => {
    expect(computeRisk([art(label('accused', 'high'))]).score).toBe(80);
    expect(computeRisk([art(label('accused', 'medium'))]).score).toBe(55);
    expect(computeRisk([art(label('accused', 'low'))]).score).toBe(30);
    expect(computeRisk([art(label('associate', 'high'))]).score).toBe(40);
    expect(computeRisk([art(label('associate', 'low'))]).score).toBe(15);
    // Not a sum: many low articles on one outlet stay low.
    const same = { url: 'https://one.example/a' };
    const lows = [1, 2, 3].map((i) =>
      art(label('accused', 'low'), { ...same, url: `https://one.example/${i}` }),
    );
    expect(computeRisk(lows)).toMatchObject({
      score: 30,
      band: 'low',
      implicating_articles: 3,
      corroborating_sources: 1,
    });
  });

  it('adds 8 per corroborating publication beyond the first, at most 20, never past 100', () => {
    const many = (k: number, sev: Assessment['severity'] = 'high') =>
      Array.from({ length: k }, () => art(label('accused', sev)));
    expect(computeRisk(many(2)).score).toBe(88);
    expect(computeRisk(many(3)).score).toBe(96);
    expect(computeRisk(many(4)).score).toBe(100);
    expect(computeRisk(many(6)).score).toBe(100);
    expect(computeRisk(many(6, 'medium')).score).toBe(75);
  });

  it('a wire story syndicated across outlets is one story, counted by its earliest copy', () => {
    const snippet =
      'Ivan Petrov, a Moscow banker, was indicted on Tuesday on charges of laundering money for a cartel.';
    const copies = [
      art(label('accused', 'high'), {
        url: 'https://local1.example/x',
        published_date: '2025-01-03',
        snippet,
      }),
      art(label('accused', 'high'), { url: 'https://wire.example/x', published_date: '2025-01-02', snippet }),
      art(label('accused', 'high'), {
        url: 'https://local2.example/y',
        published_date: '2025-01-04',
        snippet: `${snippet} More later.`,
      }),
    ];
    expect(computeRisk(copies)).toMatchObject({
      score: 80,
      implicating_articles: 3,
      corroborating_sources: 1,
    });
  });

  it('only accused and associate about the subject score; categories come only from them', () => {
    const risk = computeRisk([
      art(label('victim', 'none', ['fraud'])),
      art(label('enforcement', 'none', ['bribery'])),
      art(label('commentator', 'none', ['money_laundering'])),
      art(label('unrelated', 'none')),
      art(label('associate', 'medium', ['tax_evasion', 'fraud'])),
    ]);
    expect(risk).toMatchObject({
      score: 28,
      band: 'low',
      categories: ['fraud', 'tax_evasion'],
      highest_severity: 'medium',
      implicating_articles: 1,
      corroborating_sources: 1,
    });
  });

  it('null (unknown) when no article could be judged; 0 (none) when judged and clear or nothing found', () => {
    expect(computeRisk([art(null), art(label('unclear', 'none'))])).toMatchObject({
      score: null,
      band: 'unknown',
    });
    expect(computeRisk([art(label('unrelated', 'none')), art(null)])).toMatchObject({
      score: 0,
      band: 'none',
    });
    expect(computeRisk([])).toMatchObject({
      score: 0,
      band: 'none',
      summary: expect.stringContaining('no articles'),
    });
  });

  it('bands: 0 none, 1-34 low, 35-64 medium, 65-100 high', () => {
    expect([0, 1, 34, 35, 64, 65, 100, null].map(bandOf)).toEqual([
      'none',
      'low',
      'low',
      'medium',
      'medium',
      'high',
      'high',
      'unknown',
    ]);
  });

  it('the same labels give the same block, summary included, and the summary states the numbers', () => {
    const build = () => [
      art(label('accused', 'high', ['fraud'])),
      art(label('accused', 'medium', ['bribery'])),
      art(null),
    ];
    n = 100;
    const a = computeRisk(build());
    n = 100;
    const b = computeRisk(build());
    expect(a).toEqual(b);
    expect(a.summary).toBe(
      'High risk, score 88 of 100: 2 articles implicate the subject, the most serious of high severity (bribery, fraud), reported by 2 independent publications. 1 of 3 articles could not be assessed and are not counted.',
    );
  });
});
