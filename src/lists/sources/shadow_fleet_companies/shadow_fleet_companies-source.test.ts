import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loopbackServer,
  staticFile,
  type Handler,
  type LoopbackServer,
} from '../../../test-support/loopback-server.js';
import {
  SHADOW_FLEET_JSON,
  createShadowFleetCompaniesSource,
  shadowFleetCompaniesSource,
} from './shadow_fleet_companies-source.js';
import { gurRole, parseGurCompany, readGurListPage, readGurShipPage } from './crawl-gur-shadow-fleet.js';
import { collect } from '../../../test-support/collect.js';
import { crawlToMemory } from '../../../test-support/loopback-crawl.js';
import { memoryFileSet } from '../../../test-support/memory-file-set.js';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const KEYS = ['company_name', 'vessel_imo', 'role', 'company_imo', 'country', 'vessels'];

describe('shadowFleetCompaniesSource catalog entry', () => {
  it('names the official address', () => {
    expect(shadowFleetCompaniesSource.fileSets[0]![0]!.url).toBe(
      'https://war-sanctions.gur.gov.ua/en/transport/shadow-fleet',
    );
  });
});

describe('shadow_fleet_companies page reading', () => {
  it('reads ship links and the next page from a list page', () => {
    const page = readGurListPage(
      fixture('list-page-1.html'),
      'https://war-sanctions.gur.gov.ua/en/transport/shadow-fleet',
    );
    expect(page.ships).toEqual([
      'https://war-sanctions.gur.gov.ua/en/transport/shadow-fleet/101',
      'https://war-sanctions.gur.gov.ua/en/transport/shadow-fleet/102',
    ]);
    expect(page.next).toBe('https://war-sanctions.gur.gov.ua/en/transport/shadow-fleet?page=2&per-page=12');
    expect(readGurListPage(fixture('list-page-2.html'), 'https://x/').next).toBeNull();
  });

  it('parses "Name (IMO / Country / Date)" and bare names', () => {
    expect(
      parseGurCompany('Test Spirit Shipping Ltd (5551234 / Seychelles / 12.03.2023)', 'owner', 'Shipowner'),
    ).toEqual({
      role: 'owner',
      role_label: 'Shipowner',
      name: 'Test Spirit Shipping Ltd',
      company_imo: '5551234',
      country: 'Seychelles',
      since: '2023-03-12',
    });
    expect(
      parseGurCompany('Ocean Tester Inc (- / Marshall Islands / -)', 'owner', 'Shipowner'),
    ).toMatchObject({
      company_imo: null,
      country: 'Marshall Islands',
      since: null,
    });
    expect(parseGurCompany('Name (Holdings) Ltd', 'owner', 'x')).toMatchObject({
      name: 'Name (Holdings) Ltd',
      company_imo: null,
    });
    expect(parseGurCompany(' - ', 'owner', 'x')).toBeNull();
    expect(gurRole('Ship Safety Management Manager')).toBe('ism_manager');
    expect(gurRole('Commercial ship manager')).toBe('commercial_manager');
    expect(gurRole('Shipowner')).toBe('owner');
    expect(gurRole('Flag (current)')).toBeNull();
  });

  it('reads ship pages in table, dl and div layouts', () => {
    const a = readGurShipPage(fixture('ship-101.html'), 'https://x/en/transport/shadow-fleet/101');
    expect(a).toMatchObject({ ship_id: '101', name: 'TEST SPIRIT', imo: '9123456', flag: 'Gabon' });
    expect(a.companies.map((c) => [c.role, c.name])).toEqual([
      ['owner', 'Test Spirit Shipping Ltd'],
      ['commercial_manager', 'Gulf Test Management LLC'],
      ['ism_manager', 'Gulf Test Management LLC'],
    ]);
    const b = readGurShipPage(fixture('ship-102.html'), 'https://x/en/transport/shadow-fleet/102');
    expect(b).toMatchObject({ name: 'OCEAN TESTER', imo: '9000017', flag: 'Cameroon' });
    expect(b.companies.map((c) => c.name)).toEqual([
      'Ocean Tester Inc',
      'GULF TEST MANAGEMENT L.L.C.',
      'Second Test Ops FZE',
    ]);
    const c = readGurShipPage(fixture('ship-103.html'), 'https://x/en/transport/shadow-fleet/103');
    expect(c).toMatchObject({ name: 'BALTIC TEST', imo: '9000003', flag: null });
    expect(c.companies.map((x) => x.name)).toEqual(['Baltic Test Holding SA', 'Unknown Test Trading']);
  });

  it('throws on a ship page without name or IMO', () => {
    expect(() => readGurShipPage('<html><body><p>Not found</p></body></html>', 'https://x/s/1')).toThrow(
      /no vessel name or IMO row/,
    );
  });
});

describe('shadow_fleet_companies crawl (loopback) and aggregation', () => {
  let server: LoopbackServer;
  const LIST = '/en/transport/shadow-fleet';
  const list =
    (pages: Record<string, string>): Handler =>
    (req, res) => {
      const page = new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? '1';
      res.statusCode = pages[page] === undefined ? 404 : 200;
      res.end(pages[page] ?? 'not found');
    };
  const serveAll = () => {
    server.routes.set(LIST, list({ '1': fixture('list-page-1.html'), '2': fixture('list-page-2.html') }));
    for (const id of ['101', '102', '103'])
      server.routes.set(`${LIST}/${id}`, staticFile(fixture(`ship-${id}.html`)));
  };
  beforeAll(async () => {
    server = await loopbackServer();
  });
  afterAll(() => server.close());

  const crawl = () => crawlToMemory(createShadowFleetCompaniesSource({ baseUrl: server.url, pauseMs: 0 }));

  it('crawls two list pages and three ships (absolute links to the official host are followed as given)', async () => {
    serveAll();
    // ship 102 is linked absolutely to the official host in the fixture: point it at loopback
    server.routes.set(
      LIST,
      list({
        '1': fixture('list-page-1.html').replace('https://war-sanctions.gur.gov.ua', server.url),
        '2': fixture('list-page-2.html'),
      }),
    );
    const saved = await crawl();
    expect([...saved.keys()]).toEqual([SHADOW_FLEET_JSON]);
    const doc = JSON.parse(saved.get(SHADOW_FLEET_JSON)!.toString()) as { ships: Array<{ ship_id: string }> };
    expect(doc.ships.map((s) => s.ship_id)).toEqual(['101', '102', '103']);

    const entries = await collect(shadowFleetCompaniesSource, memoryFileSet(saved));
    for (const e of entries) {
      expect(e.list).toBe('shadow_fleet_companies');
      expect(e.kind).toBe('entity');
      expect(Object.keys(e.record)).toEqual(KEYS);
    }
    expect(entries.map((e) => [e.sourceUid.replace(/^name-[0-9a-f]{16}$/, 'name-#'), e.name])).toEqual([
      ['imo-5550001', 'Second Test Ops FZE'],
      ['imo-5550002', 'Baltic Test Holding SA'],
      ['imo-5551234', 'Test Spirit Shipping Ltd'],
      ['imo-5559876', 'Gulf Test Management LLC'],
      ['name-#', expect.any(String)],
      ['name-#', expect.any(String)],
    ]);
    const gulf = entries.find((e) => e.sourceUid === 'imo-5559876')!;
    expect(gulf.aliases).toEqual(['GULF TEST MANAGEMENT L.L.C.']);
    expect(gulf.record).toEqual({
      company_name: 'Gulf Test Management LLC',
      vessel_imo: '9000017',
      role: 'commercial_manager',
      company_imo: '5559876',
      country: 'United Arab Emirates',
      vessels: [
        {
          vessel_imo: '9000017',
          vessel_name: 'OCEAN TESTER',
          flag: 'Cameroon',
          role: 'commercial_manager',
          since: '2024-01-15',
          detail_url: `${server.url}/en/transport/shadow-fleet/102`,
        },
        {
          vessel_imo: '9123456',
          vessel_name: 'TEST SPIRIT',
          flag: 'Gabon',
          role: 'commercial_manager',
          since: '2023-06-01',
          detail_url: `${server.url}/en/transport/shadow-fleet/101`,
        },
        {
          vessel_imo: '9123456',
          vessel_name: 'TEST SPIRIT',
          flag: 'Gabon',
          role: 'ism_manager',
          since: '2023-06-01',
          detail_url: `${server.url}/en/transport/shadow-fleet/101`,
        },
      ],
    });
    const ocean = entries.find((e) => e.name === 'Ocean Tester Inc')!;
    expect(ocean.record).toMatchObject({
      company_imo: null,
      country: 'Marshall Islands',
      role: 'owner',
      vessel_imo: '9000017',
    });
    const unknown = entries.find((e) => e.name === 'Unknown Test Trading')!;
    expect(unknown.record).toMatchObject({ company_imo: null, country: null, role: 'commercial_manager' });
    // deterministic: the same ships in another order give the same entries
    const reversed = { ...doc, ships: [...doc.ships].reverse() };
    const again = await collect(
      shadowFleetCompaniesSource,
      memoryFileSet(new Map([[SHADOW_FLEET_JSON, JSON.stringify(reversed)]])),
    );
    expect(again).toEqual(entries);
  });

  it('throws when the list links no ship or no ship lists a company', async () => {
    server.routes.set(LIST, list({ '1': '<html><body><div class="tools-list"></div></body></html>' }));
    await expect(crawl()).rejects.toThrow(/the list links no ship page/);
    server.routes.set(LIST, list({ '1': fixture('list-page-2.html') }));
    server.routes.set(
      `${LIST}/103`,
      staticFile('<html><body><h1>BALTIC TEST</h1><p>IMO 9000003</p></body></html>'),
    );
    await expect(crawl()).rejects.toThrow(/no ship page lists an owner or manager/);
  });

  it('surfaces HTTP errors on a ship page', async () => {
    serveAll();
    server.routes.set(`${LIST}/103`, (_req, res) => {
      res.statusCode = 403;
      res.end();
    });
    server.routes.set(LIST, list({ '1': fixture('list-page-2.html') }));
    await expect(crawl()).rejects.toThrow(/shadow-fleet\/103: HTTP 403/);
  });
});

describe('shadow_fleet_companies parse of malformed files', () => {
  it('throws on non-JSON, no ships array, malformed ships and no companies', async () => {
    const one = (body: string) =>
      collect(shadowFleetCompaniesSource, memoryFileSet(new Map([[SHADOW_FLEET_JSON, body]])));
    await expect(one('x')).rejects.toThrow(/not JSON/);
    await expect(one('{}')).rejects.toThrow(/no ships array/);
    await expect(one('{"ships": [{"detail_url": "u"}]}')).rejects.toThrow(
      /ship 1 lacks detail_url or companies/,
    );
    await expect(one('{"ships": [{"detail_url": "u", "companies": [{"role": "owner"}]}]}')).rejects.toThrow(
      /company without name/,
    );
    await expect(one('{"ships": [{"detail_url": "u", "companies": []}]}')).rejects.toThrow(
      /no company on any ship/,
    );
  });
});
