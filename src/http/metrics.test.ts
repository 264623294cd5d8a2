// The operator's metrics at /metrics: list freshness and failed refreshes, index build time, screening hits by
// list, and adverse media upstream calls, each with values that follow what the service did.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../main.js';
import { adverseMediaStandIns, type StandIns } from '../test-support/adverse-media-stand-ins.js';
import { signedUpUser, testService } from '../test-support/test-service.js';
import { namesFile, testSource } from '../test-support/test-source.js';
import { testBackends } from '../test-support/test-stores.js';

/** The value of one sample (`name{labels} value`), or undefined when it is absent. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(labels ? `${name}{${labels}} ` : `${name} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('operator metrics', () => {
  let service: Service;
  let stand: StandIns;
  let key: string;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'metrics-lists-'));
    for (const slug of ['test_list', 'other_list']) {
      fs.mkdirSync(path.join(dir, slug));
      fs.writeFileSync(path.join(dir, slug, 'names.txt'), namesFile(5, '99|Ivan Petrovich Sidorov|'));
    }
    stand = await adverseMediaStandIns();
    service = await testService(
      await testBackends()[0]!.open(),
      { ...stand.env, LISTS_DIR: dir, SCREENING_SEARCH_TIMEOUT_MS: '2000' },
      [testSource(), testSource('other_list')],
    );
    await service.listService.idle();
    ({ key } = await signedUpUser(service));
  });
  afterAll(async () => {
    await service?.close();
    await stand?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const scrape = async () => (await service.app.inject({ url: '/metrics' })).body;

  it('reports each list’s data age, last success and records, and the index build', async () => {
    const text = await scrape();
    for (const list of ['test_list', 'other_list']) {
      const age = sample(text, 'list_data_age_seconds', `list="${list}"`);
      expect(age).toBeGreaterThanOrEqual(0);
      // Loaded moments ago: far less than a day old.
      expect(age).toBeLessThan(86_400);
      const last = sample(text, 'list_last_success_timestamp_seconds', `list="${list}"`)!;
      expect(Math.abs(last - Date.now() / 1000)).toBeLessThan(3_600);
      expect(sample(text, 'list_records', `list="${list}"`)).toBe(6);
    }
    expect(sample(text, 'name_index_build_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'name_index_entries')).toBe(12);
    expect(sample(text, 'list_refresh_failures_total', 'list="other_list"')).toBeUndefined();
  });

  it('counts a failed refresh by list; the list keeps its last success', async () => {
    const before = sample(await scrape(), 'list_last_success_timestamp_seconds', 'list="other_list"');
    fs.writeFileSync(path.join(dir, 'other_list', 'names.txt'), 'not the header\n');
    const [outcome] = await service.listService.refresh(['other_list']);
    expect(outcome!.status).toBe('failed');
    const text = await scrape();
    expect(sample(text, 'list_refresh_failures_total', 'list="other_list"')).toBe(1);
    expect(sample(text, 'list_refresh_failures_total', 'list="test_list"')).toBeUndefined();
    expect(sample(text, 'list_last_success_timestamp_seconds', 'list="other_list"')).toBe(before);
  });

  it('counts screening hits by list', async () => {
    const res = await service.app.inject({
      method: 'POST',
      url: '/api/v2/search',
      headers: { 'x-api-key': key },
      payload: { prompt: 'Ivan Petrovich Sidorov', search_type: 'strict_match' },
    });
    expect(res.statusCode).toBe(200);
    const lists = (res.json()['search results'] as { list: string }[]).map((m) => m.list).sort();
    expect(lists).toEqual(['other_list', 'test_list']);
    const text = await scrape();
    expect(sample(text, 'screening_hits_total', 'list="test_list"')).toBe(1);
    expect(sample(text, 'screening_hits_total', 'list="other_list"')).toBe(1);
  });

  it('counts adverse media upstream calls by outcome, with their duration', async () => {
    stand.searchAnswer = { results: [] };
    const ok = await service.app.inject({
      method: 'POST',
      url: '/api/v2/adverse-media-search',
      headers: { 'x-api-key': key },
      payload: { name: 'Jane Example' },
    });
    expect(ok.statusCode).toBe(200);
    stand.searchAnswer = { status: 401 };
    const failed = await service.app.inject({
      method: 'POST',
      url: '/api/v2/adverse-media-search',
      headers: { 'x-api-key': key },
      payload: { name: 'Jane Example' },
    });
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    const text = await scrape();
    expect(sample(text, 'adverse_media_upstream_calls_total', 'upstream="search",outcome="ok"')).toBe(1);
    const errors = text
      .split('\n')
      .filter((l) => l.startsWith('adverse_media_upstream_calls_total{upstream="search",outcome="upstream_'));
    expect(errors).toHaveLength(1);
    expect(sample(text, 'adverse_media_upstream_duration_seconds_count', 'upstream="search"')).toBe(2);
    expect(sample(text, 'adverse_media_upstream_duration_seconds_sum', 'upstream="search"')).toBeGreaterThan(
      0,
    );
  });
});
