// The registry of address formats wallet screening validates, and the one check that loops over them.
import type { AddressFormat } from './address-format.js';
import { base58checkAddress } from './base58check-address.js';
import { bech32Address } from './bech32-address.js';
import { cashAddr } from './cashaddr-address.js';
import { evmAddress } from './evm-address.js';
import { moneroAddress } from './monero-address.js';
import { notAnAddress } from './not-an-address.js';
import { solanaAddress } from './solana-address.js';
import { xrpAddress } from './xrp-address.js';

/**
 * In the order they are asked: the first format that claims a string judges it. Formats with a prefix or a
 * shape of their own come before base58check, and Solana (any 32-byte base58) comes last.
 */
export const ADDRESS_FORMATS = [
  evmAddress,
  cashAddr,
  bech32Address,
  xrpAddress,
  moneroAddress,
  base58checkAddress,
  solanaAddress,
] as const satisfies readonly AddressFormat[];

/** What the format check says about one address. */
export interface AddressCheck {
  /** The format that judged it (`EVM (EIP-55)`, `base58check`...); null when none claims it. */
  readonly format: string | null;
  /**
   * What is wrong, ready to show (`bech32 checksum fails: a typo? (...)`, `not a wallet address: contains a
   * space`); null when the address is valid in its format, or of a format we do not know.
   */
  readonly problem: string | null;
}

/**
 * Checks a trimmed address: first that it could be an address on some supported chain at all, then the
 * first format that claims it. A string no format claims is of a format we do not know: no problem, and
 * wallet screening looks it up exactly.
 */
export function checkAddressFormat(address: string): AddressCheck {
  const notAddress = notAnAddress(address);
  if (notAddress !== null) return { format: null, problem: `not a wallet address: ${notAddress}` };
  for (const format of ADDRESS_FORMATS) {
    const verdict = format.check(address);
    if (verdict !== null) return { format: format.name, problem: verdict.valid ? null : verdict.problem };
  }
  return { format: null, problem: null };
}
