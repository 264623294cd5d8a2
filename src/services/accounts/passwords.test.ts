import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('verifies the right password and refuses others and malformed hashes', async () => {
    const h = await hashPassword('open sesame 123');
    expect(h).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('open sesame 123', h)).toBe(true);
    expect(await verifyPassword('open sesame 124', h)).toBe(false);
    expect(await verifyPassword('open sesame 123', 'bcrypt$whatever')).toBe(false);
    expect(await hashPassword('open sesame 123')).not.toBe(h); // salted
  });
});
