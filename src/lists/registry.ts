// The registry of official list sources: ingestion, the CLI, entry details and the catalog loop over it.
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
  // Wallet-only sources; wallet precedence follows this order after ofac_sdn.
  mixerAddressesSource,
  ransomwhereSource,
] as const satisfies readonly ListSource[];

/** The sources a deployment carries: all, or those named (unknown names are a configuration error). */
export function enabledSources(all: readonly ListSource[], enabled: readonly string[] | null): ListSource[] {
  if (enabled === null) return [...all];
  const unknown = enabled.filter((slug) => !all.some((s) => s.slug === slug));
  if (unknown.length > 0)
    throw new Error(
      `SCREENING_LISTS names unknown lists: ${unknown.join(', ')} (known: ${all.map((s) => s.slug).join(', ')})`,
    );
  return all.filter((s) => enabled.includes(s.slug));
}
