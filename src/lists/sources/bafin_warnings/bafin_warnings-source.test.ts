import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackServer, type Handler, type LoopbackServer } from '../../../test-support/loopback-server.js';
import { BAFIN_JSON, bafinWarningsSource, createBafinWarningsSource } from './bafin_warnings-source.js';
import { bafinDate, bafinUid, parseBafinTitle } from './bafin-notice-to-entry.js';
import { canonicalNoticeUrl, readBafinListingPage } from './crawl-bafin-listing.js';
import { collect } from '../../../test-support/collect.js';
import { crawlToMemory } from '../../../test-support/loopback-crawl.js';
import { memoryFileSet } from '../../../test-support/memory-file-set.js';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

describe('bafinWarningsSource catalog entry', () => {
  it('names the official address', () => {
    expect(bafinWarningsSource.fileSets[0]![0]!.url).toMatch(/^https:\/\/www\.bafin\.de\/SiteGlobals\//);
  });
});

describe('bafin_warnings titles', () => {
  it.each([
    [
      'Apex Test Capital Ltd: BaFin warnt vor Angeboten auf der Website apex-test-capital.com',
      'Apex Test Capital Ltd',
      ['apex-test-capital.com'],
    ],
    ['Warnung: BaFin warnt vor der Trade Test Pro Ltd', 'Trade Test Pro Ltd', []],
    ['Unerlaubte Geschäfte: BaFin ermittelt gegen die Test Invest GmbH', 'Test Invest GmbH', []],
    [
      'Identitätsmissbrauch: BaFin warnt vor der Internetseite bafin-test-lizenz.com',
      'bafin-test-lizenz.com',
      [],
    ],
    [
      'BaFin warnt vor den Internetseiten test-broker-a.com und test-broker-b.net',
      'test-broker-a.com',
      ['test-broker-b.net'],
    ],
    ['BaFin warnt vor Angeboten der „Test Crypto Union Ltd.“', 'Test Crypto Union Ltd', []],
    ['Warnung vor der Plattform TestCoinMarkets', 'TestCoinMarkets', []],
    ['BaFin warnt vor der Telegram-Gruppe "Test Trader Club"', 'Test Trader Club', []],
    [
      'Test Asset Partners: Warnung vor Angeboten auf den Websites tap-test.com und tap-test.io',
      'Test Asset Partners',
      ['tap-test.com', 'tap-test.io'],
    ],
    [
      'BaFin warnt vor der Alpha Test AG, der Beta Test SE und der Gamma Test Ltd',
      'Alpha Test AG',
      ['Beta Test SE', 'Gamma Test Ltd'],
    ],
    ['Phishing-Mails im Namen der BaFin', 'Phishing-Mails im Namen der BaFin', []],
  ])('%s', (title, name, aliases) => {
    expect(parseBafinTitle(title)).toEqual({ name, aliases });
  });

  it('dates and ids', () => {
    expect(bafinDate('06.05.2024', 'x')).toBe('2024-05-06');
    expect(bafinDate(null, 'https://x/unerlaubte/2024/meldung_2024_04_29_X.html')).toBe('2024-04-29');
    expect(bafinDate(null, 'https://x/a.html')).toBeNull();
    expect(
      bafinUid(
        'https://www.bafin.de/SharedDocs/Veroeffentlichungen/DE/Verbrauchermitteilung/unerlaubte/2024/meldung_2024_05_06_Apex.html',
      ),
    ).toBe('2024/meldung_2024_05_06_Apex');
    expect(canonicalNoticeUrl('https://www.bafin.de/a/b.html;jsessionid=ABC.internet961?nn=1#x')).toBe(
      'https://www.bafin.de/a/b.html',
    );
  });
});

describe('bafin_warnings listing page', () => {
  it('reads results against <base href>, dates, teasers, the total and the forward link', () => {
    const page = readBafinListingPage(
      fixture('liste-seite-1.html'),
      'https://www.bafin.de/SiteGlobals/x.html',
    );
    expect(page.total).toBe(7);
    expect(page.items).toHaveLength(4);
    expect(page.items[0]).toEqual({
      title: 'Apex Test Capital Ltd: BaFin warnt vor Angeboten auf der Website apex-test-capital.com',
      detail_url:
        'https://www.bafin.de/SharedDocs/Veroeffentlichungen/DE/Verbrauchermitteilung/unerlaubte/2024/meldung_2024_05_06_Apex_Test_Capital.html',
      date: '06.05.2024',
      teaser:
        'Die Bundesanstalt für Finanzdienstleistungsaufsicht (BaFin) hat Hinweise, dass die Apex Test Capital Ltd auf der Website apex-test-capital.com ohne Erlaubnis Finanzdienstleistungen anbietet.',
    });
    expect(page.items[1]!.teaser).toBeNull();
    expect(page.next).toBe(
      'https://www.bafin.de/SiteGlobals/Forms/Suche/Expertensuche_Formular.html?gtp=19659508_list%253D2&cl2Categories_Format=Verbrauchermitteilung',
    );
    expect(readBafinListingPage(fixture('liste-seite-2.html'), 'https://www.bafin.de/').next).toBeNull();
  });
});

describe('bafin_warnings crawl (loopback)', () => {
  let server: LoopbackServer;
  const LIST = '/SiteGlobals/Forms/Suche/Expertensuche_Formular.html';
  const paged =
    (pages: Record<string, string>): Handler =>
    (req, res) => {
      const gtp = new URL(req.url ?? '/', 'http://x').searchParams.get('gtp');
      const page = gtp ? (/list%3D(\d+)/.exec(gtp)?.[1] ?? '?') : '1';
      const body = pages[page];
      res.statusCode = body === undefined ? 404 : 200;
      res.setHeader('content-type', 'text/html; charset=UTF-8');
      res.end(body ?? 'not found');
    };
  beforeAll(async () => {
    server = await loopbackServer();
  });
  afterAll(() => server.close());

  const crawl = () => crawlToMemory(createBafinWarningsSource({ baseUrl: server.url, pauseMs: 0 }));

  it('walks both pages, keeps unerlaubte notices once and parses 4-field records', async () => {
    server.routes.set(
      LIST,
      paged({ '1': fixture('liste-seite-1.html'), '2': fixture('liste-seite-2.html') }),
    );
    const entries = await collect(bafinWarningsSource, memoryFileSet(await crawl()));
    expect(entries.map((e) => [e.sourceUid, e.name])).toEqual([
      ['2024/meldung_2024_05_06_Apex_Test_Capital', 'Apex Test Capital Ltd'],
      ['2024/meldung_2024_05_03_Trade_Test_Pro', 'Trade Test Pro Ltd'],
      ['2024/meldung_2024_04_30_Test_Invest_GmbH', 'Test Invest GmbH'],
      ['2024/meldung_2024_04_29_Identitaetsmissbrauch', 'bafin-test-lizenz.com'],
      ['2024/meldung_2024_04_25_Internetseiten', 'test-broker-a.com'],
    ]);
    for (const e of entries) {
      expect(e.list).toBe('bafin_warnings');
      expect(e.kind).toBe('entity');
      expect(Object.keys(e.record)).toEqual(['name', 'description', 'published_at', 'detail_url']);
    }
    expect(entries[0]!.aliases).toEqual(['apex-test-capital.com']);
    expect(entries[0]!.record).toEqual({
      name: 'Apex Test Capital Ltd',
      description:
        'Apex Test Capital Ltd: BaFin warnt vor Angeboten auf der Website apex-test-capital.com\nDie Bundesanstalt für Finanzdienstleistungsaufsicht (BaFin) hat Hinweise, dass die Apex Test Capital Ltd auf der Website apex-test-capital.com ohne Erlaubnis Finanzdienstleistungen anbietet.',
      published_at: '2024-05-06',
      detail_url: `${server.url}/SharedDocs/Veroeffentlichungen/DE/Verbrauchermitteilung/unerlaubte/2024/meldung_2024_05_06_Apex_Test_Capital.html`,
    });
    expect(entries[1]!.record['description']).toBe('Warnung: BaFin warnt vor der Trade Test Pro Ltd');
    expect(entries[4]!.aliases).toEqual(['test-broker-b.net']);
  });

  it('throws when the listing layout changed or the declared total disagrees', async () => {
    server.routes.set(
      LIST,
      paged({ '1': '<html><body><div class="searchresult"><p>Keine Treffer</p></div></body></html>' }),
    );
    await expect(crawl()).rejects.toThrow(/first page links no Verbrauchermitteilung notice/);
    server.routes.set(
      LIST,
      paged({
        '1': fixture('liste-seite-1.html').replace('von 7', 'von 1.234'),
        '2': fixture('liste-seite-2.html'),
      }),
    );
    await expect(crawl()).rejects.toThrow(/declares 1234 notices but 7 were read/);
    server.routes.set(
      LIST,
      paged({ '1': fixture('liste-seite-1.html'), '2': '<html><body>Wartung</body></html>' }),
    );
    await expect(crawl()).rejects.toThrow(/page 2 links no notice/);
  });

  it('surfaces HTTP errors', async () => {
    server.routes.set(LIST, paged({ '1': fixture('liste-seite-1.html') }));
    await expect(crawl()).rejects.toThrow(/HTTP 404/);
    server.routes.set(LIST, (_req, res) => {
      res.statusCode = 403;
      res.end();
    });
    await expect(crawl()).rejects.toThrow(/HTTP 403/);
  });
});

describe('bafin_warnings parse of malformed files', () => {
  it('throws on non-JSON, no items, empty items and items without title', async () => {
    const one = (body: string) => collect(bafinWarningsSource, memoryFileSet(new Map([[BAFIN_JSON, body]])));
    await expect(one('x')).rejects.toThrow(/not JSON/);
    await expect(one('{}')).rejects.toThrow(/no items array/);
    await expect(one('{"items": []}')).rejects.toThrow(/no notices/);
    await expect(one('{"items": [{"detail_url": "https://x/a.html"}]}')).rejects.toThrow(
      /item 1 lacks title/,
    );
  });
});
