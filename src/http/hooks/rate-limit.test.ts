// Per-key budgets (in-process limiter): default 60, a key's own limit, per user for bearer calls, headers on every call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../main.js';
import { signedUpUser, testService } from '../../test-support/test-service.js';
import { testBackends } from '../../test-support/test-stores.js';

describe('rate limits (in-process)', () => {
  let service: Service;
  beforeAll(async () => {
    service = await testService(await testBackends()[0]!.open());
  });
  afterAll(() => service.close());

  const lists = (headers: Record<string, string>) => service.app.inject({ url: '/api/v2/lists', headers });

  it('allows 60 calls a minute by default and refuses the 61st with 429 and Retry-After', async () => {
    const c = await signedUpUser(service);
    for (let i = 1; i <= 60; i++) {
      const res = await lists({ 'x-api-key': c.key });
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('60');
      expect(res.headers['ratelimit-remaining']).toBe(String(60 - i));
    }
    const res = await lists({ 'x-api-key': c.key });
    expect(res.statusCode).toBe(429);
    const retry = Number(res.headers['retry-after']);
    expect(Number.isInteger(retry)).toBe(true);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(res.headers['ratelimit-remaining']).toBe('0');
    expect(res.json().error).toMatch(/rate limit of 60 requests per minute/);
    expect(res.json().api_usage_id).toBeDefined();
  });

  it("applies a key's own limit, and budgets are per key", async () => {
    const a = await signedUpUser(service, undefined, { keyLimit: 3 });
    const other = await service.core.accounts.createApiKey(
      { userId: a.userId, isAdmin: true },
      { name: 'b' },
    );
    for (let i = 0; i < 3; i++) expect((await lists({ 'x-api-key': a.key })).statusCode).toBe(200);
    expect((await lists({ 'x-api-key': a.key })).statusCode).toBe(429);
    expect((await lists({ 'x-api-key': other.key })).statusCode).toBe(200);
  });

  it('bearer calls spend the user budget (default limit), separate from their keys', async () => {
    const u = await signedUpUser(service, undefined, { keyLimit: 1 });
    expect((await lists({ 'x-api-key': u.key })).statusCode).toBe(200);
    expect((await lists({ 'x-api-key': u.key })).statusCode).toBe(429);
    const res = await lists({ authorization: `Bearer ${u.token}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['ratelimit-limit']).toBe('60');
  });

  it('every endpoint spends the same budget (entry details and v1 included)', async () => {
    const u = await signedUpUser(service, undefined, { keyLimit: 2 });
    const h = { 'x-api-key': u.key };
    await service.app.inject({
      method: 'POST',
      url: '/api/entry-details',
      headers: h,
      payload: { name: 'x' },
    });
    await service.app.inject({ method: 'POST', url: '/api/v1/search', headers: h, payload: { prompt: 'x' } });
    const res = await service.app.inject({
      method: 'POST',
      url: '/api/v2/search',
      headers: h,
      payload: { prompt: 'x' },
    });
    expect(res.statusCode).toBe(429);
  });
});
