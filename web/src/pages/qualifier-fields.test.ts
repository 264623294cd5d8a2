// The qualifier inputs of the names and customer forms: checked with the API's rules, sent in its field names.
import { describe, expect, it } from 'vitest';
import {
  checkQualifiers,
  describeQualifiers,
  NO_QUALIFIERS,
  qualifierFields,
  splitCountries,
} from './qualifier-fields.ts';

describe('checkQualifiers', () => {
  it('accepts nothing given, and dates written YYYY, YYYY-MM or YYYY-MM-DD', () => {
    expect(checkQualifiers(NO_QUALIFIERS)).toBeNull();
    for (const birthDate of ['1952', '1952-10', '1952-10-07', ' 2000-02-29 '])
      expect(checkQualifiers({ ...NO_QUALIFIERS, birthDate })).toBeNull();
  });

  it('refuses a date in another shape, or no real date, in the API words', () => {
    for (const birthDate of ['07/10/1952', '52', '1952-13', '2001-02-29', '1700', '1952-10-7'])
      expect(checkQualifiers({ ...NO_QUALIFIERS, birthDate })).toBe(
        `Date of birth must be a date written YYYY, YYYY-MM or YYYY-MM-DD (got “${birthDate}”).`,
      );
  });

  it('refuses more than 20 countries, or one longer than 100 characters', () => {
    const many = Array.from({ length: 21 }, () => 'RU').join(', ');
    expect(checkQualifiers({ ...NO_QUALIFIERS, countries: many })).toBe(
      'Country holds 21 countries; at most 20.',
    );
    expect(checkQualifiers({ ...NO_QUALIFIERS, countries: `RU; ${'x'.repeat(101)}` })).toMatch(
      /^Country “x{40}…” is longer than 100 characters/,
    );
  });
});

describe('qualifierFields', () => {
  it('is null when nothing is given (a name-only screening)', () => {
    expect(qualifierFields(NO_QUALIFIERS)).toBeNull();
    expect(qualifierFields({ birthDate: '  ', countries: ' , ; ', entityType: '' })).toBeNull();
  });

  it('sends each given qualifier in the API field names, countries as a list', () => {
    expect(
      qualifierFields({ birthDate: ' 1952 ', countries: 'RU, Belarus; ', entityType: 'person' }),
    ).toEqual({
      birth_date: '1952',
      country: ['RU', 'Belarus'],
      entity_type: 'person',
    });
    expect(qualifierFields({ ...NO_QUALIFIERS, entityType: 'vessel' })).toEqual({ entity_type: 'vessel' });
  });

  it('splits countries on commas and semicolons', () => {
    expect(splitCountries('RU,BY ;  UA')).toEqual(['RU', 'BY', 'UA']);
  });

  it('says the qualifiers in words', () => {
    expect(describeQualifiers({ birth_date: '1952', country: ['RU', 'BY'], entity_type: 'person' })).toBe(
      'date of birth 1952 · countries RU, BY · kind person',
    );
    expect(describeQualifiers({ country: ['FR'] })).toBe('country FR');
  });
});
