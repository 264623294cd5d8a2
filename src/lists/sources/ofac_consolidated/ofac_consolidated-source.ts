// OFAC Consolidated (non-SDN) list: CONSOLIDATED.XML in the same sdnList schema as the SDN XML, else the
// cons_prim/cons_alt/cons_add/cons_comments CSV set. Parsing is shared with ofac_sdn.
import type { ListSource } from '../../list-source.js';
import { ofacListSource } from '../ofac_sdn/ofac_sdn-source.js';

/** The ofac_consolidated list source. */
export const ofacConsolidatedSource: ListSource = ofacListSource({
  slug: 'ofac_consolidated',
  title: 'OFAC Consolidated (non-SDN) List',
  xml: { name: 'consolidated.xml', export: 'CONSOLIDATED.XML' },
  csv: {
    primary: { name: 'cons_prim.csv', export: 'CONS_PRIM.CSV' },
    alt: { name: 'cons_alt.csv', export: 'CONS_ALT.CSV' },
    add: { name: 'cons_add.csv', export: 'CONS_ADD.CSV' },
    comments: { name: 'cons_comments.csv', export: 'CONS_COMMENTS.CSV' },
  },
});
