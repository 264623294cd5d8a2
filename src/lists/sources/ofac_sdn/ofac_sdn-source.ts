// OFAC Specially Designated Nationals: SDN.XML (sdnList schema), else sdn.csv with alt/add/sdn_comments.
import type { ListSource } from '../../list-source.js';
import { ofacListSource } from './ofac-list-source.js';

/** The ofac_sdn list source. */
export const ofacSdnSource: ListSource = ofacListSource({
  slug: 'ofac_sdn',
  title: 'OFAC Specially Designated Nationals',
  xml: { name: 'sdn.xml', export: 'SDN.XML' },
  csv: {
    primary: { name: 'sdn.csv', export: 'SDN.CSV' },
    alt: { name: 'alt.csv', export: 'ALT.CSV' },
    add: { name: 'add.csv', export: 'ADD.CSV' },
    comments: { name: 'sdn_comments.csv', export: 'SDN_COMMENTS.CSV' },
  },
});
