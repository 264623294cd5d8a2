// The customer search in the address and the API query it makes (blank parts left out, trimmed).
import { describe, expect, it } from 'vitest';
import { customerSearchFromAddress, customersHref, subjectsQuery } from './customer-search.ts';

describe('customer search', () => {
  it('round-trips through the address, trimmed, nothing for an empty search', () => {
    expect(customersHref({ name: ' jane ', reference: '' })).toBe('/customers?name=jane');
    expect(customersHref({ name: '', reference: '' })).toBe('/customers');
    expect(customerSearchFromAddress('?name=jane&reference=c-1')).toEqual({ name: 'jane', reference: 'c-1' });
    expect(customerSearchFromAddress('')).toEqual({ name: '', reference: '' });
  });

  it('asks the API for part of the name and the exact reference, leaving out blanks', () => {
    expect(subjectsQuery({ name: ' Doe ', reference: '' }, 100)).toEqual({
      limit: 100,
      cursor: undefined,
      name: 'Doe',
      reference: undefined,
    });
    expect(subjectsQuery({ name: '', reference: 'c-1' }, 100, 'next')).toMatchObject({
      cursor: 'next',
      name: undefined,
      reference: 'c-1',
    });
  });
});
