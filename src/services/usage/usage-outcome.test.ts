// The outcome a usage record keeps for each screening endpoint: matches, clear, not screened, unassessed, error.
import { describe, expect, it } from 'vitest';
import { usageOutcome } from './usage-outcome.js';

const json = (v: unknown) => JSON.stringify(v);
const summary = (term: string, total: number, error?: string) => ({
  row_type: 'summary',
  search_term: term,
  total_matches: total,
  ...(error ? { error } : {}),
});
const match = (term: string) => ({ row_type: 'match', search_term: term, id: 'ofac_sdn:1', match_score: 90 });
const wallet = (listed: boolean, info: string | null) => ({ address: 'a', listed, info, network: null });

describe('usageOutcome', () => {
  it('reads the response object when given, instead of the text, and an error status whatever either says', () => {
    const value = { 'search results': [{}, {}] };
    expect(usageOutcome('/api/v2/search', 200, 'not parsed', value)).toEqual({ kind: 'matches', count: 2 });
    expect(usageOutcome('/api/v2/search', 200, json({ 'search results': [] }), undefined)).toEqual({
      kind: 'clear',
      count: 1,
    });
    expect(usageOutcome('/api/v2/search', 500, json(value), value)).toEqual({ kind: 'error', count: null });
    expect(usageOutcome('/api/v2/lists', 200, json(value), value)).toBeNull();
  });

  it('counts the matches of a single-name search, and a search without any as one clear name', () => {
    expect(usageOutcome('/api/v2/search', 200, json({ 'search results': [{}, {}, {}] }))).toEqual({
      kind: 'matches',
      count: 3,
    });
    expect(usageOutcome('/api/v2/search', 200, json({ 'search results': [] }))).toEqual({
      kind: 'clear',
      count: 1,
    });
    expect(usageOutcome('/api/v1/search', 200, json({ 'search results': [{}] }))).toEqual({
      kind: 'matches',
      count: 1,
    });
  });

  it('adds up a bulk’s matches; names not screened are never clear', () => {
    const rows = [summary('A', 2), match('A'), match('A'), summary('B', 0), summary('!!', 0, 'no letters')];
    expect(usageOutcome('/api/v2/bulk-search', 200, json({ results: rows }))).toEqual({
      kind: 'matches',
      count: 2,
    });
    const none = [summary('B', 0), summary('!!', 0, 'no letters'), summary('??', 0, 'no letters')];
    expect(usageOutcome('/api/v2/bulk-search', 200, json({ results: none }))).toEqual({
      kind: 'not_screened',
      count: 2,
    });
    const clear = [summary('B', 0), summary('C', 0)];
    expect(usageOutcome('/api/v2/bulk-search', 200, json({ results: clear }))).toEqual({
      kind: 'clear',
      count: 2,
    });
  });

  it('reads v1 bulk items the same way', () => {
    const items = [
      { search_term: 'A', 'search results': [{}, {}] },
      { search_term: '!!', 'search results': [], error: 'no letters or digits to screen' },
    ];
    expect(usageOutcome('/api/v1/bulk-search', 200, json({ 'search results': items }))).toEqual({
      kind: 'matches',
      count: 2,
    });
    expect(
      usageOutcome(
        '/api/v1/bulk-search',
        200,
        json({ 'search results': [items[1], { 'search results': [] }] }),
      ),
    ).toEqual({ kind: 'not_screened', count: 1 });
  });

  it('wallets: listed, else invalid (not screened), else clear', () => {
    const one = (w: unknown) =>
      usageOutcome('/api/v2/wallet-search', 200, json({ 'wallet screening result': w }));
    expect(one(wallet(true, 'ofac_sdn'))).toEqual({ kind: 'matches', count: 1 });
    expect(one(wallet(false, null))).toEqual({ kind: 'clear', count: 1 });
    const bulk = (s: unknown, results: unknown[] = []) =>
      usageOutcome('/api/v2/bulk-wallet-search', 200, json({ results, summary: s }));
    expect(bulk({ screened: 4, listed: 1, clear: 2, invalid: 1 })).toEqual({ kind: 'matches', count: 1 });
    expect(bulk({ screened: 3, listed: 0, clear: 2, invalid: 1 })).toEqual({
      kind: 'not_screened',
      count: 1,
    });
    expect(bulk({ screened: 2, listed: 0, clear: 2, invalid: 0 })).toEqual({ kind: 'clear', count: 2 });
    // Without a summary the results themselves are counted; an unlisted address with info is invalid.
    expect(bulk(undefined, [wallet(false, 'invalid address: bad checksum'), wallet(false, null)])).toEqual({
      kind: 'not_screened',
      count: 1,
    });
  });

  it('adverse media: a band above none is a finding, none is clear, unknown and raw are unassessed', () => {
    const scored = (band: string, implicating: number) =>
      usageOutcome(
        '/api/v2/adverse-media-search',
        200,
        json({
          risk: { band, implicating_articles: implicating },
          summary: { returned: 7, name_verified: 3 },
        }),
      );
    expect(scored('high', 2)).toEqual({ kind: 'matches', count: 2 });
    expect(scored('none', 0)).toEqual({ kind: 'clear', count: 7 });
    expect(scored('unknown', 0)).toEqual({ kind: 'unassessed', count: 7 });
    expect(
      usageOutcome(
        '/api/v2/adverse-media-search-raw',
        200,
        json({ summary: { returned: 5, name_verified: 1 } }),
      ),
    ).toEqual({ kind: 'unassessed', count: 5 });
  });

  it('a failed call is an error whatever its body; other endpoints and unreadable bodies have no outcome', () => {
    expect(usageOutcome('/api/v2/bulk-search', 503, json({ error: 'list x has not loaded' }))).toEqual({
      kind: 'error',
      count: null,
    });
    expect(usageOutcome('/api/v2/search', 429, null)).toEqual({ kind: 'error', count: null });
    expect(usageOutcome('/api/v2/lists', 200, json({ lists: [] }))).toBeNull();
    expect(usageOutcome('/api/v2/usage', 500, null)).toBeNull();
    expect(usageOutcome('/api/v2/search', 200, '{"search results": [')).toBeNull();
    expect(usageOutcome('/api/v2/search', 200, json({ unexpected: true }))).toBeNull();
    expect(usageOutcome('/api/v2/search', 200, null)).toBeNull();
  });
});
