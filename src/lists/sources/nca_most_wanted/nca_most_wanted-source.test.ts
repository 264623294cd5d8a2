import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackServer, staticFile, type LoopbackServer } from '../../../test-support/loopback-server.js';
import { NCA_JSON, createNcaMostWantedSource, ncaMostWantedSource } from './nca_most_wanted-source.js';
import { readNcaGrid, readNcaPersonDescription } from './crawl-nca-most-wanted.js';
import { ncaUid } from './nca-person-to-entry.js';
import { collect } from '../../../test-support/collect.js';
import { crawlToMemory } from '../../../test-support/loopback-crawl.js';
import { memoryFileSet } from '../../../test-support/memory-file-set.js';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, 'fixtures', name), 'utf8');

describe('ncaMostWantedSource catalog entry', () => {
  it('names the official address', () => {
    expect(ncaMostWantedSource.fileSets).toEqual([
      [{ name: NCA_JSON, url: 'https://www.nationalcrimeagency.gov.uk/most-wanted' }],
    ]);
  });
});

describe('nca_most_wanted grid reading', () => {
  it('reads each linked person once with absolute URLs, the photo and the intro text', () => {
    const items = readNcaGrid(
      fixture('most-wanted.html'),
      'https://www.nationalcrimeagency.gov.uk/most-wanted',
    );
    expect(items).toEqual([
      {
        name: 'Testy McTestface',
        description: 'Wanted for conspiracy to import class A drugs (cocaine) into the UK.',
        detail_url: 'https://www.nationalcrimeagency.gov.uk/most-wanted/testy-mctestface',
        image_url: 'https://www.nationalcrimeagency.gov.uk/images/most-wanted/testy-mctestface.jpg',
      },
      {
        name: "Jane O'Example",
        description: null,
        detail_url: 'https://www.nationalcrimeagency.gov.uk/most-wanted/jane-o-example',
        image_url: 'https://www.nationalcrimeagency.gov.uk/images/most-wanted/jane.jpg',
      },
      {
        name: 'Ali Testov',
        description: 'Wanted in connection with the murder of a man in Liverpool in 2019.',
        detail_url: 'https://www.nationalcrimeagency.gov.uk/most-wanted/ali-testov',
        image_url: null,
      },
    ]);
  });

  it('fails loudly when the grid is missing or empty', () => {
    expect(() => readNcaGrid('<html><body><div class="blog"></div></body></html>', 'u')).toThrow(
      /no div\.most-wanted-grid/,
    );
    expect(() => readNcaGrid('<div class="blog most-wanted-grid"><p>None</p></div>', 'u')).toThrow(
      /holds no linked person/,
    );
  });

  it('reads the first paragraph of a person page', () => {
    expect(readNcaPersonDescription(fixture('jane-o-example.html'))).toBe(
      "Jane O'Example is wanted for her alleged role in a money laundering network that moved £40 million.",
    );
    expect(readNcaPersonDescription('<html></html>')).toBeNull();
    expect(ncaUid('https://x/most-wanted/jane-o-example/')).toBe('jane-o-example');
  });
});

describe('nca_most_wanted crawl (loopback)', () => {
  let server: LoopbackServer;
  beforeAll(async () => {
    server = await loopbackServer();
  });
  afterAll(() => server.close());

  const crawl = () => crawlToMemory(createNcaMostWantedSource({ baseUrl: server.url, pauseMs: 0 }));

  it('crawls the grid, fetches a person page only when the grid has no intro, and parses 4-field records', async () => {
    server.routes.set('/most-wanted', staticFile(fixture('most-wanted.html')));
    server.routes.set('/most-wanted/jane-o-example', staticFile(fixture('jane-o-example.html')));
    const saved = await crawl();
    expect([...saved.keys()]).toEqual([NCA_JSON]);
    expect(server.hits.get('/most-wanted/jane-o-example')).toBe(1);
    expect(server.hits.get('/most-wanted/testy-mctestface')).toBeUndefined();
    const entries = await collect(ncaMostWantedSource, memoryFileSet(saved));
    expect(entries.map((e) => [e.sourceUid, e.name, e.kind])).toEqual([
      ['testy-mctestface', 'Testy McTestface', 'person'],
      ['jane-o-example', "Jane O'Example", 'person'],
      ['ali-testov', 'Ali Testov', 'person'],
    ]);
    for (const e of entries) {
      expect(e.list).toBe('nca_most_wanted');
      expect(Object.keys(e.record)).toEqual(['name', 'description', 'detail_url', 'image_url']);
    }
    expect(entries[1]!.record).toEqual({
      name: "Jane O'Example",
      description:
        "Jane O'Example is wanted for her alleged role in a money laundering network that moved £40 million.",
      detail_url: `${server.url}/most-wanted/jane-o-example`,
      image_url: 'https://www.nationalcrimeagency.gov.uk/images/most-wanted/jane.jpg',
    });
    // saving again gives the same bytes (no timestamps): an unchanged page is an unchanged file
    expect((await crawl()).get(NCA_JSON)!.equals(saved.get(NCA_JSON)!)).toBe(true);
  });

  it('throws when the page layout changed', async () => {
    server.routes.set(
      '/most-wanted',
      staticFile('<html><body><div class="wanted-list"></div></body></html>'),
    );
    await expect(crawl()).rejects.toThrow(/no div\.most-wanted-grid/);
  });

  it('surfaces an HTTP 403 from the page or a person page', async () => {
    server.routes.set('/most-wanted', (_req, res) => {
      res.statusCode = 403;
      res.end('Forbidden');
    });
    await expect(crawl()).rejects.toThrow(/HTTP 403/);
    server.routes.set('/most-wanted', staticFile(fixture('most-wanted.html')));
    server.routes.set('/most-wanted/jane-o-example', (_req, res) => {
      res.statusCode = 403;
      res.end();
    });
    await expect(crawl()).rejects.toThrow(/jane-o-example: HTTP 403/);
  });
});

describe('nca_most_wanted parse of malformed files', () => {
  it('throws on non-JSON, missing items, empty items and items without a name', async () => {
    const one = (body: string) => collect(ncaMostWantedSource, memoryFileSet(new Map([[NCA_JSON, body]])));
    await expect(one('<html>')).rejects.toThrow(/not JSON/);
    await expect(one('{}')).rejects.toThrow(/no items array/);
    await expect(one('{"items": []}')).rejects.toThrow(/no persons/);
    await expect(one('{"items": [{"detail_url": "https://x/most-wanted/a"}]}')).rejects.toThrow(
      /item 1 lacks name/,
    );
    await expect(collect(ncaMostWantedSource, memoryFileSet(new Map()))).rejects.toThrow(/not present/);
  });
});
