import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-depth.js';

const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, and stops at the limit', () => {
    expect(nestsDeeperThan(nested(64), 64)).toBe(false);
    expect(nestsDeeperThan(nested(65), 64)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[1,{"c":2}]}}', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[1,{"c":2}]}}', 4)).toBe(false);
    expect(nestsDeeperThan('[' + '[],'.repeat(10_000) + '[]]', 2)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ a: '[[[[{{{{' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: 'say \\"[[[[\\" ok' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ a: '\\\\' }) + '[[', 1)).toBe(true);
  });
});
