// Local mode reads files under the names their publishers give them, whatever the case, and a source reading
// another source's publication (mixer_addresses) finds it in that source's folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mixerAddressesSource } from '../lists/sources/mixer_addresses/mixer_addresses-source.js';
import { ofacConsolidatedSource } from '../lists/sources/ofac_consolidated/ofac_consolidated-source.js';
import { collect } from '../test-support/collect.js';
import { acquireFiles } from './acquire-files.js';
import { findLocalFiles } from './local-files.js';

const sources = path.resolve(import.meta.dirname, '../lists/sources');

describe('local files', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'local-files-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("reads OFAC's consolidated CSVs under the upper-case names OFAC publishes them by", async () => {
    const folder = path.join(dir, 'ofac_consolidated');
    fs.mkdirSync(folder);
    // (The fixture's cons_comments.csv is empty, as OFAC once published it; local mode refuses an empty file.)
    for (const f of ['cons_prim.csv', 'cons_alt.csv', 'cons_add.csv'])
      fs.copyFileSync(
        path.join(sources, 'ofac_consolidated/fixtures/csv', f),
        path.join(folder, f.toUpperCase()),
      );
    expect(findLocalFiles(dir, ofacConsolidatedSource)?.onDisk).toMatchObject({
      'cons_prim.csv': 'CONS_PRIM.CSV',
    });
    const acquired = await acquireFiles(ofacConsolidatedSource, { kind: 'local', dir }, {});
    if (acquired.status !== 'ready') throw new Error('expected files');
    expect(acquired.names).toContain('cons_prim.csv');
    const entries = await collect(ofacConsolidatedSource, acquired.files);
    expect(entries.length).toBeGreaterThan(0);
  });

  it('mixer_addresses reads the SDN files in the ofac_sdn folder (no second copy)', async () => {
    fs.mkdirSync(path.join(dir, 'ofac_sdn'));
    for (const f of ['sdn.csv', 'alt.csv', 'add.csv', 'sdn_comments.csv'])
      fs.copyFileSync(path.join(sources, 'mixer_addresses/fixtures/csv', f), path.join(dir, 'ofac_sdn', f));
    const acquired = await acquireFiles(mixerAddressesSource, { kind: 'local', dir }, {});
    if (acquired.status !== 'ready') throw new Error('expected files');
    expect((await collect(mixerAddressesSource, acquired.files)).length).toBeGreaterThan(0);
  });

  it('names every folder it looked in and the files it expected when none holds a complete set', async () => {
    await expect(acquireFiles(mixerAddressesSource, { kind: 'local', dir }, {})).rejects.toThrow(
      `no complete file set in ${path.join(dir, 'mixer_addresses')} or ${path.join(dir, 'ofac_sdn')} (expected sdn.xml or sdn.csv)`,
    );
  });
});
