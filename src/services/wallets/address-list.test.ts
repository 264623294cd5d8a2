import { describe, expect, it } from 'vitest';
import { checkAddress, parseAddressList } from './address-list.js';

describe('wallet address input', () => {
  it('splits on commas and newlines, keeps order, removes duplicates and blanks', () => {
    expect(parseAddressList('0xA,\n bc1q , 0xA\r\nT9y,,', 10)).toEqual(['0xA', 'bc1q', 'T9y']);
  });
  it('enforces the count, the length and no inner whitespace', () => {
    expect(() => parseAddressList('a,b,c', 2)).toThrow(/3 addresses; at most 2/);
    expect(() => parseAddressList(' ,\n', 2)).toThrow(/at least one address/);
    expect(() => checkAddress('address', 'x'.repeat(129))).toThrow(/at most 128/);
    expect(() => checkAddress('address', '0xab\tcd')).toThrow(/whitespace/);
    expect(checkAddress('address', '  0xabc ')).toBe('0xabc');
  });
});
