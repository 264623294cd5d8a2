// CashAddr (Bitcoin Cash): `bitcoincash:` + payload, or the payload alone, with a 40-bit BCH checksum over
// the prefix and payload. No kept npm library computes it (cashaddrjs was last published in 2019 with a
// pinned dependency), so the checksum is the project's own, tested against the specification's vectors.
import { BECH32_CHARSET, isCashAddr } from '../canonical-address.js';
import { invalid, VALID, type AddressFormat } from './address-format.js';

/** CashAddr prefixes of Bitcoin Cash, with the network each names. */
export const CASHADDR_PREFIXES: ReadonlyMap<string, string> = new Map([
  ['bitcoincash', 'Bitcoin Cash'],
  ['bchtest', 'Bitcoin Cash testnet'],
  ['bchreg', 'Bitcoin Cash regtest'],
]);
// A bare mainnet payload: version q (P2PKH) or p (P2SH), 42 characters for a 20-byte hash, 61 for 32 bytes.
const BARE = /^[qp][02-9ac-hj-np-z]{41}(?:[02-9ac-hj-np-z]{19})?$/i;

/**
 * `bitcoincash:` (or `bchtest:`, `bchreg:`) followed by anything, and a bare payload of CashAddr's shape,
 * are CashAddr attempts: one case throughout, CashAddr characters only, and a valid checksum.
 */
export const cashAddr: AddressFormat = {
  name: 'CashAddr',
  networks: ['BCH'],
  check(address) {
    const colon = address.indexOf(':');
    const prefix = colon > 0 ? address.slice(0, colon).toLowerCase() : 'bitcoincash';
    const network = CASHADDR_PREFIXES.get(prefix);
    if (network === undefined || (colon < 0 && !BARE.test(address))) return null;
    const lower = address.toLowerCase();
    if (lower !== address && address.toUpperCase() !== address)
      return invalid(
        `not a ${network} address: CashAddr mixes upper and lower case here; it is written all in one case`,
      );
    const payload = lower.slice(colon + 1);
    const bad = [...payload].find((c) => !BECH32_CHARSET.includes(c));
    if (bad !== undefined)
      return invalid(
        `not a ${network} address: '${bad}' is not a CashAddr character (CashAddr never uses 1, b, i or o)`,
      );
    return isCashAddr(prefix, payload)
      ? VALID
      : invalid(`CashAddr checksum fails: a typo? (read as a ${network} address)`);
  },
};
