import { describe, expect, it } from 'vitest';
import { birthDatesIn } from './birth-dates.js';

describe('birthDatesIn', () => {
  it.each([
    ['12 Jul 1986', ['1986-07-12']],
    ['1963', ['1963']],
    ['circa 1951', ['1951']],
    ['1986-07-12', ['1986-07-12']],
    ['1986-07-12T00:00:00', ['1986-07-12']],
    ['12/07/1986', ['1986-07-12']],
    ['12.07.1986', ['1986-07-12']],
    ['Jul 1986', ['1986-07']],
    ['May 9, 1970', ['1970-05-09']],
    ['dd/mm/1961', ['1961']],
    ['00/00/1963', ['1963']],
    ['19650704', ['1965-07-04']],
    ['1963 to 1965', ['1963', '1964', '1965']],
    ['Between 1960 and 1962', ['1960', '1961', '1962']],
    ['1970; 1971', ['1970', '1971']],
    ['unknown', []],
    [null, []],
  ])('%s', (text, want) => {
    expect(birthDatesIn(text)).toEqual(want);
  });

  it('keeps a range of years only when short (a span of decades says nothing)', () => {
    expect(birthDatesIn('1900 to 1990')).toEqual([]);
  });
});
