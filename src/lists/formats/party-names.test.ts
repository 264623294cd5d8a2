import { describe, expect, it } from 'vitest';
import { partyKind, splitAliases, splitParties } from './party-names.js';

describe('party names (SEC, CFTC and MAS titles)', () => {
  it('splits aliases and keeps parenthesised name parts', () => {
    expect(splitAliases('Homeland Safety International Inc. f/k/a Sniffex Inc.')).toEqual({
      name: 'Homeland Safety International Inc.',
      aliases: ['Sniffex Inc.'],
    });
    expect(splitAliases('Alpha FX (aka Alpha Markets; Alpha Trade)')).toEqual({
      name: 'Alpha FX',
      aliases: ['Alpha Markets', 'Alpha Trade'],
    });
    expect(splitAliases('Delta Partners (formerly Delta Fund)').aliases).toEqual(['Delta Fund']);
    expect(splitParties('Acme, Inc. (the "Company")').map((p) => p.name)).toEqual(['Acme, Inc.']);
  });

  it('tells persons from entities', () => {
    expect(partyKind('Rebecca L. Summers, CPA')).toBe('person');
    expect(partyKind("Sean O'Neill")).toBe('person');
    expect(partyKind('Juan de la Cruz')).toBe('person');
    expect(partyKind('Granite Peak Advisors & Co. LLC')).toBe('entity');
    expect(partyKind('Crypto Yield Platform')).toBe('entity');
    expect(partyKind('Zeta')).toBe('unknown');
  });
});
