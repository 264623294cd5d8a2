// Health, readiness, metrics and the generated OpenAPI reference.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../main.js';
import { signedUpUser, testService } from '../../test-support/test-service.js';
import { namesFile, testSource } from '../../test-support/test-source.js';
import { testBackends } from '../../test-support/test-stores.js';

const SPEC_ROUTES = [
  '/api/v2/search',
  '/api/v2/bulk-search',
  '/api/v2/wallet-search',
  '/api/v2/bulk-wallet-search',
  '/api/v2/adverse-media-search',
  '/api/v2/adverse-media-search-raw',
  '/api/entry-details',
  '/api/v1/search',
  '/api/v1/bulk-search',
];

describe('ops routes', () => {
  let service: Service;
  beforeAll(async () => {
    service = await testService(await testBackends()[0]!.open());
  });
  afterAll(() => service.close());

  it('healthz is up, with a request id echoed', async () => {
    const res = await service.app.inject({ url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it('readyz is 503 naming the lists not loaded yet (a new instance takes no traffic before its lists)', async () => {
    const res = await service.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json().problems.join(' ')).toMatch(
      /lists not loaded yet: ofac_sdn, ofac_consolidated, un_consolidated/,
    );
  });

  it('readyz is 200 once the carried lists are loaded, and 503 when the store fails or does not answer in time', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lists-'));
    fs.mkdirSync(path.join(dir, 'test_list'));
    fs.writeFileSync(path.join(dir, 'test_list', 'names.txt'), namesFile(3));
    const one = await testService(
      await testBackends()[0]!.open(),
      { LISTS_DIR: dir, SCREENING_READINESS_TIMEOUT_MS: '300' },
      [testSource()],
    );
    try {
      await one.listService.idle();
      const ok = await one.app.inject({ url: '/readyz' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({
        status: 'ready',
        problems: [],
        warnings: [],
        rate_limits: 'memory',
        // Which process answered and what it serves (several processes run behind one balancer).
        process: {
          id: `${os.hostname()}:${process.pid}`,
          hostname: os.hostname(),
          pid: process.pid,
          started_at: expect.any(String),
        },
        served_versions: { test_list: expect.any(String) },
        cluster: 'single',
      });
      const ping = one.core.store.ping.bind(one.core.store);
      one.core.store.ping = async () => {
        throw new Error('gone');
      };
      const down = await one.app.inject({ url: '/readyz' });
      // A ping that never settles: the probe answers at its own bound (a real hung database: test/hung-postgres).
      one.core.store.ping = () => new Promise<void>(() => undefined);
      const started = Date.now();
      const hung = await one.app.inject({ url: '/readyz' });
      const hungMs = Date.now() - started;
      one.core.store.ping = ping;
      expect(down.statusCode).toBe(503);
      expect(down.json().problems).toEqual(['the database does not answer (the ping failed)']);
      expect(hung.statusCode).toBe(503);
      expect(hung.json().problems).toEqual(['the database does not answer (no reply within 300 ms)']);
      expect(hungMs).toBeLessThan(5_000);
    } finally {
      await one.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('metrics count requests by route and status, and usage records written', async () => {
    const c = await signedUpUser(service);
    await service.app.inject({ url: '/api/v2/lists', headers: { 'x-api-key': c.key } });
    const res = await service.app.inject({ url: '/metrics' });
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v2\/lists",status="200"\} 1/,
    );
    expect(res.body).toMatch(/usage_records_total\{outcome="written"\} 1/);
    expect(res.body).toMatch(/process_cpu_user_seconds_total/);
  });

  it('the OpenAPI document has every route of the spec with its schema and auth', async () => {
    const doc = (await service.app.inject({ url: '/docs/json' })).json();
    for (const path of SPEC_ROUTES) {
      const op = doc.paths[path]?.post;
      expect(op, path).toBeDefined();
      expect(op.requestBody.content['application/json'].schema.properties).toBeDefined();
      expect(op.security.length).toBeGreaterThan(0);
    }
    expect(doc.paths['/api/v2/search'].post.security).toEqual([{ apiKey: [] }]);
    expect(doc.paths['/api/v2/bulk-search'].post.security).toEqual([{ apiKey: [] }, { bearer: [] }]);
    expect(
      doc.paths['/api/v2/search'].post.requestBody.content['application/json'].schema.properties.search_type
        .enum,
    ).toEqual(['fuzzy_search', 'permissive_match', 'standard_match', 'strict_match']);
    expect(
      doc.paths['/api/v2/search'].post.responses['200'].content['application/json'].schema.properties,
    ).toHaveProperty('search results');
  });

  it('serves the interactive reference at /docs', async () => {
    const res = await service.app.inject({ url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/swagger/i);
  });
});
