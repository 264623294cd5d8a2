import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackServer, type Handler, type LoopbackServer } from '../../../test-support/loopback-server.js';
import { FCA_JSON, createFcaWarningsSource, fcaWarningsSource } from './fca_warnings-source.js';
import { readFcaListingPage } from './crawl-fca-listing.js';
import { fcaDate, parseFcaTitle } from './fca-warning-to-entry.js';
import { collect } from '../../../test-support/collect.js';
import { crawlToMemory } from '../../../test-support/loopback-crawl.js';
import { memoryFileSet } from '../../../test-support/memory-file-set.js';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');
const KEYS = ['name', 'detail_url', 'published_at', 'warned_type', 'clone_of', 'description'];

describe('fcaWarningsSource catalog entry', () => {
  it('names the official address', () => {
    expect(fcaWarningsSource.fileSets[0]![0]!.url).toBe(
      'https://www.fca.org.uk/consumers/warning-list-unauthorised-firms',
    );
  });
});

describe('fca_warnings listing page and titles', () => {
  it('reads items, the declared total and the next link', () => {
    const url = 'https://www.fca.org.uk/consumers/warning-list-unauthorised-firms';
    const page = readFcaListingPage(fixture('warning-list-page-1.html'), url);
    expect(page.total).toBe(5);
    expect(page.next).toBe(`${url}?page=1`);
    expect(page.items[0]).toEqual({
      title: 'Alpha Test Capital Ltd',
      detail_url: 'https://www.fca.org.uk/news/warnings/alpha-test-capital-ltd',
      published: '06/05/2025',
      summary: 'This firm is not authorised by us but has been targeting people in the UK.',
    });
    expect(page.items[2]!.published).toBe('30/04/2025');
    expect(page.items[2]!.summary).toBeNull();
    expect(readFcaListingPage(fixture('warning-list-page-2.html'), url).next).toBeNull();
  });

  it('throws when the result list is missing or a result has no link', () => {
    expect(() => readFcaListingPage('<html><body><div class="results"></div></body></html>', 'u')).toThrow(
      /no \.search-list/,
    );
    expect(() =>
      readFcaListingPage('<ol class="search-list"><li class="search-item"><p>x</p></li></ol>', 'u'),
    ).toThrow(/result 1 has no titled link/);
  });

  it('derives names, clone markers and aliases from titles', () => {
    expect(parseFcaTitle('Barclays Test Investments (Clone of FCA authorised firm)')).toEqual({
      name: 'Barclays Test Investments',
      aliases: [],
      clone_of: 'FCA authorised firm',
    });
    expect(parseFcaTitle('Delta Test Wealth Management - Clone of EEA authorised firm')).toEqual({
      name: 'Delta Test Wealth Management',
      aliases: [],
      clone_of: 'EEA authorised firm',
    });
    expect(parseFcaTitle('Gamma Test Markets Ltd t/a GTM Trade')).toEqual({
      name: 'Gamma Test Markets Ltd',
      aliases: ['GTM Trade'],
      clone_of: null,
    });
    expect(parseFcaTitle('Clone Capital Ltd').clone_of).toBeNull();
    expect(parseFcaTitle('XYZ Clone Services Ltd')).toEqual({
      name: 'XYZ Clone Services Ltd',
      aliases: [],
      clone_of: null,
    });
    expect(parseFcaTitle('Omega Test Ltd (clone)')).toEqual({
      name: 'Omega Test Ltd',
      aliases: [],
      clone_of: 'authorised firm',
    });
  });

  it('reads UK dates', () => {
    expect(fcaDate('06/05/2025')).toBe('2025-05-06');
    expect(fcaDate('2 May 2025')).toBe('2025-05-02');
    expect(fcaDate('2 Sept 2025')).toBe('2025-09-02');
    expect(fcaDate('31/02/2025')).toBe('31/02/2025');
    expect(fcaDate(null)).toBeNull();
  });
});

describe('fca_warnings crawl (loopback)', () => {
  let server: LoopbackServer;
  const LIST = '/consumers/warning-list-unauthorised-firms';
  const paged =
    (pages: Record<string, string>): Handler =>
    (req, res) => {
      const page = new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? '0';
      const body = pages[page];
      res.statusCode = body === undefined ? 404 : 200;
      res.end(body ?? 'not found');
    };
  beforeAll(async () => {
    server = await loopbackServer();
  });
  afterAll(() => server.close());

  const crawl = () => crawlToMemory(createFcaWarningsSource({ baseUrl: server.url, pauseMs: 0 }));

  it('follows the pages, drops the warning repeated across pages and parses 6-field records', async () => {
    server.routes.set(
      LIST,
      paged({ '0': fixture('warning-list-page-1.html'), '1': fixture('warning-list-page-2.html') }),
    );
    const saved = await crawl();
    const entries = await collect(fcaWarningsSource, memoryFileSet(saved));
    expect(entries.map((e) => e.sourceUid)).toEqual([
      'alpha-test-capital-ltd',
      'barclays-test-investments-clone',
      'gamma-test-markets',
      'delta-test-wealth-clone-eea',
      'epsilontestfx-com',
    ]);
    for (const e of entries) {
      expect(e.list).toBe('fca_warnings');
      expect(e.kind).toBe('entity');
      expect(Object.keys(e.record)).toEqual(KEYS);
    }
    expect(entries[1]!.record).toEqual({
      name: 'Barclays Test Investments',
      detail_url: 'https://www.fca.org.uk/news/warnings/barclays-test-investments-clone',
      published_at: '2025-05-02',
      warned_type: 'clone firm',
      clone_of: 'FCA authorised firm',
      description:
        'Scammers are using the details of an FCA authorised firm to try to convince people that they work for a genuine, authorised firm.',
    });
    expect(entries[0]!.record).toMatchObject({
      detail_url: `${server.url}/news/warnings/alpha-test-capital-ltd`,
      published_at: '2025-05-06',
      warned_type: 'unauthorised firm',
      clone_of: null,
    });
    expect(entries[2]!.aliases).toEqual(['GTM Trade']);
    expect(entries[4]!.name).toBe('EpsilonTestFX / epsilontestfx.com');
  });

  it('throws when the first page lists nothing or the layout changed', async () => {
    server.routes.set(
      LIST,
      paged({
        '0': '<html><body><ol class="search-list"></ol><p class="search-results-count">0 results</p></body></html>',
      }),
    );
    await expect(crawl()).rejects.toThrow(/first page lists no warnings/);
    server.routes.set(LIST, paged({ '0': '<html><body><div class="view-content"></div></body></html>' }));
    await expect(crawl()).rejects.toThrow(/no \.search-list/);
  });

  it('throws when the declared total disagrees with what was read', async () => {
    server.routes.set(
      LIST,
      paged({
        '0': fixture('warning-list-page-1.html').replace('of 5 results', 'of 5,432 results'),
        '1': fixture('warning-list-page-2.html'),
      }),
    );
    await expect(crawl()).rejects.toThrow(/declares 5432 warnings but 6 were read/);
  });

  it('surfaces an HTTP error on a later page', async () => {
    server.routes.set(LIST, paged({ '0': fixture('warning-list-page-1.html') }));
    await expect(crawl()).rejects.toThrow(/page=1: HTTP 404/);
    server.routes.set(LIST, (_req, res) => {
      res.statusCode = 403;
      res.end();
    });
    await expect(crawl()).rejects.toThrow(/HTTP 403/);
  });
});

describe('fca_warnings parse of malformed files', () => {
  it('throws on non-JSON, no items, empty items, items without title', async () => {
    const one = (body: string) => collect(fcaWarningsSource, memoryFileSet(new Map([[FCA_JSON, body]])));
    await expect(one('nope')).rejects.toThrow(/not JSON/);
    await expect(one('{}')).rejects.toThrow(/no items array/);
    await expect(one('{"items": []}')).rejects.toThrow(/no warnings/);
    await expect(one('{"items": [{"detail_url": "https://x/news/warnings/a"}]}')).rejects.toThrow(
      /item 1 lacks title/,
    );
  });
});
