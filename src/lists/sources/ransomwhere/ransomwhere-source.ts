// Ransomwhe.re: crowdsourced ransomware payment addresses with their ransomware family. A wallet-only source:
// screened by address, never by name, and not a government list.
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { readExportItems } from './read-export-items.js';
import { exportItemToEntry } from './export-item-to-entry.js';

/** The official export (unauthenticated GET; JSON `{"result": [...]}`). */
export const RANSOMWHERE_EXPORT_URL = 'https://api.ransomwhe.re/export';
const FILE = 'export.json';

/** The ransomwhere list source. */
export const ransomwhereSource: ListSource = {
  slug: 'ransomwhere',
  title: 'Ransomwhere ransomware addresses',
  publisher: 'Ransomwhere (community data set, not a government list)',
  legacy: false,
  purpose: 'wallets',
  format:
    'JSON export {"result": [{address, family, blockchain, balance, balanceUSD, createdAt, updatedAt, ' +
    'transactions: [{hash, time, amount, amountUSD}]}]} (a bare array is accepted); read whole under a 256 MB cap',
  cadence: 'Crowdsourced: changes as reports are accepted; no schedule',
  fileSets: [[{ name: FILE, url: RANSOMWHERE_EXPORT_URL }]],

  async *parse(files: FileSet): AsyncGenerator<ListEntry> {
    // The database keys rows by address, so a repeat means a damaged export rather than a second report.
    const seen = new Map<string, number>();
    for await (const { value, index } of readExportItems(files.open(FILE), FILE)) {
      const entry = exportItemToEntry(value, index, FILE);
      const first = seen.get(entry.sourceUid);
      if (first !== undefined)
        throw new Error(`${FILE} item #${index}: address ${entry.sourceUid} already given by item #${first}`);
      seen.set(entry.sourceUid, index);
      yield entry;
    }
    if (seen.size === 0) throw new Error(`${FILE}: no addresses`);
  },

  // The export states no publication date; its newest row timestamp is the date of the data.
  async dataDate(files: FileSet): Promise<string | null> {
    let latest: string | null = null;
    for await (const { value } of readExportItems(files.open(FILE), FILE)) {
      if (typeof value !== 'object' || value === null) continue;
      for (const k of ['updatedAt', 'createdAt'] as const) {
        const v = (value as Record<string, unknown>)[k];
        if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) && (latest === null || v > latest))
          latest = v;
      }
    }
    return latest === null ? null : latest.slice(0, 10);
  },
};
