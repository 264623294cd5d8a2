import { describe, expect, it } from 'vitest';
import { legalFormJoin, legalFormSplit } from './legal-form-split.js';

describe('legalFormSplit', () => {
  it('reads a legal form typed against the word before or after it', () => {
    expect(legalFormSplit('grouplimited')).toEqual(['group', 'ltd']);
    expect(legalFormSplit('tradingcorporation')).toEqual(['trading', 'corp']);
    expect(legalFormSplit('grawitgmbh')).toEqual(['grawit', 'gmbh']);
    expect(legalFormSplit('companyrudniy')).toEqual(['co', 'rudniy']);
    expect(legalFormSplit('limitedliability')).toEqual(['ltd', 'liability']);
    expect(legalFormSplit('companylimited')).toEqual(['co', 'ltd']);
  });

  it('leaves a name that ends or begins with a short form, or leaves too little beside it', () => {
    expect(legalFormSplit('franco')).toBeNull();
    expect(legalFormSplit('corpuzo')).toBeNull();
    expect(legalFormSplit('saltd')).toBeNull();
    expect(legalFormSplit('limited')).toBeNull();
  });
});

describe('legalFormJoin', () => {
  it('reads two tokens that spell a legal form together as the form', () => {
    expect(legalFormJoin('comp', 'any')).toBe('co');
    expect(legalFormJoin('limi', 'ted')).toBe('ltd');
    expect(legalFormJoin('inco', 'rporated')).toBe('inc');
    expect(legalFormJoin('gm', 'bh')).toBe('gmbh');
  });

  it('not two words that spell no legal form, nor a form of fewer than four letters', () => {
    expect(legalFormJoin('de', 'la')).toBeNull();
    expect(legalFormJoin('l', 'lc')).toBeNull();
  });
});
