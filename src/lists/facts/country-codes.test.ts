import { describe, expect, it } from 'vitest';
import { countryCode, countryCodesIn } from './country-codes.js';

describe('countryCode', () => {
  it.each([
    ['RU', 'RU'],
    ['ru', 'RU'],
    ['IRN', 'IR'],
    ['364', 'IR'],
    ['UK', 'GB'],
    ['Russia', 'RU'],
    ['Russian Federation', 'RU'],
    ['Iran, Islamic Republic of', 'IR'],
    ['IRAN (ISLAMIC REPUBLIC OF)', 'IR'],
    ['Bolivia (Plurinational State of)', 'BO'],
    ["Democratic People's Republic of Korea", 'KP'],
    ['Korea, North', 'KP'],
    ['Korea, Republic of', 'KR'],
    ['Syria', 'SY'],
    ['Burma', 'MM'],
    ['Côte d’Ivoire', 'CI'],
    ['Deutschland', 'DE'],
    ['Suisse', 'CH'],
    ['Iranian', 'IR'],
    ['North Korean', 'KP'],
    ['British', 'GB'],
  ])('%s is %s', (text, code) => {
    expect(countryCode(text)).toBe(code);
  });

  it.each(['Atlantis', 'XX', 'Non ADB Member Country', '', '00'])('%s is no country', (text) => {
    expect(countryCode(text)).toBeNull();
  });

  it('finds the countries named in the parts of a free text (an address, a place of birth)', () => {
    expect(countryCodesIn('Saint Petersburg, Russia')).toEqual(['RU']);
    expect(countryCodesIn('Iran; Syria')).toEqual(['IR', 'SY']);
    expect(countryCodesIn('Korea, Republic of')).toEqual(['KR']);
    expect(countryCodesIn(null)).toEqual([]);
  });
});
