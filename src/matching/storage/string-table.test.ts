import { describe, expect, it } from 'vitest';
import { StringTable, StringTableBuilder } from './string-table.js';

function table(words: readonly string[]): StringTable {
  const b = new StringTableBuilder();
  for (const w of words) b.intern(w);
  return new StringTable(b.finish());
}

describe('StringTable lookups that make no string', () => {
  const words = ['lakhal', 'lahal', 'teplin', 'ab', 'ba', 'ovich'];
  const t = table(words);

  it('getSwap finds the text with two adjacent letters swapped, as get() of that string does', () => {
    expect(t.getSwap('lakahl', 3)).toBe(t.get('lakhal'));
    expect(t.getSwap('lakahl', 3)).toBeGreaterThanOrEqual(0);
    expect(t.getSwap('ba', 0)).toBe(t.get('ab'));
    // Every swap of every word agrees with the string made by hand.
    for (const w of ['lakahl', 'alkhal', 'lakhla', 'tpelin', 'obvich', 'xy'])
      for (let i = 0; i + 1 < w.length; i++)
        expect(t.getSwap(w, i)).toBe(t.get(w.slice(0, i) + w[i + 1]! + w[i]! + w.slice(i + 2)));
  });

  it('getBytes finds the string a byte view holds, and no other', () => {
    const bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
    for (const w of words) expect(t.getBytes(bytes(w))).toBe(t.get(w));
    expect(t.getBytes(bytes('lakha'))).toBe(-1);
    expect(t.getBytes(bytes('lakhall'))).toBe(-1);
    // A view into a longer buffer reads only its own bytes.
    expect(t.getBytes(bytes('xxteplinxx').subarray(2, 8))).toBe(t.get('teplin'));
  });
});
