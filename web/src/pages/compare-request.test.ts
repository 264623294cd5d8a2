// The compare form's checks and the body it sends to POST /api/v2/compare.
import { describe, expect, it } from 'vitest';
import { checkCompare, compareBody, EMPTY_COMPARE } from './compare-request.ts';

const filled = { ...EMPTY_COMPARE, nameA: ' Vladimir Putin ', nameB: 'PUTIN, Vladimir Vladimirovich' };

describe('checkCompare', () => {
  it('asks for both names, and refuses one over 512 characters', () => {
    expect(checkCompare(EMPTY_COMPARE)).toBe('Enter Name A.');
    expect(checkCompare({ ...filled, nameB: '  ' })).toBe('Enter Name B.');
    expect(checkCompare({ ...filled, nameB: 'x'.repeat(513) })).toBe(
      'Name B is longer than 512 characters (513); at most 512.',
    );
    expect(checkCompare(filled)).toBeNull();
  });

  it('names the side of a qualifier the API would refuse', () => {
    expect(
      checkCompare({ ...filled, qualifiersB: { ...EMPTY_COMPARE.qualifiersB, birthDate: '1952-02-30' } }),
    ).toBe('Side B: Date of birth must be a date written YYYY, YYYY-MM or YYYY-MM-DD (got “1952-02-30”).');
  });
});

describe('compareBody', () => {
  it('sends the names trimmed and the search type, without qualifiers when none are given', () => {
    expect(compareBody(filled)).toEqual({
      name_a: 'Vladimir Putin',
      name_b: 'PUTIN, Vladimir Vladimirovich',
      search_type: 'standard_match',
    });
  });

  it("sends each side's qualifiers in the API's field names", () => {
    expect(
      compareBody({
        ...filled,
        searchType: 'strict_match',
        qualifiersA: { birthDate: '1952', countries: 'RU', entityType: 'person' },
        qualifiersB: { birthDate: '', countries: 'Russia, BY', entityType: '' },
      }),
    ).toEqual({
      name_a: 'Vladimir Putin',
      name_b: 'PUTIN, Vladimir Vladimirovich',
      search_type: 'strict_match',
      qualifiers_a: { birth_date: '1952', country: ['RU'], entity_type: 'person' },
      qualifiers_b: { country: ['Russia', 'BY'] },
    });
  });
});
