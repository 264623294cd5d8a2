// The registry of official list sources, the one place a source is named: ingestion, the CLI, entry details,
// the catalog, the v1/v2 slug lists and docs/lists.md all derive from it.
import type { ListSource } from './list-source.js';
import { dfatConsolidatedSource } from './sources/dfat_consolidated/dfat_consolidated-source.js';
import { euConsolidatedSource } from './sources/eu_consolidated/eu_consolidated-source.js';
import { mixerAddressesSource } from './sources/mixer_addresses/mixer_addresses-source.js';
import { ransomwhereSource } from './sources/ransomwhere/ransomwhere-source.js';
import { itaConsolidatedSource } from './sources/ita_consolidated/ita_consolidated-source.js';
import { ofacConsolidatedSource } from './sources/ofac_consolidated/ofac_consolidated-source.js';
import { ofacSdnSource } from './sources/ofac_sdn/ofac_sdn-source.js';
import { possiblePepSource } from './sources/possible_pep/possible_pep-source.js';
import { secoConsolidatedSource } from './sources/seco_consolidated/seco_consolidated-source.js';
import { ukSanctionsSource } from './sources/uk_sanctions/uk_sanctions-source.js';
import { unConsolidatedSource } from './sources/un_consolidated/un_consolidated-source.js';
import { secSource } from './sources/sec/sec-source.js';
import { worldbankDebarredSource } from './sources/worldbank_debarred/worldbank_debarred-source.js';
import { fbiMostWantedSource } from './sources/fbi_most_wanted/fbi_most_wanted-source.js';
import { bafinWarningsSource } from './sources/bafin_warnings/bafin_warnings-source.js';
import { ncaMostWantedSource } from './sources/nca_most_wanted/nca_most_wanted-source.js';
import { fcaWarningsSource } from './sources/fca_warnings/fca_warnings-source.js';
import { interpolRedNoticesSource } from './sources/interpol_red_notices/interpol_red_notices-source.js';
import { afdbDebarredSource } from './sources/afdb_debarred/afdb_debarred-source.js';
import { adbDebarredSource } from './sources/adb_debarred/adb_debarred-source.js';
import { iadbSanctionedSource } from './sources/iadb_sanctioned/iadb_sanctioned-source.js';
import { ebrdIneligibleSource } from './sources/ebrd_ineligible/ebrd_ineligible-source.js';
import { cftcEnforcementSource } from './sources/cftc_enforcement/cftc_enforcement-source.js';
import { masEnforcementSource } from './sources/mas_enforcement/mas_enforcement-source.js';
import { asicBannedPersonsSource } from './sources/asic_banned_persons/asic_banned_persons-source.js';
import { asicBannedOrganisationsSource } from './sources/asic_banned_organisations/asic_banned_organisations-source.js';
import { hhsOigLeieSource } from './sources/hhs_oig_leie/hhs_oig_leie-source.js';
import { shadowFleetCompaniesSource } from './sources/shadow_fleet_companies/shadow_fleet_companies-source.js';

/** Every source this build can ingest, in catalog order. */
export const SOURCES = [
  ofacSdnSource,
  ofacConsolidatedSource,
  unConsolidatedSource,
  euConsolidatedSource,
  ukSanctionsSource,
  itaConsolidatedSource,
  dfatConsolidatedSource,
  secoConsolidatedSource,
  possiblePepSource,
  // The later lists (v2 only), in the spec's catalog order.
  secSource,
  worldbankDebarredSource,
  fbiMostWantedSource,
  bafinWarningsSource,
  ncaMostWantedSource,
  fcaWarningsSource,
  interpolRedNoticesSource,
  afdbDebarredSource,
  adbDebarredSource,
  iadbSanctionedSource,
  ebrdIneligibleSource,
  cftcEnforcementSource,
  masEnforcementSource,
  asicBannedPersonsSource,
  asicBannedOrganisationsSource,
  hhsOigLeieSource,
  shadowFleetCompaniesSource,
  // Wallet-only sources; wallet precedence follows this order after ofac_sdn.
  mixerAddressesSource,
  ransomwhereSource,
] as const satisfies readonly ListSource[];

const screenedByName = (s: ListSource): boolean => (s.purpose ?? 'names') === 'names';

/** Every name list (what v2 screens and entry details reads), in registry order; wallet-only sources are not in it. */
export const ALL_SLUGS: readonly string[] = SOURCES.filter(screenedByName).map((s) => s.slug);

/** The nine original lists, the only ones the deprecated v1 endpoints screen. */
export const LEGACY_SLUGS: readonly string[] = SOURCES.filter((s) => screenedByName(s) && s.legacy).map(
  (s) => s.slug,
);

/**
 * The sources a deployment carries: those named (unknown names are a configuration error), or by default every
 * source that can load unattended, plus those needing an operator when files come from LISTS_DIR or a mirror.
 */
export function enabledSources(
  all: readonly ListSource[],
  enabled: readonly string[] | null,
  opts: { filesProvided?: boolean } = {},
): ListSource[] {
  if (enabled === null)
    return all.filter((s) => opts.filesProvided === true || s.needsOperator === undefined);
  const unknown = enabled.filter((slug) => !all.some((s) => s.slug === slug));
  if (unknown.length > 0)
    throw new Error(
      `SCREENING_LISTS names unknown lists: ${unknown.join(', ')} (known: ${all.map((s) => s.slug).join(', ')})`,
    );
  return all.filter((s) => enabled.includes(s.slug));
}

/** Hands each source that takes one its publisher API key (SCREENING_LIST_API_KEYS); a key for a list that takes none is an error. */
export function withApiKeys(
  sources: readonly ListSource[],
  keys: Readonly<Record<string, string>>,
): ListSource[] {
  const unused = Object.keys(keys).filter((slug) => !sources.some((s) => s.slug === slug && s.withApiKey));
  if (unused.length > 0)
    throw new Error(`SCREENING_LIST_API_KEYS names lists that take no API key: ${unused.join(', ')}`);
  return sources.map((s) => {
    const key = keys[s.slug];
    return key !== undefined && s.withApiKey ? s.withApiKey(key) : s;
  });
}
