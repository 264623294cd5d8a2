import { describe, expect, it } from 'vitest';
import { parseAddressList, requireAddress } from './address-list.js';

describe('wallet address input', () => {
  it('splits on commas and newlines, keeps order, removes duplicates and blanks', () => {
    expect(parseAddressList('0xA,\n bc1q , 0xA\r\nT9y,,', 10)).toEqual(['0xA', 'bc1q', 'T9y']);
  });
  it('enforces the count and a non-blank list; leaves each address to the format check', () => {
    expect(() => parseAddressList('a,b,c', 2)).toThrow(/3 addresses; at most 2/);
    expect(() => parseAddressList(' ,\n', 2)).toThrow(/at least one address/);
    expect(parseAddressList('a b,' + 'x'.repeat(200), 2)).toEqual(['a b', 'x'.repeat(200)]);
  });
  it('requires a non-blank single address, trimmed', () => {
    expect(() => requireAddress('address', ' \n')).toThrow(/address must not be blank/);
    expect(requireAddress('address', '  0xabc ')).toBe('0xabc');
  });
});
