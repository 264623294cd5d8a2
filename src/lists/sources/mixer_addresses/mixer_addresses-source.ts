// Addresses attributed to mixing services, as OFAC publishes them on the SDN list (Blender.io, Tornado Cash,
// Sinbad.io). There is no standalone official file: this source reads the same SDN publication as ofac_sdn,
// through the same parser, and keeps the digital currency addresses of the entries that are mixing services.
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { ofacSdnSource } from '../ofac_sdn/ofac_sdn-source.js';
import { toMixerEntries } from './mixing-service-to-entry.js';

const SLUG = 'mixer_addresses';

/** The mixer_addresses list source. */
export const mixerAddressesSource: ListSource = {
  slug: SLUG,
  title: 'Mixing-service addresses (OFAC designations)',
  publisher: 'US Treasury OFAC',
  legacy: false,
  purpose: 'wallets',
  // A delisting (Tornado Cash, March 2025) removes most of the list at once; the SDN parse it reads from is
  // guarded by the SDN source itself, and an empty result throws.
  maxRecordDrop: 0.9,
  format:
    'The OFAC SDN publication (sdn.xml, else sdn.csv + alt.csv, add.csv, sdn_comments.csv), read with the ' +
    'ofac_sdn parser; the digital currency addresses of the entries that are mixing services',
  cadence: ofacSdnSource.cadence,
  fileSets: ofacSdnSource.fileSets,
  // One copy of the SDN files: LISTS_DIR/ofac_sdn serves both sources.
  filesFrom: ofacSdnSource.slug,

  async *parse(files: FileSet): AsyncGenerator<ListEntry> {
    yield* toMixerEntries(SLUG, ofacSdnSource.parse(files));
  },

  async dataDate(files: FileSet): Promise<string | null> {
    return ofacSdnSource.dataDate ? ofacSdnSource.dataDate(files) : null;
  },
};
