import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ListEntry } from '../../list-source.js';
import { dirFileSet } from '../../formats/local-file-set.js';
import { collect } from '../../../test-support/collect.js';
import { crawlToMemory } from '../../../test-support/loopback-crawl.js';
import { memoryFileSet } from '../../../test-support/memory-file-set.js';
import { loopbackServer, staticFile, type LoopbackServer } from '../../../test-support/loopback-server.js';
import { cellParties, titleParties } from './mas-action-to-entry.js';
import {
  MAS_FILE,
  MAS_LISTING_PATH,
  createMasEnforcementSource,
  masEnforcementSource,
} from './mas_enforcement-source.js';

const fixtures = path.join(import.meta.dirname, 'fixtures');
const fixture = () => fs.readFileSync(path.join(fixtures, MAS_FILE), 'utf8');
const KEYS = [
  'name',
  'action_type',
  'action_title',
  'action_date',
  'person_company',
  'primary_url',
  'parties',
];
const withPage = (html: string) => memoryFileSet(new Map([[MAS_FILE, html]]));

describe('masEnforcementSource definition', () => {
  it('declares the rows=All listing under its official address', () => {
    expect(masEnforcementSource.fileSets).toEqual([
      [
        {
          name: 'enforcement-actions.html',
          url: 'https://www.mas.gov.sg/regulation/enforcement/enforcement-actions?rows=All',
        },
      ],
    ]);
  });
});

describe('mas_enforcement fixture', () => {
  let entries: ListEntry[];
  beforeAll(async () => {
    entries = await collect(masEnforcementSource, dirFileSet(fixtures));
  });

  it('yields one entry per party with the 7 record keys, leading fields first', () => {
    expect(entries.map((e) => [e.name, e.kind])).toEqual([
      ['Tan Ah Kow', 'person'],
      ['Lion Peak Capital Pte. Ltd.', 'entity'],
      ['Lim Wei Jie', 'person'],
      ['Goh Siew Ling', 'person'],
      ['Rajesh Kumar s/o Suppiah', 'person'],
      ['Meridian Trust Company (Singapore) Limited', 'entity'],
      ['Ong Kah Seng', 'person'],
      ['Zenith Remit Pte Ltd', 'entity'],
    ]);
    for (const e of entries) {
      expect(e.list).toBe('mas_enforcement');
      expect(Object.keys(e.record)).toEqual(KEYS);
      expect(e.record.name).toBe(e.name);
    }
    expect(new Set(entries.map((e) => e.sourceUid)).size).toBe(entries.length);
  });

  it('fills the record from the row (Person/Company lines joined, ISO date, article address)', () => {
    expect(entries[2]).toMatchObject({
      sourceUid: 'mas-issues-prohibition-orders-against-two-former-traders#1',
      record: {
        name: 'Lim Wei Jie',
        action_type: 'Prohibition Order',
        action_title: 'MAS Issues Prohibition Orders Against Two Former Traders of Harbourfront Securities',
        action_date: '2025-02-14',
        person_company: 'Mr Lim Wei Jie; Ms Goh Siew Ling',
        primary_url:
          'https://www.mas.gov.sg/regulation/enforcement/enforcement-actions/2025/mas-issues-prohibition-orders-against-two-former-traders',
        parties: ['Lim Wei Jie', 'Goh Siew Ling'],
      },
    });
  });

  it('falls back to the title when Person/Company is empty; skips an action naming nobody', () => {
    const rajesh = entries.find((e) => e.name === 'Rajesh Kumar s/o Suppiah')!;
    expect(rajesh.record.person_company).toBeNull();
    expect(entries.some((e) => /Enforcement Report/.test(String(e.record.action_title)))).toBe(false);
  });

  it('splits "formerly known as" into an alias', () => {
    expect(entries.at(-1)!.aliases).toEqual(['Zenith Money Transfer Pte Ltd']);
  });

  it('is deterministic', async () => {
    expect(await collect(masEnforcementSource, dirFileSet(fixtures))).toEqual(entries);
  });
});

describe('mas_enforcement names', () => {
  const titles: Array<[string, string[]]> = [
    ['MAS Bans Former Financial Adviser Representative Mr Tan Ah Kow for Ten Years', ['Tan Ah Kow']],
    [
      'MAS Imposes Composition Penalty on Lion Peak Capital Pte. Ltd. for Breaches of AML Requirements',
      ['Lion Peak Capital Pte. Ltd.'],
    ],
    [
      'MAS Issues Prohibition Orders Against Mr Lim Wei Jie and Ms Goh Siew Ling',
      ['Lim Wei Jie', 'Goh Siew Ling'],
    ],
    [
      'MAS Reprimands Meridian Trust Company (Singapore) Limited',
      ['Meridian Trust Company (Singapore) Limited'],
    ],
    [
      'MAS Censures Former CEO of Orchid Fintech Pte. Ltd. Mr Rajesh Kumar s/o Suppiah',
      ['Rajesh Kumar s/o Suppiah'],
    ],
    ['MAS Revokes Licence of Zenith Remit Pte Ltd', ['Zenith Remit Pte Ltd']],
    ['MAS Publishes Enforcement Report for 2024', []],
  ];
  it.each(titles)('%s', (title, expected) => {
    expect(titleParties(title).map((p) => p.name)).toEqual(expected);
  });
  it('reads Person/Company cells (honorifics removed and marking persons)', () => {
    expect(
      cellParties('Orchid Fintech Pte. Ltd. and Mr Rajesh Kumar s/o Suppiah').map((p) => [p.name, p.kind]),
    ).toEqual([
      ['Orchid Fintech Pte. Ltd.', 'entity'],
      ['Rajesh Kumar s/o Suppiah', 'person'],
    ]);
    expect(cellParties('Mdm Siti Aminah binte Rahman').map((p) => [p.name, p.kind])).toEqual([
      ['Siti Aminah binte Rahman', 'person'],
    ]);
  });
});

describe('mas_enforcement layout changes fail loudly', () => {
  it('a page without the listing table throws', async () => {
    await expect(
      collect(masEnforcementSource, withPage('<html><body><p>Access denied</p></body></html>')),
    ).rejects.toThrow(
      /enforcement-actions\.html: no table with "Issue Date", "Title" and "Action Type" columns/,
    );
    await expect(
      collect(masEnforcementSource, withPage(fixture().replace('>Action Type</th>', '>Category</th>'))),
    ).rejects.toThrow(/no table with "Issue Date", "Title" and "Action Type"/);
  });
  it('an empty listing throws', async () => {
    await expect(
      collect(
        masEnforcementSource,
        withPage(fixture().replace(/<tbody>[\s\S]*<\/tbody>/, '<tbody></tbody>')),
      ),
    ).rejects.toThrow(/the listing has no enforcement actions/);
  });
  it('a missing file throws', async () => {
    await expect(collect(masEnforcementSource, memoryFileSet(new Map()))).rejects.toThrow(
      /enforcement-actions\.html is missing/,
    );
  });
});

describe('mas_enforcement crawl on a loopback server', () => {
  let server: LoopbackServer;
  beforeEach(async () => {
    server = await loopbackServer();
  });
  afterEach(async () => {
    await server.close();
  });
  const crawl = () => crawlToMemory(createMasEnforcementSource({ baseUrl: server.url }));

  it('fetches ?rows=All once and saves the page parse reads', async () => {
    const queries: string[] = [];
    server.routes.set(MAS_LISTING_PATH, (req, res) => {
      queries.push(String(req.url));
      res.end(fixture());
    });
    const saved = await crawl();
    expect(queries).toEqual([`${MAS_LISTING_PATH}?rows=All`]);
    expect(await collect(masEnforcementSource, memoryFileSet(saved))).toEqual(
      await collect(masEnforcementSource, dirFileSet(fixtures)),
    );
  });

  it('throws when the layout changed', async () => {
    server.routes.set(
      MAS_LISTING_PATH,
      staticFile('<html><body><div class="mas-card">New design</div></body></html>'),
    );
    await expect(crawl()).rejects.toThrow(
      /rows=All: no table with "Issue Date", "Title" and "Action Type" columns/,
    );
  });

  it('surfaces an HTTP error (403) as an error', async () => {
    server.routes.set(MAS_LISTING_PATH, (_req, res) => {
      res.statusCode = 403;
      res.end('Forbidden');
    });
    await expect(crawl()).rejects.toThrow(/HTTP 403/);
  });
});
