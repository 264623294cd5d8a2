// Turns a parsed OFAC record (either format) into the ListEntry the index and store use.
import type { EntryKind, ListEntry, PublishedWallet } from '../../list-source.js';
import type { OfacRecord } from './ofac-record.js';

const KINDS: Readonly<Record<string, EntryKind>> = {
  individual: 'person',
  entity: 'entity',
  vessel: 'vessel',
  aircraft: 'aircraft',
};

/** The screening kind for an sdnType ('Individual' is a person; unknown types stay 'unknown'). */
export function kindOf(sdnType: string): EntryKind {
  return KINDS[sdnType.toLowerCase()] ?? 'unknown';
}

/** Names as screened: trimmed with inner whitespace collapsed, nothing else changed. */
export function cleanName(name: string): string {
  return name.replace(/\s+/g, ' ').trim();
}

/** The same wallet published twice on one entry (XML id and remarks, or repeated remarks) is kept once. */
export function uniqueWallets(wallets: readonly PublishedWallet[]): PublishedWallet[] {
  const seen = new Set<string>();
  return wallets.filter((w) => {
    const k = `${w.network}\u0000${w.address}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Builds the ListEntry of one record: aliases are every distinct alias name other than the primary name. */
export function toListEntry(
  list: string,
  record: OfacRecord,
  wallets: readonly PublishedWallet[],
): ListEntry {
  const isWeak = (category: string) => category.toLowerCase() === 'weak';
  // A name published both strong and weak is screened as strong.
  const strong = new Set(record.aliases.filter((a) => !isWeak(a.category)).map((a) => a.name));
  const aliases: string[] = [];
  const weakAliases: string[] = [];
  const seen = new Set<string>([record.name]);
  for (const a of record.aliases) {
    if (seen.has(a.name)) continue;
    seen.add(a.name);
    aliases.push(a.name);
    if (!strong.has(a.name)) weakAliases.push(a.name);
  }
  const unique = uniqueWallets(wallets);
  return {
    list,
    sourceUid: String(record.uid),
    name: record.name,
    aliases,
    weakAliases,
    kind: kindOf(record.sdn_type),
    record,
    ...(unique.length > 0 ? { wallets: unique } : {}),
  };
}
