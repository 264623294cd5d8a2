// The first hour, offline: the BUILT server (dist/, as `npm start` runs it) with LISTS_DIR holding a few real lists
// under the names and letter case their publishers give them, and no SCREENING_LISTS, screens a real name. The
// lists LISTS_DIR does not hold are not carried (the catalog and the log say why), and /readyz is never 200
// while a search would answer 503.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedListFile, sharedListsDir } from '../src/test-support/shared-lists.js';
import {
  REPO_ROOT,
  killLeftoverServers,
  prepareDataDir,
  spawnServer,
  type PreparedDataDir,
  type SpawnedServer,
} from '../src/test-support/spawn-server.js';

const run = promisify(execFile);

/** LISTS_DIR/<slug>/<published name> → the real file under ../shared/lists. */
const LAYOUT: Record<string, Record<string, string[]>> = {
  // OFAC's SLS exports name the legacy SDN files in upper case; mixer_addresses reads them from this folder.
  ofac_sdn: {
    'SDN.CSV': ['ofac_sdn_2021-07', 'sdn.csv'],
    'ALT.CSV': ['ofac_sdn_2021-07', 'alt.csv'],
    'ADD.CSV': ['ofac_sdn_2021-07', 'add.csv'],
    'SDN_COMMENTS.CSV': ['ofac_sdn_2021-07', 'sdn_comments.csv'],
  },
  // docs/lists.md writes them as OFAC does: CONS_PRIM.CSV and so on.
  ofac_consolidated: {
    'CONS_PRIM.CSV': ['ofac_consolidated_nonsdn_2025-12', 'cons_prim.csv'],
    'CONS_ALT.CSV': ['ofac_consolidated_nonsdn_2025-12', 'cons_alt.csv'],
    'CONS_ADD.CSV': ['ofac_consolidated_nonsdn_2025-12', 'cons_add.csv'],
    'CONS_COMMENTS.CSV': ['ofac_consolidated_nonsdn_2025-12', 'cons_comments.csv'],
  },
  un_consolidated: { 'consolidated.xml': ['un_consolidated', 'consolidated.xml'] },
};

describe.skipIf(!sharedListsDir)('the built server offline', () => {
  let listsDir: string;
  let data: PreparedDataDir;
  let server: SpawnedServer;
  let key: string;

  beforeAll(async () => {
    // What `npm run build` compiles for the server (the dashboard build is not needed for the API).
    await run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
      cwd: REPO_ROOT,
    });
    listsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'offline-lists-'));
    for (const [slug, files] of Object.entries(LAYOUT)) {
      fs.mkdirSync(path.join(listsDir, slug));
      for (const [name, from] of Object.entries(files))
        fs.symlinkSync(sharedListFile(...from), path.join(listsDir, slug, name));
    }
    data = await prepareDataDir([1_000_000]);
    key = data.keys[0]!.key;
    // No SCREENING_LISTS: what LISTS_DIR holds decides.
    server = await spawnServer(
      { DATA_DIR: data.dir, LISTS_DIR: listsDir, LOG_LEVEL: 'info' },
      { built: true, readyTimeoutMs: 120_000 },
    );
  }, 300_000);

  afterAll(async () => {
    await server?.stop().catch(() => undefined);
    await killLeftoverServers();
    data?.remove();
    if (listsDir) fs.rmSync(listsDir, { recursive: true, force: true });
  });

  const search = (prompt: string) =>
    fetch(`${server.url}/api/v2/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({ prompt, search_type: 'standard_match' }),
    });

  it('becomes ready on the lists LISTS_DIR holds, never ready while a search answers 503, and finds a real name', async () => {
    let ready = false;
    for (let i = 0; i < 1200 && !ready; i++) {
      const readyz = await fetch(`${server.url}/readyz`);
      // The state only moves forward, so a search asked after a ready answer must not be refused.
      const searched = await search('Muammar Qadhafi');
      if (readyz.status === 200) {
        expect(searched.status, await searched.clone().text()).toBe(200);
        ready = true;
      } else {
        expect(readyz.status).toBe(503);
        const body = (await readyz.json()) as { problems: string[] };
        expect(body.problems.length).toBeGreaterThan(0);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    expect(ready, server.output()).toBe(true);
    const res = await search('Muammar Qadhafi');
    expect(res.status).toBe(200);
    const ids = ((await res.json()) as { 'search results': Array<{ id: string }> })['search results'].map(
      (m) => m.id,
    );
    expect(ids).toContain('ofac_sdn:12606');
  }, 180_000);

  it('the catalog shows every registered list: the carried ones loaded, the others not_carried with the reason', async () => {
    const res = await fetch(`${server.url}/api/v2/lists`, { headers: { 'x-api-key': key } });
    const rows = ((await res.json()) as { lists: Array<Record<string, unknown>> }).lists;
    const bySlug = new Map(rows.map((r) => [r.slug, r]));
    for (const slug of ['ofac_sdn', 'ofac_consolidated', 'un_consolidated'])
      expect(bySlug.get(slug), slug).toMatchObject({ status: 'fresh', reason: null });
    // Carried on the ofac_sdn folder's files (no second copy); the 2021 SDN file names no mixing service yet, so
    // it fails on its own merits ("no records"), never for want of files.
    expect(bySlug.get('mixer_addresses')!.status).not.toBe('not_carried');
    expect(bySlug.get('mixer_addresses')!.last_error ?? '').not.toMatch(/no complete file set/);
    expect(bySlug.get('ofac_sdn')!.record_count).toBe(8976);
    expect(bySlug.get('uk_sanctions')).toMatchObject({ status: 'not_carried', record_count: null });
    expect(bySlug.get('uk_sanctions')!.reason).toMatch(/no folder .*uk_sanctions/);
    expect(bySlug.get('iadb_sanctioned')!.status).toBe('not_carried');
    expect(rows.length).toBeGreaterThan(20);
    // The log says which lists are carried and which are not, and why.
    expect(server.output()).toMatch(
      /carrying 4 lists \(from LISTS_DIR [^)]*\): ofac_sdn, ofac_consolidated, un_consolidated, mixer_addresses/,
    );
    expect(server.output()).toMatch(/list uk_sanctions is not carried: no folder/);
  });
});
