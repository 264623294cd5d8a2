// bech32 and bech32m addresses (BIP173, BIP350) of the chains the lists carry: Bitcoin and Litecoin segwit
// (bc1, tb1, ltc1...), checked for their checksum and the segwit rules, and bech32 addresses without segwit
// (Zcash Sapling zs1, BNB Beacon Chain bnb1), checked for their checksum.
import { base58, bech32, bech32m } from '@scure/base';
import { BECH32_CHARSET } from '../canonical-address.js';
import { invalid, VALID, type AddressFormat, type FormatVerdict } from './address-format.js';

/** Human-readable parts of segwit addresses, with the chain each names. */
const SEGWIT: ReadonlyMap<string, string> = new Map([
  ['bc', 'Bitcoin'],
  ['tb', 'Bitcoin testnet'],
  ['bcrt', 'Bitcoin regtest'],
  ['ltc', 'Litecoin'],
  ['tltc', 'Litecoin testnet'],
  ['rltc', 'Litecoin regtest'],
]);
/** Human-readable parts of bech32 addresses that are not segwit. */
const PLAIN: ReadonlyMap<string, string> = new Map([
  ['zs', 'Zcash Sapling'],
  ['bnb', 'BNB Beacon Chain'],
]);
// Long enough for any address on the chains above (a Zcash Sapling address has 78 characters).
const LENGTH_LIMIT = 128;

// A base58 string of 32 bytes is a Solana address: the rare one whose text begins like `bc1` is left to it.
function isSolanaShaped(address: string): boolean {
  try {
    return base58.decode(address).length === 32;
  } catch {
    return false;
  }
}

function segwit(lower: string, chain: string): FormatVerdict {
  const sep = lower.lastIndexOf('1');
  const version = BECH32_CHARSET.indexOf(lower[sep + 1] ?? '');
  const expected = version === 0 ? bech32 : bech32m;
  const [want, other] = version === 0 ? ['bech32', 'bech32m'] : ['bech32m', 'bech32'];
  const decoded = expected.decodeUnsafe(lower, LENGTH_LIMIT);
  if (!decoded) {
    const otherDecoder = version === 0 ? bech32m : bech32;
    return otherDecoder.decodeUnsafe(lower, LENGTH_LIMIT)
      ? invalid(
          `not a valid ${chain} segwit address: witness version ${version} uses ${want}, but this has a ${other} checksum`,
        )
      : invalid(`${want} checksum fails: a typo? (read as a ${chain} segwit address)`);
  }
  if (version > 16)
    return invalid(`not a valid ${chain} segwit address: witness version ${version} (at most 16)`);
  const program = bech32.fromWordsUnsafe(decoded.words.slice(1));
  if (!program) return invalid(`not a valid ${chain} segwit address: the witness program has bad padding`);
  const n = program.length;
  if (version === 0 && n !== 20 && n !== 32)
    return invalid(`not a valid ${chain} segwit address: a version 0 program has 20 or 32 bytes, not ${n}`);
  if (n < 2 || n > 40)
    return invalid(`not a valid ${chain} segwit address: a witness program has 2 to 40 bytes, not ${n}`);
  return VALID;
}

/**
 * A string whose part before its last `1` is one of the human-readable parts above is an attempt at that
 * chain's address: it must be written in one case, use only bech32 characters, and pass its checksum
 * (segwit addresses: bech32 for witness version 0, bech32m for 1 to 16, and the program lengths of BIP141).
 * bech32 with any other human-readable part is not this format: wallet screening folds its case
 * (canonical-address.ts) and looks it up.
 */
export const bech32Address: AddressFormat = {
  name: 'bech32/bech32m',
  networks: ['BTC', 'LTC', 'ZEC', 'BNB'],
  check(address) {
    const sep = address.lastIndexOf('1');
    if (sep < 1) return null;
    const hrp = address.slice(0, sep).toLowerCase();
    const chain = SEGWIT.get(hrp) ?? PLAIN.get(hrp);
    if (chain === undefined) return null;
    const lower = address.toLowerCase();
    const data = lower.slice(sep + 1);
    const bad = [...data].find((c) => !BECH32_CHARSET.includes(c));
    const mixed = lower !== address && address.toUpperCase() !== address;
    if ((bad !== undefined || mixed) && isSolanaShaped(address)) return null;
    if (bad !== undefined)
      return invalid(
        `not a ${chain} address: '${bad}' is not a bech32 character (bech32 never uses 1, b, i or o after the separator)`,
      );
    if (mixed)
      return invalid(
        `not a ${chain} address: bech32 mixes upper and lower case here; it is written all in one case`,
      );
    if (data.length < 6) return invalid(`not a ${chain} address: too short for a bech32 checksum`);
    if (SEGWIT.has(hrp)) return segwit(lower, chain);
    return bech32.decodeUnsafe(lower, LENGTH_LIMIT) || bech32m.decodeUnsafe(lower, LENGTH_LIMIT)
      ? VALID
      : invalid(`bech32 checksum fails: a typo? (read as a ${chain} address)`);
  },
};
