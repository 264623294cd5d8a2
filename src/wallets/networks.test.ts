import { describe, expect, it } from 'vitest';
import { chainOf, NETWORK_TABLE, normaliseNetwork } from './networks.js';

describe('normaliseNetwork', () => {
  it('maps OFAC tickers to the documented codes (XBT is Bitcoin)', () => {
    const ofacTickers = ['XBT', 'ETH', 'XMR', 'LTC', 'ZEC', 'DASH', 'BTG', 'ETC', 'BSV', 'BCH', 'XVG'];
    const more = ['USDC', 'USDT', 'XRP', 'TRX', 'ARB', 'BSC', 'BNB', 'SOL', 'DOGE'];
    expect([...ofacTickers, ...more].map(normaliseNetwork)).toEqual([
      'BTC',
      ...ofacTickers.slice(1),
      ...more,
    ]);
  });

  it("maps ransomwhe.re's `bitcoin` and other full names, in any case and spacing", () => {
    expect(normaliseNetwork('bitcoin')).toBe('BTC');
    expect(normaliseNetwork(' Bitcoin ')).toBe('BTC');
    expect(normaliseNetwork('btc')).toBe('BTC');
    expect(normaliseNetwork('ethereum')).toBe('ETH');
    expect(normaliseNetwork('Bitcoin  Cash')).toBe('BCH');
    expect(normaliseNetwork('monero')).toBe('XMR');
    expect(normaliseNetwork('tron')).toBe('TRX');
  });

  it('returns an unknown label upper-cased as given, and UNKNOWN for a blank one', () => {
    expect(normaliseNetwork('NEWCOIN')).toBe('NEWCOIN');
    expect(normaliseNetwork('newcoin')).toBe('NEWCOIN');
    expect(normaliseNetwork(' avax ')).toBe('AVAX');
    expect(normaliseNetwork('')).toBe('UNKNOWN');
    expect(normaliseNetwork('unknown')).toBe('UNKNOWN');
  });

  it('has one code per row, each code mapping to itself, and no label claimed twice', () => {
    const codes = NETWORK_TABLE.map((n) => n.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of codes) expect(normaliseNetwork(c)).toBe(c);
    const labels = NETWORK_TABLE.flatMap((n) => n.labels.map((l) => l.toUpperCase()));
    expect(new Set(labels).size).toBe(labels.length);
  });
});

describe('chainOf', () => {
  it('tells a token listing (USDT/USDC) on EVM from one on TRON or on Bitcoin (Omni)', () => {
    expect(chainOf('0x52908400098527886E0F7030069857D2E4169EE7')).toBe('EVM');
    expect(chainOf('0x52908400098527886e0f7030069857d2e4169ee7')).toBe('EVM');
    expect(chainOf('TFixtureTronAddress1111111111111Ab')).toBe('TRON');
    expect(chainOf('1BoatSLRHtKNngkdXEeobR76b53LETtpyT')).toBe('BITCOIN');
    expect(chainOf('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe('BITCOIN');
    expect(chainOf('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe('BITCOIN');
    expect(chainOf('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe('BITCOIN');
  });

  it('returns null when the format does not tell', () => {
    expect(chainOf('rFixtureXrpAddress1111111111111Ab')).toBeNull();
    expect(chainOf('LFixtureLitecoinAddress11111111Ab')).toBeNull();
    expect(chainOf('0x1234')).toBeNull();
    expect(chainOf('T123')).toBeNull();
    expect(chainOf('')).toBeNull();
  });
});
