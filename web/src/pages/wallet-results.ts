// What each wallet result means for the analyst: listed, invalid (not a valid address, so not screened) or clear,
// the order they are shown in (listed first, then invalid, then clear), and the CSV rows of a download.
import type { WalletResult } from '../api/api-types.ts';

export type WalletStatus = 'listed' | 'invalid' | 'clear';

/** A result is clear only when it is unlisted and carries no info (an unlisted one with info was invalid). */
export const walletStatus = (r: WalletResult): WalletStatus =>
  r.listed ? 'listed' : r.info !== null ? 'invalid' : 'clear';

const ORDER: Record<WalletStatus, number> = { listed: 0, invalid: 1, clear: 2 };

/** Listed first, then invalid, then clear; within each, the order submitted (the API keeps it). */
export const sortWalletResults = (results: readonly WalletResult[]): WalletResult[] =>
  [...results].sort((a, b) => ORDER[walletStatus(a)] - ORDER[walletStatus(b)]);

export const WALLETS_CSV_HEADER = [
  'address',
  'status',
  'listed',
  'network',
  'info',
  'entity_uid',
  'entity_id',
  'entity_name',
  'entity_list',
] as const;

export const walletsCsvRows = (results: readonly WalletResult[]): unknown[][] =>
  results.map((r) => [
    r.address,
    walletStatus(r),
    r.listed,
    r.network,
    r.info,
    r.entity_uid,
    r.entity?.id,
    r.entity?.name,
    r.entity?.list,
  ]);
