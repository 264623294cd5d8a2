// Publishers label a wallet's network in their own words (OFAC tickers such as XBT, ransomwhe.re's
// `bitcoin`); wallet screening reports one documented code per network, and tells tokens' chains apart by
// the address format.

/** One network code wallet screening reports, with every label that publishers use for it. */
export interface NetworkCode {
  /** The code returned as the wallet result's `network`. */
  readonly code: string;
  readonly name: string;
  /** Labels mapped to this code, compared case-insensitively (the code itself is always one). */
  readonly labels: readonly string[];
}

/**
 * The documented set. OFAC's labels come from its `Digital Currency Address - <TICKER>` feature (XBT is
 * its ticker for Bitcoin); `USDT` and `USDC` are tokens that OFAC labels by token, not by chain: see
 * {@link chainOf}. `BSC` and `ARB` are chains (BNB Smart Chain, Arbitrum One) whose addresses are EVM hex.
 */
export const NETWORK_TABLE: readonly NetworkCode[] = [
  { code: 'BTC', name: 'Bitcoin', labels: ['XBT', 'BTC', 'bitcoin'] },
  { code: 'ETH', name: 'Ethereum', labels: ['ETH', 'ethereum'] },
  { code: 'USDT', name: 'Tether USD (token; chain from the address)', labels: ['USDT', 'tether'] },
  { code: 'USDC', name: 'USD Coin (token; chain from the address)', labels: ['USDC'] },
  { code: 'TRX', name: 'TRON', labels: ['TRX', 'tron'] },
  { code: 'LTC', name: 'Litecoin', labels: ['LTC', 'litecoin'] },
  { code: 'BCH', name: 'Bitcoin Cash', labels: ['BCH', 'bitcoin cash', 'bitcoincash'] },
  { code: 'BSV', name: 'Bitcoin SV', labels: ['BSV'] },
  { code: 'BTG', name: 'Bitcoin Gold', labels: ['BTG'] },
  { code: 'DASH', name: 'Dash', labels: ['DASH'] },
  { code: 'ZEC', name: 'Zcash', labels: ['ZEC', 'zcash'] },
  { code: 'XMR', name: 'Monero', labels: ['XMR', 'monero'] },
  { code: 'ETC', name: 'Ethereum Classic', labels: ['ETC'] },
  { code: 'XVG', name: 'Verge', labels: ['XVG'] },
  { code: 'XRP', name: 'XRP Ledger', labels: ['XRP', 'ripple'] },
  { code: 'ARB', name: 'Arbitrum One', labels: ['ARB', 'arbitrum'] },
  { code: 'BSC', name: 'BNB Smart Chain', labels: ['BSC'] },
  { code: 'BNB', name: 'BNB', labels: ['BNB'] },
  { code: 'SOL', name: 'Solana', labels: ['SOL', 'solana'] },
  { code: 'DOGE', name: 'Dogecoin', labels: ['DOGE', 'dogecoin'] },
];

const BY_LABEL: ReadonlyMap<string, string> = new Map(
  NETWORK_TABLE.flatMap((n) => [n.code, ...n.labels].map((l) => [l.toUpperCase(), n.code] as const)),
);

/**
 * The documented network code for a publisher's label. An unknown label is returned trimmed and upper-cased
 * as given (a new OFAC ticker still shows up, just not renamed); a blank label is 'UNKNOWN'.
 */
export function normaliseNetwork(label: string): string {
  const key = label.trim().replace(/\s+/g, ' ').toUpperCase();
  if (key === '') return 'UNKNOWN';
  return BY_LABEL.get(key) ?? key;
}

/** A chain family told by the address format alone. */
export type Chain = 'EVM' | 'TRON' | 'BITCOIN';

const EVM = /^0[xX][0-9a-fA-F]{40}$/;
// TRON: base58check of a 21-byte payload starting 0x41, which always encodes to 34 characters starting 'T'.
const TRON = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
// Bitcoin mainnet: legacy P2PKH '1', P2SH '3' (base58, 26-35 chars), segwit 'bc1' (bech32, single case).
const BITCOIN = /^(?:[13][1-9A-HJ-NP-Za-km-z]{25,34}|bc1[02-9ac-hj-np-z]{6,87}|BC1[02-9AC-HJ-NP-Z]{6,87})$/;

/**
 * Which chain an address lives on, from its format: `0x` + 40 hex is EVM (Ethereum or any EVM chain: the
 * format does not say which), `T` + 33 base58 is TRON, `1…`/`3…`/`bc1…` is Bitcoin (Tether's Omni-layer
 * USDT uses Bitcoin addresses). Null when the format does not tell. Meant for token listings (USDT, USDC):
 * OFAC labels them by token, and the same token lives on several chains.
 */
export function chainOf(address: string): Chain | null {
  const a = address.trim();
  if (EVM.test(a)) return 'EVM';
  if (TRON.test(a)) return 'TRON';
  if (BITCOIN.test(a)) return 'BITCOIN';
  return null;
}

/** Tokens published by ticker whose chain is told by the address format. */
const TOKENS = new Set(['USDT', 'USDC']);

/**
 * The network a result reports: the chain of the address. OFAC labels stablecoin addresses by token (USDT,
 * USDC); the spec's `network` is the chain (TRX, ETH), so a token address reports the chain its format shows.
 */
export function resultNetwork(label: string, address: string): string {
  const n = normaliseNetwork(label);
  if (!TOKENS.has(n)) return n;
  const chain = chainOf(address);
  return chain === 'EVM' ? 'ETH' : chain === 'TRON' ? 'TRX' : n;
}
