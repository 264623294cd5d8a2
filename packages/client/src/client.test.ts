// The typed client against a live server on loopback: a real service (SQLite store, lists read from a folder)
// listening on 127.0.0.1, called over HTTP with an API key and with a session token.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../../src/main.js';
import { signedUpUser, testService } from '../../../src/test-support/test-service.js';
import { testSource } from '../../../src/test-support/test-source.js';
import { testBackends } from '../../../src/test-support/test-stores.js';
import { createScreeningClient, type Schemas } from './index.js';

const SANCTIONS = ['uid|name|aliases', '100|PUTIN, Vladimir Vladimirovich|', '101|ACME TRADING LLC|'].join(
  '\n',
);

describe('the typed client on a live server', () => {
  let service: Service;
  let dir: string;
  let baseUrl: string;
  let creds: Awaited<ReturnType<typeof signedUpUser>>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-'));
    fs.mkdirSync(path.join(dir, 'ofac_sdn'));
    fs.writeFileSync(path.join(dir, 'ofac_sdn', 'names.txt'), SANCTIONS);
    service = await testService(await testBackends()[0]!.open(), { LISTS_DIR: dir }, [
      { ...testSource('ofac_sdn'), legacy: true },
    ]);
    await service.listService.idle();
    baseUrl = await service.app.listen({ port: 0, host: '127.0.0.1' });
    creds = await signedUpUser(service);
  });
  afterAll(async () => {
    await service.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('screens a name and reads its records with an API key', async () => {
    const client = createScreeningClient({ baseUrl: `${baseUrl}/`, apiKey: creds.key });
    const { data, error } = await client.POST('/api/v2/search', { body: { prompt: 'Vladimir Putin' } });
    expect(error).toBeUndefined();
    const match = data!['search results'][0]!;
    expect(match).toMatchObject({ list: 'ofac_sdn', name: 'PUTIN, Vladimir Vladimirovich' });
    expect(data!.api_usage_id).toMatch(/^[0-9a-f-]{36}$/);

    const details = await client.POST('/api/entry-details', { body: { name: match.name } });
    expect(details.data!.entryData.ofac_sdn).toHaveLength(1);
  });

  it('types bulk rows as a union: summary rows count, match rows name the listed party', async () => {
    const client = createScreeningClient({ baseUrl, apiKey: creds.key });
    const { data } = await client.POST('/api/v2/bulk-search', {
      body: { names: 'Acme Trading LLC, Jane Nobody', search_type: 'standard_match' },
    });
    const rows: Schemas['BulkRow'][] = data!.results;
    const summaries = rows.filter((r) => r.row_type === 'summary');
    expect(summaries.map((r) => [r.search_term, r.total_matches])).toEqual([
      ['Acme Trading LLC', 1],
      ['Jane Nobody', 0],
    ]);
    const match = rows.find((r) => r.row_type === 'match');
    expect(match?.row_type === 'match' && match.list).toBe('ofac_sdn');
  });

  it('signs in, then reads the catalog and its keys with the session token', async () => {
    const anonymous = createScreeningClient({ baseUrl });
    const login = await anonymous.POST('/api/auth/login', {
      body: { email: creds.email, password: 'correct horse battery' },
    });
    let token: string | null = login.data!.token;
    const client = createScreeningClient({ baseUrl, token: () => token });
    const lists = await client.GET('/api/v2/lists');
    expect(lists.data!.lists.map((l) => [l.slug, l.status])).toContainEqual(['ofac_sdn', 'fresh']);
    const keys = await client.GET('/api/keys');
    expect(keys.data!.keys.map((k) => k.id)).toContain(creds.keyId);
    token = null;
    const signedOut = await client.GET('/api/keys');
    expect(signedOut.response.status).toBe(401);
    expect(signedOut.error).toEqual({ error: expect.stringMatching(/bearer|token|sign/i) });
  });

  it('reports refusals as the typed error body with the status (a bad body is a 400 naming the field)', async () => {
    const client = createScreeningClient({ baseUrl, apiKey: creds.key });
    const bad = await client.POST('/api/v2/wallet-search', { body: { address: 'not-an-address' } });
    expect(bad.response.status).toBe(400);
    expect(bad.error?.error).toMatch(/invalid address/);
    expect(bad.error?.api_usage_id).toMatch(/^[0-9a-f-]{36}$/);
    const usage = await client.GET('/api/v2/usage', { params: { query: { limit: 5, kind: 'screening' } } });
    expect(usage.data!.records.map((r) => r.endpoint)).toContain('/api/v2/wallet-search');
  });
});
