// The lists the interface names (spec entry table): slug, title, publisher and whether v1 sees it.
// Parsers and download addresses live with each source in the registry; this is the fixed catalogue.

/** One list of the spec's entry table. */
export interface CatalogList {
  readonly slug: string;
  readonly title: string;
  readonly publisher: string;
  /** One of the nine original lists that the deprecated v1 endpoints screen. */
  readonly legacy: boolean;
}

const list = (slug: string, title: string, publisher: string, legacy = false): CatalogList => ({
  slug,
  title,
  publisher,
  legacy,
});

export const CATALOG = [
  list('ofac_sdn', 'OFAC Specially Designated Nationals', 'US Treasury OFAC', true),
  list('ofac_consolidated', 'OFAC Consolidated (non-SDN) List', 'US Treasury OFAC', true),
  list('un_consolidated', 'UN Security Council Consolidated List', 'United Nations', true),
  list('eu_consolidated', 'EU Financial Sanctions Files', 'European Commission', true),
  list('uk_sanctions', 'UK Sanctions List', 'UK FCDO / HM Treasury OFSI', true),
  list('ita_consolidated', 'Consolidated Screening List', 'US International Trade Administration', true),
  list('dfat_consolidated', 'Australian Consolidated Sanctions List', 'Australia DFAT', true),
  list('seco_consolidated', 'Swiss Sanctions List', 'Switzerland SECO', true),
  list('possible_pep', 'Possible politically exposed persons', 'Wikidata', true),
  list('sec', 'SEC enforcement streams', 'US Securities and Exchange Commission'),
  list('worldbank_debarred', 'World Bank Debarred Firms and Individuals', 'World Bank'),
  list('fbi_most_wanted', 'FBI Most Wanted', 'US Federal Bureau of Investigation'),
  list('bafin_warnings', 'BaFin consumer warnings', 'BaFin'),
  list('nca_most_wanted', 'NCA Most Wanted', 'UK National Crime Agency'),
  list('fca_warnings', 'FCA Warning List', 'UK Financial Conduct Authority'),
  list('interpol_red_notices', 'INTERPOL Red Notices', 'INTERPOL'),
  list('afdb_debarred', 'AfDB Debarred Entities', 'African Development Bank'),
  list('adb_debarred', 'ADB Sanctions List', 'Asian Development Bank'),
  list('iadb_sanctioned', 'IDB Sanctioned Firms and Individuals', 'Inter-American Development Bank'),
  list('ebrd_ineligible', 'EBRD Ineligible Entities', 'European Bank for Reconstruction and Development'),
  list('cftc_enforcement', 'CFTC enforcement actions', 'US Commodity Futures Trading Commission'),
  list('mas_enforcement', 'MAS enforcement actions', 'Monetary Authority of Singapore'),
  list(
    'asic_banned_persons',
    'ASIC banned and disqualified persons',
    'Australian Securities and Investments Commission',
  ),
  list(
    'asic_banned_organisations',
    'ASIC banned organisations',
    'Australian Securities and Investments Commission',
  ),
  list('hhs_oig_leie', 'List of Excluded Individuals/Entities', 'US HHS Office of Inspector General'),
  list('shadow_fleet_companies', 'Shadow fleet companies', 'Sanctions authorities (vessel designations)'),
] as const satisfies readonly CatalogList[];

export const LEGACY_SLUGS: readonly string[] = CATALOG.filter((l) => l.legacy).map((l) => l.slug);
export const ALL_SLUGS: readonly string[] = CATALOG.map((l) => l.slug);
