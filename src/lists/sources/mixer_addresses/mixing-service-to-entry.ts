// Turns the SDN entries that are mixing services into one wallet-only ListEntry per published address. OFAC
// publishes no "mixer" flag or program, so an entry is recognised as a mixing service by its names, its published
// websites, or the words it uses about itself. The rule and its limits are documented in
// docs/lists/mixer_addresses.md.
import type { ListEntry, PublishedWallet } from '../../list-source.js';
import type { OfacRecord } from '../ofac_sdn/ofac_sdn-source.js';

/** A known mixing service: the names OFAC would list it under and the domains it operated. */
export interface KnownMixingService {
  /** How the service is named in the reason returned by wallet screening. */
  readonly name: string;
  /** Listed names or aliases that identify it (compared upper-cased, whitespace collapsed, final '.' dropped). */
  readonly listedNames: readonly string[];
  /** Website hosts (subdomains included) that identify it. */
  readonly domains: readonly string[];
}

/**
 * Blender.io (designated 2022-05-06), Tornado Cash (2022-08-08, delisted 2025-03-21) and Sinbad.io
 * (2023-11-29) are OFAC designations; the others are services shut down by law enforcement, listed so that a
 * designation under those names is recognised without a code change.
 */
export const KNOWN_MIXING_SERVICES: readonly KnownMixingService[] = [
  {
    name: 'Blender.io',
    listedNames: ['BLENDER.IO', 'BLENDER IO', 'BLENDER'],
    domains: ['blender.io', 'blender.to'],
  },
  { name: 'Sinbad.io', listedNames: ['SINBAD', 'SINBAD.IO'], domains: ['sinbad.io'] },
  {
    name: 'Tornado Cash',
    listedNames: ['TORNADO CASH', 'TORNADO.CASH', 'TORNADOCASH'],
    domains: ['tornado.cash'],
  },
  { name: 'ChipMixer', listedNames: ['CHIPMIXER', 'CHIPMIXER.COM'], domains: ['chipmixer.com'] },
  {
    name: 'Samourai Whirlpool',
    listedNames: ['SAMOURAI WALLET', 'SAMOURAI WHIRLPOOL'],
    domains: ['samouraiwallet.com', 'samourai.io'],
  },
  { name: 'Bitcoin Fog', listedNames: ['BITCOIN FOG'], domains: [] },
  { name: 'BestMixer.io', listedNames: ['BESTMIXER', 'BESTMIXER.IO'], domains: ['bestmixer.io'] },
  { name: 'CryptoMixer', listedNames: ['CRYPTOMIXER', 'CRYPTOMIXER.IO'], domains: ['cryptomixer.io'] },
  { name: 'YoMix', listedNames: ['YOMIX', 'YOMIX.IO'], domains: ['yomix.io'] },
];

/** Why an entry was taken as a mixing service. */
export interface MixingServiceMatch {
  /** The service's name for the reason text: the known name, else the entry's name as listed. */
  readonly service: string;
  /** The evidence, e.g. `name "BLENDER.IO"`, `website https://sinbad.io`, `"mixing service" in remarks`. */
  readonly identifiedBy: string;
}

// Words a listing uses about a mixing service. In names 'mixing' alone counts; in remarks only phrases
// that describe the party (remarks also carry 'Organization Type: Mixed farming' and the like).
const NAME_WORDS = /\b(?:mixer|mixers|mixing|tumbler)\b/i;
const REMARK_WORDS = /\b(?:mixer|mixers|mixing services?|tumbler|tumbling services?)\b/i;
// 'Linked To: X' names another party: a mixer named there does not make this entry one.
const LINKED_TO = /Linked To:[^;]*(?:;|$)/gi;
const WEBSITE_IN_REMARKS = /\bWebsite\s+([^\s;]+)/gi;

const normName = (name: string) => name.replace(/\s+/g, ' ').trim().replace(/\.$/, '').toUpperCase();

const BY_NAME: ReadonlyMap<string, KnownMixingService> = new Map(
  KNOWN_MIXING_SERVICES.flatMap((s) => s.listedNames.map((n) => [normName(n), s] as const)),
);

/** The host of a published website ('https://www.blender.io/x', 'tornado.cash.'), lower-cased, without www. */
export function websiteHost(site: string): string {
  return site
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#:].*$/, '')
    .replace(/\.+$/, '')
    .replace(/^www\./, '');
}

function knownByWebsite(site: string): KnownMixingService | null {
  const host = websiteHost(site);
  return (
    KNOWN_MIXING_SERVICES.find((s) => s.domains.some((d) => host === d || host.endsWith(`.${d}`))) ?? null
  );
}

// Websites as published: in the CSV inside the remarks ('Website X; alt. Website Y'), in sdn.xml as ids.
function websites(record: OfacRecord): string[] {
  const fromRemarks = [...(record.remarks ?? '').matchAll(WEBSITE_IN_REMARKS)].map((m) =>
    m[1]!.replace(/\.$/, ''),
  );
  const fromIds = (record.details.ids ?? [])
    .filter((id) => id.id_type !== null && /^website$/i.test(id.id_type.trim()) && id.id_number)
    .map((id) => id.id_number!);
  return [...fromRemarks, ...fromIds];
}

/**
 * The mixing service an SDN entry is, or null. Individuals, vessels and aircraft are never one (an
 * operator's personal wallets are screened through ofac_sdn itself). For an entity, in order: its name or an
 * alias is a known service's listed name; a published website is on a known service's domain; its name or
 * an alias contains 'mixer', 'mixing' or 'tumbler'; its remarks (less 'Linked To:' clauses) say 'mixer',
 * 'mixing service' or 'tumbler'.
 */
export function identifyMixingService(entry: ListEntry): MixingServiceMatch | null {
  if (entry.kind !== 'entity' && entry.kind !== 'unknown') return null;
  const record = entry.record as OfacRecord;
  const names: Array<[label: string, name: string]> = [
    ['name', entry.name],
    ...entry.aliases.map((a): [string, string] => ['alias', a]),
  ];

  for (const [label, name] of names) {
    const known = BY_NAME.get(normName(name));
    if (known) return { service: known.name, identifiedBy: `${label} "${name}"` };
  }
  for (const site of websites(record)) {
    const known = knownByWebsite(site);
    if (known) return { service: known.name, identifiedBy: `website ${site}` };
  }
  for (const [label, name] of names) {
    const word = NAME_WORDS.exec(name);
    if (word) return { service: entry.name, identifiedBy: `"${word[0]}" in ${label} "${name}"` };
  }
  const ownRemarks = (record.remarks ?? '').replace(LINKED_TO, ' ');
  const word = REMARK_WORDS.exec(ownRemarks);
  if (word) return { service: entry.name, identifiedBy: `"${word[0]}" in remarks` };
  return null;
}

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
