// Builds the wallet index from the current versions of the OFAC SDN list and the wallet-only sources, and
// swaps it into wallet screening whenever one of them changes. Until all have loaded, screening fails closed.
import type { ListSource } from '../../lists/list-source.js';
import type { ListService } from '../lists/list-service.js';
import type { Store } from '../../store/store.js';
import { buildWalletIndex, type WalletListing } from '../../wallets/wallet-index.js';
import { walletListings } from '../../wallets/wallet-listings.js';
import type { WalletService } from './wallet-service.js';

/** The list whose parties' published addresses are the sanctioned wallets; it comes first in precedence. */
export const SDN_SLUG = 'ofac_sdn';

/** Which sources feed wallet screening in this deployment, in precedence order (SDN first). */
export function walletFeeds(sources: readonly ListSource[]): string[] {
  const wallets = sources.filter((s) => s.purpose === 'wallets').map((s) => s.slug);
  return sources.some((s) => s.slug === SDN_SLUG) ? [SDN_SLUG, ...wallets] : wallets;
}

export class WalletLoader {
  constructor(
    private readonly store: Store,
    private readonly lists: ListService,
    private readonly wallets: WalletService,
    private readonly feeds: readonly string[],
  ) {
    wallets.missing = [...feeds];
  }

  /** Rebuilds when a feed changed; a no-op for other lists. */
  async onListsChanged(changed: readonly string[]): Promise<void> {
    if (!changed.some((s) => this.feeds.includes(s))) return;
    await this.rebuild();
  }

  async rebuild(): Promise<void> {
    const missing = this.feeds.filter((s) => this.lists.currentVersion(s) === undefined);
    this.wallets.missing = missing;
    if (missing.length > 0 || this.feeds.length === 0) return;
    const listings: WalletListing[] = [];
    // Read once, before the loads: the index is built from, and its usage records name, exactly these versions.
    const refs = this.feeds.map((slug) => this.lists.servedVersion(slug)!);
    for (const { slug, version_id } of refs) {
      const entries = await this.store.loadWalletEntries(version_id);
      const purpose = slug === SDN_SLUG ? 'names' : 'wallets';
      for (const e of entries) listings.push(...walletListings(e, purpose));
    }
    // Built aside, then swapped in one assignment: calls in flight finish on the previous index.
    this.wallets.lookupIndex = buildWalletIndex(listings, this.feeds);
    this.wallets.lookupLists = refs;
  }
}
