// POST /api/v2/effectiveness: admin only, bounded, deterministic for a seed, 503 while the lists load.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../main.js';
import { signedUpUser, testService } from '../../test-support/test-service.js';
import { testSource } from '../../test-support/test-source.js';
import { testBackends } from '../../test-support/test-stores.js';

const SANCTIONS = [
  'uid|name|aliases',
  '100|PUTIN, Vladimir Vladimirovich|Владимир Владимирович Путин',
  '101|ACME TRADING LLC|Acme Trading Company',
  '102|Muammar Muhammad al-Qadhafi|Moammar Gadhafi',
  '103|Vladimir Ivanovich Petrov|',
  '104|KIM, Jong Un|김정은',
].join('\n');

describe('effectiveness report over HTTP', () => {
  let service: Service;
  let dir: string;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'effectiveness-'));
    fs.mkdirSync(path.join(dir, 'ofac_sdn'));
    fs.writeFileSync(path.join(dir, 'ofac_sdn', 'names.txt'), SANCTIONS);
    service = await testService(await testBackends()[0]!.open(), { LISTS_DIR: dir }, [
      testSource('ofac_sdn'),
    ]);
    await service.listService.idle();
    admin = (await signedUpUser(service, undefined, { admin: true })).token;
    user = (await signedUpUser(service)).key;
  });
  afterAll(async () => {
    await service.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const post = (payload: object, headers: Record<string, string> = { authorization: `Bearer ${admin}` }) =>
    service.app.inject({ method: 'POST', url: '/api/v2/effectiveness', headers, payload });

  it('answers recall per manipulation and alert rates, the same for the same seed', async () => {
    const res = await post({ seed: 3, per_kind: 5, clean_names: 10 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ seed: 3, per_kind: 5, clean_names: 10, parties: 5 });
    expect(body.search_types).toHaveLength(4);
    expect(body.recall).toHaveLength(7);
    expect(body.recall.find((r: { kind: string }) => r.kind === 'other_script').cases).toBe(2);
    expect(body.alert_rates.map((a: { names: number }) => a.names)).toEqual([10, 10, 10, 10]);
    const again = (await post({ seed: 3, per_kind: 5, clean_names: 10 })).json();
    expect({ ...again, api_usage_id: '' }).toEqual({ ...body, api_usage_id: '' });
    const one = (await post({ seed: 3, per_kind: 5, clean_names: 0, search_types: ['strict_match'] })).json();
    expect(one.recall[0].recall).toEqual({ strict_match: expect.any(Number) });
  });

  it('is for admins only, and bounded', async () => {
    expect((await post({ seed: 1 }, { 'x-api-key': user })).statusCode).toBe(403);
    for (const payload of [
      { per_kind: 201 },
      { clean_names: 1001 },
      { seed: -1 },
      { kinds: [] },
      { search_types: ['x'] },
    ])
      expect((await post(payload)).statusCode, JSON.stringify(payload)).toBe(400);
  });

  it('answers 503 while the name index is not there', async () => {
    const searcher = service.lists.searcher;
    service.lists.searcher = null;
    try {
      expect((await post({})).statusCode).toBe(503);
    } finally {
      service.lists.searcher = searcher;
    }
  });
});
