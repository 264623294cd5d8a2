// List freshness in words: our last refresh and the publisher's data date are said apart, never merged into "fresh".
import { describe, expect, it } from 'vitest';
import type { ListView } from '../api/api-types.ts';
import { catalogFreshness, dataAge, formatSpan, listFreshness } from './list-freshness.ts';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW - h * 3600_000).toISOString();

const list = (over: Partial<ListView>): ListView => ({
  slug: 'un_consolidated',
  title: 'UN Security Council Consolidated List',
  publisher: 'United Nations',
  legacy: true,
  format: 'XML',
  cadence: 'every 6 h',
  status: 'fresh',
  reason: null,
  data_age_days: 270,
  record_count: 1000,
  data_date: '2026-02-27',
  fetched_at: hoursAgo(2),
  last_attempt_at: hoursAgo(2),
  last_success_at: hoursAgo(2),
  last_error: null,
  held_version: null,
  version_id: null,
  served_version_id: null,
  facts_coverage: null,
  ...over,
});

describe('listFreshness', () => {
  it('says when we refreshed and how old the data is, both', () => {
    expect(listFreshness(list({}), NOW)).toBe('Refreshed 2 h ago; data dated 2026-02-27 (9 months old)');
  });

  it('a stale list names its last good refresh; a list never loaded says so', () => {
    expect(listFreshness(list({ status: 'stale', last_success_at: hoursAgo(72) }), NOW)).toMatch(
      /^Last good refresh 3 days ago; data dated/,
    );
    expect(listFreshness(list({ status: 'never_loaded', last_success_at: null }), NOW)).toBe('Never loaded');
  });

  it('a publisher without a data date is named as such', () => {
    expect(listFreshness(list({ data_date: null }), NOW)).toBe(
      'Refreshed 2 h ago; the publisher gives no data date',
    );
  });
});

describe('catalogFreshness', () => {
  it('the least recent refresh and the oldest data, with its list', () => {
    const lists = [
      list({ slug: 'ofac_sdn', title: 'OFAC SDN', data_date: '2026-11-20', last_success_at: hoursAgo(1) }),
      list({}),
    ];
    expect(catalogFreshness(lists, NOW)).toBe(
      'refreshed in the last 2 h; oldest data: UN Security Council Consolidated List, dated 2026-02-27 (9 months old)',
    );
  });

  it('says when no publisher dates its data', () => {
    expect(catalogFreshness([list({ data_date: null })], NOW)).toBe(
      'refreshed in the last 2 h; no publisher gives a data date',
    );
  });
});

describe('words for time', () => {
  it('spans and ages', () => {
    expect(formatSpan(30_000)).toBe('1 min');
    expect(formatSpan(3 * 3600_000)).toBe('3 h');
    expect(formatSpan(50 * 3600_000)).toBe('2 days');
    expect(dataAge('2026-11-24', NOW)).toBe('today');
    expect(dataAge('2026-11-23', NOW)).toBe('1 day old');
    expect(dataAge('2026-02-27', NOW)).toBe('9 months old');
    expect(dataAge('2024-12-01', NOW)).toBe('24 months old');
    expect(dataAge('2024-11-01', NOW)).toBe('2 years old');
    expect(dataAge('2020-01-01', NOW)).toBe('6 years old');
    expect(dataAge('someday', NOW)).toBeNull();
  });
});
