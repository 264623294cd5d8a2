// XRP Ledger addresses: classic `r…` and X-addresses, base58check in the XRP Ledger's own alphabet (the same
// double-SHA256 checksum as Bitcoin's, over other digits).
import { sha256 } from '@noble/hashes/sha2.js';
import { base58xrp } from '@scure/base';
import { invalid, VALID, type AddressFormat } from './address-format.js';

const XRP_ALPHABET = /^[rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz]+$/;
// Classic: `r` + 24 to 34 characters. X-address: 47 characters, X (mainnet) or T (testnet).
const CLASSIC = /^r.{24,34}$/;
const X_ADDRESS = /^[XT].{46}$/;

function checksumHolds(bytes: Uint8Array): boolean {
  const payload = bytes.subarray(0, -4);
  const sum = sha256(sha256(payload));
  return bytes.length > 4 && sum.subarray(0, 4).every((b, i) => b === bytes[payload.length + i]);
}

/**
 * `r` + 24 to 34 characters of the XRP alphabet is a classic address attempt (a version 0 byte, 20 bytes,
 * a checksum); 47 characters starting X or T is an X-address attempt (35 bytes with its tag). Either must
 * decode to its length and pass its checksum.
 */
export const xrpAddress: AddressFormat = {
  name: 'XRP Ledger',
  networks: ['XRP'],
  check(address) {
    const classic = CLASSIC.test(address);
    if (!(classic || X_ADDRESS.test(address)) || !XRP_ALPHABET.test(address)) return null;
    let bytes: Uint8Array;
    try {
      bytes = base58xrp.decode(address);
    } catch {
      return null;
    }
    const ok = classic
      ? bytes.length === 25 && bytes[0] === 0
      : bytes.length === 35 &&
        ((bytes[0] === 0x05 && bytes[1] === 0x44) || (bytes[0] === 0x04 && bytes[1] === 0x93));
    if (!ok) {
      // An X/T string of 47 characters that is not an X-address may be another chain's: not this format.
      if (!classic) return null;
      return invalid('XRP checksum fails: a typo? (read as an XRP Ledger classic address, r…)');
    }
    return checksumHolds(bytes)
      ? VALID
      : invalid(
          `XRP checksum fails: a typo? (read as an XRP Ledger ${classic ? 'classic address, r…' : 'X-address'})`,
        );
  },
};
