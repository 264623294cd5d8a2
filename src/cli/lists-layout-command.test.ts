// `lists layout` prints, for every registered list, the LISTS_DIR folder, the file names and their official
// addresses, straight from the registry's fileSets.
import { describe, expect, it } from 'vitest';
import { SOURCES } from '../lists/registry.js';
import { layoutRows, layoutText } from './lists-layout-command.js';

describe('lists layout', () => {
  const rows = layoutRows(SOURCES);

  it('has every registered list, each with its folder and every file of every set with its address', () => {
    expect(rows.map((r) => r.slug)).toEqual(SOURCES.map((s) => s.slug));
    for (const [i, s] of SOURCES.entries())
      expect(rows[i]!.file_sets.flat().map((f) => [f.name, f.url])).toEqual(
        s.fileSets.flat().map((f) => [f.name, f.url]),
      );
    expect(rows.find((r) => r.slug === 'mixer_addresses')!.folder).toBe('ofac_sdn');
    expect(rows.find((r) => r.slug === 'iadb_sanctioned')!.needs_operator).toMatch(/no open file/);
  });

  it('as text: folders, file names, official addresses, and where a list reads another folder', () => {
    const text = layoutText(rows);
    expect(text).toContain('ofac_consolidated/  OFAC Consolidated (non-SDN) List');
    expect(text).toContain('    cons_prim.csv\n');
    expect(text).toContain(
      'from https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/CONS_PRIM.CSV',
    );
    expect(text).toContain(
      "ofac_sdn/  mixer_addresses: Mixing-service addresses (OFAC designations) (reads ofac_sdn's files)",
    );
    expect(text).toMatch(
      /un_consolidated\/ {2}UN Security Council Consolidated List\n {4}consolidated\.xml\n/,
    );
  });
});
