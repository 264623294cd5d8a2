// `lists accept` and `lists reject` as an operator runs them, on a SQLite DATA_DIR: ingest the OFAC SDN CSV
// fixture from a folder, then a copy missing an entry with the hold rule at zero, and review the held version.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../test-support/spawn-server.js';

const fixture = path.resolve(import.meta.dirname, '../lists/sources/ofac_sdn/fixtures/csv/sdn.csv');

describe('lists accept and lists reject', () => {
  let data: string;
  let full: string;
  let short: string;
  beforeAll(() => {
    data = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-review-'));
    full = path.join(data, 'full');
    short = path.join(data, 'short');
    fs.mkdirSync(path.join(full, 'ofac_sdn'), { recursive: true });
    fs.mkdirSync(path.join(short, 'ofac_sdn'), { recursive: true });
    const sdn = fs.readFileSync(fixture);
    fs.writeFileSync(path.join(full, 'ofac_sdn', 'sdn.csv'), sdn);
    // The second line removed; the 0x1A end byte kept.
    const lines = sdn.toString('latin1').split('\r\n');
    fs.writeFileSync(
      path.join(short, 'ofac_sdn', 'sdn.csv'),
      Buffer.from(lines.filter((_, i) => i !== 1).join('\r\n'), 'latin1'),
    );
  });
  afterAll(() => fs.rmSync(data, { recursive: true, force: true }));

  it('a held version is shown, accepted or rejected by id; an unknown id fails naming it', async () => {
    const env = {
      DATA_DIR: data,
      LOG_LEVEL: 'silent',
      SCREENING_LISTS: 'ofac_sdn',
      SCREENING_HOLD_MIN_REMOVED: '0',
      SCREENING_HOLD_REMOVED_FRACTION: '0',
    };
    const ingest = (dir: string) => runCli(['ingest', '--from-dir', dir, '--list', 'ofac_sdn'], env);
    const heldId = async () => {
      const out = await ingest(short);
      expect(out.code, out.stderr).toBe(0);
      expect(out.stdout).toMatch(/ofac_sdn.*held.*held for review: removes 1 of 8 entries/);
      return /ofac_sdn: version (\S+) is held for review/.exec(out.stdout)![1]!;
    };

    expect((await ingest(full)).stdout).toMatch(/ofac_sdn.*updated/);
    const first = await heldId();
    const shown = await runCli(['lists'], env);
    expect(shown.stdout).toMatch(/^ofac_sdn\s.*held_for_review\s+8\s/m);
    expect(shown.stdout).toContain(
      `ofac_sdn: version ${first} held for review (7 records: -1 +0 ~0): removes 1`,
    );

    const accepted = await runCli(['lists', 'accept', 'ofac_sdn', first], env);
    expect(accepted, accepted.stderr).toMatchObject({ code: 0 });
    expect(accepted.stdout).toMatch(`ofac_sdn: version ${first} accepted; status fresh, 7 records serving`);

    expect((await ingest(full)).stdout).toMatch(/ofac_sdn.*updated/);
    const second = await heldId();
    const rejected = await runCli(['lists', 'reject', 'ofac_sdn', second], env);
    expect(rejected.stdout).toMatch(`ofac_sdn: version ${second} rejected; status stale, 8 records serving`);
    const stale = (await runCli(['lists', 'show'], env)).stdout;
    expect(stale).toMatch(/^ofac_sdn\s.*stale\s+8\s/m);
    expect(stale).toMatch(/^ofac_sdn: last error: .*was rejected by an admin/m);

    const gone = await runCli(['lists', 'accept', 'ofac_sdn', second], env);
    // An unknown version is the user's mistake: exit code 2, one line.
    expect(gone.code).toBe(2);
    expect(gone.stderr).toMatch(`error: list ofac_sdn has no version ${second}`);
  }, 300_000);
});
