// Every registered source against the spec's entry table: record field count and leading fields, on our fixtures.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOG } from './catalog.js';
import { dirFileSet } from './formats/local-file-set.js';
import type { ListEntry } from './list-source.js';
import { SOURCES, enabledSources } from './registry.js';

// Spec, "Entry record (entry details)": field count and leading fields per list.
const SPEC: Record<string, { count: number; leading: string[] }> = {
  ofac_consolidated: { count: 8, leading: ['name', 'uid', 'sdn_type', 'programs'] },
  ofac_sdn: { count: 8, leading: ['name', 'uid', 'sdn_type', 'programs'] },
  un_consolidated: { count: 11, leading: ['name', 'dataid', 'sdn_type', 'un_list_type'] },
  eu_consolidated: { count: 8, leading: ['name', 'subject_type', 'reference_number', 'aliases'] },
  uk_sanctions: { count: 15, leading: ['name', 'aliases', 'subject_type', 'reference_number'] },
  ita_consolidated: { count: 9, leading: ['name', 'aliases', 'addresses', 'programs'] },
  dfat_consolidated: { count: 12, leading: ['reference', 'name', 'type', 'name_type'] },
  seco_consolidated: { count: 8, leading: ['name', 'name_type', 'address', 'justification'] },
  possible_pep: { count: 5, leading: ['name', 'person', 'position_qid', 'start_date'] },
};

const FIXTURES: Record<string, string> = {
  ofac_sdn: 'ofac_sdn/fixtures/xml',
  ofac_consolidated: 'ofac_consolidated/fixtures/csv',
  un_consolidated: 'un_consolidated/fixtures',
  eu_consolidated: 'eu_consolidated/fixtures',
  uk_sanctions: 'uk_sanctions/fixtures',
  ita_consolidated: 'ita_consolidated/fixtures',
  dfat_consolidated: 'dfat_consolidated/fixtures',
  seco_consolidated: 'seco_consolidated/fixtures',
  possible_pep: 'possible_pep/fixtures',
};

describe('source registry', () => {
  const nameSources = SOURCES.filter((s) => (s.purpose ?? 'names') === 'names');
  const walletSources = SOURCES.filter((s) => s.purpose === 'wallets');

  it('holds the nine original lists, each in the catalog with its title, publisher and legacy flag', () => {
    expect(nameSources.map((s) => s.slug).sort()).toEqual(Object.keys(SPEC).sort());
    for (const s of nameSources) {
      const c = CATALOG.find((x) => x.slug === s.slug);
      expect(c, s.slug).toBeDefined();
      expect(s.legacy).toBe(true);
      expect(s.fileSets.length).toBeGreaterThan(0);
      for (const set of s.fileSets)
        for (const f of set) expect(f.url, `${s.slug} ${f.name}`).toMatch(/^https:\/\//);
    }
  });

  it('holds the wallet-only sources after the name lists (wallet precedence follows registry order)', () => {
    expect(walletSources.map((s) => s.slug)).toEqual(['mixer_addresses', 'ransomwhere']);
    const idx = (slug: string) => SOURCES.findIndex((s) => s.slug === slug);
    expect(idx('ofac_sdn')).toBeLessThan(idx('mixer_addresses'));
    for (const s of walletSources) expect(s.legacy).toBe(false);
  });

  for (const source of nameSources) {
    it(`${source.slug}: records have the spec's ${SPEC[source.slug]!.count} fields, leading ${SPEC[source.slug]!.leading.join(', ')}`, async () => {
      const files = dirFileSet(path.resolve(import.meta.dirname, 'sources', FIXTURES[source.slug]!));
      const entries: ListEntry[] = [];
      for await (const e of source.parse(files)) entries.push(e);
      expect(entries.length).toBeGreaterThan(0);
      const spec = SPEC[source.slug]!;
      for (const e of entries) {
        const keys = Object.keys(e.record);
        expect(keys.length, `${source.slug}:${e.sourceUid}`).toBe(spec.count);
        expect(keys.slice(0, spec.leading.length)).toEqual(spec.leading);
        expect(e.list).toBe(source.slug);
        expect(Object.values(e.record)).not.toContain(undefined);
        // Entry details is looked up by the exact name a match returns: the primary name must be a stored name.
        expect(e.name.trim()).toBe(e.name);
        expect(e.name).not.toBe('');
      }
    });
  }

  it('a deployment may carry a subset; an unknown slug is a configuration error', () => {
    expect(enabledSources(SOURCES, ['un_consolidated']).map((s) => s.slug)).toEqual(['un_consolidated']);
    expect(() => enabledSources(SOURCES, ['un_consolidated', 'nope'])).toThrow(/unknown lists: nope/);
  });
});
