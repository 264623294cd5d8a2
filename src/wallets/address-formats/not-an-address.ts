// What no supported chain's address can be, whatever its format: whitespace or a character outside
// letters and digits, a `scheme:` prefix other than CashAddr's, or a length outside every format's.
import { isCashAddr } from '../canonical-address.js';
import { CASHADDR_PREFIXES } from './cashaddr-address.js';

/** The shortest address on a supported chain: a 2-byte segwit program, `bc1pfeessrawgf`. */
export const MIN_ADDRESS_LENGTH = 14;
/** Longer than any supported address (a Monero integrated address has 106, a CashAddr up to 124). */
export const MAX_ADDRESS_LENGTH = 128;

// How a character is named in a message: printable ASCII quoted, anything else by its code point.
function shown(c: string): string {
  const code = c.codePointAt(0)!;
  return code > 0x20 && code < 0x7f ? `'${c}'` : `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Whitespace inside, or more than 128 characters: the request limits on an address, which no listing can
 * meet either (publishers' addresses are read between whitespace), so they are checked before any lookup.
 */
export function beyondAddressLimits(address: string): string | null {
  const space = address.match(/\s/u);
  if (space)
    return space[0] === ' '
      ? 'contains a space (no address has whitespace inside)'
      : `contains whitespace (${shown(space[0])})`;
  if (address.length > MAX_ADDRESS_LENGTH)
    return `${address.length} characters; at most ${MAX_ADDRESS_LENGTH} (no supported chain's address is longer)`;
  return null;
}

/**
 * Why a trimmed string cannot be an address on any supported chain, or null when it might be one. Every
 * supported format writes letters and digits only, plus CashAddr's `bitcoincash:` prefix. A `scheme:`
 * prefix of another network is still accepted when its CashAddr checksum holds (eCash's `ecash:`), since
 * that is an address of a format we do not validate.
 */
export function notAnAddress(address: string): string | null {
  const limits = beyondAddressLimits(address);
  if (limits !== null) return limits;
  const other = address.match(/[^A-Za-z0-9:]/u);
  if (other)
    return `contains ${shown(other[0])}, which no supported chain's addresses use (letters and digits only)`;
  const colon = address.indexOf(':');
  if (colon >= 0) {
    const prefix = address.slice(0, colon).toLowerCase();
    const rest = address.slice(colon + 1).toLowerCase();
    if (!CASHADDR_PREFIXES.has(prefix) && !(prefix !== '' && isCashAddr(prefix, rest)))
      return `'${address.slice(0, colon + 1)}' is not part of an address on a supported chain (only CashAddr writes a prefix, bitcoincash:): send the address alone`;
  }
  if (address.length < MIN_ADDRESS_LENGTH)
    return `${address.length} characters; the shortest address on a supported chain has ${MIN_ADDRESS_LENGTH}`;
  return null;
}
