// List versions on both backends: atomic commit and swap, held versions, status, exact-name reads of current
// versions only.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { v7 } from 'uuid';
import type { ListEntry } from '../lists/list-source.js';
import { testBackends } from '../test-support/test-stores.js';
import type { NewListVersion } from './list-store.js';
import type { Store } from './store.js';

const entry = (
  uid: string,
  name: string,
  aliases: string[] = [],
  over: Partial<ListEntry> = {},
): ListEntry => ({
  list: 'ofac_sdn',
  sourceUid: uid,
  name,
  aliases,
  kind: 'person',
  record: { name, uid, note: 'naïve “quoted” ☕' },
  ...over,
});

const version = (slug: string, entries: ListEntry[], over: Partial<NewListVersion> = {}): NewListVersion => ({
  id: v7(),
  slug,
  fetchedAt: '2026-11-22T00:00:00.000Z',
  dataDate: '2026-11-21',
  checksum: `sha-${entries.length}`,
  validators: { 'sdn.xml': { etag: '"abc"', lastModified: null } },
  fileSet: ['sdn.xml'],
  entries,
  ...over,
});

for (const backend of testBackends()) {
  describe(`list store (${backend.name})`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await backend.open();
    });
    afterEach(() => store.close());

    it('commits a version, makes it current, and reads records by exact primary name or alias', async () => {
      const v = version('ofac_sdn', [
        entry('1', 'DOE, John', ['Johnny DOE', 'Иван Доу']),
        entry('2', 'DOE, John', [], { record: { name: 'DOE, John', uid: '2' } }),
        entry('3', 'ACME LTD', [], { kind: 'entity', wallets: [{ address: '0xAbC', network: 'ETH' }] }),
      ]);
      await store.commitListVersion(v, '2026-11-22T01:00:00.000Z');
      const [status] = await store.listStatuses();
      expect(status).toMatchObject({
        slug: 'ofac_sdn',
        currentVersionId: v.id,
        recordCount: 3,
        dataDate: '2026-11-21',
        checksum: 'sha-3',
        lastError: null,
        lastSuccessAt: '2026-11-22T01:00:00.000Z',
      });
      expect(status!.validators['sdn.xml']!.etag).toBe('"abc"');

      const both = await store.findRecordsByExactName('DOE, John');
      expect(both.ofac_sdn).toHaveLength(2);
      expect((await store.findRecordsByExactName('Иван Доу')).ofac_sdn).toEqual([
        { name: 'DOE, John', uid: '1', note: 'naïve “quoted” ☕' },
      ]);
      expect(await store.findRecordsByExactName('doe, john')).toEqual({}); // exact, not fuzzy
      const loaded = await store.loadListEntries(v.id);
      expect(loaded.map((e) => e.sourceUid)).toEqual(['1', '2', '3']);
      expect(loaded[2]!.wallets).toEqual([{ address: '0xAbC', network: 'ETH' }]);
      expect(loaded[0]!.aliases).toEqual(['Johnny DOE', 'Иван Доу']);
    });

    it("stores each entry's facts and reads them back; an entry without facts reads back without", async () => {
      const facts = { birthDates: ['1952-10-07', '1953'], countries: ['RU', 'BY'] };
      const v = version('ofac_sdn', [entry('1', 'DOE, John', [], { facts }), entry('2', 'ROE, Jane')]);
      await store.commitListVersion(v, '2026-11-22T01:00:00.000Z');
      const [withFacts, without] = await store.loadListEntries(v.id);
      expect(withFacts!.facts).toEqual(facts);
      expect(without!.facts).toBeUndefined();
    });

    it('reads entries for the name index without their records (unless facts must come from them) and wallet entries alone', async () => {
      const facts = { birthDates: ['1952'], countries: ['RU'] };
      const v = version('ofac_sdn', [
        entry('1', 'DOE, John', ['Johnny DOE'], { facts }),
        entry('2', 'ROE, Jane'),
        entry('3', 'ACME LTD', [], {
          kind: 'entity',
          wallets: [{ address: '0xAbC', network: 'ETH' }],
          facts,
        }),
      ]);
      await store.commitListVersion(v, '2026-11-22T01:00:00.000Z');
      const indexed = await store.loadIndexEntries(v.id);
      expect(indexed.map((e) => e.sourceUid)).toEqual(['1', '2', '3']);
      expect(indexed[0]).toEqual({
        versionId: v.id,
        slug: 'ofac_sdn',
        list: 'ofac_sdn',
        sourceUid: '1',
        name: 'DOE, John',
        kind: 'person',
        aliases: ['Johnny DOE'],
        weakAliases: [],
        facts,
      });
      // No facts stored: the record comes along, so the facts can be derived from it.
      expect(indexed[1]!.record).toEqual({ name: 'ROE, Jane', uid: '2', note: 'naïve “quoted” ☕' });
      expect(indexed[1]!.facts).toBeUndefined();
      expect(indexed[2]).not.toHaveProperty('wallets');
      const wallets = await store.loadWalletEntries(v.id);
      expect(wallets.map((e) => e.sourceUid)).toEqual(['3']);
      expect(wallets[0]!.wallets).toEqual([{ address: '0xAbC', network: 'ETH' }]);
      expect(wallets[0]!.record).toMatchObject({ name: 'ACME LTD' });
    });

    it('a new version replaces the old for reads; only current versions answer', async () => {
      const v1 = version('un_consolidated', [entry('a', 'Old Name')]);
      await store.commitListVersion(v1, '2026-11-22T01:00:00.000Z');
      const v2 = version('un_consolidated', [entry('a', 'New Name')]);
      await store.commitListVersion(v2, '2026-11-22T02:00:00.000Z');
      expect(await store.findRecordsByExactName('Old Name')).toEqual({});
      expect(Object.keys(await store.findRecordsByExactName('New Name'))).toEqual(['un_consolidated']);
      const v3 = version('un_consolidated', [entry('a', 'Newest')]);
      await store.commitListVersion(v3, '2026-11-22T03:00:00.000Z');
      // v1 is gone (only current and previous kept), v2 kept for rollback.
      expect(await store.loadListEntries(v1.id)).toEqual([]);
      expect(await store.loadListEntries(v2.id)).toHaveLength(1);
    });

    it('a failed commit leaves the previous version serving (one transaction)', async () => {
      const good = version('eu_consolidated', [entry('x', 'Kept Name')]);
      await store.commitListVersion(good, '2026-11-22T01:00:00.000Z');
      const bad = version('eu_consolidated', [entry('y', 'Broken')], { id: good.id }); // duplicate version id
      await expect(store.commitListVersion(bad, '2026-11-22T02:00:00.000Z')).rejects.toThrow();
      expect(Object.keys(await store.findRecordsByExactName('Kept Name'))).toEqual(['eu_consolidated']);
      expect(await store.findRecordsByExactName('Broken')).toEqual({});
      expect((await store.listStatuses())[0]!.currentVersionId).toBe(good.id);
    });

    it('records failures without touching the serving version, and clears them on success', async () => {
      await store.recordListAttempt('seco_consolidated', '2026-11-22T01:00:00.000Z', 'HTTP 503');
      expect((await store.listStatuses())[0]).toMatchObject({
        currentVersionId: null,
        lastError: 'HTTP 503',
        lastSuccessAt: null,
      });
      const v = version('seco_consolidated', [entry('1', 'Someone')]);
      await store.commitListVersion(v, '2026-11-22T02:00:00.000Z');
      await store.recordListAttempt('seco_consolidated', '2026-11-22T03:00:00.000Z', 'timeout after 30 s');
      const s = (await store.listStatuses())[0]!;
      expect(s).toMatchObject({
        currentVersionId: v.id,
        lastError: 'timeout after 30 s',
        lastSuccessAt: '2026-11-22T02:00:00.000Z',
      });
      await store.recordListAttempt('seco_consolidated', '2026-11-22T04:00:00.000Z', null);
      expect((await store.listStatuses())[0]).toMatchObject({
        lastError: null,
        lastSuccessAt: '2026-11-22T04:00:00.000Z',
      });
    });

    it('writes a large version in chunks inside one transaction', async () => {
      const many = Array.from({ length: 12_000 }, (_, i) =>
        entry(String(i), `Name ${i}`, [`Alias ${i}`, `Other ${i}`]),
      );
      const v = version('possible_pep', many);
      await store.commitListVersion(v, '2026-11-22T01:00:00.000Z');
      expect((await store.loadListEntries(v.id)).length).toBe(12_000);
      expect((await store.findRecordsByExactName('Other 11999')).possible_pep).toHaveLength(1);
    });

    it('holds a version without serving it; a newer hold replaces it; accept makes it current', async () => {
      const v1 = version('ofac_sdn', [entry('1', 'Kept One'), entry('2', 'Dropped Two')], {
        recordHashes: ['h1', 'h2'],
      });
      await store.commitListVersion(v1, '2026-11-22T01:00:00.000Z');
      const delta = { baseVersionId: v1.id, added: 0, removed: 1, changed: 0 };
      const h1 = version('ofac_sdn', [entry('1', 'Kept One')], { checksum: 'held-1', delta });
      await store.holdListVersion(h1, 'removes 1 of 2 entries', '2026-11-22T02:00:00.000Z');
      let s = (await store.listStatuses())[0]!;
      expect(s).toMatchObject({ currentVersionId: v1.id, recordCount: 2, lastError: null });
      expect(s.held).toEqual({
        id: h1.id,
        fetchedAt: h1.fetchedAt,
        dataDate: '2026-11-21',
        recordCount: 1,
        checksum: 'held-1',
        added: 0,
        removed: 1,
        changed: 0,
        reason: 'removes 1 of 2 entries',
      });
      // Not served: exact reads still answer from v1.
      expect(Object.keys(await store.findRecordsByExactName('Dropped Two'))).toEqual(['ofac_sdn']);

      const h2 = version('ofac_sdn', [entry('2', 'Dropped Two')], { checksum: 'held-2', delta });
      await store.holdListVersion(h2, 'removes 1 of 2 entries', '2026-11-22T03:00:00.000Z');
      expect((await store.listStatuses())[0]!.held!.id).toBe(h2.id);
      expect(await store.findListVersion(h1.id)).toBeNull();
      expect(await store.acceptHeldVersion('ofac_sdn', h1.id, '2026-11-22T04:00:00.000Z')).toBe(false);
      expect(await store.acceptHeldVersion('ofac_sdn', v1.id, '2026-11-22T04:00:00.000Z')).toBe(false);
      expect(await store.findListVersion(h2.id)).toEqual({
        id: h2.id,
        slug: 'ofac_sdn',
        fetchedAt: h2.fetchedAt,
        recordCount: 1,
        checksum: 'held-2',
      });

      expect(await store.acceptHeldVersion('ofac_sdn', h2.id, '2026-11-22T04:00:00.000Z')).toBe(true);
      s = (await store.listStatuses())[0]!;
      expect(s).toMatchObject({
        currentVersionId: h2.id,
        recordCount: 1,
        held: null,
        lastSuccessAt: '2026-11-22T04:00:00.000Z',
      });
      expect(await store.findRecordsByExactName('Kept One')).toEqual({});
      // The previous version stays for a rollback.
      expect(await store.loadListEntries(v1.id)).toHaveLength(2);
    });

    it('a rejection drops the held version and remembers it; a newer current version clears both', async () => {
      const v1 = version('un_consolidated', [entry('1', 'A'), entry('2', 'B')]);
      await store.commitListVersion(v1, '2026-11-22T01:00:00.000Z');
      const held = version('un_consolidated', [entry('1', 'A')], { checksum: 'bad-bytes' });
      await store.holdListVersion(held, 'too many removed', '2026-11-22T02:00:00.000Z');
      expect(await store.dropHeldVersion('un_consolidated', v1.id, '2026-11-22T03:00:00.000Z', null)).toBe(
        false,
      );
      expect(
        await store.dropHeldVersion('un_consolidated', held.id, '2026-11-22T03:00:00.000Z', {
          error: 'rejected by an admin',
        }),
      ).toBe(true);
      expect((await store.listStatuses())[0]).toMatchObject({
        currentVersionId: v1.id,
        held: null,
        lastError: 'rejected by an admin',
        rejectedChecksum: 'bad-bytes',
      });
      expect(await store.findListVersion(held.id)).toBeNull();
      expect(await store.loadListEntries(held.id)).toEqual([]);

      const again = version('un_consolidated', [entry('1', 'A')], { checksum: 'other' });
      await store.holdListVersion(again, 'too many removed', '2026-11-22T04:00:00.000Z');
      const v2 = version('un_consolidated', [entry('1', 'A'), entry('2', 'B'), entry('3', 'C')]);
      await store.commitListVersion(v2, '2026-11-22T05:00:00.000Z');
      expect((await store.listStatuses())[0]).toMatchObject({
        currentVersionId: v2.id,
        held: null,
        lastError: null,
        rejectedChecksum: null,
      });
      expect(await store.findListVersion(again.id)).toBeNull();
    });

    it('fingerprints: the stored hash, or the record of entries stored without one', async () => {
      const v = version('eu_consolidated', [entry('1', 'A'), entry('2', 'B')]);
      await store.commitListVersion(v, '2026-11-22T01:00:00.000Z');
      expect(await store.listEntryFingerprints(v.id)).toEqual([
        { list: 'ofac_sdn', sourceUid: '1', recordHash: null, record: v.entries[0]!.record },
        { list: 'ofac_sdn', sourceUid: '2', recordHash: null, record: v.entries[1]!.record },
      ]);
      const w = version('eu_consolidated', [entry('1', 'A')], { recordHashes: ['abc'] });
      await store.commitListVersion(w, '2026-11-22T02:00:00.000Z');
      expect(await store.listEntryFingerprints(w.id)).toEqual([
        { list: 'ofac_sdn', sourceUid: '1', recordHash: 'abc', record: null },
      ]);
    });

    it('the ingestion lock admits one holder at a time', async () => {
      let inner: boolean | null = null;
      const outer = await store.withIngestLock(async () => {
        inner = await store.withIngestLock(async () => undefined);
      });
      expect(outer).toBe(true);
      expect(inner).toBe(false);
    });
  });
}
