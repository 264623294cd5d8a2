// The catalog and entry details over real ingested lists (local mode), including the fail-closed gate.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../main.js';
import { signedUpUser, testService } from '../../test-support/test-service.js';
import { namesFile, testSource } from '../../test-support/test-source.js';
import { testBackends } from '../../test-support/test-stores.js';

describe('catalog and entry details', () => {
  let service: Service;
  let dir: string;
  let creds: Awaited<ReturnType<typeof signedUpUser>>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lists-'));
    fs.mkdirSync(path.join(dir, 'alpha_list'));
    fs.mkdirSync(path.join(dir, 'beta_list'));
    // Person 1 appears twice on alpha (two filings) and once on beta.
    fs.writeFileSync(path.join(dir, 'alpha_list', 'names.txt'), namesFile(20, '900|Person 1|Second Filing'));
    service = await testService(await testBackends()[0]!.open(), { LISTS_DIR: dir }, [
      testSource('alpha_list'),
      testSource('beta_list'),
    ]);
    await service.listService.idle();
    creds = await signedUpUser(service);
  });
  afterAll(async () => {
    await service.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const details = (name: unknown, headers: Record<string, string> = { 'x-api-key': creds.key }) =>
    service.app.inject({ method: 'POST', url: '/api/entry-details', headers, payload: { name } as object });
  const catalog = async () =>
    (await service.app.inject({ url: '/api/v2/lists', headers: { 'x-api-key': creds.key } })).json()
      .lists as Array<Record<string, unknown>>;

  it('loads at start from LISTS_DIR; the catalog shows fresh and failed lists with their reasons', async () => {
    const rows = await catalog();
    expect(rows.map((r) => [r.slug, r.status, r.record_count])).toEqual([
      ['alpha_list', 'fresh', 21],
      ['beta_list', 'failed', null],
    ]);
    expect(rows[1]!.last_error).toMatch(/no complete file set/);
    expect(rows[0]).toMatchObject({
      title: 'Test list',
      publisher: 'Tests',
      legacy: false,
      last_error: null,
    });
    expect(typeof rows[0]!.fetched_at).toBe('string');
  });

  it('entry details fails closed (503 naming the list) until every carried list has loaded', async () => {
    const res = await details('Person 1');
    expect(res.statusCode).toBe(503);
    // A list whose last attempt failed is reported as failed with its cause, never as "not loaded yet".
    expect(res.json().error).toMatch(/lists failed to load: beta_list \(no complete file set in .*beta_list/);
    expect(res.json().error).not.toMatch(/not loaded yet/);
  });

  it('after the missing list loads: exact names and aliases, arrays per list, only lists holding the name', async () => {
    fs.writeFileSync(path.join(dir, 'beta_list', 'names.txt'), namesFile(5));
    const [outcome] = await service.listService.refresh(['beta_list']);
    expect(outcome).toMatchObject({ slug: 'beta_list', status: 'updated', recordCount: 5 });

    const both = await details('Person 1');
    expect(both.statusCode).toBe(200);
    expect(both.json()).toEqual({
      entryData: {
        alpha_list: [
          { name: 'Person 1', uid: '1', aliases: ['P. 1'] },
          { name: 'Person 1', uid: '900', aliases: ['Second Filing'] },
        ],
        beta_list: [{ name: 'Person 1', uid: '1', aliases: ['P. 1'] }],
      },
    });
    expect((await details('Second Filing')).json().entryData).toEqual({
      alpha_list: [{ name: 'Person 1', uid: '900', aliases: ['Second Filing'] }],
    });
    expect(Object.keys((await details('Person 12')).json().entryData)).toEqual(['alpha_list']);
    expect((await details('person 1')).json()).toEqual({ entryData: {} });
    expect((await details('Person 1', { authorization: `Bearer ${creds.token}` })).statusCode).toBe(200);
  });

  it('is not metered and carries no api_usage_id; blank or missing names are 400', async () => {
    const before = await service.core.store.countUsage();
    const res = await details('Person 2');
    expect(res.json().api_usage_id).toBeUndefined();
    expect(await service.core.store.countUsage()).toBe(before);
    expect((await details('  ')).statusCode).toBe(400);
    expect((await details(42)).statusCode).toBe(400);
  });

  it('a failed refresh keeps the last good version serving and marks the list stale', async () => {
    fs.rmSync(path.join(dir, 'beta_list', 'names.txt'));
    const [outcome] = await service.listService.refresh(['beta_list']);
    expect(outcome!.status).toBe('failed');
    const beta = (await catalog()).find((r) => r.slug === 'beta_list')!;
    expect(beta).toMatchObject({ status: 'stale', record_count: 5 });
    expect((await details('Person 3')).json().entryData.beta_list).toHaveLength(1);
  });

  it('refuses an unknown list name', async () => {
    await expect(service.listService.refresh(['nope'])).rejects.toThrow(/unknown or disabled list: nope/);
  });
});
