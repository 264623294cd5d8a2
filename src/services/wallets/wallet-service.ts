// Wallet screening use cases: gate on loaded wallet sources (fail closed), look up exactly, and only then
// check the address's format, so that a format problem turns a would-be "clear" into an error, never a hit.
import type { BasisSink, ListVersionRef } from '../../domain/usage.js';
import type { WalletLookup, WalletResult } from '../../domain/wallets.js';
import { basisOf } from '../usage/screening-basis.js';
import { badRequest, ListsNotLoadedError } from '../../errors.js';
import { beyondAddressLimits, checkAddressFormat } from '../../wallets/address-formats/index.js';
import { parseAddressList, requireAddress } from './address-list.js';

/** Starts the `info` of a bulk result whose address is not valid, and the message of the single 400. */
export const INVALID_ADDRESS = 'invalid address: ';

/** The bulk result with its summary counts; `screened` = `listed` + `clear` + `invalid`. */
export interface BulkWalletOutcome {
  readonly results: WalletResult[];
  readonly summary: { screened: number; listed: number; clear: number; invalid: number };
}

export class WalletService {
  /** Set by the wallet loader once every wallet source has loaded; swapped atomically on refresh. */
  lookupIndex: WalletLookup | null = null;
  /** The list versions `lookupIndex` was built from; set with it, in the same turn. */
  lookupLists: readonly ListVersionRef[] = [];
  /** Wallet sources not loaded yet, named in the 503 while the index is missing. */
  missing: readonly string[] = [];

  constructor(private readonly opts: { maxBulkItems: number }) {}

  /**
   * A listed address is reported whatever its format; an unlisted one that is not valid is a 400. Only the
   * request limits (blank, whitespace inside, over 128 characters) are checked before the lookup, as no
   * listing can meet them.
   */
  screen(address: string, sink?: BasisSink): WalletResult {
    const a = requireAddress('address', address);
    const beyond = beyondAddressLimits(a);
    if (beyond !== null) throw badRequest(`${INVALID_ADDRESS}not a wallet address: ${beyond}`);
    const result = this.#index().lookup(a);
    const basis = basisOf(this.lookupLists);
    if (!result.listed) {
      const { problem } = checkAddressFormat(a);
      if (problem !== null) throw badRequest(INVALID_ADDRESS + problem);
    }
    if (sink) sink.basis = basis;
    return result;
  }

  /**
   * Every address gets its result in submitted order, and a bad one does not fail the batch: an unlisted
   * address that is not valid has `listed` false and `info` "invalid address: <problem>", and is counted in
   * `summary.invalid`, never in `clear`.
   */
  screenMany(addresses: string, sink?: BasisSink): BulkWalletOutcome {
    const list = parseAddressList(addresses, this.opts.maxBulkItems);
    const index = this.#index();
    if (sink) sink.basis = basisOf(this.lookupLists);
    let listed = 0;
    let invalid = 0;
    const results = list.map((a): WalletResult => {
      const result = index.lookup(a);
      if (result.listed) {
        listed++;
        return result;
      }
      const { problem } = checkAddressFormat(a);
      if (problem === null) return result;
      invalid++;
      return { ...result, info: INVALID_ADDRESS + problem };
    });
    return {
      results,
      summary: { screened: results.length, listed, clear: results.length - listed - invalid, invalid },
    };
  }

  #index(): WalletLookup {
    if (!this.lookupIndex || this.missing.length > 0)
      throw new ListsNotLoadedError(this.missing.length > 0 ? this.missing : ['wallet index']);
    return this.lookupIndex;
  }
}
