// `npm start` rebuilds only what changed: a build step is stale when its stamp is missing or older than any of its
// sources (a deleted file counts, through its folder), and files it ignores (tests) never make it stale.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { STEPS, isStale, type BuildStep } from '../scripts/build-if-stale.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-stale-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const at = (p: string, seconds: number) => fs.utimesSync(p, seconds, seconds);

describe('build-if-stale', () => {
  const src = path.join(dir, 'src');
  const sub = path.join(src, 'sub');
  const stamp = path.join(dir, 'out', 'stamp');
  const step: BuildStep = { name: 't', sources: [src], ignore: /\.test\.ts$/, stamp, command: [] };
  fs.mkdirSync(sub, { recursive: true });
  fs.mkdirSync(path.dirname(stamp));
  const file = path.join(sub, 'a.ts');
  const test = path.join(sub, 'a.test.ts');
  const settle = () => {
    for (const p of [file, test, sub, src]) at(p, 1_000);
  };

  it('is stale without a stamp, fresh once the stamp is newer than every source', () => {
    fs.writeFileSync(file, 'x');
    fs.writeFileSync(test, 'x');
    settle();
    expect(isStale(step)).toBe(true);
    fs.writeFileSync(stamp, '');
    at(stamp, 2_000);
    expect(isStale(step)).toBe(false);
  });

  it('an edited source makes it stale; an edited test does not', () => {
    settle();
    at(test, 3_000);
    expect(isStale(step)).toBe(false);
    at(file, 3_000);
    expect(isStale(step)).toBe(true);
  });

  it('a deleted source makes it stale (its folder changed)', () => {
    settle();
    expect(isStale(step)).toBe(false);
    fs.rmSync(file);
    at(sub, 3_000);
    expect(isStale(step)).toBe(true);
  });

  it('the real steps build the API and the dashboard from src/ and web/, ignoring web/dist', () => {
    expect(STEPS.map((s) => s.name)).toEqual(['API (tsc)', 'dashboard (vite)']);
    const web = STEPS[1]!;
    expect(web.ignore!.test(path.join('/r', 'web', 'dist', 'index.html'))).toBe(true);
    expect(web.ignore!.test(path.join('/r', 'web', 'src', 'main.tsx'))).toBe(false);
    expect(STEPS[0]!.ignore!.test(path.join('/r', 'src', 'cli', 'bin.test.ts'))).toBe(true);
  });
});
