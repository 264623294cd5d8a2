// The lookup key of a wallet address (DESIGN §4): chains whose addresses are case-insensitive (EVM hex,
// bech32/bech32m, CashAddr) fold to lower case so no casing is ever missed; base58 stays exactly as written,
// because two base58 strings that differ only in case are two different addresses.
import { bech32, bech32m } from '@scure/base';

/** How an address is written, which decides whether its case matters. */
export type AddressScheme = 'evm' | 'bech32' | 'base58' | 'other';

/** An address's lookup key and the scheme that produced it. */
export interface CanonicalAddress {
  readonly key: string;
  readonly scheme: AddressScheme;
}

// Longer than BIP173's 90 so that longer bech32 addresses of other chains (Cardano's addr1…) fold too.
const MAX_BECH32_LENGTH = 128;
const EVM = /^0[xX][0-9a-fA-F]{40}$/;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{25,128}$/;
/** The 32 characters of bech32 and CashAddr, in value order. */
export const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const VALUES: Int8Array = (() => {
  const v = new Int8Array(128).fill(-1);
  for (let i = 0; i < BECH32_CHARSET.length; i++) v[BECH32_CHARSET.charCodeAt(i)] = i;
  return v;
})();
/** CashAddr prefixes recognised with or without the prefix written (bare payloads are read as mainnet). */
const CASHADDR_PREFIXES = ['bitcoincash', 'bchtest', 'bchreg'] as const;
const CASHADDR_MAINNET = 'bitcoincash';

// Lower-case form when the text is single-case (valid bech32 and CashAddr never mix cases), else null.
function singleCaseLower(text: string): string | null {
  const lower = text.toLowerCase();
  if (lower === text) return lower;
  return text.toUpperCase() === text ? lower : null;
}

// The 5-bit values of a lower-case data part, or null when a character is outside the bech32 charset.
function dataValues(data: string): number[] | null {
  const out: number[] = new Array<number>(data.length);
  for (let i = 0; i < data.length; i++) {
    const c = data.charCodeAt(i);
    const v = c < 128 ? VALUES[c]! : -1;
    if (v < 0) return null;
    out[i] = v;
  }
  return out;
}

/** True when a lower-case string is bech32 or bech32m (BIP173/BIP350) with a valid checksum, any HRP. */
export function isBech32(lower: string): boolean {
  return (
    bech32.decodeUnsafe(lower, MAX_BECH32_LENGTH) !== undefined ||
    bech32m.decodeUnsafe(lower, MAX_BECH32_LENGTH) !== undefined
  );
}

// CashAddr's 40-bit BCH checksum, held as an 8-bit high part and a 32-bit low part (bit operations are 32-bit).
const CASH_GEN_HI = [0x98, 0x79, 0xf3, 0xae, 0x1e] as const;
const CASH_GEN_LO = [0xf2bc8e61, 0xb76d99e2, 0x3e5fb3c4, 0x2eabe2a8, 0x4f43e470] as const;

/** True when a lower-case CashAddr payload (without its prefix) has a valid checksum for that prefix. */
export function isCashAddr(prefix: string, payload: string): boolean {
  if (payload.length < 8 || payload.length > 112) return false;
  const data = dataValues(payload);
  if (!data) return false;
  let hi = 0;
  let lo = 1;
  const step = (v: number) => {
    const c0 = hi >>> 3;
    hi = ((hi & 0x07) << 5) | (lo >>> 27);
    lo = ((lo << 5) ^ v) >>> 0;
    for (let i = 0; i < 5; i++) {
      if ((c0 >>> i) & 1) {
        hi ^= CASH_GEN_HI[i]!;
        lo = (lo ^ CASH_GEN_LO[i]!) >>> 0;
      }
    }
  };
  for (let i = 0; i < prefix.length; i++) step(prefix.charCodeAt(i) & 31);
  step(0);
  for (const v of data) step(v);
  return hi === 0 && lo === 1;
}

/**
 * The lookup key of an address, trimmed at the ends:
 * - `evm`: `0x` + 40 hex (any EVM chain: ETH, ETC, ARB, BSC, USDT/USDC on EVM) → lower case.
 * - `bech32`: single-case bech32/bech32m with a valid checksum (bc1…, ltc1…, tb1…, zs1…, any HRP) → lower
 *   case; CashAddr with a valid checksum → lower case with its prefix written (`bitcoincash:` for a bare
 *   payload, so `bitcoincash:qp…` and `qp…` are one key).
 * - `base58`: the base58 alphabet only, 25+ characters (BTC 1…/3…, TRON T…, XRP r…, LTC L…/M…, DASH X…,
 *   ZEC t1…/t3…, XMR 4…/8…, SOL) → exactly as written, never case-folded.
 * - `other`: anything else (including a bech32-looking string whose checksum fails) → exactly as written.
 * A checksum decides bech32 and CashAddr, so a base58 address can never be mistaken for one and case-folded.
 */
export function canonicalAddress(address: string): CanonicalAddress {
  const a = address.trim();
  if (a.length === 42 && EVM.test(a)) return { key: '0x' + a.slice(2).toLowerCase(), scheme: 'evm' };

  const lower = singleCaseLower(a);
  if (lower !== null) {
    const colon = lower.indexOf(':');
    if (colon > 0) {
      const prefix = lower.slice(0, colon);
      if (
        (CASHADDR_PREFIXES as readonly string[]).includes(prefix) &&
        isCashAddr(prefix, lower.slice(colon + 1))
      )
        return { key: lower, scheme: 'bech32' };
    } else {
      if (isBech32(lower)) return { key: lower, scheme: 'bech32' };
      if (isCashAddr(CASHADDR_MAINNET, lower))
        return { key: `${CASHADDR_MAINNET}:${lower}`, scheme: 'bech32' };
    }
  }
  if (BASE58.test(a)) return { key: a, scheme: 'base58' };
  return { key: a, scheme: 'other' };
}
