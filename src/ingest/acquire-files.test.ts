// Which file sets a download tries: a retired set (the UK's ConList.xlsx) never from its publisher, but from a
// mirror after the current sets, as local mode reads it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ListSource } from '../lists/list-source.js';
import { OFSI_XLSX, UKSL_XML, ukSanctionsSource } from '../lists/sources/uk_sanctions/uk_sanctions-source.js';
import { loopbackServer, staticFile, type LoopbackServer } from '../test-support/loopback-server.js';
import { testBackends } from '../test-support/test-stores.js';
import { acquireFiles, type FileOrigin } from './acquire-files.js';
import { ingestSource } from './ingest-source.js';

const fixtures = path.resolve(import.meta.dirname, '../lists/sources/uk_sanctions/fixtures');

describe('retired file sets', () => {
  let pub: LoopbackServer;
  // The UK source with its publisher addresses pointed at the loopback server.
  let uk: ListSource;
  const remote = (mirrorUrl: string | null): FileOrigin => ({
    kind: 'remote',
    mirrorUrl,
    download: { timeoutMs: 5_000, retries: 0, userAgent: 'test' },
  });

  beforeAll(async () => {
    pub = await loopbackServer();
    uk = {
      ...ukSanctionsSource,
      fileSets: ukSanctionsSource.fileSets.map((set) =>
        set.map((f) => ({ ...f, url: `${pub.url}/publisher/${f.name}` })),
      ),
    };
  });
  afterAll(() => pub.close());
  beforeEach(() => {
    pub.routes.clear();
    pub.hits.clear();
    const xlsx = fs.readFileSync(path.join(fixtures, OFSI_XLSX));
    pub.routes.set(`/publisher/${OFSI_XLSX}`, staticFile(xlsx));
    pub.routes.set(`/mirror/uk_sanctions/${OFSI_XLSX}`, staticFile(xlsx));
  });

  it('from the publisher: the retired ConList.xlsx is never requested, even when the current XML fails', async () => {
    await expect(acquireFiles(uk, remote(null), {})).rejects.toThrow(
      new RegExp(`^${UKSL_XML.replace(/\./g, '\\.')}: HTTP 404`),
    );
    expect(pub.hits.get(`/publisher/${UKSL_XML}`)).toBe(1);
    expect(pub.hits.get(`/publisher/${OFSI_XLSX}`)).toBeUndefined();
  });

  it('from a mirror without the XML: ConList.xlsx is tried after it and loads', async () => {
    const store = await testBackends()[0]!.open();
    try {
      const out = await ingestSource(uk, store, undefined, {
        origin: remote(`${pub.url}/mirror`),
        maxRecordDrop: 0.2,
        hold: { minRemoved: 25, removedFraction: 0.01 },
      });
      expect(out).toMatchObject({ status: 'updated', error: null });
      expect(out.recordCount).toBeGreaterThan(0);
      expect(pub.hits.get(`/mirror/uk_sanctions/${UKSL_XML}`)).toBe(1);
      expect(pub.hits.get(`/mirror/uk_sanctions/${OFSI_XLSX}`)).toBe(1);
      expect(pub.hits.get(`/publisher/${OFSI_XLSX}`)).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it('from a mirror holding both: the current XML is preferred and ConList.xlsx is not fetched', async () => {
    pub.routes.set(
      `/mirror/uk_sanctions/${UKSL_XML}`,
      staticFile(fs.readFileSync(path.join(fixtures, UKSL_XML))),
    );
    const got = await acquireFiles(uk, remote(`${pub.url}/mirror`), {});
    expect(got.status).toBe('ready');
    if (got.status === 'ready') {
      expect(got.names).toEqual([UKSL_XML]);
      got.cleanup();
    }
    expect(pub.hits.get(`/mirror/uk_sanctions/${OFSI_XLSX}`)).toBeUndefined();
  });
});
