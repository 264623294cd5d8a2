// The CLI as a script or a log file sees it: --version, plain progress lines on a standard error that is not a
// terminal, user errors in one line with exit code 2, --json output, and CSV cells a spreadsheet cannot run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/spawn-server.js';

const fixture = path.resolve(
  import.meta.dirname,
  '../lists/sources/un_consolidated/fixtures/consolidated.xml',
);
const pkg = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
  version: string;
};

describe('CLI polish', () => {
  let dir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-polish-'));
    fs.mkdirSync(path.join(dir, 'lists', 'un_consolidated'), { recursive: true });
    fs.copyFileSync(fixture, path.join(dir, 'lists', 'un_consolidated', 'consolidated.xml'));
    env = { DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent', SCREENING_LISTS: 'un_consolidated' };
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('--version prints the package version', async () => {
    const out = await runCli(['--version'], {});
    expect(out).toMatchObject({ code: 0, stdout: `${pkg.version}\n` });
  }, 60_000);

  it('ingest without a terminal: a plain line per list on standard error, a table on standard output, --json', async () => {
    const out = await runCli(['ingest', '--from-dir', path.join(dir, 'lists')], env);
    expect(out.code, out.stderr).toBe(0);
    // No bar drawing (carriage returns, escapes): lines a log keeps.
    expect(out.stderr).not.toContain('\r');
    expect(out.stderr).not.toContain(String.fromCharCode(27));
    expect(out.stderr).toMatch(/^un_consolidated: updated, \d+ records in \d+ s$/m);
    const table = out.stdout.trim().split('\n');
    expect(table[0]).toMatch(/^list\s+status\s+records\s+seconds\s+note$/);
    expect(table[2]).toMatch(/^un_consolidated\s+updated\s+\d+\s+[\d.]+$/);

    const catalog = await runCli(['lists', '--json'], env);
    expect(catalog.code, catalog.stderr).toBe(0);
    const rows = JSON.parse(catalog.stdout) as { slug: string; status: string; title: string }[];
    expect(rows.find((r) => r.slug === 'un_consolidated')).toMatchObject({ status: 'fresh' });
    const shown = await runCli(['lists'], env);
    for (const l of shown.stdout.trim().split('\n')) expect(l.length).toBeLessThanOrEqual(100);
    expect(shown.stdout).toMatch(/^un_consolidated\s+UN Security Council.*\s+fresh\s+\d+\s+\d{4}-\d\d-\d\d/m);
  }, 180_000);

  it('screen --json gives the matches; bulk neutralises formula cells and reports names it could not screen', async () => {
    const hit = await runCli(['screen', 'SALEH Hamid', '--type', 'standard_match', '--json'], env);
    expect(hit.code, hit.stderr).toBe(0);
    expect(JSON.parse(hit.stdout)).toEqual([
      expect.objectContaining({ list: 'un_consolidated', source_uid: expect.stringContaining('9100001') }),
    ]);
    // Qualifiers: the listed party was born 1968-1972 (UN); born 1990 is another person (100 - 25 < 80).
    const born = (year: string) =>
      runCli(['screen', 'SALEH Hamid', '--type', 'standard_match', '--json', '--birth-date', year], env);
    expect(JSON.parse((await born('1990')).stdout)).toEqual([]);
    const bad = await runCli(['screen', 'SALEH Hamid', '--country', 'Atlantis'], env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Atlantis');

    const input = path.join(dir, 'names.txt');
    fs.writeFileSync(input, '=HYPERLINK("http://x.example")\n=Hamid Saleh\n@@@\nHamid Saleh\n');
    const bulk = await runCli(['bulk', input, '--type', 'standard_match'], env);
    expect(bulk.code, bulk.stderr).toBe(0);
    const csv = bulk.stdout.trim().split('\n');
    expect(csv).toContain(`"'=HYPERLINK(""http://x.example"")",0,,,,,,`);
    // A formula-looking name that matches: every one of its rows starts with the apostrophe.
    const formulaRows = csv.filter((l) => l.includes('=Hamid Saleh'));
    expect(formulaRows.length).toBeGreaterThan(0);
    for (const l of formulaRows) expect(l).toMatch(/^'=Hamid Saleh,[1-9]/);
    expect(csv.some((l) => l.startsWith('=') || l.startsWith('"='))).toBe(false);
    expect(csv).toContain("'@@@,0,,,,,,no letters or digits to screen");
    expect(bulk.stderr).toMatch(/^screening: done, 4 names in \d+ s$/m);
  }, 180_000);

  it('keys create --quiet prints the key alone, so KEY=$(…) holds just the key', async () => {
    const made = await runCli(['users', 'create', '--email', 'quiet@example.com', '--password-stdin'], env, {
      input: 'a long password\n',
    });
    expect(made.code, made.stderr).toBe(0);
    const out = await runCli(
      ['keys', 'create', '--email', 'quiet@example.com', '--name', 'laptop', '--quiet'],
      env,
    );
    expect(out, out.stderr).toMatchObject({ code: 0, stderr: '' });
    expect(out.stdout).toMatch(/^sk_[A-Za-z0-9_-]{40,}\n$/);
  }, 120_000);

  it('user errors: one line naming what and where, exit code 2, no stack', async () => {
    const bad = path.join(dir, 'bad.csv');
    fs.writeFileSync(bad, `id,name\n1,Jane Doe\n2,${'x'.repeat(600)}\n`);
    const quote = path.join(dir, 'quote.csv');
    fs.writeFileSync(quote, 'id,name\n1,"Jane\n');
    const [tooLong, broken, missing, unknownList, unknownOption] = await Promise.all([
      runCli(['bulk', bad], env),
      runCli(['bulk', quote], env),
      runCli(['bulk', path.join(dir, 'absent.csv')], env),
      runCli(['ingest', '--list', 'un_consolidatd'], env),
      runCli(['lists', '--jsonn'], env),
    ]);
    expect(tooLong.stderr.trim()).toBe(
      `error: ${bad}: line 3: name longer than 512 characters (600); at most 512`,
    );
    expect(broken.stderr.trim()).toMatch(new RegExp(`^error: ${quote}: not a readable CSV: .*line`));
    expect(missing.stderr.trim()).toBe(`error: cannot read ${path.join(dir, 'absent.csv')}: ENOENT`);
    expect(unknownList.stderr.trim()).toMatch(/^error: --list: unknown list un_consolidatd; the lists are: /);
    expect(unknownOption.stderr).toMatch(/unknown option '--jsonn'/);
    for (const r of [tooLong, broken, missing, unknownList, unknownOption]) {
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  }, 180_000);
});
