// Refreshes against a real loopback publisher: updates, conditional GET, and every failure leaving the previous version serving.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store/store.js';
import { loopbackServer, staticFile, type LoopbackServer } from '../test-support/loopback-server.js';
import { namesFile, testSource } from '../test-support/test-source.js';
import { testBackends } from '../test-support/test-stores.js';
import type { FileOrigin } from './acquire-files.js';
import { possiblePepSource } from '../lists/sources/possible_pep/possible_pep-source.js';
import { ingestSource, validateEntries } from './ingest-source.js';

describe('ingestSource against a loopback publisher', () => {
  let pub: LoopbackServer;
  let store: Store;
  const source = () => testSource('test_list', `${pub.url}/names.txt`);
  const origin = (timeoutMs = 2_000, retries = 2): FileOrigin => ({
    kind: 'remote',
    mirrorUrl: null,
    download: { timeoutMs, retries, userAgent: 'test', minBackoffMs: 10 },
  });
  const status = async () => (await store.listStatuses()).find((s) => s.slug === 'test_list');
  const run = async (o = origin()) =>
    ingestSource(source(), store, await status(), {
      origin: o,
      maxRecordDrop: 0.2,
      hold: { minRemoved: 25, removedFraction: 0.01 },
    });

  beforeAll(async () => {
    pub = await loopbackServer();
  });
  afterAll(() => pub.close());
  beforeEach(async () => {
    store = await testBackends()[0]!.open();
    pub.routes.clear();
    pub.hits.clear();
    pub.routes.set('/names.txt', staticFile(namesFile(100), '"v1"'));
    const first = await run();
    expect(first).toMatchObject({ status: 'updated', recordCount: 100, error: null });
    pub.hits.clear();
  });
  afterEach(() => store.close());

  const servesV1 = async () => {
    expect((await store.findRecordsByExactName('Person 7')).test_list).toEqual([
      { name: 'Person 7', uid: '7', aliases: ['P. 7'] },
    ]);
    expect((await status())!.recordCount).toBe(100);
  };

  it('answers 304 for an unchanged publication (conditional GET) and keeps the version', async () => {
    const before = (await status())!.currentVersionId;
    const out = await run();
    expect(out.status).toBe('unchanged');
    expect((await status())!.currentVersionId).toBe(before);
    expect((await status())!.lastError).toBeNull();
  });

  it('recognises identical bytes by checksum when the publisher sends no validators', async () => {
    pub.routes.set('/names.txt', staticFile(namesFile(100)));
    expect((await run()).status).toBe('unchanged');
  });

  it('commits a changed publication as a new current version', async () => {
    pub.routes.set('/names.txt', staticFile(namesFile(110), '"v2"'));
    const out = await run();
    expect(out).toMatchObject({ status: 'updated', recordCount: 110 });
    expect((await store.findRecordsByExactName('Person 105')).test_list).toHaveLength(1);
  });

  it('HTTP 500: retried, then failed; the previous version keeps serving, marked with the reason', async () => {
    pub.routes.set('/names.txt', (_req, res) => {
      res.statusCode = 500;
      res.end('boom');
    });
    const out = await run(origin(2_000, 2));
    expect(out.status).toBe('failed');
    expect(out.error).toMatch(/HTTP 500/);
    expect(pub.hits.get('/names.txt')).toBe(3); // first try + 2 retries
    await servesV1();
    expect((await status())!.lastError).toMatch(/HTTP 500/);
  });

  it('an optional file the publisher does not publish (404) is skipped, but an optional file failing otherwise fails the refresh', async () => {
    pub.routes.set('/names.txt', staticFile(namesFile(103), '"v7"'));
    expect((await run()).status).toBe('updated'); // extra.txt answers 404
    pub.routes.set('/names.txt', staticFile(namesFile(104), '"v8"'));
    pub.routes.set('/extra.txt', (_req, res) => {
      res.statusCode = 503;
      res.end();
    });
    const out = await run(origin(2_000, 0));
    expect(out.status).toBe('failed');
    expect(out.error).toMatch(/extra\.txt: HTTP 503/);
    expect((await status())!.recordCount).toBe(103);
  });

  it('a 404 is not retried', async () => {
    pub.routes.delete('/names.txt');
    const out = await run(origin(2_000, 3));
    expect(out.status).toBe('failed');
    expect(out.error).toMatch(/HTTP 404/);
    expect(pub.hits.get('/names.txt')).toBe(1);
    await servesV1();
  });

  it('a publisher slower than the timeout fails with "timed out"', async () => {
    pub.routes.set('/names.txt', (_req, res) => {
      setTimeout(() => res.end(namesFile(100)), 1_500);
    });
    const out = await run(origin(300, 0));
    expect(out.status).toBe('failed');
    expect(out.error).toMatch(/timed out after 300 ms/);
    await servesV1();
  });

  it('a truncated body (connection cut short of Content-Length) is rejected', async () => {
    const body = namesFile(100);
    pub.routes.set('/names.txt', (_req, res) => {
      res.setHeader('content-length', Buffer.byteLength(body));
      res.write(body.slice(0, 500));
      setTimeout(() => res.destroy(), 20);
    });
    const out = await run(origin(2_000, 0));
    expect(out.status).toBe('failed');
    expect(out.error).toMatch(/truncated/);
    await servesV1();
  });

  it('a file that lost more than the allowed fraction of records is refused', async () => {
    pub.routes.set('/names.txt', staticFile(namesFile(60), '"v3"'));
    const out = await run();
    expect(out.status).toBe('failed');
    expect(out.error).toMatch(/record count fell from 100 to 60 \(more than 20%\)/);
    await servesV1();
  });

  it('an empty file and an unparseable file are refused', async () => {
    pub.routes.set('/names.txt', staticFile('', '"v4"'));
    expect((await run(origin(2_000, 0))).error).toMatch(/empty file/);
    pub.routes.set('/names.txt', staticFile('garbage header\n1|x|', '"v5"'));
    expect((await run()).error).toMatch(/unexpected header/);
    await servesV1();
  });

  it('duplicate ids are refused', async () => {
    pub.routes.set('/names.txt', staticFile(namesFile(100, '5|Someone Else|'), '"v6"'));
    expect((await run()).error).toMatch(/duplicate record id 5/);
    await servesV1();
  });

  it('holds a version that removes more than max(25, 1 %) entries; the same file stays held; the publisher going back discards it', async () => {
    // uids 30..129: 30 removed, 30 added, the count unchanged (no drop to refuse).
    const shifted = [
      'uid|name|aliases',
      ...Array.from({ length: 100 }, (_, i) => `${i + 30}|Person ${i + 30}|P. ${i + 30}`),
    ].join('\n');
    pub.routes.set('/names.txt', staticFile(shifted, '"shifted"'));
    const held = await run();
    expect(held).toMatchObject({
      status: 'held',
      recordCount: 100,
      delta: { added: 30, removed: 30, changed: 0 },
      heldReason: 'removes 30 of 100 entries (more than the 25 allowed without review); 30 added, 0 changed',
    });
    await servesV1();
    expect((await status())!.held).toMatchObject({
      id: held.versionId,
      removed: 30,
      added: 30,
      recordCount: 100,
    });
    expect(await run()).toMatchObject({ status: 'held', versionId: held.versionId });

    // The publisher serves the current file again (304 on its ETag): the held version is no longer published.
    pub.routes.set('/names.txt', staticFile(namesFile(100), '"v1"'));
    expect((await run()).status).toBe('unchanged');
    expect((await status())!.held).toBeNull();
    expect(await store.findListVersion(held.versionId!)).toBeNull();

    // Held again, then the same bytes as the serving version without validators: discarded too.
    pub.routes.set('/names.txt', staticFile(shifted, '"shifted"'));
    const again = await run();
    expect(again.status).toBe('held');
    pub.routes.set('/names.txt', staticFile(namesFile(100)));
    expect((await run()).status).toBe('unchanged');
    expect((await status())!.held).toBeNull();
  });

  it('serves at once a version within the hold rule, counting changed records', async () => {
    // 25 removed (uids 0..24), 25 added (200..224), one record changed (Person 50's alias).
    const rows = [
      ...Array.from({ length: 75 }, (_, i) => i + 25),
      ...Array.from({ length: 25 }, (_, i) => i + 200),
    ].map((i) => (i === 50 ? `${i}|Person ${i}|Another alias` : `${i}|Person ${i}|P. ${i}`));
    pub.routes.set('/names.txt', staticFile(['uid|name|aliases', ...rows].join('\n'), '"v9"'));
    expect(await run()).toMatchObject({
      status: 'updated',
      recordCount: 100,
      delta: { added: 25, removed: 25, changed: 1 },
      heldReason: null,
    });
    expect((await store.findRecordsByExactName('Person 7')).test_list).toBeUndefined();
  });

  it('reads the same source from a local folder (LISTS_DIR layout)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lists-'));
    fs.mkdirSync(path.join(dir, 'test_list'));
    fs.writeFileSync(path.join(dir, 'test_list', 'names.txt'), namesFile(101));
    const out = await run({ kind: 'local', dir });
    expect(out).toMatchObject({ status: 'updated', recordCount: 101 });
    fs.rmSync(path.join(dir, 'test_list', 'names.txt'));
    const missing = await run({ kind: 'local', dir });
    expect(missing.error).toMatch(/no complete file set .* \(expected names\.txt\)/);
    fs.rmSync(dir, { recursive: true });
  });

  it("stores the facts a parser sets itself (possible_pep's dates of birth and citizenships)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lists-'));
    fs.mkdirSync(path.join(dir, 'possible_pep'));
    fs.copyFileSync(
      path.resolve(import.meta.dirname, '../lists/sources/possible_pep/fixtures/wikidata_peps.json'),
      path.join(dir, 'possible_pep', 'wikidata_peps.json'),
    );
    const out = await ingestSource(possiblePepSource, store, undefined, {
      origin: { kind: 'local', dir },
      maxRecordDrop: 0.2,
      hold: { minRemoved: 25, removedFraction: 0.01 },
    });
    expect(out).toMatchObject({ status: 'updated', recordCount: 8 });
    const entries = await store.loadListEntries(out.versionId!);
    expect(entries.find((e) => e.sourceUid === 'Q990000001:Q990100001:2019-05-14')!.facts).toEqual({
      birthDates: ['1968-04-21'],
      countries: ['DE', 'FR'],
    });
    fs.rmSync(dir, { recursive: true });
  });

  it('uses a mirror base URL when configured', async () => {
    pub.routes.set('/test_list/names.txt', staticFile(namesFile(102)));
    const out = await run({
      kind: 'remote',
      mirrorUrl: pub.url,
      download: { timeoutMs: 2000, retries: 0, userAgent: 't' },
    });
    expect(out).toMatchObject({ status: 'updated', recordCount: 102 });
  });
});

describe('validateEntries', () => {
  const e = (uid: string, name = 'N') => ({
    list: 'l',
    sourceUid: uid,
    name,
    aliases: [],
    kind: 'person' as const,
    record: {},
  });
  it('accepts a drop within the fraction, refuses beyond it, blank names and empty sets', () => {
    expect(validateEntries([e('1'), e('2'), e('3'), e('4')], 5, 0.2)).toBeNull();
    expect(validateEntries([e('1'), e('2'), e('3')], 5, 0.2)).toMatch(/fell from 5 to 3/);
    expect(validateEntries([], null, 0.2)).toMatch(/no records/);
    expect(validateEntries([e('1', ' ')], null, 0.2)).toMatch(/has no name/);
  });
});
