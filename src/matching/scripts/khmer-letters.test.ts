import { describe, expect, it } from 'vitest';
import { khmerLetters } from './khmer-letters.js';

describe('khmerLetters', () => {
  it('reads each vowel sign by its letter, whatever the series of its consonant', () => {
    expect(khmerLetters('អ៊ីវ៉ាន សូរ៉ូគីន')).toBe('ivan surukin');
    expect(khmerLetters('ម៉ាទីន')).toBe('matin');
  });

  it('reads the loanword digraphs: ហ្គ g, ហ្វ f, ហ្ស z, ប៉ p', () => {
    expect(khmerLetters('ហ្គ្រីន')).toBe('grin');
    expect(khmerLetters('ប៉ែត្រ ហ្វូលីន')).toBe('paetr fulin');
    expect(khmerLetters('ហ្សាប៊ីន')).toBe('zabin');
  });
});
