// Request checks beyond the schema, and the query sent to the provider.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { isCalendarDate, parseAdditionalCallInfo, toAdverseMediaRequest } from './adverse-media-request.js';
import { searchQuery, toSearchRequest } from './search-query.js';

describe('toAdverseMediaRequest', () => {
  it('fills the defaults', () => {
    expect(toAdverseMediaRequest({ name: '  Ivan Petrov ' })).toEqual({
      name: 'Ivan Petrov',
      context: null,
      mode: 'adverse',
      maxResults: 10,
      topic: null,
      searchDepth: 'basic',
      timeRange: null,
      startDate: null,
      endDate: null,
      country: null,
      includeDomains: [],
      excludeDomains: [],
    });
  });

  it.each([
    ['a blank name', { name: ' ' }],
    ['a date that does not exist', { name: 'x', start_date: '2025-02-30' }],
    ['a domain given as a URL', { name: 'x', include_domains: ['https://bbc.co.uk'] }],
    ['a domain with a path', { name: 'x', exclude_domains: ['bbc.co.uk/news'] }],
    ['country without topic general', { name: 'x', country: 'france', topic: 'news' as const }],
    ['time_range with dates', { name: 'x', time_range: 'day' as const, end_date: '2025-01-01' }],
    ['dates in the wrong order', { name: 'x', start_date: '2025-02-01', end_date: '2025-01-01' }],
    ['additional_call_info that is not JSON', { name: 'x', additional_call_info: '{ref' }],
  ])('rejects %s with a 400', (_what, body) => {
    expect(() => toAdverseMediaRequest(body)).toThrow(AppError);
  });

  it('real calendar dates only', () => {
    expect(['2024-02-29', '2025-12-31', '2000-02-29'].every(isCalendarDate)).toBe(true);
    expect(['2023-02-29', '2025-04-31', '2025-13-01', '2025-1-1', '1900-02-29'].some(isCalendarDate)).toBe(
      false,
    );
  });

  it('additional_call_info: an object, or a string of JSON', () => {
    expect(parseAdditionalCallInfo({ a: 1 })).toEqual({ a: 1 });
    expect(parseAdditionalCallInfo('{"a":1}')).toEqual({ a: 1 });
    expect(parseAdditionalCallInfo(undefined)).toBeNull();
  });
});

describe('searchQuery', () => {
  it('adverse pairs the quoted name with risk vocabulary; context narrows without being required', () => {
    expect(searchQuery({ name: 'Ivan "Vanya" Petrov', context: 'Gazprom', mode: 'adverse' })).toBe(
      '"Ivan Vanya Petrov" Gazprom (fraud OR "money laundering" OR bribery OR corruption OR sanctions OR arrested OR charged OR convicted OR investigation OR lawsuit)',
    );
    expect(searchQuery({ name: 'Ivan Petrov', context: null, mode: 'general' })).toBe('"Ivan Petrov"');
  });

  it('passes every filter through to the neutral request', () => {
    const req = toAdverseMediaRequest({
      name: 'Ivan Petrov',
      topic: 'general',
      country: 'russia',
      search_depth: 'fast',
      max_results: 3,
      include_domains: ['Reuters.com'],
    });
    expect(toSearchRequest(req)).toMatchObject({
      maxResults: 3,
      topic: 'general',
      depth: 'fast',
      country: 'russia',
      includeDomains: ['reuters.com'],
      excludeDomains: [],
    });
  });
});
