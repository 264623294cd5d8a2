// Turns the crawled ships into one entry per company (the 6-field record): a company is known by its IMO company number when the
// site gives one, else by its normalised name and country. The record keeps a primary vessel (the strongest
// role, then the lowest vessel IMO, so it does not depend on the site's ordering) and every vessel link.
import { createHash } from 'node:crypto';
import type { ListEntry } from '../../list-source.js';
import type { GurShip } from './crawl-gur-shadow-fleet.js';
import { recordFacts } from '../../facts/record-facts.js';

/** Roles from strongest tie to a vessel to weakest. */
const ROLE_ORDER = [
  'owner',
  'beneficial_owner',
  'commercial_manager',
  'operator',
  'ism_manager',
  'technical_manager',
];
const rank = (role: string) => {
  const i = ROLE_ORDER.indexOf(role);
  return i < 0 ? ROLE_ORDER.length : i;
};

/** One vessel link of a company (record.vessels). */
export interface CompanyVessel {
  readonly vessel_imo: string | null;
  readonly vessel_name: string | null;
  readonly flag: string | null;
  readonly role: string;
  readonly since: string | null;
  readonly detail_url: string;
}

interface Acc {
  key: string;
  companyImo: string | null;
  names: Map<string, number>;
  countries: Map<string, number>;
  vessels: CompanyVessel[];
}

const normName = (s: string) =>
  s
    .toUpperCase()
    .replace(/[.,"'“”„]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const mostFrequent = (m: Map<string, number>): string | null =>
  [...m.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null;

/** Aggregates ship pages into company entries, sorted by sourceUid (deterministic). */
export function shipsToCompanyEntries(ships: readonly GurShip[]): ListEntry[] {
  const byKey = new Map<string, Acc>();
  for (const ship of ships) {
    for (const c of ship.companies) {
      const key =
        c.company_imo && /^\d{7}$/.test(c.company_imo)
          ? `imo-${c.company_imo}`
          : `name-${createHash('sha256')
              .update(`${normName(c.name)}|${(c.country ?? '').toUpperCase()}`)
              .digest('hex')
              .slice(0, 16)}`;
      let acc = byKey.get(key);
      if (!acc) {
        acc = { key, companyImo: c.company_imo, names: new Map(), countries: new Map(), vessels: [] };
        byKey.set(key, acc);
      }
      acc.names.set(c.name, (acc.names.get(c.name) ?? 0) + 1);
      if (c.country) acc.countries.set(c.country, (acc.countries.get(c.country) ?? 0) + 1);
      const dup = acc.vessels.some((v) => v.detail_url === ship.detail_url && v.role === c.role);
      if (!dup)
        acc.vessels.push({
          vessel_imo: ship.imo,
          vessel_name: ship.name,
          flag: ship.flag,
          role: c.role,
          since: c.since,
          detail_url: ship.detail_url,
        });
    }
  }
  const entries: ListEntry[] = [];
  for (const acc of byKey.values()) {
    const vessels = [...acc.vessels].sort(
      (a, b) =>
        rank(a.role) - rank(b.role) ||
        (a.vessel_imo ?? '9999999').localeCompare(b.vessel_imo ?? '9999999') ||
        a.detail_url.localeCompare(b.detail_url),
    );
    const name = mostFrequent(acc.names)!;
    const primary = vessels[0]!;
    const record = {
      company_name: name,
      vessel_imo: primary.vessel_imo,
      role: primary.role,
      company_imo: acc.companyImo,
      country: mostFrequent(acc.countries),
      vessels,
    };
    entries.push({
      list: 'shadow_fleet_companies',
      sourceUid: acc.key,
      name,
      aliases: [...acc.names.keys()].filter((n) => n !== name).sort(),
      kind: 'entity',
      record,
    });
  }
  return entries.sort((a, b) => a.sourceUid.localeCompare(b.sourceUid));
}

/** The facts of a shadow-fleet company: its country of registration. */
export const shipCompanyFacts = recordFacts({ countries: ['country'] });
