import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ListEntry } from '../../list-source.js';
import { dirFileSet } from '../../formats/local-file-set.js';
import { collect } from '../../../test-support/collect.js';
import { crawlToMemory, testPageFetcher } from '../../../test-support/loopback-crawl.js';
import { memoryFileSet } from '../../../test-support/memory-file-set.js';
import { loopbackServer, staticFile, type LoopbackServer } from '../../../test-support/loopback-server.js';
import { cftcTitleParties, documentType } from './cftc-action-to-entry.js';
import {
  CFTC_FILE,
  CFTC_LISTING_PATH,
  cftcEnforcementSource,
  createCftcEnforcementSource,
} from './cftc_enforcement-source.js';

const fixtures = path.join(import.meta.dirname, 'fixtures');
const fixture = (name: string) => fs.readFileSync(path.join(fixtures, name), 'utf8');
const KEYS = [
  'name',
  'action_title',
  'document_type',
  'action_date',
  'release_number',
  'primary_url',
  'related_documents',
  'parties',
];
const withPage = (html: string) => memoryFileSet(new Map([[CFTC_FILE, html]]));

describe('cftcEnforcementSource definition', () => {
  it('declares the crawled listing under its official address', () => {
    expect(cftcEnforcementSource.fileSets).toEqual([
      [
        {
          name: 'enforcement-actions.html',
          url: 'https://www.cftc.gov/LawRegulation/EnforcementActions/index.htm',
        },
      ],
    ]);
    expect(typeof cftcEnforcementSource.crawl).toBe('function');
  });
});

describe('cftc_enforcement fixture (two listing pages)', () => {
  let entries: ListEntry[];
  beforeAll(async () => {
    entries = await collect(cftcEnforcementSource, dirFileSet(fixtures));
  });

  it('yields one entry per named party with the 8 record keys, leading fields first', () => {
    expect(entries.map((e) => [e.sourceUid, e.name, e.kind])).toEqual([
      ['9050-25#1', 'Morgan Stanley & Co. LLC', 'entity'],
      ['9046-25#1', 'Mark T. Ellison', 'person'],
      ['9046-25#2', 'Ellison Capital Group', 'entity'],
      ['9040-25#1', 'Digital Platinum Ltd.', 'entity'],
      ['9040-25#2', 'Sergei Volkov', 'person'],
      ['9031-25#1', 'Christian Trunz', 'person'],
      ['h-6e85fbbef89184ab#1', 'CoinFlex Trading Ltd.', 'entity'],
    ]);
    for (const e of entries) {
      expect(e.list).toBe('cftc_enforcement');
      expect(Object.keys(e.record)).toEqual(KEYS);
      expect(e.record.name).toBe(e.name);
    }
    expect(new Set(entries.map((e) => e.sourceUid)).size).toBe(entries.length);
  });

  it('fills the record: title, document type, ISO date, release number, related documents, parties', () => {
    expect(entries[1]!.record).toEqual({
      name: 'Mark T. Ellison',
      action_title:
        'Federal Court Orders Florida Resident Mark T. Ellison and Ellison Capital Group to Pay $2.3 Million',
      document_type: 'Press Release',
      action_date: '2025-02-27',
      release_number: '9046-25',
      primary_url: 'https://www.cftc.gov/PressRoom/PressReleases/9046-25',
      related_documents: [
        { title: 'Consent Order', url: 'https://www.cftc.gov/media/11580/enfellisonorder022725/download' },
        { title: 'Release: 8801-23', url: 'https://www.cftc.gov/PressRoom/PressReleases/8801-23' },
      ],
      parties: ['Mark T. Ellison', 'Ellison Capital Group'],
    });
    expect(entries.at(-1)!.record.document_type).toBe('PDF');
    expect(entries.at(-1)!.record.release_number).toBeNull();
  });

  it('splits a/k/a names into aliases', () => {
    expect(entries.find((e) => e.name === 'Digital Platinum Ltd.')!.aliases).toEqual(['DPL Markets']);
  });

  it('skips headlines that name no party (a described "Texas Man", a commissioner statement)', () => {
    const titles = new Set(entries.map((e) => e.record.action_title));
    expect(
      titles.has('CFTC Charges Texas Man and His Company with Operating a $12 Million Ponzi Scheme'),
    ).toBe(false);
    expect([...titles].some((t) => String(t).startsWith('Statement of Commissioner'))).toBe(false);
  });

  it('is deterministic', async () => {
    expect(await collect(cftcEnforcementSource, dirFileSet(fixtures))).toEqual(entries);
  });
});

describe('cftc_enforcement headline extraction', () => {
  const cases: Array<[string, string[]]> = [
    [
      'CFTC Orders Morgan Stanley & Co. LLC to Pay $5 Million for Recordkeeping Failures',
      ['Morgan Stanley & Co. LLC'],
    ],
    ['CFTC Charges John Doe and Jane Roe with Fraud', ['John Doe', 'Jane Roe']],
    ['CFTC Charges Texas Man with Operating a Ponzi Scheme', []],
    [
      'Federal Court Orders Florida Resident Mark T. Ellison and His Company to Pay $2.3 Million',
      ['Mark T. Ellison'],
    ],
    [
      'CFTC Obtains Consent Order Against Vertex Capital Trading LLC and Its Owner Peter Salas',
      ['Vertex Capital Trading LLC', 'Peter Salas'],
    ],
    [
      'CFTC Orders Former JPMorgan Precious Metals Trader Christian Trunz to Pay $150,000 Penalty',
      ['Christian Trunz'],
    ],
    [
      'CFTC Charges Tether Holdings Limited, Tether Limited, Tether Operations Limited, and Tether International Limited for Misleading Statements',
      [
        'Tether Holdings Limited',
        'Tether Limited',
        'Tether Operations Limited',
        'Tether International Limited',
      ],
    ],
    ['Federal Court Finds Gold Standard Mining Co. Liable for Fraud', ['Gold Standard Mining Co.']],
    ['Coinflex Trading Ltd. Ordered to Pay $3 Million in Restitution', ['Coinflex Trading Ltd.']],
    [
      'CFTC Imposes $1 Million Penalty on Arrowhead Futures Inc. for Supervision Failures',
      ['Arrowhead Futures Inc.'],
    ],
    [
      'CFTC Settles Charges with Sterling FX Markets Ltd. over Unregistered Retail Forex',
      ['Sterling FX Markets Ltd.'],
    ],
    ['CFTC Orders Bank of America, N.A. to Pay $2 Million', ['Bank of America, N.A.']],
    [
      'CFTC Sues Rivera Commodity Group and Luis Rivera in $12 Million Fraud',
      ['Rivera Commodity Group', 'Luis Rivera'],
    ],
    ['CFTC Charges 14 Entities for Fraudulently Claiming Registration', []],
    ['CFTC Announces Record Enforcement Results', []],
    ['CFTC Staff Issues Advisory on Referrals', []],
  ];
  it.each(cases)('%s', (title, expected) => {
    expect(cftcTitleParties(title).map((p) => p.name)).toEqual(expected);
  });

  it('types documents by address', () => {
    expect(documentType('https://www.cftc.gov/PressRoom/PressReleases/9050-25')).toBe('Press Release');
    expect(documentType('https://www.cftc.gov/PressRoom/SpeechesTestimony/x')).toBe('Statement');
    expect(documentType('https://www.cftc.gov/media/1/x/download')).toBe('PDF');
    expect(documentType(null)).toBe('Other');
  });
});

describe('cftc_enforcement layout changes fail loudly', () => {
  it('a page without the Date/Enforcement Actions table throws', async () => {
    await expect(
      collect(cftcEnforcementSource, withPage('<html><body><p>Maintenance</p></body></html>')),
    ).rejects.toThrow(
      /enforcement-actions\.html page 1: no table with "Date" and "Enforcement Actions" columns/,
    );
    const renamed = fixture('index-page-0.html').replace('>Enforcement Actions</th>', '>Headline</th>');
    await expect(collect(cftcEnforcementSource, withPage(renamed))).rejects.toThrow(
      /no table with "Date" and "Enforcement Actions"/,
    );
  });
  it('a listing whose headlines name nobody throws', async () => {
    const html = fixture('index-page-0.html').replace(
      /<tbody>[\s\S]*<\/tbody>/,
      '<tbody><tr><td>01/01/2025</td><td><a href="/x">CFTC Announces Results</a></td></tr></tbody>',
    );
    await expect(collect(cftcEnforcementSource, withPage(html))).rejects.toThrow(
      /no headline names a party \(1 actions\)/,
    );
  });
  it('a missing file throws', async () => {
    await expect(collect(cftcEnforcementSource, memoryFileSet(new Map()))).rejects.toThrow(
      /enforcement-actions\.html is missing/,
    );
  });
});

describe('cftc_enforcement crawl on a loopback server', () => {
  let server: LoopbackServer;
  beforeEach(async () => {
    server = await loopbackServer();
    server.routes.set(CFTC_LISTING_PATH, (req, res) => {
      const page = new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? '0';
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(fixture(`index-page-${page}.html`));
    });
  });
  afterEach(async () => {
    await server.close();
  });
  async function crawl(pauseMs = 0) {
    const pauses: number[] = [];
    const { fetch } = testPageFetcher();
    const saved = await crawlToMemory(createCftcEnforcementSource({ baseUrl: server.url, pauseMs }), {
      fetch,
      pause: async (ms) => void pauses.push(ms),
    });
    return { saved, pauses };
  }

  it('follows rel="next" through both pages, pausing between them, and saves what parse reads', async () => {
    const { saved, pauses } = await crawl(77);
    expect([...saved.keys()]).toEqual(['enforcement-actions.html']);
    expect(server.hits.get(CFTC_LISTING_PATH)).toBe(2);
    expect(pauses).toEqual([77]);
    expect(await collect(cftcEnforcementSource, memoryFileSet(saved))).toEqual(
      await collect(cftcEnforcementSource, dirFileSet(fixtures)),
    );
  });

  it('throws when the listing table is missing (layout change)', async () => {
    server.routes.set(
      CFTC_LISTING_PATH,
      staticFile('<html><body><div class="view-empty">Nothing</div></body></html>'),
    );
    await expect(crawl()).rejects.toThrow(
      /index\.htm: no table with "Date" and "Enforcement Actions" columns/,
    );
  });

  it('throws when the first page lists nothing', async () => {
    const empty = fixture('index-page-1.html').replace(/<tbody>[\s\S]*<\/tbody>/, '<tbody></tbody>');
    server.routes.set(CFTC_LISTING_PATH, staticFile(empty));
    await expect(crawl()).rejects.toThrow(/the first page lists no enforcement action/);
  });

  it('throws when rel="next" loops back', async () => {
    const loop = fixture('index-page-0.html').replace(
      'href="?page=1" title="Go to next page"',
      'href="index.htm" title="Go to next page"',
    );
    server.routes.set(CFTC_LISTING_PATH, staticFile(loop));
    await expect(crawl()).rejects.toThrow(/leads back to a visited page/);
  });

  it('surfaces an HTTP error (403) as an error', async () => {
    server.routes.set(CFTC_LISTING_PATH, (_req, res) => {
      res.statusCode = 403;
      res.end('Forbidden');
    });
    await expect(crawl()).rejects.toThrow(/HTTP 403/);
  });
});
