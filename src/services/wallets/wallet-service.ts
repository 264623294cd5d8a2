// Wallet screening use cases: validate, gate on loaded wallet sources (fail closed), look up exactly.
import type { WalletLookup, WalletResult } from '../../domain/wallets.js';
import { ListsNotLoadedError } from '../../errors.js';
import { checkAddress, parseAddressList } from './address-list.js';

/** The bulk result with its summary counts. */
export interface BulkWalletOutcome {
  readonly results: WalletResult[];
  readonly summary: { screened: number; listed: number; clear: number };
}

export class WalletService {
  /** Set by the wallet loader once every wallet source has loaded; swapped atomically on refresh. */
  lookupIndex: WalletLookup | null = null;
  /** Wallet sources not loaded yet, named in the 503 while the index is missing. */
  missing: readonly string[] = [];

  constructor(private readonly opts: { maxBulkItems: number }) {}

  screen(address: string): WalletResult {
    const a = checkAddress('address', address);
    return this.#index().lookup(a);
  }

  screenMany(addresses: string): BulkWalletOutcome {
    const list = parseAddressList(addresses, this.opts.maxBulkItems);
    const index = this.#index();
    const results = list.map((a) => index.lookup(a));
    const listed = results.filter((r) => r.listed).length;
    return { results, summary: { screened: results.length, listed, clear: results.length - listed } };
  }

  #index(): WalletLookup {
    if (!this.lookupIndex || this.missing.length > 0)
      throw new ListsNotLoadedError(this.missing.length > 0 ? this.missing : ['wallet index']);
    return this.lookupIndex;
  }
}
