// Accounts over HTTP: sign-up, sign-in, sign-out, and API keys shown once, hashed at rest, revocable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../main.js';
import { hashSecret } from '../../services/accounts/secrets.js';
import { testService } from '../../test-support/test-service.js';
import { testBackends } from '../../test-support/test-stores.js';

describe('account routes', () => {
  let service: Service;
  beforeAll(async () => {
    service = await testService(await testBackends()[0]!.open());
  });
  afterAll(() => service.close());

  const send = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token?: string) =>
    service.app.inject({
      method,
      url,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('signs up, signs in and out; passwords are hashed with scrypt', async () => {
    const up = await send('POST', '/api/auth/signup', {
      email: 'Ana@Example.com',
      password: 'long enough pw',
    });
    expect(up.statusCode).toBe(201);
    expect(up.json().token).toMatch(/^st_/);
    expect(Date.parse(up.json().expires_at)).toBeGreaterThan(Date.now());
    const user = await service.core.store.findUserByEmail('ana@example.com');
    expect(user!.passwordHash).toMatch(/^scrypt\$/);
    expect(user!.passwordHash).not.toContain('long enough pw');

    expect(
      (await send('POST', '/api/auth/signup', { email: 'ana@example.com', password: 'another long pw' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await send('POST', '/api/auth/login', { email: 'ana@example.com', password: 'wrong password' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await send('POST', '/api/auth/login', { email: 'nobody@example.com', password: 'wrong password' }))
        .statusCode,
    ).toBe(401);
    const login = await send('POST', '/api/auth/login', {
      email: 'ANA@example.com',
      password: 'long enough pw',
    });
    expect(login.statusCode).toBe(200);
    const token = login.json().token as string;
    // Only the hash of the token is stored.
    expect(await service.core.store.findSessionByTokenHash(hashSecret(token))).not.toBeNull();
    expect((await send('GET', '/api/auth/me', undefined, token)).json()).toMatchObject({
      email: 'ana@example.com',
      is_admin: false,
    });
    expect((await send('POST', '/api/auth/logout', undefined, token)).statusCode).toBe(204);
    expect((await send('GET', '/api/auth/me', undefined, token)).statusCode).toBe(401);
  });

  it('rejects bad sign-up input with a message', async () => {
    const short = await send('POST', '/api/auth/signup', { email: 'b@example.com', password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatch(/at least 10 characters/);
    const bad = await send('POST', '/api/auth/signup', { email: 'not-an-email', password: 'long enough pw' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/email/);
  });

  it('creates a key shown once, lists it without the secret, revokes it', async () => {
    const token = (
      await send('POST', '/api/auth/signup', { email: 'keys@example.com', password: 'long enough pw' })
    ).json().token;
    const created = await send('POST', '/api/keys', { name: 'ci' }, token);
    expect(created.statusCode).toBe(201);
    const k = created.json();
    expect(k.key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(k.key.startsWith(k.prefix)).toBe(true);
    expect(k.rate_limit_per_minute).toBeNull();

    const listed = await send('GET', '/api/keys', undefined, token);
    expect(listed.body).not.toContain(k.key);
    expect(listed.body).not.toContain(hashSecret(k.key));
    expect(listed.json().keys).toEqual([
      expect.objectContaining({ id: k.id, name: 'ci', prefix: k.prefix, revoked_at: null }),
    ]);

    const ok = await service.app.inject({ url: '/api/v2/lists', headers: { 'x-api-key': k.key } });
    expect(ok.statusCode).toBe(200);

    expect((await send('DELETE', `/api/keys/${k.id}`, undefined, token)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/keys/${k.id}`, undefined, token)).statusCode).toBe(404);
    const refused = await service.app.inject({ url: '/api/v2/lists', headers: { 'x-api-key': k.key } });
    expect(refused.statusCode).toBe(401);
  });

  it('a user cannot revoke or see another user’s key', async () => {
    const t1 = (
      await send('POST', '/api/auth/signup', { email: 'one@example.com', password: 'long enough pw' })
    ).json().token;
    const t2 = (
      await send('POST', '/api/auth/signup', { email: 'two@example.com', password: 'long enough pw' })
    ).json().token;
    const k = (await send('POST', '/api/keys', { name: 'mine' }, t1)).json();
    expect((await send('DELETE', `/api/keys/${k.id}`, undefined, t2)).statusCode).toBe(404);
    expect((await send('GET', '/api/keys', undefined, t2)).json().keys).toEqual([]);
  });

  it('only an admin may set a per-minute limit above the default', async () => {
    const t = (
      await send('POST', '/api/auth/signup', { email: 'plain@example.com', password: 'long enough pw' })
    ).json().token;
    const more = await send('POST', '/api/keys', { name: 'big', rate_limit_per_minute: 1000 }, t);
    expect(more.statusCode).toBe(403);
    expect(more.json().error).toMatch(/only an admin/);
    const less = await send('POST', '/api/keys', { name: 'small', rate_limit_per_minute: 10 }, t);
    expect(less.statusCode).toBe(201);

    await service.core.accounts.createUser('admin@example.com', 'long enough pw', true);
    const at = (
      await send('POST', '/api/auth/login', { email: 'admin@example.com', password: 'long enough pw' })
    ).json().token;
    const big = await send('POST', '/api/keys', { name: 'batch', rate_limit_per_minute: 5000 }, at);
    expect(big.statusCode).toBe(201);
    expect(big.json().rate_limit_per_minute).toBe(5000);
  });

  it('key management takes a bearer token, not an API key', async () => {
    const t = (
      await send('POST', '/api/auth/signup', { email: 'k2@example.com', password: 'long enough pw' })
    ).json().token;
    const k = (await send('POST', '/api/keys', { name: 'x' }, t)).json();
    const res = await service.app.inject({
      method: 'GET',
      url: '/api/keys',
      headers: { 'x-api-key': k.key },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('closed sign-up', () => {
  it('refuses sign-up with 403 when SCREENING_SIGNUP_OPEN=false', async () => {
    const service = await testService(await testBackends()[0]!.open(), { SCREENING_SIGNUP_OPEN: 'false' });
    try {
      const res = await service.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: 'x@example.com', password: 'long enough pw' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatch(/sign-up is closed/);
    } finally {
      await service.close();
    }
  });
});
