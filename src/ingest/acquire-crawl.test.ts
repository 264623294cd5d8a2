// Crawled sources (paged APIs, web pages) through acquireFiles and ingestSource, against a loopback publisher.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ListSource } from '../lists/list-source.js';
import { loopbackServer, type LoopbackServer } from '../test-support/loopback-server.js';
import { testSource } from '../test-support/test-source.js';
import { testBackends } from '../test-support/test-stores.js';
import { acquireFiles, type FileOrigin } from './acquire-files.js';
import { ingestSource } from './ingest-source.js';

// A paged JSON publication: /page/N answers {items: [...], next: N+1 | null}; the crawl gathers every page into
// names.txt, the file the test source parses.
function pagedSource(base: string, opts: { saveAs?: string } = {}): ListSource {
  const inner = testSource('paged_list', `${base}/page/1`);
  return {
    ...inner,
    async crawl(http, save) {
      const rows: string[] = ['uid|name|aliases'];
      for (let page: number | null = 1; page !== null;) {
        const body = http.fetch(`${base}/page/${page}`);
        const json = (await body).json() as {
          items?: Array<{ id: string; name: string }>;
          next: number | null;
        };
        if (!Array.isArray(json.items)) throw new Error(`page ${page}: no items array (layout changed)`);
        for (const it of json.items) rows.push(`${it.id}|${it.name}|`);
        page = json.next;
        await http.pause(0);
      }
      await save(opts.saveAs ?? 'names.txt', rows.join('\n'));
    },
  };
}

describe('crawled sources', () => {
  let pub: LoopbackServer;
  const remote = (mirrorUrl: string | null = null): FileOrigin => ({
    kind: 'remote',
    mirrorUrl,
    download: { timeoutMs: 2_000, retries: 1, userAgent: 'crawl-test/1', minBackoffMs: 5 },
  });
  const page = (items: Array<{ id: string; name: string }>, next: number | null) =>
    JSON.stringify({ items, next });

  beforeAll(async () => {
    pub = await loopbackServer();
  });
  afterAll(() => pub.close());
  beforeEach(() => {
    pub.routes.clear();
    pub.hits.clear();
    pub.routes.set('/page/1', (_req, res) => {
      res.end(page([{ id: '1', name: 'Alice Example' }], 2));
    });
    pub.routes.set('/page/2', (req, res) => {
      // The fetcher declares the configured User-Agent on every request.
      res.end(page([{ id: '2', name: `Bob ${req.headers['user-agent']}` }], null));
    });
  });

  it('follows every page, saves the declared file, and ingests it as one version', async () => {
    const store = await testBackends()[0]!.open();
    try {
      const out = await ingestSource(pagedSource(pub.url), store, undefined, {
        origin: remote(),
        maxRecordDrop: 0.2,
        hold: { minRemoved: 25, removedFraction: 0.01 },
      });
      expect(out).toMatchObject({ status: 'updated', recordCount: 2, error: null });
      expect(await store.findRecordsByExactName('Bob crawl-test/1')).toEqual({
        paged_list: [{ name: 'Bob crawl-test/1', uid: '2', aliases: [] }],
      });
      expect(pub.hits.get('/page/1')).toBe(1);
      expect(pub.hits.get('/page/2')).toBe(1);
      // Same pages again: same checksum, so the version is kept.
      const again = await ingestSource(pagedSource(pub.url), store, (await store.listStatuses())[0], {
        origin: remote(),
        maxRecordDrop: 0.2,
        hold: { minRemoved: 25, removedFraction: 0.01 },
      });
      expect(again.status).toBe('unchanged');
    } finally {
      await store.close();
    }
  });

  it('a changed layout fails the crawl loudly and keeps the last good version', async () => {
    const store = await testBackends()[0]!.open();
    try {
      await ingestSource(pagedSource(pub.url), store, undefined, {
        origin: remote(),
        maxRecordDrop: 0.2,
        hold: { minRemoved: 25, removedFraction: 0.01 },
      });
      pub.routes.set('/page/2', (_req, res) => {
        res.end(JSON.stringify({ results: [], next: null }));
      });
      const out = await ingestSource(pagedSource(pub.url), store, (await store.listStatuses())[0], {
        origin: remote(),
        maxRecordDrop: 0.2,
        hold: { minRemoved: 25, removedFraction: 0.01 },
      });
      expect(out.status).toBe('failed');
      expect(out.error).toMatch(/page 2: no items array \(layout changed\)/);
      const status = (await store.listStatuses())[0]!;
      expect(status.recordCount).toBe(2);
      expect(status.lastError).toMatch(/layout changed/);
    } finally {
      await store.close();
    }
  });

  it('an HTTP error from the publisher is a failure naming the page; a 4xx is not retried', async () => {
    pub.routes.set('/page/2', (_req, res) => {
      res.statusCode = 403;
      res.end('blocked');
    });
    await expect(acquireFiles(pagedSource(pub.url), remote(), {})).rejects.toThrow(/page\/2: HTTP 403/);
    expect(pub.hits.get('/page/2')).toBe(1);
  });

  it('a 503 is retried before the crawl gives up', async () => {
    let calls = 0;
    pub.routes.set('/page/2', (_req, res) => {
      calls++;
      if (calls === 1) {
        res.statusCode = 503;
        res.end('busy');
        return;
      }
      res.end(page([{ id: '2', name: 'Bob' }], null));
    });
    const got = await acquireFiles(pagedSource(pub.url), remote(), {});
    expect(got.status).toBe('ready');
    expect(calls).toBe(2);
    if (got.status === 'ready') got.cleanup();
  });

  it('a crawl that does not save a complete file set is refused', async () => {
    await expect(acquireFiles(pagedSource(pub.url, { saveAs: 'other.txt' }), remote(), {})).rejects.toThrow(
      /crawl saved other.txt, not a complete file set/,
    );
    await expect(
      acquireFiles(pagedSource(pub.url, { saveAs: '../escape.txt' }), remote(), {}),
    ).rejects.toThrow(/bad file name/);
  });

  it('a mirror serves the saved file names, and local mode reads them: no crawl in either', async () => {
    pub.routes.set('/mirror/paged_list/names.txt', (_req, res) => {
      res.end('uid|name|aliases\n9|Mirror Person|');
    });
    const mirrored = await acquireFiles(pagedSource(pub.url), remote(`${pub.url}/mirror`), {});
    expect(mirrored.status).toBe('ready');
    if (mirrored.status === 'ready') {
      expect(mirrored.names).toEqual(['names.txt']);
      mirrored.cleanup();
    }
    expect(pub.hits.get('/page/1')).toBeUndefined();

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'crawl-local-'));
    fs.mkdirSync(path.join(dir, 'paged_list'));
    fs.writeFileSync(path.join(dir, 'paged_list', 'names.txt'), 'uid|name|aliases\n5|Local Person|');
    const local = await acquireFiles(pagedSource(pub.url), { kind: 'local', dir }, {});
    expect(local.status).toBe('ready');
    expect(pub.hits.get('/page/1')).toBeUndefined();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
