import { describe, expect, it } from 'vitest';
import { canonicalAddress, isBech32, isCashAddr } from './canonical-address.js';

// A reference bech32/bech32m encoder (BIP173/BIP350), to make valid addresses for any HRP in tests.
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
function polymod(values: number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i]!;
  }
  return chk;
}
function encode(hrp: string, data: number[], bech32m = false): string {
  const expanded = [...hrp].map((c) => c.charCodeAt(0) >> 5);
  expanded.push(0, ...[...hrp].map((c) => c.charCodeAt(0) & 31));
  const pm = polymod([...expanded, ...data, 0, 0, 0, 0, 0, 0]) ^ (bech32m ? 0x2bc830a3 : 1);
  const checksum = [0, 1, 2, 3, 4, 5].map((i) => (pm >> (5 * (5 - i))) & 31);
  return `${hrp}1${[...data, ...checksum].map((v) => CHARSET[v]).join('')}`;
}
// Deterministic pseudo-random 5-bit values.
const fives = (seed: number, n: number) =>
  Array.from({ length: n }, (_, i) => (seed * 7919 + i * 104729) % 32);

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const base58 = (seed: number, prefix: string, length: number) =>
  prefix +
  Array.from(
    { length: length - prefix.length },
    (_, i) => BASE58_ALPHABET[(seed * 131 + i * 37 + i * i) % 58],
  ).join('');

describe('canonicalAddress: EVM hex', () => {
  it('folds a checksummed, lowercase or uppercase address to one lowercase key', () => {
    const checksummed = '0x52908400098527886E0F7030069857D2E4169EE7';
    const key = '0x52908400098527886e0f7030069857d2e4169ee7';
    expect(canonicalAddress(checksummed)).toEqual({ key, scheme: 'evm' });
    expect(canonicalAddress(key)).toEqual({ key, scheme: 'evm' });
    expect(canonicalAddress('0X52908400098527886E0F7030069857D2E4169EE7')).toEqual({ key, scheme: 'evm' });
    expect(canonicalAddress(`  ${checksummed}\n`)).toEqual({ key, scheme: 'evm' });
  });

  it('does not take a wrong-length hex string for an EVM address', () => {
    // OFAC's July 2021 list published a 39-digit ETH address (corrected by May 2024).
    expect(canonicalAddress('0xa7e5d5a720f06526557c513402f2e6b5fa20b00')).toEqual({
      key: '0xa7e5d5a720f06526557c513402f2e6b5fa20b00',
      scheme: 'other',
    });
  });
});

describe('canonicalAddress: bech32, bech32m and CashAddr', () => {
  it('folds BIP173/BIP350 addresses written in upper or lower case to one lowercase key', () => {
    const p2wpkh = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
    expect(canonicalAddress(p2wpkh)).toEqual({ key: p2wpkh, scheme: 'bech32' });
    expect(canonicalAddress(p2wpkh.toUpperCase())).toEqual({ key: p2wpkh, scheme: 'bech32' });
    const taproot = 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0';
    expect(canonicalAddress(taproot.toUpperCase())).toEqual({ key: taproot, scheme: 'bech32' });
    const testnet = 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7';
    expect(canonicalAddress(testnet.toUpperCase())).toEqual({ key: testnet, scheme: 'bech32' });
  });

  it('recognises any HRP (ltc1, zs1, bnb1...) by its checksum', () => {
    for (const [hrp, seed] of [
      ['ltc', 1],
      ['zs', 2],
      ['bnb', 3],
      ['tltc', 4],
    ] as const) {
      const a = encode(hrp, [0, ...fives(seed, 32)]);
      expect(isBech32(a)).toBe(true);
      expect(canonicalAddress(a.toUpperCase())).toEqual({ key: a, scheme: 'bech32' });
      const m = encode(hrp, [1, ...fives(seed + 10, 52)], true);
      expect(canonicalAddress(m.toUpperCase())).toEqual({ key: m, scheme: 'bech32' });
    }
  });

  it('keeps mixed case or a bad checksum exactly as written (not valid bech32)', () => {
    expect(canonicalAddress('bc1QW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toEqual({
      key: 'bc1QW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      scheme: 'other',
    });
    expect(canonicalAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T5').scheme).toBe('other');
    expect(canonicalAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T5').key).toBe(
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T5',
    );
  });

  it('keys CashAddr with its prefix, written or not, in either case', () => {
    const key = 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a';
    for (const a of [
      key,
      key.toUpperCase(),
      'qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
      'QPM2QSZNHKS23Z7629MMS6S4CWEF74VCWVY22GDX6A',
    ])
      expect(canonicalAddress(a)).toEqual({ key, scheme: 'bech32' });
    expect(isCashAddr('bitcoincash', 'qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6b')).toBe(false);
    expect(canonicalAddress('bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6b').scheme).toBe('other');
    // The same payload under another network's prefix is not valid (the prefix is in the checksum).
    expect(isCashAddr('bchtest', 'qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a')).toBe(false);
  });
});

describe('canonicalAddress: base58 is never case-folded', () => {
  const samples = [
    ['BTC P2PKH', '1BoatSLRHtKNngkdXEeobR76b53LETtpyT'],
    ['BTC P2SH', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    ['TRON', base58(1, 'T', 34)],
    ['XRP', base58(2, 'r', 34)],
    ['LTC', base58(3, 'L', 34)],
    ['LTC P2SH', base58(4, 'M', 34)],
    ['DASH', base58(7, 'X', 34)],
    ['ZEC', base58(8, 't1', 35)],
    ['XMR', base58(5, '4', 95)],
    ['SOL', base58(6, '7', 44)],
  ] as const;

  it.each(samples)('%s: key is the address exactly as written', (_label, a) => {
    expect(canonicalAddress(a)).toEqual({ key: a, scheme: 'base58' });
    expect(canonicalAddress(a.toLowerCase()).key).toBe(a.toLowerCase());
    expect(canonicalAddress(a.toLowerCase()).key).not.toBe(a);
    expect(canonicalAddress(a.toUpperCase()).key).not.toBe(a);
  });

  it('keeps every generated base58 string as written (no accidental bech32/CashAddr reading)', () => {
    for (let seed = 0; seed < 2000; seed++) {
      const a = base58(seed, seed % 2 ? '1' : '3', 26 + (seed % 9));
      expect(canonicalAddress(a).key).toBe(a);
    }
  });

  it('keeps anything else as written (a 64-hex value OFAC lists under XMR, short strings)', () => {
    const hex = '5be5543ff73456ab9f2d207887e2af87322c651ea1a873c5b25b7ffae456c320';
    expect(canonicalAddress(hex)).toEqual({ key: hex, scheme: 'other' });
    expect(canonicalAddress(hex.toUpperCase()).key).toBe(hex.toUpperCase());
    expect(canonicalAddress('abc')).toEqual({ key: 'abc', scheme: 'other' });
  });
});
