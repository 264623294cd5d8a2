// Base58check addresses of the Bitcoin family and TRON: a version byte (two for Zcash), a 20-byte hash and
// a 4-byte double-SHA256 checksum, in Bitcoin's base58 alphabet.
import { sha256 } from '@noble/hashes/sha2.js';
import { base58, createBase58check } from '@scure/base';
import { invalid, VALID, type AddressFormat } from './address-format.js';

const checked = createBase58check(sha256);

/**
 * Version prefixes (hex) of the chains the lists carry, with what each address is. Only these are read as
 * base58check: other chains write 25- or 26-byte base58 with other checksums (Decred, Waves, Groestlcoin),
 * so a string with another version is not this format and is looked up exactly.
 */
export const BASE58CHECK_VERSIONS: ReadonlyMap<string, string> = new Map([
  ['00', 'Bitcoin P2PKH (or Bitcoin Cash / Bitcoin SV legacy)'],
  ['05', 'Bitcoin P2SH (or Litecoin / Bitcoin Cash / Bitcoin SV legacy)'],
  ['6f', 'Bitcoin testnet P2PKH'],
  ['c4', 'Bitcoin testnet P2SH'],
  ['30', 'Litecoin P2PKH'],
  ['32', 'Litecoin P2SH'],
  ['1e', 'Dogecoin or Verge P2PKH'],
  ['16', 'Dogecoin P2SH'],
  ['21', 'Verge P2SH'],
  ['4c', 'Dash P2PKH'],
  ['10', 'Dash P2SH'],
  ['26', 'Bitcoin Gold P2PKH'],
  ['17', 'Bitcoin Gold P2SH'],
  ['41', 'TRON'],
  ['1cb8', 'Zcash transparent P2PKH (t1)'],
  ['1cbd', 'Zcash transparent P2SH (t3)'],
  ['1d25', 'Zcash testnet P2PKH (tm)'],
  ['1cba', 'Zcash testnet P2SH (t2)'],
]);

// A leading 1 is a leading zero byte, Bitcoin's P2PKH version: 26 to 35 characters so written are a P2PKH
// attempt whatever length they decode to, unless they decode to a 32-byte Solana key (a key starting with 1
// is 44 characters long unless it is mostly zero bytes, as the system program's 32 ones are).
const P2PKH_SHAPE = /^1[1-9A-HJ-NP-Za-km-z]{25,34}$/;

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/**
 * A base58 string that decodes to 25 bytes with a version above (26 with a two-byte Zcash version) is read
 * as that address, and must pass its checksum. A one-character slip keeps the length and nearly always the
 * version, so it is caught. A dropped or added character changes the length: a string starting with 1 is
 * still a Bitcoin P2PKH attempt and is caught; any other is then looked up exactly (the format can no
 * longer tell it from another chain's address).
 */
export const base58checkAddress: AddressFormat = {
  name: 'base58check',
  networks: ['BTC', 'LTC', 'BCH', 'BSV', 'BTG', 'DASH', 'DOGE', 'XVG', 'ZEC', 'TRX', 'USDT'],
  check(address) {
    let bytes: Uint8Array;
    try {
      bytes = base58.decode(address);
    } catch {
      return null;
    }
    const version =
      bytes.length === 25 ? hex(bytes.subarray(0, 1)) : bytes.length === 26 ? hex(bytes.subarray(0, 2)) : '';
    const what = BASE58CHECK_VERSIONS.get(version);
    if (what === undefined)
      return P2PKH_SHAPE.test(address) && bytes.length !== 32
        ? invalid(
            `not a valid Bitcoin P2PKH address (1…): it decodes to ${bytes.length} bytes, not 25 (a character dropped or added, or a letter in the wrong case?)`,
          )
        : null;
    try {
      checked.decode(address);
      return VALID;
    } catch {
      return invalid(
        `base58check checksum fails: a typo? (read as a ${what} address; base58 is case-sensitive, so a letter in the wrong case is a different address)`,
      );
    }
  },
};
