// Turns one item of the ransomwhe.re export into the wallet-only ListEntry: the address is the identity, the
// ransomware family is the label, and the stored record keeps every field the export states.
import type { ListEntry } from '../../list-source.js';

/** One payment into the address, as the export states it (amounts in satoshi, time in Unix seconds). */
export type RansomwhereTransaction = {
  hash: string | null;
  time: number | null;
  amount: number | null;
  /** USD value on the day (the export's amountUSD, from the daily BTC close). */
  amount_usd: number | null;
  /** Keys the export adds beyond these, kept as published; null when there are none. */
  other_fields: Record<string, unknown> | null;
};

/** The stored record of one ransomwhe.re address (what entry details returns). */
export type RansomwhereRecord = {
  /** As published. */
  address: string;
  /** The export's `blockchain` as published (`bitcoin`); wallet screening reports it normalised (BTC). */
  network: string | null;
  /** The reason wallet screening returns. */
  info: string;
  family: string | null;
  /** Satoshi. */
  balance: number | null;
  balance_usd: number | null;
  /** ISO timestamps of the database row, as published. */
  created_at: string | null;
  updated_at: string | null;
  transactions: RansomwhereTransaction[];
  other_fields: Record<string, unknown> | null;
};

const ITEM_KEYS = new Set([
  'address',
  'blockchain',
  'family',
  'balance',
  'balanceUSD',
  'createdAt',
  'updatedAt',
  'transactions',
]);
const TX_KEYS = new Set(['hash', 'time', 'amount', 'amountUSD']);

/** The network label given to an address whose export row states no blockchain. */
export const UNSTATED_NETWORK = 'unknown';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function others(obj: Record<string, unknown>, known: ReadonlySet<string>): Record<string, unknown> | null {
  const rest = Object.entries(obj).filter(([k]) => !known.has(k));
  return rest.length > 0 ? Object.fromEntries(rest) : null;
}

/** The reason wallet screening reports for a ransomwhe.re address. */
export function ransomwhereInfo(family: string | null): string {
  return family === null
    ? 'Reported ransomware payment address (family not stated) — ransomwhe.re'
    : `Reported ransomware payment address (family: ${family}) — ransomwhe.re`;
}

/** The ListEntry of one export item; throws, naming the file and item, when a field has the wrong type. */
export function exportItemToEntry(value: unknown, index: number, file: string): ListEntry {
  const where = `${file} item #${index}`;
  if (!isObject(value)) throw new Error(`${where}: expected an object`);
  const text = (k: string): string | null => {
    const v = value[k];
    if (v === undefined || v === null) return null;
    if (typeof v !== 'string') throw new Error(`${where}: ${k} is not a string`);
    return v.replace(/\s+/g, ' ').trim() || null;
  };
  const num = (obj: Record<string, unknown>, k: string, at: string): number | null => {
    const v = obj[k];
    if (v === undefined || v === null) return null;
    if (typeof v !== 'number') throw new Error(`${at}: ${k} is not a number`);
    return v;
  };

  const rawAddress = value.address;
  if (typeof rawAddress !== 'string' || rawAddress.trim() === '')
    throw new Error(`${where}: address is missing or not a string`);
  const address = rawAddress.trim();
  const family = text('family');
  const network = text('blockchain');

  const rawTx = value.transactions ?? [];
  if (!Array.isArray(rawTx)) throw new Error(`${where}: transactions is not an array`);
  const transactions = rawTx.map((t: unknown, i): RansomwhereTransaction => {
    const at = `${where} transaction #${i + 1}`;
    if (!isObject(t)) throw new Error(`${at}: expected an object`);
    const hash = t.hash;
    if (hash !== undefined && hash !== null && typeof hash !== 'string')
      throw new Error(`${at}: hash is not a string`);
    return {
      hash: hash ?? null,
      time: num(t, 'time', at),
      amount: num(t, 'amount', at),
      amount_usd: num(t, 'amountUSD', at),
      other_fields: others(t, TX_KEYS),
    };
  });

  const info = ransomwhereInfo(family);
  const record: RansomwhereRecord = {
    address,
    network,
    info,
    family,
    balance: num(value, 'balance', where),
    balance_usd: num(value, 'balanceUSD', where),
    created_at: text('createdAt'),
    updated_at: text('updatedAt'),
    transactions,
    other_fields: others(value, ITEM_KEYS),
  };
  return {
    list: 'ransomwhere',
    sourceUid: address,
    name: family ?? 'Ransomware (family not stated)',
    aliases: [],
    kind: 'unknown',
    record,
    wallets: [{ address, network: network ?? UNSTATED_NETWORK }],
  };
}
