// Which OFAC SDN entries are mixing services. OFAC publishes no "mixer" flag or program, so an entry is
// recognised by its names, its published websites, or the words it uses about itself. The rule and its
// limits are documented in docs/lists/mixer_addresses.md.
import type { ListEntry } from '../../list-source.js';
import type { OfacRecord } from '../ofac_sdn/ofac-record.js';

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
