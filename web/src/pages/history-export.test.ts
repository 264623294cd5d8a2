// The history export: paging through the cursor up to the ceiling, what it says afterwards, and its CSV rows.
import { describe, expect, it } from 'vitest';
import type { UsagePage, UsageRecord } from '../api/api-types.ts';
import { collectUsage, exportSummary, HISTORY_CSV_HEADER, historyCsvRows } from './history-export.ts';

const record = (n: number): UsageRecord => ({
  id: `rec-${n}`,
  created_at: '2026-05-01T10:00:00.000Z',
  endpoint: '/api/v2/search',
  method: 'POST',
  search_type: 'fuzzy_search',
  status: 200,
  duration_ms: 12.5,
  api_key_id: null,
  request_id: `req-${n}`,
  additional_call_info: null,
  request: { prompt: `name ${n}` },
  response: { results: [] },
  outcome: null,
  subject: null,
  list_versions: null,
  engine_version: null,
});

/** A usage API holding `total` records, newest first, answering pages of `size` by cursor. */
function fakeApi(total: number, size: number) {
  const asked: (string | undefined)[] = [];
  const fetchPage = (before: string | undefined): Promise<UsagePage> => {
    asked.push(before);
    const start = before === undefined ? 0 : Number(before);
    const end = Math.min(start + size, total);
    return Promise.resolve({
      records: Array.from({ length: end - start }, (_, i) => record(start + i)),
      next_cursor: end < total ? String(end) : null,
      api_usage_id: 'usage',
    });
  };
  return { asked, fetchPage };
}

describe('collectUsage', () => {
  it('follows the cursor until the last page, reporting progress before each page', async () => {
    const api = fakeApi(7, 3);
    const progress: number[] = [];
    const collected = await collectUsage(api.fetchPage, 100, (n) => progress.push(n));
    expect(collected.records.map((r) => r.id)).toEqual(Array.from({ length: 7 }, (_, i) => `rec-${i}`));
    expect(collected.truncated).toBe(false);
    expect(api.asked).toEqual([undefined, '3', '6']);
    expect(progress).toEqual([0, 3, 6]);
  });

  it('stops at the ceiling and says older records were left out', async () => {
    const api = fakeApi(25, 5);
    const collected = await collectUsage(api.fetchPage, 10, () => undefined);
    expect(collected.records).toHaveLength(10);
    expect(collected.truncated).toBe(true);
    expect(api.asked).toHaveLength(2);
  });

  it('is not truncated when the ceiling and the last record coincide', async () => {
    const collected = await collectUsage(fakeApi(10, 5).fetchPage, 10, () => undefined);
    expect(collected).toMatchObject({ truncated: false });
    expect(collected.records).toHaveLength(10);
  });

  it('collects nothing, once, when nothing matches', async () => {
    const api = fakeApi(0, 5);
    expect(await collectUsage(api.fetchPage, 10, () => undefined)).toEqual({ records: [], truncated: false });
    expect(api.asked).toEqual([undefined]);
  });

  it('fails with the page that failed', async () => {
    const failing = () => Promise.reject(new Error('503 Service Unavailable'));
    await expect(collectUsage(failing, 10, () => undefined)).rejects.toThrow('503 Service Unavailable');
  });
});

describe('exportSummary', () => {
  it('says how many records were saved, and the ceiling when it was reached', () => {
    expect(exportSummary({ records: [record(1), record(2)], truncated: false }, 10_000)).toBe(
      'Exported 2 records.',
    );
    expect(exportSummary({ records: [record(1)], truncated: true }, 10_000)).toBe(
      'Exported the newest 1 records (the export stops at 10000).',
    );
  });
});

describe('historyCsvRows', () => {
  it('leaves the outcome and subject columns empty for a record without them', () => {
    const [row] = historyCsvRows([record(2)]);
    const byColumn = Object.fromEntries(HISTORY_CSV_HEADER.map((c, i) => [c, row![i]]));
    expect(byColumn).toMatchObject({ outcome: '', outcome_count: '', subject: '', subject_count: '' });
  });

  it('writes one row per record, each field under its own column', () => {
    const [row] = historyCsvRows([
      {
        ...record(1),
        api_key_id: 'key-1',
        additional_call_info: { case: 'C-1' },
        outcome: { kind: 'matches', count: 2 },
        subject: { text: 'name 1', count: 3 },
      },
    ]);
    const byColumn = Object.fromEntries(HISTORY_CSV_HEADER.map((c, i) => [c, row![i]]));
    expect(byColumn).toEqual({
      id: 'rec-1',
      created_at: '2026-05-01T10:00:00.000Z',
      endpoint: '/api/v2/search',
      method: 'POST',
      search_type: 'fuzzy_search',
      status: 200,
      duration_ms: 12.5,
      api_key_id: 'key-1',
      request_id: 'req-1',
      outcome: 'matches',
      outcome_count: 2,
      subject: 'name 1',
      subject_count: 3,
      additional_call_info: { case: 'C-1' },
      request: { prompt: 'name 1' },
      response: { results: [] },
    });
  });
});
