// ASIC Banned and Disqualified Organisations (data.gov.au): the "Current" CSV of the CKAN package, one row
// per ban, streamed; resolved through package_show like the persons register and saved as bd_org.csv.
import type { ListSource } from '../../list-source.js';
import { asicCkanSource, type AsicSourceOptions } from '../asic_banned_persons/asic_banned_persons-source.js';
import { asicOrgFacts, asicOrgLayout, asicOrgRowToEntry } from './asic-org-row-to-entry.js';

/** The saved (fixed) name of the current CSV. */
export const ASIC_ORG_CSV = 'bd_org.csv';
/** The saved CKAN resource metadata (name, URL, last_modified). */
export const ASIC_ORG_META = 'bd_org.resource.json';
/** The CKAN package. */
export const ASIC_ORG_PACKAGE = 'asic-banned-disqualified-org';

/** Builds the organisations source; the registry uses `asicBannedOrganisationsSource`. */
export function createAsicBannedOrganisationsSource(opts: AsicSourceOptions = {}): ListSource {
  return asicCkanSource(
    {
      slug: 'asic_banned_organisations',
      title: 'ASIC banned organisations',
      packageId: ASIC_ORG_PACKAGE,
      csvName: ASIC_ORG_CSV,
      metaName: ASIC_ORG_META,
      headerCheck: 'BD_ORG_NAME',
      layout: asicOrgLayout,
      toEntry: asicOrgRowToEntry,
      facts: asicOrgFacts,
    },
    opts,
  );
}

/** ASIC Banned and Disqualified Organisations. */
export const asicBannedOrganisationsSource: ListSource = createAsicBannedOrganisationsSource();
