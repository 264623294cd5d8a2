// End to end: the nine original lists, the later lists that ../shared/lists has real files of, and the two
// wallet-only sources downloaded from a loopback mirror (real files where they exist, our fixtures where they do
// not), through the real download, parse, validate, commit path.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../src/main.js';
import { loopbackServer, staticFile, type LoopbackServer } from '../src/test-support/loopback-server.js';
import { sharedListFile, sharedListsDir, sharedListsSkipReason } from '../src/test-support/shared-lists.js';
import { signedUpUser, testService } from '../src/test-support/test-service.js';
import { testBackends } from '../src/test-support/test-stores.js';

const fixture = (...p: string[]) => path.resolve(import.meta.dirname, '../src/lists/sources', ...p);

if (!sharedListsDir) console.warn(sharedListsSkipReason);

describe.skipIf(!sharedListsDir)('ingesting the real lists and the wallet sources over HTTP', () => {
  let pub: LoopbackServer;
  let service: Service;
  let key: string;

  // What the mirror serves: /<slug>/<file as published> -> file on disk. sdn.xml is absent (404), so the
  // OFAC SDN source falls back to its legacy CSV set, as it would if OFAC stopped publishing the XML.
  const files = (): Record<string, string> => ({
    '/ofac_sdn/sdn.csv': sharedListFile('ofac_sdn_2021-07', 'sdn.csv'),
    '/ofac_sdn/alt.csv': sharedListFile('ofac_sdn_2021-07', 'alt.csv'),
    '/ofac_sdn/add.csv': sharedListFile('ofac_sdn_2021-07', 'add.csv'),
    '/ofac_sdn/sdn_comments.csv': sharedListFile('ofac_sdn_2021-07', 'sdn_comments.csv'),
    '/ofac_consolidated/consolidated.xml': sharedListFile(
      'ofac_consolidated_nonsdn_2018-04',
      'consolidated.xml',
    ),
    '/un_consolidated/consolidated.xml': sharedListFile('un_consolidated', 'consolidated.xml'),
    '/eu_consolidated/xmlFullSanctionsList_1_1.xml': fixture(
      'eu_consolidated/fixtures/xmlFullSanctionsList_1_1.xml',
    ),
    '/uk_sanctions/UK-Sanctions-List.xml': fixture('uk_sanctions/fixtures/UK-Sanctions-List.xml'),
    '/ita_consolidated/consolidated.csv': sharedListFile('us_csl_subset', 'csl_subset_2019-12.csv'),
    '/dfat_consolidated/Australian_Sanctions_Consolidated_List.xlsx': sharedListFile(
      'au_dfat_consolidated',
      'regulation8_consolidated_2024-12-06.xlsx',
    ),
    '/seco_consolidated/Gesamtliste.xml': fixture('seco_consolidated/fixtures/Gesamtliste.xml'),
    '/possible_pep/wikidata_peps.json': fixture('possible_pep/fixtures/wikidata_peps.json'),
    '/mixer_addresses/sdn.csv': fixture('mixer_addresses/fixtures/csv/sdn.csv'),
    '/mixer_addresses/alt.csv': fixture('mixer_addresses/fixtures/csv/alt.csv'),
    '/mixer_addresses/add.csv': fixture('mixer_addresses/fixtures/csv/add.csv'),
    '/mixer_addresses/sdn_comments.csv': fixture('mixer_addresses/fixtures/csv/sdn_comments.csv'),
    '/ransomwhere/export.json': sharedListFile('ransomwhere', 'ransomwhere_export_result.json'),
    // Later lists: crawled sources read from a mirror the files their crawl would save; the World Bank and
    // EBRD fall back to their second file set (the sites' XLSX and CSV exports) when the first is absent.
    '/worldbank_debarred/world_bank_listing_of_ineligible_firms_and_individuals.xlsx': sharedListFile(
      'worldbank_debarred',
      'world_bank_listing_of_ineligible_firms_and_individuals.xlsx',
    ),
    '/iadb_sanctioned/Inter-American_Development_Bank-Sanctioned_Firms_and_Individuals.xlsx': sharedListFile(
      'iadb_sanctions',
      'Inter-American_Development_Bank-Sanctioned_Firms_and_Individuals.xlsx',
    ),
    '/ebrd_ineligible/european_bank_for_reconstruction_and_development_ineligible_firms.csv': sharedListFile(
      'ebrd_ineligible',
      'european_bank_for_reconstruction_and_development_ineligible_firms.csv',
    ),
    '/fbi_most_wanted/wanted_v1_list.json': sharedListFile('fbi_wanted', 'wanted_v1_list_page1_2024-09.json'),
    '/interpol_red_notices/red_notices.json': sharedListFile('interpol_red_notices', 'red_notices.json'),
    '/interpol_red_notices/red_notices_details.json': sharedListFile(
      'interpol_red_notices',
      'red_notices_details.json',
    ),
  });
  const carried = [...new Set(Object.keys(files()).map((route) => route.split('/')[1]!))];

  beforeAll(async () => {
    pub = await loopbackServer();
    for (const [route, file] of Object.entries(files()))
      pub.routes.set(route, staticFile(fs.readFileSync(file), `"${route}"`));
    service = await testService(await testBackends()[0]!.open(), {
      SCREENING_LISTS_MIRROR_URL: pub.url,
      SCREENING_DOWNLOAD_RETRIES: '0',
      SCREENING_LISTS: carried.join(','),
    });
    key = (await signedUpUser(service)).key;
  }, 300_000);
  afterAll(async () => {
    await service?.close();
    await pub?.close();
  });

  it('loads every list with the publishers’ record counts', async () => {
    const outcomes = await service.listService.refresh();
    expect(outcomes.filter((o) => o.status === 'failed')).toEqual([]);
    const counts = Object.fromEntries(outcomes.map((o) => [o.slug, o.recordCount]));
    expect(counts).toMatchObject({
      ofac_sdn: 8976, // PROVENANCE: 8,976 entries
      ofac_consolidated: 639, // PROVENANCE: 639 entries
      un_consolidated: 1003, // 730 individuals + 273 entities
      ita_consolidated: 115,
      dfat_consolidated: 3062, // 9,561 rows grouped into parties
      ransomwhere: 7457, // PROVENANCE: 7,457 addresses
      worldbank_debarred: 1285, // PROVENANCE: 1,285
      iadb_sanctioned: 1081, // PROVENANCE says 1,082 rows: the last is Power BI's "applied filters" note
      ebrd_ineligible: 1322, // PROVENANCE: 1,322
      fbi_most_wanted: 6, // 20 items on the page: 6 wanted subjects, 14 missing persons, victims and appeals
      interpol_red_notices: 186, // 204 notice objects, 186 distinct notices
    });
    expect(outcomes.map((o) => o.slug).sort()).toEqual([...carried].sort());
    const catalog = (await service.app.inject({ url: '/api/v2/lists', headers: { 'x-api-key': key } })).json()
      .lists;
    // Every carried list is fresh; the lists SCREENING_LISTS does not name are shown as not carried.
    const carriedRows = catalog.filter((l: { status: string }) => l.status !== 'not_carried');
    expect(carriedRows.map((l: { slug: string }) => l.slug).sort()).toEqual([...carried].sort());
    expect(carriedRows.every((l: { status: string }) => l.status === 'fresh')).toBe(true);
    expect(catalog.find((l: { slug: string }) => l.slug === 'un_consolidated').data_date).toBe('2026-02-27');
  }, 300_000);

  it('extracts the facts each real list publishes: the catalog counts the entries carrying each', async () => {
    const catalog = (await service.app.inject({ url: '/api/v2/lists', headers: { 'x-api-key': key } })).json()
      .lists as Array<{ slug: string; facts_coverage: Record<string, number> | null }>;
    const coverage = Object.fromEntries(catalog.map((l) => [l.slug, l.facts_coverage]));
    // UN: 730 individuals, nearly all with a date of birth; every entry a kind; most a nationality or address.
    expect(coverage['un_consolidated']).toMatchObject({ entries: 1003, entity_type: 1003 });
    expect(coverage['un_consolidated']!['birth_date']).toBeGreaterThan(650);
    expect(coverage['un_consolidated']!['country']).toBeGreaterThan(800);
    // OFAC's legacy CSV states dates of birth and nationalities only in its remarks.
    expect(coverage['ofac_sdn']!['birth_date']).toBeGreaterThan(3000);
    expect(coverage['ofac_sdn']!['country']).toBeGreaterThan(6000);
    expect(coverage['dfat_consolidated']!['birth_date']).toBeGreaterThan(1000);
    expect(coverage['interpol_red_notices']!['birth_date']).toBeGreaterThan(150);
    expect(coverage['worldbank_debarred']!['country']).toBeGreaterThan(1200);
    // possible_pep (our fixture): the parser's facts, from the query's dates of birth and citizenships.
    expect(coverage['possible_pep']).toEqual({ entries: 8, birth_date: 7, country: 7, entity_type: 8 });
  }, 300_000);

  it('a second refresh is answered 304 by the publisher and keeps every version', async () => {
    const outcomes = await service.listService.refresh();
    expect(outcomes.map((o) => o.status)).toEqual(outcomes.map(() => 'unchanged'));
  }, 300_000);

  it('entry details reads the stored records of the real lists, by primary name and by alias', async () => {
    const versions = (await service.core.store.listStatuses()).find((s) => s.slug === 'un_consolidated')!;
    const un = await service.core.store.loadListEntries(versions.currentVersionId!);
    const withAlias = un.find((e) => e.aliases.length > 0)!;
    const byName = await service.app.inject({
      method: 'POST',
      url: '/api/entry-details',
      headers: { 'x-api-key': key },
      payload: { name: withAlias.name },
    });
    expect(byName.statusCode).toBe(200);
    const records = byName.json().entryData.un_consolidated as Array<Record<string, unknown>>;
    expect(records.some((r) => r.dataid === withAlias.record.dataid)).toBe(true);
    expect(Object.keys(records[0]!).slice(0, 4)).toEqual(['name', 'dataid', 'sdn_type', 'un_list_type']);
    const byAlias = await service.app.inject({
      method: 'POST',
      url: '/api/entry-details',
      headers: { 'x-api-key': key },
      payload: { name: withAlias.aliases[0] },
    });
    expect(
      byAlias
        .json()
        .entryData.un_consolidated.some((r: Record<string, unknown>) => r.dataid === withAlias.record.dataid),
    ).toBe(true);
  });

  it('name screening answers over the real lists, and every returned name resolves through entry details', async () => {
    const status = (await service.core.store.listStatuses()).find((s) => s.slug === 'un_consolidated')!;
    const un = await service.core.store.loadListEntries(status.currentVersionId!);
    const person = un.find((e) => e.kind === 'person' && e.name.split(' ').length >= 3)!;
    // The listed name with its parts reversed and upper-cased, as a bank's core system might send it.
    const query = person.name.split(' ').reverse().join(' ').toUpperCase();
    const res = await service.app.inject({
      method: 'POST',
      url: '/api/v2/search',
      headers: { 'x-api-key': key },
      payload: { prompt: query, search_type: 'standard_match' },
    });
    expect(res.statusCode).toBe(200);
    const matches = res.json()['search results'] as Array<{ id: string; name: string; list: string }>;
    expect(matches.map((m) => m.id)).toContain(`un_consolidated:${person.sourceUid}`);
    for (const m of matches.slice(0, 5)) {
      const d = await service.app.inject({
        method: 'POST',
        url: '/api/entry-details',
        headers: { 'x-api-key': key },
        payload: { name: m.name },
      });
      expect(d.json().entryData[m.list]).toBeDefined();
    }
  });

  it('keeps the SDN digital currency addresses for wallet screening', async () => {
    const status = (await service.core.store.listStatuses()).find((s) => s.slug === 'ofac_sdn')!;
    const entries = await service.core.store.loadListEntries(status.currentVersionId!);
    const wallets = entries.flatMap((e) => e.wallets ?? []);
    expect(wallets.length).toBe(97); // the parser's count for the 2021-07 four-file set
    expect(wallets.filter((w) => w.network === 'XBT').length).toBe(65);
  });

  it('a publisher answering 500 leaves the list serving its last version, marked stale', async () => {
    pub.routes.set('/un_consolidated/consolidated.xml', (_req, res) => {
      res.statusCode = 500;
      res.end();
    });
    const [o] = await service.listService.refresh(['un_consolidated']);
    expect(o).toMatchObject({ status: 'failed', recordCount: 1003 });
    const catalog = (await service.app.inject({ url: '/api/v2/lists', headers: { 'x-api-key': key } })).json()
      .lists;
    expect(catalog.find((l: { slug: string }) => l.slug === 'un_consolidated')).toMatchObject({
      status: 'stale',
      record_count: 1003,
    });
  });
});

describe.skipIf(!sharedListsDir)('local mode (LISTS_DIR) with the retired OFSI workbook', () => {
  it('reads DIR/uk_sanctions/ConList.xlsx when the FCDO file is absent: 4,686 groups', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lists-'));
    fs.mkdirSync(path.join(dir, 'uk_sanctions'));
    fs.symlinkSync(
      sharedListFile('uk_ofsi_consolidated_list', 'UK_Sanctions_List.xlsx'),
      path.join(dir, 'uk_sanctions', 'ConList.xlsx'),
    );
    const service = await testService(await testBackends()[0]!.open(), {
      LISTS_DIR: dir,
      SCREENING_LISTS: 'uk_sanctions',
    });
    try {
      await service.listService.idle();
      const row = (await service.listService.catalog()).find((r) => r.slug === 'uk_sanctions');
      expect(row).toMatchObject({ slug: 'uk_sanctions', status: 'fresh', record_count: 4686 });
    } finally {
      await service.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
