import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ListEntry } from '../../list-source.js';
import { dirFileSet, pathFileSet } from '../../formats/local-file-set.js';
import { collect } from '../../../test-support/collect.js';
import { memoryFileSet } from '../../../test-support/memory-file-set.js';
import { sharedListFile, sharedListsDir, sharedListsSkipReason } from '../../../test-support/shared-lists.js';
import { readExportItems } from './read-export-items.js';
import { ransomwhereSource } from './ransomwhere-source.js';
import type { RansomwhereRecord } from './export-item-to-entry.js';

const fixtures = path.join(import.meta.dirname, 'fixtures');
const fixture = () => fs.readFileSync(path.join(fixtures, 'export.json'));
const RECORD_KEYS = [
  'address',
  'network',
  'info',
  'family',
  'balance',
  'balance_usd',
  'created_at',
  'updated_at',
  'transactions',
  'other_fields',
];

const rec = (e: ListEntry) => e.record as RansomwhereRecord;
const fixtureItems = () =>
  (JSON.parse(fixture().toString('utf8')) as { result: Record<string, unknown>[] }).result;
const withItems = (items: unknown[]) => memoryFileSet({ 'export.json': JSON.stringify({ result: items }) });

describe('ransomwhereSource: definition', () => {
  it('is a wallet-only, non-legacy source read from the official export', () => {
    expect(ransomwhereSource.slug).toBe('ransomwhere');
    expect(ransomwhereSource.title).toBe('Ransomwhere ransomware addresses');
    expect(ransomwhereSource.publisher).toBe('Ransomwhere (community data set, not a government list)');
    expect(ransomwhereSource.legacy).toBe(false);
    expect(ransomwhereSource.purpose).toBe('wallets');
    expect(ransomwhereSource.fileSets).toEqual([
      [{ name: 'export.json', url: 'https://api.ransomwhe.re/export' }],
    ]);
  });
});

describe('ransomwhereSource: export.json fixture ({"result": [...]})', () => {
  it('yields one wallet-only entry per address with the record in a fixed key order', async () => {
    const entries = await collect(ransomwhereSource, dirFileSet(fixtures));
    expect(entries).toHaveLength(6);
    expect(new Set(entries.map((e) => e.sourceUid)).size).toBe(6);
    for (const e of entries) {
      expect(e.list).toBe('ransomwhere');
      expect(e.kind).toBe('unknown');
      expect(e.aliases).toEqual([]);
      expect(Object.keys(e.record)).toEqual(RECORD_KEYS);
      expect(e.sourceUid).toBe(rec(e).address);
      expect(e.wallets).toEqual([{ address: e.sourceUid, network: 'bitcoin' }]);
      expect(rec(e).info).toBe(`Reported ransomware payment address (family: ${e.name}) — ransomwhe.re`);
    }
    expect(entries.map((e) => e.name)).toEqual([
      'Netwalker (Mailto)',
      'REvil / Sodinokibi',
      'WannaCry',
      'Locky',
      'Weird "quoted" {family} [x] — ünïcode',
      'Conti',
    ]);
  });

  it('keeps every published field: amounts in satoshi, USD values, timestamps, transactions', async () => {
    const [first, second, third] = await collect(ransomwhereSource, dirFileSet(fixtures));
    expect(rec(first!)).toEqual({
      address: '1XPcnu9pGjt8vEB8XYMDNcXf3E27EfGHGF',
      network: 'bitcoin',
      info: 'Reported ransomware payment address (family: Netwalker (Mailto)) — ransomwhe.re',
      family: 'Netwalker (Mailto)',
      balance: 126686348,
      balance_usd: 9201.083688909499,
      created_at: '2021-07-08T06:43:08.978Z',
      updated_at: '2021-09-22T20:53:57.424Z',
      transactions: [
        {
          hash: expect.stringMatching(/^[0-9a-f]{64}$/),
          time: 1587839053,
          amount: 43577930,
          amount_usd: 3311.3147678764994,
          other_fields: null,
        },
        expect.objectContaining({ time: 1587165185, amount: 83108418, amount_usd: 5889.768921033 }),
      ],
      other_fields: null,
    });
    expect(rec(second!).transactions).toEqual([]);
    expect(rec(third!).address).toBe('bc1qesr39cj620js83q4jetgxq9a8fxr6dljh5j5n4');
  });

  it('keeps keys the export adds (item and transaction level) instead of dropping them', async () => {
    const entries = await collect(ransomwhereSource, dirFileSet(fixtures));
    const weird = entries.find((e) => e.name.startsWith('Weird'))!;
    expect(rec(weird).other_fields).toEqual({ source: 'report #42' });
    expect(rec(weird).transactions[0]!.other_fields).toEqual({ fee: 1200 });
  });

  it('states the newest row date as the data date', async () => {
    expect(await ransomwhereSource.dataDate!(dirFileSet(fixtures))).toBe('2022-04-03');
  });
});

describe('ransomwhereSource: export layouts and chunked reads', () => {
  it('accepts the bare array that copies of the export hold', async () => {
    const wrapped = await collect(ransomwhereSource, dirFileSet(fixtures));
    const bare = await collect(
      ransomwhereSource,
      memoryFileSet({ 'export.json': JSON.stringify(fixtureItems()) }),
    );
    expect(bare).toEqual(wrapped);
  });

  it('skips other top-level keys around "result", whatever they hold', async () => {
    const text = `\uFEFF {"meta": {"a": [1, {"b": "]}\\"["}], "c": null}, "n": 3, "s": "x,}",
      "result": ${JSON.stringify(fixtureItems())}, "count": 6, "ok": true}\n`;
    expect(await collect(ransomwhereSource, memoryFileSet({ 'export.json': text }))).toEqual(
      await collect(ransomwhereSource, dirFileSet(fixtures)),
    );
  });

  it('gives the same entries when the file arrives one byte at a time (UTF-8 split across chunks)', async () => {
    expect(
      await collect(ransomwhereSource, memoryFileSet({ 'export.json': fixture() }, { chunkBytes: 1 })),
    ).toEqual(await collect(ransomwhereSource, dirFileSet(fixtures)));
    expect(
      await collect(ransomwhereSource, memoryFileSet({ 'export.json': fixture() }, { chunkBytes: 7 })),
    ).toEqual(await collect(ransomwhereSource, dirFileSet(fixtures)));
  });

  it('numbers items from 1 in file order', async () => {
    const idx: number[] = [];
    for await (const item of readExportItems(Readable.from([fixture()]), 'export.json')) idx.push(item.index);
    expect(idx).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('ransomwhereSource: damaged or unexpected exports fail loudly', () => {
  const items = fixtureItems();
  const whole = fixture().toString('utf8');

  it.each([
    ['a cut download', whole.slice(0, 900), /ends before the JSON document is complete/],
    ['a cut download between items', whole.slice(0, whole.indexOf('},{') + 1), /ends before/],
    ['an empty file', '', /empty file/],
    ['a wrapper without result', '{"error": "rate limited"}', /no "result" array/],
    ['a result that is not an array', '{"result": {"address": "x"}}', /"result" is not an array/],
    [
      'a non-object item',
      '{"result": [{"address": "1A", "blockchain": "bitcoin"}, "1B"]}',
      /item #2 is not an object/,
    ],
    ['bad JSON inside an item', '[{"address": "1A", "balance": 01}]', /export.json: not valid JSON: /],
    ['content after the document', `${whole} []`, /unexpected content after the end/],
    ['plain text', 'Service Unavailable', /expected a JSON array or an object/],
    ['an empty result', '{"result": []}', /no addresses/],
  ])('%s', async (_label, text, error) => {
    await expect(collect(ransomwhereSource, memoryFileSet({ 'export.json': text }))).rejects.toThrow(error);
  });

  it('refuses an address given twice (the export is keyed by address)', async () => {
    const dup = [...items, { ...items[2], family: 'Other' }];
    await expect(collect(ransomwhereSource, withItems(dup))).rejects.toThrow(
      /item #7: address bc1qesr39cj620js83q4jetgxq9a8fxr6dljh5j5n4 already given by item #3/,
    );
  });

  it('refuses items without an address or with fields of the wrong type, naming the item', async () => {
    await expect(
      collect(ransomwhereSource, withItems([{ family: 'X', blockchain: 'bitcoin' }])),
    ).rejects.toThrow(/item #1: address is missing/);
    await expect(collect(ransomwhereSource, withItems([{ ...items[0], balance: '12' }]))).rejects.toThrow(
      /item #1: balance is not a number/,
    );
    await expect(
      collect(ransomwhereSource, withItems([{ ...items[0], transactions: [{ hash: 5 }] }])),
    ).rejects.toThrow(/item #1 transaction #1: hash is not a string/);
    await expect(collect(ransomwhereSource, withItems([{ ...items[0], transactions: {} }]))).rejects.toThrow(
      /transactions is not an array/,
    );
  });

  it('keeps an address whose family or blockchain is not stated (a report is never dropped)', async () => {
    const [e] = await collect(
      ransomwhereSource,
      withItems([{ address: ' 1NoFamiLyAddr ', transactions: [] }]),
    );
    expect(e!.sourceUid).toBe('1NoFamiLyAddr');
    expect(e!.name).toBe('Ransomware (family not stated)');
    expect(e!.wallets).toEqual([{ address: '1NoFamiLyAddr', network: 'unknown' }]);
    expect(rec(e!)).toMatchObject({
      family: null,
      network: null,
      balance: null,
      info: 'Reported ransomware payment address (family not stated) — ransomwhe.re',
    });
  });
});

if (!sharedListsDir) console.warn(sharedListsSkipReason);

describe.skipIf(!sharedListsDir)('ransomwhereSource: real export (../shared/lists/ransomwhere, 2022)', () => {
  const files = () =>
    pathFileSet({ 'export.json': sharedListFile('ransomwhere', 'ransomwhere_export_result.json') });

  it('parses all 7,457 addresses of 122 families, every one on bitcoin', async () => {
    const started = performance.now();
    const entries = await collect(ransomwhereSource, files());
    const ms = performance.now() - started;
    console.log(`ransomwhere real export: ${entries.length} entries parsed in ${ms.toFixed(0)} ms`);
    expect(entries).toHaveLength(7457);
    expect(new Set(entries.map((e) => e.sourceUid)).size).toBe(7457);
    expect(new Set(entries.map((e) => e.name)).size).toBe(122);
    expect(new Set(entries.flatMap((e) => e.wallets!.map((w) => w.network)))).toEqual(new Set(['bitcoin']));
    expect(entries.filter((e) => e.name === 'Locky')).toHaveLength(7037);
    expect(entries.reduce((n, e) => n + rec(e).transactions.length, 0)).toBe(17870);
    expect(entries.every((e) => rec(e).other_fields === null)).toBe(true);
  });

  it('spot-checks the first record', async () => {
    const [first] = await collect(ransomwhereSource, files());
    expect(first!.sourceUid).toBe('17TMc2UkVRSga2yYvuxSD9Q1XyB2EPRjTF');
    expect(first!.name).toBe('Netwalker (Mailto)');
    expect(rec(first!)).toMatchObject({
      network: 'bitcoin',
      balance: 126686348,
      created_at: '2021-07-08T06:43:08.978Z',
      updated_at: '2021-09-22T20:53:57.424Z',
      info: 'Reported ransomware payment address (family: Netwalker (Mailto)) — ransomwhe.re',
    });
    expect(rec(first!).transactions).toHaveLength(2);
    expect(rec(first!).transactions[0]).toMatchObject({ time: 1587839053, amount: 43577930 });
  });

  it('dates the data by its newest row (2022-04-03, as PROVENANCE states)', async () => {
    expect(await ransomwhereSource.dataDate!(files())).toBe('2022-04-03');
  });
});
