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
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/unknown or disabled list: nope/);
  }, 180_000);
});
