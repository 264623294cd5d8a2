// `ingest --from-dir` and `lists` as an operator runs them: a summary table, the catalog, exit code 1 on failure.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/spawn-server.js';

const fixtures = path.resolve(import.meta.dirname, '../lists/sources');

describe('ingest and lists verbs', () => {
  let data: string;
  let lists: string;
  beforeAll(() => {
    data = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-data-'));
    lists = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-lists-'));
    fs.mkdirSync(path.join(lists, 'un_consolidated'));
    fs.copyFileSync(
      path.join(fixtures, 'un_consolidated/fixtures/consolidated.xml'),
      path.join(lists, 'un_consolidated/consolidated.xml'),
    );
  });
  afterAll(() => {
    fs.rmSync(data, { recursive: true, force: true });
    fs.rmSync(lists, { recursive: true, force: true });
  });

  it('loads a list from a folder, shows it fresh, and fails (exit 1) on a list whose files are missing', async () => {
    const env = { DATA_DIR: data, LOG_LEVEL: 'silent' };
    const ok = await runCli(['ingest', '--from-dir', lists, '--list', 'un_consolidated'], env);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/un_consolidated.*updated/);

    const catalog = await runCli(['lists'], env);
    expect(catalog.code).toBe(0);
    expect(catalog.stdout).toMatch(/un_consolidated.*fresh/);
    expect(catalog.stdout).toMatch(/ofac_sdn.*never_loaded/);

    const bad = await runCli(['ingest', '--from-dir', lists, '--list', 'seco_consolidated'], env);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/seco_consolidated.*failed.*no complete file set/);

    const unknown = await runCli(['ingest', '--list', 'nope'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^error: --list: unknown list nope; the lists are: ofac_sdn, /);
  }, 180_000);

  it('screen and bulk: fail closed before the lists load, then answer from the store; bulk writes CSV', async () => {
    const env = {
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'cli-screen-')),
      LOG_LEVEL: 'silent',
      SCREENING_LISTS: 'un_consolidated',
    };
    const before = await runCli(['screen', 'Hamid Saleh'], env);
    expect(before.code).not.toBe(0);
    expect(before.stderr).toMatch(/lists not loaded yet: un_consolidated/);

    expect((await runCli(['ingest', '--from-dir', lists], env)).code).toBe(0);
    const hit = await runCli(['screen', 'SALEH Hamid', '--type', 'standard_match'], env);
    expect(hit.code, hit.stderr).toBe(0);
    expect(hit.stdout).toMatch(/un_consolidated:9100001/);
    const clear = await runCli(['screen', 'Blue Ocean Bakery', '--type', 'strict_match'], env);
    expect(clear.stdout).toMatch(/clear: no match/);
    expect((await runCli(['screen', 'x', '--type', 'exact'], env)).code).not.toBe(0);

    const input = path.join(env.DATA_DIR, 'names.csv');
    fs.writeFileSync(input, 'customer_id,name\n1,Hamid Saleh\n2,Blue Ocean Bakery\n');
    const out = path.join(env.DATA_DIR, 'out.csv');
    const bulk = await runCli(['bulk', input, '--type', 'standard_match', '--out', out], env);
    expect(bulk.code, bulk.stderr).toBe(0);
    const csv = fs.readFileSync(out, 'utf8').trim().split('\n');
    expect(csv[0]).toBe('search_term,total_matches,id,name,list,source_uid,match_score,error');
    expect(csv.some((l) => l.startsWith('Hamid Saleh,') && l.includes('un_consolidated:9100001'))).toBe(true);
    expect(csv).toContain('Blue Ocean Bakery,0,,,,,,');
    fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
  }, 240_000);
});
