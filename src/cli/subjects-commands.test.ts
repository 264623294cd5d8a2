// `subjects import` as an operator runs it on a SQLite DATA_DIR: the OFAC SDN fixture ingested, a user created, a
// CSV of subjects imported (progress as plain lines off a terminal), its listed name raising an alert; again with a
// changed row upserts by reference; bad columns and rows fail naming them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../store/open-store.js';
import { runCli } from '../test-support/spawn-server.js';
import { readSubjects } from './subjects-commands.js';

const fixture = path.resolve(import.meta.dirname, '../lists/sources/ofac_sdn/fixtures/csv/sdn.csv');

describe('readSubjects', () => {
  it('reads name, reference and search_type by header, any order and case', () => {
    expect(readSubjects('Reference,NAME\nc-1,Ivan Petrov\n,Anna Smith\n')).toEqual([
      { name: 'Ivan Petrov', reference: 'c-1' },
      { name: 'Anna Smith' },
    ]);
    expect(readSubjects('name,search_type\nX Y,strict_match\n')).toEqual([
      { name: 'X Y', search_type: 'strict_match' },
    ]);
  });
  it('names the column or row that is wrong', () => {
    expect(() => readSubjects('name,nickname\na,b\n')).toThrow(/unknown column "nickname"/);
    expect(() => readSubjects('reference\nc-1\n')).toThrow(/no name column/);
    expect(() => readSubjects('name,reference\nA B,1\n ,2\n')).toThrow(/row 2 name must not be blank/);
    expect(() => readSubjects('name,search_type\nA B,loose\n')).toThrow(/row 1: search_type must be one of/);
  });
});

describe('subjects import', () => {
  let data: string;
  beforeAll(() => {
    data = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-subjects-'));
    fs.mkdirSync(path.join(data, 'lists', 'ofac_sdn'), { recursive: true });
    fs.copyFileSync(fixture, path.join(data, 'lists', 'ofac_sdn', 'sdn.csv'));
  });
  afterAll(() => fs.rmSync(data, { recursive: true, force: true }));

  // Six CLI processes, each starting tsx: slow on a loaded machine.
  it(
    'imports, screens each subject, upserts by reference, and re-screens them all',
    { timeout: 180_000 },
    async () => {
      const env = { DATA_DIR: data, LOG_LEVEL: 'silent', SCREENING_LISTS: 'ofac_sdn' };
      expect((await runCli(['ingest', '--from-dir', path.join(data, 'lists')], env)).code).toBe(0);
      const created = await runCli(
        ['users', 'create', '--email', 'ops@example.com', '--password-stdin'],
        env,
        {
          input: 'long password here\n',
        },
      );
      expect(created.code, created.stderr).toBe(0);
      const csv = path.join(data, 'subjects.csv');
      fs.writeFileSync(
        csv,
        'name,reference,search_type\nIvan Sergeyevich Petrov,c-1,\nMaria Nobody,c-2,strict_match\n',
      );
      const out = await runCli(['subjects', 'import', csv, '--email', 'ops@example.com'], env);
      expect(out.code, out.stderr).toBe(0);
      expect(out.stderr).toMatch(/importing: done, 2 subjects/);
      expect(out.stdout).toMatch(/2 subjects stored for ops@example\.com/);
      fs.writeFileSync(csv, 'name,reference\nIvan Petrov,c-1\n');
      expect((await runCli(['subjects', 'import', csv, '--email', 'ops@example.com'], env)).code).toBe(0);
      const bad = await runCli(['subjects', 'import', csv, '--email', 'nobody@example.com'], env);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/no user nobody@example\.com/);

      // A full re-screen with this engine: both subjects screened again, no alert doubled.
      const again = await runCli(['subjects', 'rescreen'], env);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toMatch(/re-screening: done, 2 subjects/);
      expect(again.stdout).toMatch(
        /2 subjects screened with engine \S+ \(before: not recorded\); 0 alerts opened or reopened/,
      );

      const store = await openStore({ dialect: 'sqlite', file: path.join(data, 'screening.sqlite') });
      try {
        const user = (await store.findUserByEmail('ops@example.com'))!;
        const subjects = await store.listSubjects({
          userId: user.id,
          name: null,
          reference: null,
          afterId: null,
          limit: 10,
        });
        expect(subjects.map((s) => [s.reference, s.name, s.searchType])).toEqual([
          ['c-1', 'Ivan Petrov', 'standard_match'],
          ['c-2', 'Maria Nobody', 'strict_match'],
        ]);
        const alerts = await store.listAlerts({
          userId: user.id,
          status: null,
          list: null,
          beforeId: null,
          limit: 10,
        });
        expect(alerts.map((a) => [a.subjectId, a.list, a.sourceUid])).toEqual([
          [subjects[0]!.id, 'ofac_sdn', '9001'],
        ]);
      } finally {
        await store.close();
      }
    },
  );
});
