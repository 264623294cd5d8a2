import { describe, expect, it } from 'vitest';
import { parseNameList } from './name-list.js';

describe('bulk name input', () => {
  it('splits one comma-separated string, trims, drops blanks between commas', () => {
    expect(parseNameList(' Jane Doe,John Smith ,, ACME Ltd ', 10)).toEqual([
      'Jane Doe',
      'John Smith',
      'ACME Ltd',
    ]);
  });
  it('enforces the documented limits', () => {
    expect(() => parseNameList('a,b,c', 2)).toThrow(/3 names; at most 2 per request/);
    expect(() => parseNameList(`ok, ${'x'.repeat(513)}`, 10)).toThrow(/names\[1\] must be at most 512/);
    expect(() => parseNameList(' , ', 10)).toThrow(/at least one name/);
  });
});
