import fs from 'node:fs';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58, bech32, bech32m, createBase58check } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { sharedListFile, sharedListsDir, sharedListsSkipReason } from '../../test-support/shared-lists.js';
import { NETWORK_TABLE } from '../networks.js';
import { ADDRESS_FORMATS, checkAddressFormat } from './index.js';

const ok = (format: string | null) => ({ format, problem: null });
const problem = (a: string) => checkAddressFormat(a).problem;
// The same string with the case of its first case-changeable character at or after `from` swapped.
const swapOneCase = (a: string, from: number) => {
  for (let i = from; i < a.length; i++) {
    const c = a[i]!;
    const s = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
    if (s !== c) return a.slice(0, i) + s + a.slice(i + 1);
  }
  throw new Error(`no letter in ${a}`);
};
// The same string with the character at `i` replaced by another of `alphabet`.
const substitute = (a: string, i: number, alphabet: string) => {
  const c = [...alphabet].find((x) => x !== a[i] && x.toLowerCase() !== a[i]!.toLowerCase())!;
  return a.slice(0, i) + c + a.slice(i + 1);
};
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

describe('EVM (EIP-55)', () => {
  it('accepts the EIP-55 examples, and any single-case spelling (no checksum to check)', () => {
    for (const a of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(checkAddressFormat(a)).toEqual(ok('EVM (EIP-55)'));
      expect(checkAddressFormat(a.toLowerCase())).toEqual(ok('EVM (EIP-55)'));
      expect(checkAddressFormat('0x' + a.slice(2).toUpperCase())).toEqual(ok('EVM (EIP-55)'));
    }
  });

  it('rejects a mixed-case spelling that is not EIP-55, a non-hex character, a digit dropped or doubled', () => {
    expect(problem(swapOneCase('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 2))).toBe(
      'EIP-55 checksum fails: a typo? (the address mixes upper and lower case but the case pattern is wrong)',
    );
    expect(problem('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeO')).toMatch(
      /^not an EVM address: 'O' \(character 42\) is not a hex digit/,
    );
    expect(problem('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe')).toMatch(
      /39 hex digits; EVM addresses have 40/,
    );
    expect(problem('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAedd')).toMatch(/41 hex digits/);
  });

  it('leaves other 0x strings (a 64-digit hash or Aptos/Sui address) to be looked up exactly', () => {
    expect(checkAddressFormat('0x' + 'ab'.repeat(32))).toEqual(ok(null));
  });
});

describe('bech32/bech32m', () => {
  it('accepts the BIP173/BIP350 valid segwit addresses', () => {
    for (const a of [
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
      'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs',
      'BC1SW50QGDZ25J',
      'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
      'bc1pfeessrawgf',
    ])
      expect(checkAddressFormat(a), a).toEqual(ok('bech32/bech32m'));
  });

  it('accepts Litecoin segwit and the non-segwit bech32 of Zcash Sapling and BNB Beacon Chain', () => {
    const program = bech32.toWords(new Uint8Array(20).fill(7));
    expect(checkAddressFormat(bech32.encode('ltc', [0, ...program]))).toEqual(ok('bech32/bech32m'));
    expect(checkAddressFormat(bech32.encode('bnb', program))).toEqual(ok('bech32/bech32m'));
    const sapling = bech32.encode('zs', bech32.toWords(new Uint8Array(43).fill(9)), 128);
    expect(checkAddressFormat(sapling)).toEqual(ok('bech32/bech32m'));
  });

  it('rejects a failed checksum, the wrong checksum for the witness version, bad programs, mixed case', () => {
    expect(problem('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5')).toBe(
      'bech32 checksum fails: a typo? (read as a Bitcoin segwit address)',
    );
    expect(problem('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj1'.replace(/1$/, 'q'))).toBe(
      'bech32m checksum fails: a typo? (read as a Bitcoin segwit address)',
    );
    expect(problem('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd')).toMatch(
      /witness version 1 uses bech32m, but this has a bech32 checksum/,
    );
    expect(problem('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh')).toMatch(
      /witness version 0 uses bech32, but this has a bech32m checksum/,
    );
    expect(problem('BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P')).toMatch(
      /version 0 program has 20 or 32 bytes, not 16/,
    );
    expect(problem('bc1QW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toMatch(/mixes upper and lower case/);
    expect(problem('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3tb')).toMatch(/'b' is not a bech32 character/);
    // A character dropped: the checksum catches it.
    expect(problem('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f34')).toMatch(/^bech32 checksum fails/);
  });

  it('leaves bech32 of another chain (cosmos1...) to be looked up exactly, valid or not', () => {
    const cosmos = bech32.encode('cosmos', bech32.toWords(new Uint8Array(20).fill(3)));
    expect(checkAddressFormat(cosmos)).toEqual(ok(null));
    expect(checkAddressFormat(substitute(cosmos, 10, BECH32))).toEqual(ok(null));
    expect(checkAddressFormat(bech32m.encode('abc', [1, 2, 3, 4, 5, 6, 7]))).toEqual(ok(null));
  });

  it('leaves a Solana address that happens to begin with bc1 to Solana', () => {
    const text = 'bc1' + 'AbCdEfGhJkMnPqRsTuVwXyZabcdefghijkmnopqrs'.slice(0, 40);
    expect(base58.decode(text).length).toBe(32);
    expect(checkAddressFormat(text)).toEqual(ok('Solana (no checksum)'));
  });
});

describe('CashAddr', () => {
  it("accepts the specification's examples, with the prefix or without, in either case", () => {
    for (const a of [
      'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
      'bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq',
      'BITCOINCASH:QPM2QSZNHKS23Z7629MMS6S4CWEF74VCWVY22GDX6A',
      'qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
      'bchtest:testnetaddress4d6njnut',
      'bchreg:555555555555555555555555555555555555555555555udxmlmrz',
    ])
      expect(checkAddressFormat(a), a).toEqual(ok('CashAddr'));
  });

  it('rejects a failed checksum, mixed case and characters CashAddr does not use', () => {
    expect(problem('bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6q')).toBe(
      'CashAddr checksum fails: a typo? (read as a Bitcoin Cash address)',
    );
    expect(problem('qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6c')).toMatch(/^CashAddr checksum fails/);
    expect(problem('bitcoincash:Qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a')).toMatch(
      /mixes upper and lower/,
    );
    expect(problem('bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6o')).toMatch(
      /'o' is not a CashAddr/,
    );
  });

  it('leaves a CashAddr of another network (a prefix whose checksum holds) to be looked up exactly', () => {
    expect(checkAddressFormat('prefix:x64nx6hz')).toEqual(ok(null));
  });
});

describe('base58check (Bitcoin family, TRON, Zcash t-addresses)', () => {
  const valid = [
    '1BoatSLRHtKNngkdXEeobR76b53LETtpyT', // BTC P2PKH
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', // BTC P2SH
    'TBHTJqAy4DhHhmT3dNceJYNRz4SdLofLre', // TRON (OFAC)
    'LNf2JDiuunBz7GMDKFYHN4rq5meXWxiwfb', // LTC (OFAC)
    'XnPFsRWTaSgiVauosEwQ6dEitGYXgwznz2', // DASH (OFAC)
    't1MMXtBrSp1XG38Lx9cePcNUCJj5vdWfUWL', // ZEC (OFAC)
    'GPwg61XoHqQPNmAucFACuQ5H9sGCDv9TpS', // BTG (OFAC)
    'DFFJhnQNZf8rf67tYnesPu7MuGUpYtzv7Z', // XVG (OFAC)
    '12sjrrhoFEsedNRhtgwvvRqjFTh8fZTDX9', // BSV (OFAC)
  ];

  it.each(valid)('%s is valid; one character changed, or one letter in the other case, is caught', (a) => {
    expect(checkAddressFormat(a)).toEqual(ok('base58check'));
    expect(problem(substitute(a, 20, BASE58))).toMatch(/^base58check checksum fails: a typo\? \(read as a/);
    expect(problem(swapOneCase(a, 10))).toMatch(/base58 is case-sensitive/);
  });

  it('names what the version byte says the address is', () => {
    expect(problem(substitute(valid[2]!, 20, BASE58))).toMatch(/read as a TRON address/);
    expect(problem(substitute(valid[5]!, 20, BASE58))).toMatch(/read as a Zcash transparent P2PKH/);
  });

  it('catches a character dropped or added in a Bitcoin P2PKH address (1…), whose leading zero byte says so', () => {
    // Dropped: still 25 bytes here, so the checksum catches it. Added: 26 bytes, caught by the shape.
    expect(problem('1BoatSLRHtKNngkdXEeobR76b53LETtpy')).toMatch(/^base58check checksum fails: a typo\?/);
    expect(problem('1BoatSLRHtKNngkdXEeobR76b53LETtpyTT')).toBe(
      'not a valid Bitcoin P2PKH address (1…): it decodes to 26 bytes, not 25 (a character dropped or added, or a letter in the wrong case?)',
    );
  });

  it('leaves base58check-shaped strings of other chains (another version byte) to be looked up exactly', () => {
    const waves = base58.encode(new Uint8Array([1, 0x57, ...new Array<number>(24).fill(5)]));
    expect(checkAddressFormat(waves)).toEqual(ok(null));
    const other = createBase58check(sha256).encode(new Uint8Array([0x24, ...new Array<number>(20).fill(1)]));
    expect(checkAddressFormat(other)).toEqual(ok(null));
  });
});

describe('XRP Ledger', () => {
  it('accepts classic addresses and X-addresses (XLS-5d examples), rejects a failed checksum', () => {
    for (const a of [
      'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
      'rnXyVQzgxZe7TR1EPzTkGj2jxH4LMJYh66',
      'X7AcgcsBL6XDcUb289X4mJ8djcdyKaB5hJDWMArnXr61cqZ',
      'T719a5UwUCnEs54UsxG9CJYYDhwmFCqkr7wxCcNcfZ6p5GZ',
    ])
      expect(checkAddressFormat(a), a).toEqual(ok('XRP Ledger'));
    expect(problem('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTj')).toBe(
      'XRP checksum fails: a typo? (read as an XRP Ledger classic address, r…)',
    );
    expect(problem('X7AcgcsBL6XDcUb289X4mJ8djcdyKaB5hJDWMArnXr61cqY')).toMatch(
      /^XRP checksum fails.*X-address/,
    );
  });
});

describe('Monero', () => {
  const standard =
    '49HqitRzdnhYjgTEAhgGpCfsjdTeMbUTU6cyR4JV1R7k2Eej9rGT8JpFiYDa4tZM6RZiFrHmMzgSrhHEqpDYKBe5B2ufNsL';
  const subaddress =
    '884Bz8UH63aYsjVdkfWfScRYWZGGNbjFL7pztqvWNSrtYT4reFSwyvkCj9KEGUtheHhhMUj87ciTBFyzoesrMJ4L1FvSoxL';

  it('accepts standard addresses and subaddresses (OFAC), rejects a failed checksum', () => {
    expect(checkAddressFormat(standard)).toEqual(ok('Monero'));
    expect(checkAddressFormat(subaddress)).toEqual(ok('Monero'));
    expect(problem(substitute(standard, 50, BASE58))).toBe('Monero checksum fails: a typo?');
    expect(problem(swapOneCase(subaddress, 30))).toBe('Monero checksum fails: a typo?');
  });

  it('leaves the 64-hex value OFAC lists under XMR (not an address) to be looked up exactly', () => {
    expect(checkAddressFormat('5be5543ff73456ab9f2d207887e2af87322c651ea1a873c5b25b7ffae456c320')).toEqual(
      ok(null),
    );
  });
});

describe('Solana', () => {
  it('recognises a 32-byte base58 key; it has no checksum, so nothing more can be checked', () => {
    expect(checkAddressFormat('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toEqual(
      ok('Solana (no checksum)'),
    );
    expect(checkAddressFormat('11111111111111111111111111111111')).toEqual(ok('Solana (no checksum)'));
  });
});

describe('not a wallet address', () => {
  it.each([
    ['not-a-wallet-address', "not a wallet address: contains '-', which no supported chain's addresses use"],
    ['hello world', 'not a wallet address: contains a space (no address has whitespace inside)'],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\t', 'not a wallet address: contains whitespace (U+0009)'],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed\u200b', 'not a wallet address: contains U+200B'],
    ['1BoatSLRHtKNngkdXEeobR76b53LETtpyT.', "not a wallet address: contains '.'"],
    [
      'bitcoin:1BoatSLRHtKNngkdXEeobR76b53LETtpyT',
      "not a wallet address: 'bitcoin:' is not part of an address",
    ],
    ['constructor:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', "'constructor:' is not part of an address"],
    ['abc', 'not a wallet address: 3 characters; the shortest address on a supported chain has 14'],
    [
      'a'.repeat(129),
      "not a wallet address: 129 characters; at most 128 (no supported chain's address is longer)",
    ],
  ])('%j', (a, message) => {
    expect(checkAddressFormat(a)).toEqual({ format: null, problem: expect.stringContaining(message) });
  });
});

describe('formats we do not validate', () => {
  it('are looked up exactly: letters and digits of a plausible length that no format claims', () => {
    for (const a of [
      '12345678901234567890',
      'GBRPYHIL2CI3FNQ4BXLFMNDLFJUNPU2HY3ZMFSHONUCEOASW7QC7OX2H',
      // Names of Object.prototype members are not prefixes we know.
      'constructor1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    ])
      expect(checkAddressFormat(a), a).toEqual(ok(null));
  });
});

describe('the registry', () => {
  it('covers every network wallet screening reports', () => {
    const covered = new Set(ADDRESS_FORMATS.flatMap((f) => f.networks));
    expect(NETWORK_TABLE.map((n) => n.code).filter((c) => !covered.has(c))).toEqual([]);
  });
});

if (!sharedListsDir) console.warn(sharedListsSkipReason);

describe.skipIf(!sharedListsDir)('real listed addresses', () => {
  it('every OFAC address (0xB10C per-ticker lists) and ransomwhe.re address is valid in its format', () => {
    const dir = sharedListFile('ofac_crypto_addresses_0xb10c');
    const byFormat: Record<string, number> = {};
    const count = (a: string) => {
      const { format, problem: p } = checkAddressFormat(a);
      expect(p, a).toBeNull();
      byFormat[format ?? 'not validated'] = (byFormat[format ?? 'not validated'] ?? 0) + 1;
    };
    for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.json')))
      for (const a of JSON.parse(fs.readFileSync(`${dir}/${f}`, 'utf8')) as string[]) count(a);
    const ransom = JSON.parse(
      fs.readFileSync(sharedListFile('ransomwhere', 'ransomwhere_export_result.json'), 'utf8'),
    ) as Array<{ address: string }>;
    for (const r of ransom) count(r.address);
    // The one not validated is the 64-hex value OFAC lists under XMR.
    expect(byFormat).toEqual({
      'EVM (EIP-55)': 165,
      base58check: 7785,
      'bech32/bech32m': 151,
      CashAddr: 6,
      Monero: 2,
      'XRP Ledger': 1,
      'not validated': 1,
    });
  });
});
