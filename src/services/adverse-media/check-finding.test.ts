// What we keep of the model's label: quotes must be in the article, findings must be the subject's.
import { describe, expect, it } from 'vitest';
import type { ModelAssessment } from '../../adverse-media/llm/analyst.js';
import { checkFinding, implicates, quoteInArticle } from './check-finding.js';
import { subjectName } from './name-in-text.js';

const TEXT =
  'Banker convicted\nA court convicted “Iván Petrov” of fraud on Tuesday, sentencing him to six years.';
const subject = subjectName('Ivan Petrov');
const label = (over: Partial<ModelAssessment> = {}): ModelAssessment => ({
  id: 'a1',
  about_subject: true,
  role: 'accused',
  severity: 'high',
  categories: ['fraud', 'fraud'],
  attributed_to: 'Ivan Petrov',
  evidence: 'A court convicted "Ivan Petrov" of fraud',
  note: 'Convicted of fraud.',
  ...over,
});

describe('quoteInArticle', () => {
  it('ignores case, accents, quote marks and spacing; allows elisions; needs three words', () => {
    expect(quoteInArticle('a court CONVICTED  "Ivan Petrov" of fraud', TEXT)).toBe(true);
    expect(quoteInArticle('A court convicted … sentencing him to six years', TEXT)).toBe(true);
    expect(quoteInArticle('A court acquitted Ivan Petrov', TEXT)).toBe(false);
    expect(quoteInArticle('of fraud', TEXT)).toBe(false);
  });
});

describe('checkFinding', () => {
  it('keeps a supported finding about the subject (categories de-duplicated)', () => {
    const a = checkFinding(label(), TEXT, subject);
    expect(a).toEqual({
      about_subject: true,
      role: 'accused',
      severity: 'high',
      categories: ['fraud'],
      note: 'Convicted of fraud.',
    });
    expect(implicates(a)).toBe(true);
  });

  it('a quote not in the article, or no quote for a finding, makes the label unclear', () => {
    expect(
      checkFinding(label({ evidence: 'Petrov laundered billions for the cartel' }), TEXT, subject).role,
    ).toBe('unclear');
    expect(checkFinding(label({ evidence: null }), TEXT, subject).role).toBe('unclear');
  });

  it('a finding attributed to somebody else is discarded and the note says so', () => {
    const a = checkFinding(label({ attributed_to: 'Oleg Petrov' }), TEXT, subject);
    expect(a).toMatchObject({ role: 'unrelated', severity: 'none', about_subject: false, categories: [] });
    expect(a.note).toContain('someone else');
    expect(checkFinding(label({ attributed_to: null }), TEXT, subject).role).toBe('unrelated');
    expect(implicates(a)).toBe(false);
  });

  it('roles that never score carry severity none', () => {
    for (const role of ['victim', 'enforcement', 'commentator'] as const) {
      const a = checkFinding(label({ role, attributed_to: null }), TEXT, subject);
      expect(a).toMatchObject({ role, severity: 'none', categories: ['fraud'] });
      expect(implicates(a)).toBe(false);
    }
    expect(checkFinding(label({ role: 'unrelated', evidence: null }), TEXT, subject)).toMatchObject({
      about_subject: false,
      categories: [],
    });
  });

  it('a finding not about the subject, or without a severity, does not score', () => {
    expect(checkFinding(label({ about_subject: false }), TEXT, subject).role).toBe('unrelated');
    expect(checkFinding(label({ severity: 'none' }), TEXT, subject).role).toBe('unclear');
  });
});
