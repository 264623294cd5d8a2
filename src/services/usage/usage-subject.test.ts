// The subject a usage record keeps: the first name or address sent and how many, split as each endpoint splits.
import { describe, expect, it } from 'vitest';
import { SUBJECT_MAX_CHARS, usageSubject } from './usage-subject.js';

describe('usageSubject', () => {
  it('single names and addresses, trimmed', () => {
    expect(usageSubject('/api/v2/search', { prompt: ' Rustam Karimov ' })).toEqual({
      text: 'Rustam Karimov',
      count: 1,
    });
    expect(usageSubject('/api/v1/search', { prompt: 'Jane' })).toEqual({ text: 'Jane', count: 1 });
    expect(usageSubject('/api/v2/wallet-search', { address: '0xabc' })).toEqual({ text: '0xabc', count: 1 });
    expect(usageSubject('/api/v2/adverse-media-search', { name: 'Acme' })).toEqual({
      text: 'Acme',
      count: 1,
    });
    expect(usageSubject('/api/v2/adverse-media-search-raw', { name: 'Acme' })).toEqual({
      text: 'Acme',
      count: 1,
    });
  });

  it('bulk names split on commas with blanks dropped; bulk addresses on commas and newlines, each once', () => {
    expect(usageSubject('/api/v2/bulk-search', { names: ' , Rustam Karimov,, Jane Nobody , x' })).toEqual({
      text: 'Rustam Karimov',
      count: 3,
    });
    expect(usageSubject('/api/v1/bulk-search', { names: 'A' })).toEqual({ text: 'A', count: 1 });
    // Our extension: bulk records, each with its own name.
    expect(
      usageSubject('/api/v2/bulk-search', {
        records: [{ name: ' Rustam Karimov', country: 'UZ' }, { name: 'B' }],
      }),
    ).toEqual({ text: 'Rustam Karimov', count: 2 });
    expect(usageSubject('/api/v2/bulk-wallet-search', { addresses: '0xa\n0xb, 0xa\r\n' })).toEqual({
      text: '0xa',
      count: 2,
    });
  });

  it('nothing named, a body of the wrong shape, or another endpoint: no subject', () => {
    expect(usageSubject('/api/v2/search', { prompt: '   ' })).toBeNull();
    expect(usageSubject('/api/v2/search', { prompt: 42 })).toBeNull();
    expect(usageSubject('/api/v2/bulk-search', { names: ' , ,' })).toBeNull();
    expect(usageSubject('/api/v2/search', undefined)).toBeNull();
    expect(usageSubject('/api/v2/search', ['Jane'])).toBeNull();
    expect(usageSubject('/api/v2/lists', { prompt: 'Jane' })).toBeNull();
  });

  it('cuts an over-long (refused) name to the longest a name may be', () => {
    const s = usageSubject('/api/v2/search', { prompt: 'x'.repeat(10_000) });
    expect(s?.text).toHaveLength(SUBJECT_MAX_CHARS);
  });
});
