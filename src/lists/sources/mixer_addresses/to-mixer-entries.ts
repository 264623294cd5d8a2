// Turns the SDN entries that are mixing services into one wallet-only ListEntry per published address.
import type { ListEntry, PublishedWallet } from '../../list-source.js';
import type { OfacRecord } from '../ofac_sdn/ofac-record.js';
import { identifyMixingService, type MixingServiceMatch } from './mixing-services.js';

/** Another mixing-service designation publishing the same address (rare; kept, not dropped). */
export type OtherDesignation = {
  sdn_uid: number;
  sdn_name: string;
  service: string;
  network: string;
};

/** The stored record of one mixing-service address (what entry details returns). */
export type MixerRecord = {
  /** As published by OFAC. */
  address: string;
  /** OFAC's ticker as published (XBT, ETH, USDT...); wallet screening reports it normalised (BTC...). */
  network: string;
  /** The reason wallet screening returns. */
  info: string;
  /** The mixing service (known name, else the SDN name). */
  service: string;
  sdn_uid: number;
  sdn_name: string;
  sdn_type: string;
  programs: string[];
  /** The evidence that made this SDN entry a mixing service. */
  identified_by: string;
  /** Every ticker OFAC publishes this address under on this entry, in published order. */
  networks: string[];
  /**
   * The SDN remarks were cut at OFAC's 1,000-character limit with no sdn_comments.csv to continue them: the
   * service may have more addresses than this publication shows.
   */
  remarks_truncated: boolean;
  other_designations: OtherDesignation[];
};

/** The reason wallet screening reports for a mixing-service address. */
export function mixerInfo(service: string, programs: readonly string[]): string {
  const designation = programs.length > 0 ? ` (programs: ${programs.join(', ')})` : '';
  return `Mixing service ${service} — OFAC SDN designation${designation}`;
}

interface Pending {
  record: MixerRecord;
  wallets: PublishedWallet[];
}

/**
 * Collects the mixing-service addresses of an SDN publication (there are a few hundred at most, so they are
 * held until the end) and yields one entry per address as published: an address OFAC lists under several
 * tickers is one entry with each (address, ticker) in `wallets`; an address two mixing-service entries
 * publish belongs to the first, the second named in `other_designations`.
 */
export async function* toMixerEntries(
  list: string,
  sdnEntries: AsyncIterable<ListEntry>,
): AsyncGenerator<ListEntry> {
  const byAddress = new Map<string, Pending>();
  let read = 0;
  for await (const entry of sdnEntries) {
    read++;
    if (!entry.wallets || entry.wallets.length === 0) continue;
    const match: MixingServiceMatch | null = identifyMixingService(entry);
    if (!match) continue;
    const sdn = entry.record as OfacRecord;
    for (const w of entry.wallets) {
      const held = byAddress.get(w.address);
      if (!held) {
        byAddress.set(w.address, {
          record: {
            address: w.address,
            network: w.network,
            info: mixerInfo(match.service, sdn.programs),
            service: match.service,
            sdn_uid: sdn.uid,
            sdn_name: sdn.name,
            sdn_type: sdn.sdn_type,
            programs: [...sdn.programs],
            identified_by: match.identifiedBy,
            networks: [w.network],
            remarks_truncated: sdn.details.remarks_truncated,
            other_designations: [],
          },
          wallets: [w],
        });
      } else if (held.record.sdn_uid === sdn.uid) {
        if (!held.record.networks.includes(w.network)) {
          held.record.networks.push(w.network);
          held.wallets.push(w);
        }
      } else {
        held.record.other_designations.push({
          sdn_uid: sdn.uid,
          sdn_name: sdn.name,
          service: match.service,
          network: w.network,
        });
      }
    }
  }
  if (byAddress.size === 0)
    throw new Error(`${list}: no mixing-service addresses among the ${read} SDN entries read`);
  for (const { record, wallets } of byAddress.values()) {
    yield {
      list,
      sourceUid: record.address,
      name: record.service,
      aliases: [],
      kind: 'unknown',
      record,
      wallets,
    };
  }
}
