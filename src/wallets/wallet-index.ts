// The exact-lookup index behind wallet screening: one Map from canonical address key to the winning listing,
// built once per set of list versions and swapped whole. Never fuzzy: an address matches a listing only when
// it is the same address (DESIGN §4), or when the spec's lowercase probe says so.
import type { WalletLookup, WalletResult } from '../domain/wallets.js';
import { canonicalAddress } from './canonical-address.js';
import { resultNetwork } from './networks.js';

/** One published address on one source, as the wallet loader hands it over. */
export interface WalletListing {
  /** As published (checksummed EVM, base58 case, etc. kept). */
  address: string;
  /** The publisher's label (XBT, ETH, bitcoin...); normalised when the index is built. */
  network: string;
  /** Source list slug; decides precedence. */
  source: string;
  /** Why it is flagged: a list slug (`ofac_sdn`) or a free-text reason. */
  info: string;
  entity: { id: string; name: string; list: string; source_uid: string } | null;
  entityUid: number | null;
}

/** The lookup plus figures for health pages and benchmarks. */
export interface WalletIndex extends WalletLookup {
  /** Distinct addresses (canonical keys) held. */
  readonly size: number;
  /** Listings read, duplicates and lower-precedence copies included. */
  readonly listingCount: number;
}

// What a hit returns besides the address as sent; rank orders sources (lower wins).
interface Hit {
  readonly rank: number;
  readonly network: string;
  readonly info: string;
  readonly entity_uid: number | null;
  readonly entity: WalletResult['entity'];
}

/**
 * Builds the index. Each listing is stored under its canonical key (EVM and bech32 lower-cased, base58
 * exact). When several listings share a key (the same address on several sources, or twice on one source)
 * exactly one is kept: the one whose source comes first in `sourcePriority` (`ofac_sdn` first); a source not
 * in `sourcePriority` ranks after every named one, in order of first appearance; between equals the first
 * listing read wins (the publisher's order, so an OFAC entry's first ticker for an address is reported).
 *
 * `lookup(address)` probes two keys and returns the higher-precedence hit:
 * 1. the canonical key of the address as sent: an exact match, or the same EVM/bech32 address in any casing;
 * 2. the address lower-cased (the spec's rule: a listing stored in lowercase matches any casing sent). This
 *    probe is compared with listings' keys, which for base58 are the address exactly as published, so it only
 *    finds a base58 listing that is itself all lowercase: a mixed-case base58 listing (every real one) is
 *    matched by its exact string only, and a case-changed base58 address never matches it.
 */
export function buildWalletIndex(
  listings: Iterable<WalletListing>,
  sourcePriority: readonly string[],
): WalletIndex {
  const ranks = new Map<string, number>(sourcePriority.map((s, i) => [s, i] as const));
  const rankOf = (source: string): number => {
    let r = ranks.get(source);
    if (r === undefined) {
      r = ranks.size;
      ranks.set(source, r);
    }
    return r;
  };

  const byKey = new Map<string, Hit>();
  let listingCount = 0;
  for (const l of listings) {
    listingCount++;
    const rank = rankOf(l.source);
    const key = canonicalAddress(l.address).key;
    const held = byKey.get(key);
    if (held && held.rank <= rank) continue;
    byKey.set(
      key,
      Object.freeze({
        rank,
        network: resultNetwork(l.network, l.address),
        info: l.info,
        entity_uid: l.entityUid,
        entity: l.entity ? Object.freeze({ ...l.entity }) : null,
      }),
    );
  }

  return {
    size: byKey.size,
    listingCount,
    lookup(address: string): WalletResult {
      const sent = address.trim();
      let hit = byKey.get(canonicalAddress(sent).key);
      const byLower = byKey.get(sent.toLowerCase());
      if (byLower !== undefined && (hit === undefined || byLower.rank < hit.rank)) hit = byLower;
      if (hit === undefined)
        return { address, listed: false, network: null, info: null, entity_uid: null, entity: null };
      return {
        address,
        listed: true,
        network: hit.network,
        info: hit.info,
        entity_uid: hit.entity_uid,
        entity: hit.entity,
      };
    },
  };
}
