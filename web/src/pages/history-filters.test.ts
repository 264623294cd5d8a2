// History filters: the address round trip, and the usage query sent for them (local times as ISO instants).
import { describe, expect, it } from 'vitest';
import {
  ALL_CALLS,
  filtersFromSearch,
  filtersToSearch,
  usageQuery,
  type HistoryFilters,
} from './history-filters.ts';

const NONE: HistoryFilters = { endpoint: '', status: '', from: '', to: '' };

describe('history filters in the address', () => {
  it('reads every filter, and an empty string for one not given', () => {
    expect(filtersFromSearch('?endpoint=%2Fapi%2Fv2%2Fsearch&status=503&from=2026-05-01T09%3A30')).toEqual({
      endpoint: '/api/v2/search',
      status: '503',
      from: '2026-05-01T09:30',
      to: '',
    });
    expect(filtersFromSearch('')).toEqual(NONE);
  });

  it('writes only the filters set, and nothing at all without one', () => {
    expect(filtersToSearch({ ...NONE, endpoint: '/api/v2/bulk-wallet-search', status: '200' })).toBe(
      '?endpoint=%2Fapi%2Fv2%2Fbulk-wallet-search&status=200',
    );
    expect(filtersToSearch(NONE)).toBe('');
  });

  it('survives the round trip through the address', () => {
    const f = { endpoint: '/api/v1/search', status: '429', from: '2026-01-02T03:04', to: '2026-02-03T04:05' };
    expect(filtersFromSearch(filtersToSearch(f))).toEqual(f);
  });
});

describe('usageQuery', () => {
  it('sends the analyst’s local times as instants', () => {
    const q = usageQuery({ ...NONE, from: '2026-05-01T09:30', to: '2026-05-02T00:00' }, 50);
    expect(q.from).toBe(new Date(2026, 4, 1, 9, 30).toISOString());
    expect(q.to).toBe(new Date(2026, 4, 2, 0, 0).toISOString());
  });

  it('leaves out what is not set, so the API applies no filter for it; no endpoint means screening calls', () => {
    expect(usageQuery(NONE, 50)).toEqual({
      limit: 50,
      before: undefined,
      kind: 'screening',
      endpoint: undefined,
      status: undefined,
      from: undefined,
      to: undefined,
    });
  });

  it('every call: neither a kind nor an endpoint', () => {
    expect(usageQuery({ ...NONE, endpoint: ALL_CALLS }, 50)).toMatchObject({
      kind: undefined,
      endpoint: undefined,
    });
  });

  it('passes the filters, page size and cursor through (status as the integer the API takes)', () => {
    expect(usageQuery({ ...NONE, endpoint: '/api/v2/lists', status: '200' }, 500, 'cursor-1')).toMatchObject({
      limit: 500,
      before: 'cursor-1',
      kind: undefined,
      endpoint: '/api/v2/lists',
      status: 200,
    });
  });

  it('drops a time the browser cannot read rather than sending an invalid instant', () => {
    expect(usageQuery({ ...NONE, from: 'yesterday' }, 50).from).toBeUndefined();
  });
});
