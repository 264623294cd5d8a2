// EVM addresses (Ethereum and the EVM chains the lists carry): 0x + 40 hex digits, checked with EIP-55 when
// written in mixed case. A single-case address carries no checksum, so there is nothing to check.
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { invalid, VALID, type AddressFormat } from './address-format.js';

const HEX = /^[0-9a-fA-F]+$/;

/** The EIP-55 spelling of 40 hex digits: a letter is upper case where the keccak-256 nibble is 8 or more. */
export function eip55(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '';
  for (let i = 0; i < lower.length; i++)
    out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  return out;
}

/**
 * `0x` + 40 characters is an EVM address attempt: a non-hex character, or a mixed-case spelling that is not
 * EIP-55's, is a problem. `0x` + 39 or 41 hex digits is a digit dropped or doubled: no chain writes
 * addresses that long (Aptos, Sui and Starknet use 64 digits, or 1 for their system addresses). Any other
 * `0x` string (a 64-digit hash or address) is not this format and is looked up exactly.
 */
export const evmAddress: AddressFormat = {
  name: 'EVM (EIP-55)',
  networks: ['ETH', 'ETC', 'ARB', 'BSC', 'BNB', 'USDT', 'USDC'],
  check(address) {
    if (!/^0[xX]/.test(address)) return null;
    const body = address.slice(2);
    if (body.length === 40) {
      const bad = body.search(/[^0-9a-fA-F]/);
      if (bad >= 0)
        return invalid(
          `not an EVM address: '${body[bad]}' (character ${bad + 3}) is not a hex digit (0-9, a-f)`,
        );
      if (body === body.toLowerCase() || body === body.toUpperCase()) return VALID;
      return eip55(body) === body
        ? VALID
        : invalid(
            'EIP-55 checksum fails: a typo? (the address mixes upper and lower case but the case pattern is wrong)',
          );
    }
    if ((body.length === 39 || body.length === 41) && HEX.test(body))
      return invalid(
        `not an EVM address: 0x followed by ${body.length} hex digits; EVM addresses have 40 (a digit dropped or doubled?)`,
      );
    return null;
  },
};
