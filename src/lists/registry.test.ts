// Every registered source against the spec's entry table: record field count and leading fields, on our fixtures.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collect } from '../test-support/collect.js';
import { dirFileSet } from './formats/local-file-set.js';
import type { PageFetcher } from './list-source.js';
import { ALL_SLUGS, LEGACY_SLUGS, SOURCES, enabledSources, withApiKeys } from './registry.js';

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
  sec: { count: 10, leading: ['name', 'sec_list', 'entry_uid', 'primary_url'] },
  worldbank_debarred: { count: 14, leading: ['name', 'supp_id', 'supplier_type', 'country'] },
  fbi_most_wanted: { count: 16, leading: ['name', 'uid', 'crime_type', 'aliases'] },
  bafin_warnings: { count: 4, leading: ['name', 'description', 'published_at', 'detail_url'] },
  nca_most_wanted: { count: 4, leading: ['name', 'description', 'detail_url', 'image_url'] },
  fca_warnings: { count: 6, leading: ['name', 'detail_url', 'published_at', 'warned_type'] },
  interpol_red_notices: { count: 12, leading: ['notice_id', 'name', 'forename', 'family_name'] },
  afdb_debarred: { count: 9, leading: ['name', 'entity_type', 'nationality', 'debar_from'] },
  adb_debarred: { count: 12, leading: ['name', 'entity_type', 'other_name', 'address'] },
  iadb_sanctioned: { count: 13, leading: ['name', 'entity_type', 'nationality', 'country'] },
  ebrd_ineligible: { count: 13, leading: ['name', 'subtitle', 'entity_type', 'address'] },
  cftc_enforcement: { count: 8, leading: ['name', 'action_title', 'document_type', 'action_date'] },
  mas_enforcement: { count: 7, leading: ['name', 'action_type', 'action_title', 'action_date'] },
  asic_banned_persons: { count: 12, leading: ['name', 'ban_type', 'document_number', 'ban_start'] },
  asic_banned_organisations: { count: 9, leading: ['name', 'acn', 'ban_type', 'ban_start'] },
  hhs_oig_leie: { count: 22, leading: ['name', 'entity_type', 'first_name', 'middle_name'] },
  shadow_fleet_companies: { count: 6, leading: ['company_name', 'vessel_imo', 'role', 'company_imo'] },
};

/** The spec's five SEC streams, reported as lists of their own. */
const SEC_LISTS = [
  'sec_litigation_releases',
  'sec_administrative_proceedings',
  'sec_trading_suspensions',
  'sec_pause',
  'sec_receiverships',
];

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
  // Later lists whose fixture folder holds the files their parse reads. Crawled sources whose fixtures are the
  // publisher's pages (bafin_warnings, fca_warnings, nca_most_wanted, shadow_fleet_companies, cftc and mas
  // listings) are checked against the spec by their own tests, through a loopback crawl.
  sec: 'sec/fixtures',
  worldbank_debarred: 'worldbank_debarred/fixtures',
  fbi_most_wanted: 'fbi_most_wanted/fixtures',
  interpol_red_notices: 'interpol_red_notices/fixtures',
  afdb_debarred: 'afdb_debarred/fixtures',
  adb_debarred: 'adb_debarred/fixtures',
  iadb_sanctioned: 'iadb_sanctioned/fixtures',
  ebrd_ineligible: 'ebrd_ineligible/fixtures',
  asic_banned_persons: 'asic_banned_persons/fixtures',
  asic_banned_organisations: 'asic_banned_organisations/fixtures',
  hhs_oig_leie: 'hhs_oig_leie/fixtures',
};

describe('source registry', () => {
  const nameSources = SOURCES.filter((s) => (s.purpose ?? 'names') === 'names');
  const walletSources = SOURCES.filter((s) => s.purpose === 'wallets');

  it('holds every list of the spec entry table, each with a title, a publisher and https files', () => {
    expect([...ALL_SLUGS].sort()).toEqual(Object.keys(SPEC).sort());
    expect(ALL_SLUGS).toEqual(nameSources.map((s) => s.slug));
    expect(new Set(SOURCES.map((s) => s.slug)).size).toBe(SOURCES.length);
    for (const s of nameSources) {
      expect(s.title.trim(), s.slug).not.toBe('');
      expect(s.publisher.trim(), s.slug).not.toBe('');
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

  it('exactly the nine original lists are legacy (v1 sees only them)', () => {
    expect(LEGACY_SLUGS).toEqual(nameSources.filter((s) => s.legacy).map((s) => s.slug));
    expect(LEGACY_SLUGS).toEqual([
      'ofac_sdn',
      'ofac_consolidated',
      'un_consolidated',
      'eu_consolidated',
      'uk_sanctions',
      'ita_consolidated',
      'dfat_consolidated',
      'seco_consolidated',
      'possible_pep',
    ]);
  });

  for (const source of nameSources.filter((s) => FIXTURES[s.slug] !== undefined)) {
    it(`${source.slug}: records have the spec's ${SPEC[source.slug]!.count} fields, leading ${SPEC[source.slug]!.leading.join(', ')}`, async () => {
      const files = dirFileSet(path.resolve(import.meta.dirname, 'sources', FIXTURES[source.slug]!));
      const entries = await collect(source, files);
      expect(entries.length).toBeGreaterThan(0);
      const spec = SPEC[source.slug]!;
      for (const e of entries) {
        const keys = Object.keys(e.record);
        expect(keys.length, `${source.slug}:${e.sourceUid}`).toBe(spec.count);
        expect(keys.slice(0, spec.leading.length)).toEqual(spec.leading);
        if (source.slug === 'sec') expect(SEC_LISTS).toContain(e.list);
        else expect(e.list).toBe(source.slug);
        expect(Object.values(e.record)).not.toContain(undefined);
        // Entry details is looked up by the exact name a match returns: the primary name must be a stored name.
        expect(e.name.trim()).toBe(e.name);
        expect(e.record[source.slug === 'shadow_fleet_companies' ? 'company_name' : 'name']).toBeTruthy();
        expect(e.name).not.toBe('');
      }
    });
  }

  it('publisher API keys go to the sources that take one; a key for any other list is an error', async () => {
    const [wb] = withApiKeys(enabledSources(SOURCES, ['worldbank_debarred']), { worldbank_debarred: 'k1' });
    expect(wb).not.toBe(SOURCES.find((s) => s.slug === 'worldbank_debarred'));
    expect(wb!.slug).toBe('worldbank_debarred');
    // The configured key is what the crawl sends in the publisher's `apikey` header.
    const sent: Array<Readonly<Record<string, string>> | undefined> = [];
    const refuse: PageFetcher = {
      fetch: async (_url, init) => {
        sent.push(init?.headers);
        throw new Error('stop here');
      },
      pause: async () => undefined,
    };
    await expect(wb!.crawl!(refuse, async () => undefined)).rejects.toThrow('stop here');
    expect(sent[0]).toMatchObject({ apikey: 'k1' });
    expect(() => withApiKeys(enabledSources(SOURCES, ['un_consolidated']), { un_consolidated: 'k' })).toThrow(
      /take no API key: un_consolidated/,
    );
    expect(() =>
      withApiKeys(enabledSources(SOURCES, ['un_consolidated']), { worldbank_debarred: 'k' }),
    ).toThrow(/take no API key: worldbank_debarred/);
  });

  it('by default, lists that cannot load unattended are left out unless files come from a folder or mirror', () => {
    const needing = SOURCES.filter((s) => s.needsOperator !== undefined).map((s) => s.slug);
    expect(needing).toEqual(['worldbank_debarred', 'iadb_sanctioned']);
    const byDefault = enabledSources(SOURCES, null).map((s) => s.slug);
    expect(byDefault).not.toContain('iadb_sanctioned');
    expect(byDefault).not.toContain('worldbank_debarred');
    expect(byDefault).toHaveLength(SOURCES.length - 2);
    expect(enabledSources(SOURCES, null, { filesProvided: true })).toHaveLength(SOURCES.length);
    // A key makes the World Bank loadable; naming a list carries it whatever it needs.
    const keyed = withApiKeys(SOURCES, { worldbank_debarred: 'k' });
    expect(enabledSources(keyed, null).map((s) => s.slug)).toContain('worldbank_debarred');
    expect(enabledSources(SOURCES, ['iadb_sanctioned']).map((s) => s.slug)).toEqual(['iadb_sanctioned']);
  });

  it('a deployment may carry a subset; an unknown slug is a configuration error', () => {
    expect(enabledSources(SOURCES, ['un_consolidated']).map((s) => s.slug)).toEqual(['un_consolidated']);
    expect(() => enabledSources(SOURCES, ['un_consolidated', 'nope'])).toThrow(/unknown lists: nope/);
  });
});
