// Monero addresses: a network byte, the public spend and view keys (and an 8-byte payment id in an
// integrated address), and a 4-byte keccak-256 checksum, in Monero's block-wise base58.
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58xmr } from '@scure/base';
import { invalid, VALID, type AddressFormat } from './address-format.js';

// Mainnet: standard and integrated addresses start with 4, subaddresses with 8; 95 characters, 106 integrated.
const SHAPE = /^[48][1-9A-HJ-NP-Za-km-z]{94}(?:[1-9A-HJ-NP-Za-km-z]{11})?$/;
/** Network bytes of mainnet standard (18), integrated (19) and subaddress (42) addresses. */
const NETWORK_BYTES = new Set([18, 19, 42]);

/**
 * A mainnet-shaped string (4 or 8, then 94 or 105 base58 characters) is a Monero address attempt: it must
 * decode, carry a mainnet network byte, and pass its keccak-256 checksum.
 */
export const moneroAddress: AddressFormat = {
  name: 'Monero',
  networks: ['XMR'],
  check(address) {
    if (!SHAPE.test(address)) return null;
    let bytes: Uint8Array;
    try {
      bytes = base58xmr.decode(address);
    } catch {
      return invalid('not a Monero address: it does not decode as Monero base58 (a typo?)');
    }
    const payload = bytes.subarray(0, -4);
    const sum = keccak_256(payload).subarray(0, 4);
    const holds = sum.every((b, i) => b === bytes[payload.length + i]);
    if (!holds) return invalid('Monero checksum fails: a typo?');
    return NETWORK_BYTES.has(bytes[0] ?? -1)
      ? VALID
      : invalid(`not a Monero mainnet address: network byte ${bytes[0]} (a typo?)`);
  },
};
