// History outcomes in words: hits, clears, names or addresses not screened, and failed calls, never confused.
import { describe, expect, it } from 'vitest';
import type { UsageRecord } from '../api/api-types.ts';
import { endpointLabel, screenedThing } from './endpoint-labels.ts';
import { outcomeWords, subjectWords } from './outcome-words.ts';

type R = Pick<UsageRecord, 'endpoint' | 'status' | 'outcome'>;
// Records written before outcomes were kept may lack the field (undefined) as well as carry null.
const rec = (endpoint: string, outcome: R['outcome'] | undefined, status = 200): R =>
  ({ endpoint, status, outcome }) as R;

describe('outcomeWords', () => {
  it('a hit is red and counted in the screened thing’s nouns', () => {
    expect(outcomeWords(rec('/api/v2/bulk-search', { kind: 'matches', count: 3 }))).toEqual({
      label: '3 matches',
      tone: 'hit',
    });
    expect(outcomeWords(rec('/api/v2/search', { kind: 'matches', count: 1 })).label).toBe('1 match');
    expect(outcomeWords(rec('/api/v2/bulk-wallet-search', { kind: 'matches', count: 1 })).label).toBe(
      '1 listed',
    );
    expect(outcomeWords(rec('/api/v2/adverse-media-search', { kind: 'matches', count: 2 })).label).toBe(
      '2 implicating articles',
    );
  });

  it('clear is green; not screened and errors are amber, never the colour of a hit', () => {
    expect(outcomeWords(rec('/api/v2/bulk-search', { kind: 'clear', count: 4 }))).toEqual({
      label: 'Clear',
      tone: 'ok',
    });
    expect(outcomeWords(rec('/api/v2/adverse-media-search', { kind: 'clear', count: 9 })).label).toBe(
      'No adverse media',
    );
    expect(outcomeWords(rec('/api/v2/bulk-search', { kind: 'not_screened', count: 2 }))).toEqual({
      label: '2 names not screened',
      tone: 'error',
    });
    expect(outcomeWords(rec('/api/v2/bulk-wallet-search', { kind: 'not_screened', count: 1 })).label).toBe(
      '1 invalid',
    );
    expect(outcomeWords(rec('/api/v2/bulk-search', { kind: 'error', count: null }, 503))).toEqual({
      label: 'Error 503 · unavailable',
      tone: 'error',
    });
    expect(outcomeWords(rec('/api/v2/search', { kind: 'error', count: null }, 418)).label).toBe('Error 418');
  });

  it('articles returned without a judgement are neutral', () => {
    expect(outcomeWords(rec('/api/v2/adverse-media-search-raw', { kind: 'unassessed', count: 5 }))).toEqual({
      label: '5 articles, not assessed',
      tone: 'neutral',
    });
  });

  it('without an outcome (catalog reads, older records) the HTTP status speaks, an error still amber', () => {
    expect(outcomeWords(rec('/api/v2/lists', null))).toEqual({ label: 'HTTP 200', tone: 'neutral' });
    expect(outcomeWords(rec('/api/v2/search', undefined))).toEqual({ label: 'HTTP 200', tone: 'neutral' });
    expect(outcomeWords(rec('/api/v2/search', undefined, 429))).toEqual({
      label: 'Error 429 · too many requests',
      tone: 'error',
    });
  });
});

describe('subjectWords', () => {
  it('the first name sent, and how many more', () => {
    expect(subjectWords({ text: 'Rustam Karimov', count: 1 })).toEqual({
      text: 'Rustam Karimov',
      more: null,
    });
    expect(subjectWords({ text: 'Rustam Karimov', count: 1201 })).toEqual({
      text: 'Rustam Karimov',
      more: 'and 1,200 more',
    });
    expect(subjectWords(null)).toBeNull();
  });
});

describe('endpoint labels', () => {
  it('names every endpoint in words, and an unknown one by its path', () => {
    expect(endpointLabel('/api/v2/bulk-search')).toBe('Names screening (bulk)');
    expect(endpointLabel('/api/v2/lists')).toBe('List catalog read');
    expect(endpointLabel('/api/v3/new')).toBe('/api/v3/new');
  });

  it('knows what each screening endpoint screens', () => {
    expect(screenedThing('/api/v1/bulk-search')).toBe('names');
    expect(screenedThing('/api/v2/wallet-search')).toBe('wallets');
    expect(screenedThing('/api/v2/adverse-media-search-raw')).toBe('adverse-media-raw');
    expect(screenedThing('/api/v2/usage')).toBeNull();
  });
});
