// The API server's side of the dashboard: the built app at /, index.html for client routes, and the server's
// own paths never shadowed (unknown /api paths stay JSON 404s, /docs and /healthz keep working).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardRoutes } from '../src/http/routes/dashboard-routes.js';
import type { Service } from '../src/main.js';
import { testService } from '../src/test-support/test-service.js';
import { testBackends } from '../src/test-support/test-stores.js';
import { ensureDashboardBuilt } from './ensure-dashboard-built.js';

describe('dashboard served by the API server', () => {
  let service: Service;
  let indexHtml: string;
  let asset: string;

  beforeAll(async () => {
    const dist = await ensureDashboardBuilt();
    indexHtml = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    asset = fs.readdirSync(path.join(dist, 'assets')).find((f) => f.endsWith('.js'))!;
    service = await testService(await testBackends()[0]!.open());
  });
  afterAll(() => service.close());

  const get = (url: string) => service.app.inject({ method: 'GET', url });

  it('/ serves index.html, uncached, with a content security policy', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(indexHtml);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('client routes (with or without a query) fall back to index.html', async () => {
    for (const url of [
      '/history',
      '/screen/names',
      '/history?endpoint=/api/v2/search&status=200',
      '/no/such/page',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(indexHtml);
    }
    expect((await service.app.inject({ method: 'HEAD', url: '/keys' })).statusCode).toBe(200);
  });

  it('hashed assets are served with long-lived caching; a missing file is a 404, not index.html', async () => {
    const res = await get(`/assets/${asset}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toMatch(/max-age=31536000.*immutable/);
    const missing = await get('/assets/nothing-here.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/application\/json/);
  });

  it('no path escapes the build folder', async () => {
    for (const url of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/assets/..%2f..%2fpackage.json',
      '/%E0%A4%A.js',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).not.toBe(200);
      expect(res.body, url).not.toContain('"name": "screening-service"');
    }
  });

  it('unknown API paths stay JSON 404s for every method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await service.app.inject({ method, url: '/api/unknown' });
      expect(res.statusCode, method).toBe(404);
      expect(res.headers['content-type'], method).toMatch(/application\/json/);
      expect(res.json(), method).toEqual({ error: `no route ${method} /api/unknown` });
    }
    for (const url of ['/api', '/api/v2/nope', '/healthz/extra', '/metrics/x', '/readyz/x']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error, url).toMatch(/^no route GET/);
    }
  });

  it('the server keeps its own pages: healthz, metrics, docs and the API', async () => {
    expect((await get('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await get('/metrics')).body).toContain('# HELP');
    const docs = await get('/docs/json');
    expect(docs.statusCode).toBe(200);
    // The dashboard's catch-all is not part of the documented API.
    expect(Object.keys(docs.json().paths)).not.toContain('/*');
    expect((await get('/docs')).body).not.toBe(indexHtml);
    expect((await get('/api/v2/lists')).statusCode).toBe(401);
  });
});

describe('dashboard not built', () => {
  it('answers 503 with how to build it, and still leaves /api paths alone', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'no-dashboard-'));
    const app = Fastify();
    await app.register(dashboardRoutes({ root: empty }));
    try {
      const res = await app.inject({ url: '/history' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toMatch(/npm run build/);
      expect((await app.inject({ url: '/api/x' })).statusCode).toBe(404);
    } finally {
      await app.close();
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
