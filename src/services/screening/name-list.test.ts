import { describe, expect, it } from 'vitest';
import { parseNameList, unscreenable } from './name-list.js';

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
    expect(() => parseNameList(`ok, ${'x'.repeat(513)}`, 10)).toThrow(
      'name 2 is longer than 512 characters (513); at most 512',
    );
    expect(() => parseNameList(' , ', 10)).toThrow(/at least one name/);
  });

  it('finds nothing to screen in punctuation, emoji, controls, zero-width and combining marks only', () => {
    for (const n of ['...', '🙂', '\u0000', '\u200b\u2060', '\u0301', '«»', '＿'])
      expect(unscreenable(n), JSON.stringify(n)).toBe('no letters or digits to screen');
    for (const n of ['a', 'Ж', '李', '٣', 'Ⅻ', 'ǅ']) expect(unscreenable(n), n).toBeNull();
  });
});
