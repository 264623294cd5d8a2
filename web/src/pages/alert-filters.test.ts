// Inbox filters in the address: open alerts by default, every status on request, the list, the alert being read,
// and the API query they make.
import { describe, expect, it } from 'vitest';
import {
  alertFiltersFromSearch,
  alertIdFromSearch,
  alertsHref,
  alertsQuery,
  ANY_STATUS,
  DEFAULT_ALERT_FILTERS,
} from './alert-filters.ts';

describe('alert filters in the address', () => {
  it('shows open alerts when no status is given, or an unknown one', () => {
    expect(alertFiltersFromSearch('')).toEqual({ status: 'open', list: '' });
    expect(alertFiltersFromSearch('?status=bogus')).toEqual({ status: 'open', list: '' });
  });

  it('reads a status, every status, and a list', () => {
    expect(alertFiltersFromSearch('?status=cleared&list=ofac_sdn')).toEqual({
      status: 'cleared',
      list: 'ofac_sdn',
    });
    expect(alertFiltersFromSearch('?status=any').status).toBe(ANY_STATUS);
  });

  it('writes only what differs from the default, and the alert being read', () => {
    expect(alertsHref(DEFAULT_ALERT_FILTERS)).toBe('/alerts');
    expect(alertsHref({ status: ANY_STATUS, list: 'un_consolidated' }, 'a-1')).toBe(
      '/alerts?status=any&list=un_consolidated&alert=a-1',
    );
    expect(alertIdFromSearch('?status=any&alert=a-1')).toBe('a-1');
    expect(alertIdFromSearch('?status=any')).toBeNull();
  });

  it('survives the round trip', () => {
    const f = { status: 'escalated' as const, list: 'ofac_sdn' };
    expect(alertFiltersFromSearch(alertsHref(f, 'x').slice('/alerts'.length))).toEqual(f);
  });
});

describe('alertsQuery', () => {
  it('sends the status and list, and neither for every status on every list', () => {
    expect(alertsQuery({ status: 'open', list: 'ofac_sdn' }, 50, 'c1')).toEqual({
      limit: 50,
      cursor: 'c1',
      status: 'open',
      list: 'ofac_sdn',
    });
    expect(alertsQuery({ status: ANY_STATUS, list: '' }, 50)).toEqual({
      limit: 50,
      cursor: undefined,
      status: undefined,
      list: undefined,
    });
  });
});
