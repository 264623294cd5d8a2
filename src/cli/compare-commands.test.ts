// `compare A B` and `effectiveness` as an operator runs them, on the UN list fixture ingested into a fresh store.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/spawn-server.js';

const fixture = path.resolve(
  import.meta.dirname,
  '../lists/sources/un_consolidated/fixtures/consolidated.xml',
);

describe('compare and effectiveness commands', () => {
  let dir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-compare-'));
    fs.mkdirSync(path.join(dir, 'lists', 'un_consolidated'), { recursive: true });
    fs.copyFileSync(fixture, path.join(dir, 'lists', 'un_consolidated', 'consolidated.xml'));
    env = { DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent', SCREENING_LISTS: 'un_consolidated' };
    const out = await runCli(['ingest', '--from-dir', path.join(dir, 'lists')], env);
    expect(out.code, out.stderr).toBe(0);
  }, 180_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('compare prints the score, the verdict and the token pairs; --json the API shape', async () => {
    const out = await runCli(['compare', 'Hamid Saleh', 'SALEH, Hamid Abdullah'], env);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toMatch(/^match: score [\d.]+ \(standard_match threshold 80\)$/m);
    expect(out.stdout).toMatch(/^saleh\s+saleh\s+1\.000/m);
    expect(out.stdout).toMatch(/^unmatched in B: abdullah$/m);
    const json = await runCli(
      ['compare', 'Hamid Saleh', 'Marie Claire', '--search-type', 'strict_match', '--json'],
      env,
    );
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      match: false,
      threshold: 85,
      explanation: { search_type: 'strict_match' },
    });
    expect((await runCli(['compare', '', 'x'], env)).code).toBe(2);
  }, 180_000);

  it('compare takes each side’s qualifiers as the API does: a contradiction lowers the score, and is explained', async () => {
    const pair = ['compare', 'Hamid Saleh', 'SALEH, Hamid Abdullah', '--json'];
    const plain = JSON.parse((await runCli(pair, env)).stdout) as { score: number };
    const far = await runCli([...pair, '--a-birth-date', '1970', '--b-birth-date', '1980-03'], env);
    expect(far.code, far.stderr).toBe(0);
    expect(JSON.parse(far.stdout)).toMatchObject({
      score: plain.score - 25,
      explanation: {
        qualifiers: {
          name_score: plain.score,
          adjustment: -25,
          checks: [{ fact: 'birth_date', outcome: 'contradicts', effect: -25 }],
        },
      },
    });
    const text = await runCli(
      ['compare', 'Hamid Saleh', 'SALEH, Hamid Abdullah', '--a-country', 'Iraq,Syria', '--b-country', 'iq'],
      env,
    );
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^qualifiers: name score [\d.]+, adjustment 0$/m);
    expect(text.stdout).toMatch(/^ {2}country: match \(0\): /m);
    const bad = await runCli(['compare', 'A B', 'C D', '--b-country', 'Narnia'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('b.country');
  }, 180_000);

  it('effectiveness prints recall and alert tables, the same for the same seed', async () => {
    const args = ['effectiveness', '--seed', '4', '--per-kind', '5', '--clean', '20'];
    const a = await runCli(args, env);
    expect(a.code, a.stderr).toBe(0);
    expect(a.stdout).toMatch(
      /^manipulation\s+cases\s+strict_match\s+standard_match\s+permissive_match\s+fuzzy_search$/m,
    );
    expect(a.stdout).toMatch(/^typo\s+[1-5]\s+[\d.]+%/m);
    expect(a.stdout).toMatch(/^standard_match\s+20\s+\d+\s+[\d.]+%$/m);
    for (const l of a.stdout.split('\n')) expect(l.length).toBeLessThanOrEqual(100);
    const b = await runCli(args, env);
    expect(b.stdout).toBe(a.stdout);
    const json = await runCli([...args, '--json'], env);
    expect(JSON.parse(json.stdout)).toMatchObject({ seed: 4, per_kind: 5, clean_names: 20 });
  }, 240_000);
});
