// ASIC Banned and Disqualified Persons (data.gov.au): the "Current" CSV of the CKAN package, one row per ban,
// streamed. The file name carries a period (bd_per_202605.csv), so `crawl` resolves it through package_show
// and saves it as bd_per.csv; local mode and a mirror read that fixed name.
import type { ListSource } from '../../list-source.js';
import { asicCkanSource, type AsicSourceOptions } from './asic-ckan-source.js';
import { asicPersonLayout, asicPersonRowToEntry } from './asic-person-row-to-entry.js';

/** The saved (fixed) name of the current CSV. */
export const ASIC_PER_CSV = 'bd_per.csv';
/** The saved CKAN resource metadata (name, URL, last_modified). */
export const ASIC_PER_META = 'bd_per.resource.json';
/** The CKAN package. */
export const ASIC_PER_PACKAGE = 'asic-banned-disqualified-per';

/** Builds the persons source; the registry uses `asicBannedPersonsSource` (data.gov.au, 250 ms pause). */
export function createAsicBannedPersonsSource(opts: AsicSourceOptions = {}): ListSource {
  return asicCkanSource(
    {
      slug: 'asic_banned_persons',
      title: 'ASIC banned and disqualified persons',
      packageId: ASIC_PER_PACKAGE,
      csvName: ASIC_PER_CSV,
      metaName: ASIC_PER_META,
      headerCheck: 'BD_PER_NAME',
      layout: asicPersonLayout,
      toEntry: asicPersonRowToEntry,
    },
    opts,
  );
}

/** ASIC Banned and Disqualified Persons. */
export const asicBannedPersonsSource: ListSource = createAsicBannedPersonsSource();
