// The wallet listings of a parsed list entry, built the same way for the loader, the benchmark and tests.
import type { ListEntry } from '../lists/list-source.js';
import type { WalletListing } from './wallet-index.js';

/**
 * One listing per published wallet of an entry. A party list (`names`, e.g. ofac_sdn) names the entity
 * behind the address, `info` is its slug and `entityUid` its numeric id when the id is numeric; a wallet-only
 * source (`wallets`) gives its `record.info` and no entity (the address is listed on its own).
 */
export function walletListings(entry: ListEntry, purpose: 'names' | 'wallets'): WalletListing[] {
  const wallets = entry.wallets ?? [];
  if (wallets.length === 0) return [];
  if (purpose === 'names') {
    const entity = {
      id: `${entry.list}:${entry.sourceUid}`,
      name: entry.name,
      list: entry.list,
      source_uid: entry.sourceUid,
    };
    const entityUid = /^\d+$/.test(entry.sourceUid) ? Number(entry.sourceUid) : null;
    return wallets.map((w) => ({
      address: w.address,
      network: w.network,
      source: entry.list,
      info: entry.list,
      entity,
      entityUid,
    }));
  }
  const info = typeof entry.record.info === 'string' ? entry.record.info : `listed on ${entry.list}`;
  return wallets.map((w) => ({
    address: w.address,
    network: w.network,
    source: entry.list,
    info,
    entity: null,
    entityUid: null,
  }));
}
