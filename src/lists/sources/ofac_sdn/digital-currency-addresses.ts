// OFAC states crypto addresses as "Digital Currency Address - <TICKER> <address>" (CSV remarks, spill-over
// comments, the sdnList idType/idNumber pair and the text lists); wallet screening reuses this reader.
import type { PublishedWallet } from '../../list-source.js';

// Ticker and address are each one run of non-space, non-';' characters, so a new ticker label is not missed.
const PATTERN = /Digital Currency Address - ([^\s;]+)\s+([^\s;]+)/gi;

/**
 * Every `Digital Currency Address - TICKER value` pair in a text, in order, duplicates kept. The
 * sentence-ending period OFAC puts after the last remark is not part of the address. The text must be
 * complete: an address cut by a truncated field would come back shortened.
 */
export function extractDigitalCurrencyAddresses(text: string): PublishedWallet[] {
  const out: PublishedWallet[] = [];
  for (const m of text.matchAll(PATTERN)) {
    const address = m[2]!.replace(/\.+$/, '');
    if (address) out.push({ address, network: m[1]! });
  }
  return out;
}

/** The ticker of an idList idType such as 'Digital Currency Address - XBT', or null for other id types. */
export function digitalCurrencyTicker(idType: string): string | null {
  const m = /^\s*Digital Currency Address - (\S+)\s*$/i.exec(idType);
  return m ? m[1]! : null;
}
