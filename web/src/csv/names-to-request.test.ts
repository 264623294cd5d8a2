// Names typed or pasted into the form, and the bulk-search body they become.
import { describe, expect, it } from 'vitest';
import {
  bulkSearchBody,
  checkNames,
  MAX_NAME_CHARS,
  MAX_NAMES,
  prepareNames,
  type NamesOptions,
} from './names-to-request.ts';

describe('prepareNames', () => {
  it('takes one name per line, trimmed, blank lines dropped', () => {
    expect(prepareNames('  Jane Doe \r\n\n Acme Trading LLC\n')).toEqual({
      names: ['Jane Doe', 'Acme Trading LLC'],
      rewritten: [],
    });
  });

  it('splits a single line on commas, as the API would', () => {
    expect(prepareNames('Alice Smith, Bob Jones,, ')).toEqual({
      names: ['Alice Smith', 'Bob Jones'],
      rewritten: [],
    });
  });

  it('sends "LAST, First" on its own line as one name, reordered, and reports it', () => {
    expect(prepareNames('Rustam Karimov\nKARIMOV, Rustam')).toEqual({
      names: ['Rustam Karimov', 'Rustam KARIMOV'],
      rewritten: [{ from: 'KARIMOV, Rustam', to: 'Rustam KARIMOV' }],
    });
  });

  it('joins a line with more than one comma into one name, and skips a line of commas', () => {
    expect(prepareNames('Acme, Trading, LLC\n , ,\nJane Doe')).toEqual({
      names: ['Acme Trading LLC', 'Jane Doe'],
      rewritten: [{ from: 'Acme, Trading, LLC', to: 'Acme Trading LLC' }],
    });
  });

  it('has no names for an empty box', () => {
    expect(prepareNames(' \n \n').names).toEqual([]);
  });
});

describe('bulkSearchBody', () => {
  const options: NamesOptions = { searchType: 'strict_match', explain: true, reference: '' };

  it('sends the names as the one comma-separated string bulk search takes', () => {
    expect(bulkSearchBody(['Jane Doe', 'Rustam KARIMOV'], options)).toEqual({
      names: 'Jane Doe, Rustam KARIMOV',
      search_type: 'strict_match',
      explain: true,
    });
  });

  it('sends records, each name with the qualifiers, when qualifiers are given', () => {
    const body = bulkSearchBody(['Rustam Karimov', 'Jane Doe'], {
      ...options,
      qualifiers: { birth_date: '1952', country: ['RU'] },
    });
    expect(body).not.toHaveProperty('names');
    expect(body.records).toEqual([
      { name: 'Rustam Karimov', birth_date: '1952', country: ['RU'] },
      { name: 'Jane Doe', birth_date: '1952', country: ['RU'] },
    ]);
    expect(body.search_type).toBe(options.searchType);
    expect(bulkSearchBody(['x'], { ...options, qualifiers: null })).toMatchObject({ names: 'x' });
  });

  it('stores a reference, trimmed, as additional_call_info, and no field without one', () => {
    expect(bulkSearchBody(['x'], { ...options, reference: ' C-1042 ' }).additional_call_info).toEqual({
      reference: 'C-1042',
    });
    expect(bulkSearchBody(['x'], { ...options, reference: '   ' })).not.toHaveProperty(
      'additional_call_info',
    );
  });
});

describe('checkNames', () => {
  it('passes names within the limits', () => {
    expect(checkNames(['Jane Doe', 'x'.repeat(MAX_NAME_CHARS)])).toBeNull();
    expect(checkNames(Array.from({ length: MAX_NAMES }, () => 'Jane'))).toBeNull();
  });

  it('names the first name too long, counted from 1, with its length and the limit', () => {
    const long = 'A'.repeat(513);
    expect(checkNames(['Jane Doe', long])).toBe(
      `Name 2 (“${'A'.repeat(40)}…”) is longer than 512 characters (513); at most 512.`,
    );
    expect(checkNames([long, 'ok', long, long])).toMatch(/^Name 1 .* 2 more names are too long as well\.$/);
  });

  it('says how many names there are and the most that can be screened at once', () => {
    expect(checkNames(Array.from({ length: MAX_NAMES + 1 }, () => 'Jane'))).toBe(
      'There are 10,001 names; at most 10,000 can be screened at once. Split the list and screen it in parts.',
    );
  });
});
