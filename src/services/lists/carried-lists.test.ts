// Which lists a deployment carries: LISTS_DIR carries the folders it holds plus every list that ever loaded;
// SCREENING_LISTS overrides; downloads leave out the lists that need an operator, saying why.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SOURCES } from '../../lists/registry.js';
import { chooseCarried } from './carried-lists.js';

describe('chooseCarried', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carried-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const slugs = (xs: ReadonlyArray<{ slug: string }>) => xs.map((s) => s.slug);
  const base = { enabled: null, listsDir: null, mirrorUrl: null, everLoaded: new Set<string>() };

  it('LISTS_DIR: the lists whose folders it holds; the mixing-service list rides on the ofac_sdn folder', () => {
    for (const slug of ['ofac_sdn', 'un_consolidated', 'iadb_sanctioned']) fs.mkdirSync(path.join(dir, slug));
    const choice = chooseCarried(SOURCES, { ...base, listsDir: dir });
    expect(slugs(choice.carried)).toEqual([
      'ofac_sdn',
      'un_consolidated',
      'iadb_sanctioned',
      'mixer_addresses',
    ]);
    expect(choice.notCarried).toHaveLength(SOURCES.length - 4);
    const uk = choice.notCarried.find((n) => n.source.slug === 'uk_sanctions')!;
    expect(uk.reason).toContain(`no folder ${path.join(dir, 'uk_sanctions')}`);
    expect(uk.reason).toContain('lists layout');
    expect(choice.keptWithoutFiles).toEqual([]);
  });

  it('LISTS_DIR: a list that ever loaded in this store stays carried when its folder is gone', () => {
    fs.mkdirSync(path.join(dir, 'un_consolidated'));
    const choice = chooseCarried(SOURCES, { ...base, listsDir: dir, everLoaded: new Set(['ofac_sdn']) });
    expect(slugs(choice.carried)).toEqual(['ofac_sdn', 'un_consolidated']);
    expect(choice.keptWithoutFiles).toEqual(['ofac_sdn']);
  });

  it('SCREENING_LISTS overrides: exactly the named lists, the others not carried because not named', () => {
    fs.mkdirSync(path.join(dir, 'ofac_sdn'));
    const choice = chooseCarried(SOURCES, { ...base, listsDir: dir, enabled: ['un_consolidated'] });
    expect(slugs(choice.carried)).toEqual(['un_consolidated']);
    expect(choice.notCarried.find((n) => n.source.slug === 'ofac_sdn')!.reason).toBe(
      'not named in SCREENING_LISTS',
    );
    expect(() => chooseCarried(SOURCES, { ...base, enabled: ['nope'] })).toThrow(/unknown lists: nope/);
  });

  it('downloads: the lists needing an operator are left out with the reason, unless they loaded before', () => {
    const choice = chooseCarried(SOURCES, base);
    const iadb = choice.notCarried.find((n) => n.source.slug === 'iadb_sanctioned')!;
    expect(iadb.reason).toBe(SOURCES.find((s) => s.slug === 'iadb_sanctioned')!.needsOperator);
    expect(choice.notCarried.map((n) => n.source.slug).sort()).toEqual([
      'iadb_sanctioned',
      'worldbank_debarred',
    ]);
    const again = chooseCarried(SOURCES, { ...base, everLoaded: new Set(['iadb_sanctioned']) });
    expect(slugs(again.carried)).toContain('iadb_sanctioned');
    // A mirror carries every list.
    expect(chooseCarried(SOURCES, { ...base, mirrorUrl: 'http://mirror' }).notCarried).toEqual([]);
  });
});
