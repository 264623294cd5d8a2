import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ListEntry } from '../../list-source.js';
import { dirFileSet, pathFileSet } from '../../formats/local-file-set.js';
import { collect } from '../../../test-support/collect.js';
import { memoryFileSet } from '../../../test-support/memory-file-set.js';
import { sharedListFile, sharedListsDir, sharedListsSkipReason } from '../../../test-support/shared-lists.js';
import { ofacSdnSource } from '../ofac_sdn/ofac_sdn-source.js';
import { mixerAddressesSource } from './mixer_addresses-source.js';
import {
  identifyMixingService,
  KNOWN_MIXING_SERVICES,
  websiteHost,
  type MixerRecord,
} from './mixing-service-to-entry.js';

const fixtures = path.join(import.meta.dirname, 'fixtures');
const RECORD_KEYS = [
  'address',
  'network',
  'info',
  'service',
  'sdn_uid',
  'sdn_name',
  'sdn_type',
  'programs',
  'identified_by',
  'networks',
  'remarks_truncated',
  'other_designations',
];

const csvFile = (name: string) => fs.readFileSync(path.join(fixtures, 'csv', name));
const csvSet = (over: Record<string, Buffer | string | undefined> = {}) => {
  const files: Record<string, Buffer | string> = {};
  for (const name of ['sdn.csv', 'alt.csv', 'add.csv', 'sdn_comments.csv']) {
    const v = name in over ? over[name] : csvFile(name);
    if (v !== undefined) files[name] = v;
  }
  return memoryFileSet(files, { encoding: 'latin1' });
};
const rec = (e: ListEntry) => e.record as MixerRecord;
const byAddress = (entries: ListEntry[], address: string) => {
  const e = entries.find((x) => x.sourceUid === address);
  if (!e) throw new Error(`no entry ${address}`);
  return e;
};
const countBy = (entries: ListEntry[]) =>
  Object.fromEntries(
    [...new Set(entries.map((e) => e.name))].map((n) => [n, entries.filter((e) => e.name === n).length]),
  );

// Addresses written into the fixtures (made up, in the real formats).
const BLENDER_1 = '3HakwcbGM2nGjaWmTdNETPPASutYZ1qmoP';
const TORNADO_FIRST = '0xdC999e8A6e404c9757f4297dcD7Cb0a854cde9Fb';
const TORNADO_ACROSS_CUT = '0x7065DDFedF61404c4F336975f4820Ac14869ac7c';
const SEMENOV_ETH = '0xc3441c9fb176737b409a2613a193DDB93cB03165';
const ALUMIX_USDT = 'T3KxGsE4kG4PhV3jfK3ZjLQSVp31L3q1U1';
const EXCHANGE_XBT = '14TycLtPQ8oP3NZcLELKuEW23cEZ4PWg3T';

describe('mixerAddressesSource: definition', () => {
  it('is a wallet-only, non-legacy OFAC source over the SDN publication files', () => {
    expect(mixerAddressesSource.slug).toBe('mixer_addresses');
    expect(mixerAddressesSource.title).toBe('Mixing-service addresses (OFAC designations)');
    expect(mixerAddressesSource.publisher).toBe('US Treasury OFAC');
    expect(mixerAddressesSource.legacy).toBe(false);
    expect(mixerAddressesSource.purpose).toBe('wallets');
    expect(mixerAddressesSource.fileSets).toEqual(ofacSdnSource.fileSets);
    expect(mixerAddressesSource.fileSets.map((s) => s.map((f) => f.name))).toEqual([
      ['sdn.xml'],
      ['sdn.csv', 'alt.csv', 'add.csv', 'sdn_comments.csv'],
    ]);
  });
});

describe('mixerAddressesSource: SDN CSV fixture', () => {
  it('keeps only the addresses of mixing-service entries, one entry per address', async () => {
    const entries = await collect(mixerAddressesSource, dirFileSet(path.join(fixtures, 'csv')));
    expect(countBy(entries)).toEqual({
      'Blender.io': 3,
      'Tornado Cash': 22,
      'Sinbad.io': 2,
      ChipMixer: 1,
      COINSWIRL: 2,
      'GENERIC COIN MIXER': 2,
    });
    expect(new Set(entries.map((e) => e.sourceUid)).size).toBe(entries.length);
    for (const e of entries) {
      expect(e.list).toBe('mixer_addresses');
      expect(e.kind).toBe('unknown');
      expect(e.aliases).toEqual([]);
      expect(Object.keys(e.record)).toEqual(RECORD_KEYS);
      expect(e.sourceUid).toBe(rec(e).address);
      expect(e.wallets!.map((w) => w.address)).toEqual(rec(e).networks.map(() => e.sourceUid));
      expect(e.wallets!.map((w) => w.network)).toEqual(rec(e).networks);
    }
  });

  it('states the service, its designation and the evidence', async () => {
    const entries = await collect(mixerAddressesSource, dirFileSet(path.join(fixtures, 'csv')));
    expect(rec(byAddress(entries, BLENDER_1))).toEqual({
      address: BLENDER_1,
      network: 'XBT',
      info: 'Mixing service Blender.io — OFAC SDN designation (programs: CYBER2)',
      service: 'Blender.io',
      sdn_uid: 90001,
      sdn_name: 'BLENDER.IO',
      sdn_type: 'Entity',
      programs: ['CYBER2'],
      identified_by: 'name "BLENDER.IO"',
      networks: ['XBT'],
      remarks_truncated: false,
      // Sinbad's entry publishes the same address: kept as a second designation, not a second entry.
      other_designations: [{ sdn_uid: 90003, sdn_name: 'SINBAD', service: 'Sinbad.io', network: 'XBT' }],
    });
    const tornado = byAddress(entries, TORNADO_FIRST);
    expect(rec(tornado).info).toBe(
      'Mixing service Tornado Cash — OFAC SDN designation (programs: DPRK3, CYBER2)',
    );
    expect(rec(tornado).networks).toEqual(['ETH', 'USDC']);
    expect(tornado.wallets).toEqual([
      { address: TORNADO_FIRST, network: 'ETH' },
      { address: TORNADO_FIRST, network: 'USDC' },
    ]);
    expect(rec(byAddress(entries, '1n4ernT1YTCeQxemvq2mfq7yusLj76M9Q')).identified_by).toBe(
      'alias "CHIPMIXER"',
    );
    expect(rec(byAddress(entries, 'LNhuhmNjk99SXR7owVhr7Bs14Pja8sNLfb')).identified_by).toBe(
      '"mixing service" in remarks',
    );
    const generic = entries.filter((e) => e.name === 'GENERIC COIN MIXER');
    expect(generic.map((e) => rec(e).identified_by)).toEqual([
      '"MIXER" in name "GENERIC COIN MIXER"',
      '"MIXER" in name "GENERIC COIN MIXER"',
    ]);
    expect(generic.map((e) => e.sourceUid)).toContain(
      'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
    );
    expect(rec(generic[0]!).info).toBe(
      'Mixing service GENERIC COIN MIXER — OFAC SDN designation (programs: CYBER2, SDGT)',
    );
  });

  it('leaves out persons (even with a mixer website), "Mixed farming", and mixers named only in "Linked To"', async () => {
    const addresses = new Set(
      (await collect(mixerAddressesSource, dirFileSet(path.join(fixtures, 'csv')))).map((e) => e.sourceUid),
    );
    for (const a of [SEMENOV_ETH, ALUMIX_USDT, EXCHANGE_XBT]) expect(addresses.has(a)).toBe(false);
  });

  it('reads the address OFAC cut at 1,000 characters whole from sdn_comments.csv', async () => {
    const entries = await collect(mixerAddressesSource, dirFileSet(path.join(fixtures, 'csv')));
    const sdnCsv = csvFile('sdn.csv').toString('latin1');
    expect(sdnCsv).toContain(TORNADO_ACROSS_CUT.slice(0, 10));
    expect(sdnCsv).not.toContain(TORNADO_ACROSS_CUT);
    expect(rec(byAddress(entries, TORNADO_ACROSS_CUT)).remarks_truncated).toBe(false);
  });

  it('without sdn_comments.csv, keeps the addresses before the cut, never a shortened one, and flags it', async () => {
    const entries = await collect(mixerAddressesSource, csvSet({ 'sdn_comments.csv': undefined }));
    const tornado = entries.filter((e) => e.name === 'Tornado Cash');
    expect(tornado.length).toBe(11);
    expect(tornado.every((e) => /^0x[0-9a-fA-F]{40}$/.test(e.sourceUid))).toBe(true);
    expect(tornado.every((e) => rec(e).remarks_truncated)).toBe(true);
    expect(tornado.some((e) => e.sourceUid === TORNADO_ACROSS_CUT)).toBe(false);
    expect(entries.filter((e) => e.name === 'Blender.io').every((e) => !rec(e).remarks_truncated)).toBe(true);
  });

  it('fails with the SDN parser on a malformed file, and when the publication holds no mixing service', async () => {
    await expect(
      collect(mixerAddressesSource, csvSet({ 'sdn.csv': '90001,"BLENDER.IO",-0- \r\n\x1a' })),
    ).rejects.toThrow(/sdn.csv line 1: expected 12 columns/);
    const noMixer =
      '90007,"ALUMIX TRADING LLC",-0- ,"RUSSIA-EO14024",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,' +
      '"Organization Type: Mixed farming; Digital Currency Address - USDT T3KxGsE4kG4PhV3jfK3ZjLQSVp31L3q1U1."\r\n\x1a';
    await expect(
      collect(mixerAddressesSource, memoryFileSet({ 'sdn.csv': noMixer }, { encoding: 'latin1' })),
    ).rejects.toThrow(/mixer_addresses: no mixing-service addresses among the 1 SDN entries read/);
  });
});

describe('mixerAddressesSource: sdn.xml fixture', () => {
  it('reads websites and addresses from idList; persons stay out', async () => {
    const files = dirFileSet(path.join(fixtures, 'xml'));
    const entries = await collect(mixerAddressesSource, files);
    expect(entries.map((e) => [e.name, e.sourceUid, rec(e).identified_by])).toEqual([
      ['Sinbad.io', 'bc1qrsssul3z5ucefpnx4jpkkvre4vs5qdv4s40yrlk64sudcxv9vyhq43vrun', 'name "SINBAD"'],
      ['Sinbad.io', '1Dh1eiy3p7WZcRDJnkBRrEEm2zBTDPnLDn', 'name "SINBAD"'],
      ['Blender.io', '0xbdedf3BC01376C40163127Eb4853C9Ccd7ee0Aa6', 'website www.blender.to/en/'],
    ]);
    expect(rec(entries[2]!)).toMatchObject({ sdn_uid: 90011, sdn_name: 'FIXTURE ANONYMITY SERVICE LLC' });
    expect(await mixerAddressesSource.dataDate!(files)).toBe('2023-11-29');
    expect(await mixerAddressesSource.dataDate!(dirFileSet(path.join(fixtures, 'csv')))).toBeNull();
  });
});

describe('identifyMixingService', () => {
  const entry = (over: Partial<ListEntry> & { remarks?: string | null }): ListEntry => ({
    list: 'ofac_sdn',
    sourceUid: '1',
    name: over.name ?? 'X',
    aliases: over.aliases ?? [],
    kind: over.kind ?? 'entity',
    record: {
      name: over.name ?? 'X',
      uid: 1,
      sdn_type: 'Entity',
      programs: [],
      aliases: [],
      addresses: [],
      remarks: over.remarks ?? null,
      details: { ids: null, remarks_truncated: false },
    },
  });

  it('matches known names exactly (case and final period aside), not as substrings', () => {
    expect(identifyMixingService(entry({ name: 'Tornado  Cash.' }))?.service).toBe('Tornado Cash');
    expect(identifyMixingService(entry({ name: 'SINBAD TRADING LLC' }))).toBeNull();
    expect(identifyMixingService(entry({ name: 'ALUMIX' }))).toBeNull();
    expect(identifyMixingService(entry({ name: 'STANMIX HOLDING LIMITED' }))).toBeNull();
  });

  it('never takes a person, vessel or aircraft', () => {
    for (const kind of ['person', 'vessel', 'aircraft'] as const)
      expect(identifyMixingService(entry({ name: 'BLENDER.IO', kind }))).toBeNull();
  });

  it('reads websites in any written form', () => {
    expect(websiteHost('https://www.Blender.io/path?x=1')).toBe('blender.io');
    expect(websiteHost('tornado.cash.')).toBe('tornado.cash');
    expect(websiteHost('http://app.sinbad.io:8080')).toBe('app.sinbad.io');
    expect(identifyMixingService(entry({ remarks: 'Website http://app.sinbad.io; Email x@y.z.' }))).toEqual({
      service: 'Sinbad.io',
      identifiedBy: 'website http://app.sinbad.io',
    });
    expect(identifyMixingService(entry({ remarks: 'Website notblender.io.' }))).toBeNull();
  });

  it('ignores mixers named only in Linked To clauses and "mixed" activities', () => {
    expect(
      identifyMixingService(entry({ remarks: 'Linked To: FIXTURE COIN MIXER; Linked To: X.' })),
    ).toBeNull();
    expect(identifyMixingService(entry({ remarks: 'Organization Type: Mixed farming.' }))).toBeNull();
    expect(identifyMixingService(entry({ remarks: 'Organization Type: Bitcoin mixer.' }))?.identifiedBy).toBe(
      '"mixer" in remarks',
    );
  });

  it('covers the designated services by name', () => {
    expect(KNOWN_MIXING_SERVICES.map((s) => s.name)).toEqual(
      expect.arrayContaining(['Blender.io', 'Sinbad.io', 'Tornado Cash', 'ChipMixer', 'Samourai Whirlpool']),
    );
  });
});

if (!sharedListsDir) console.warn(sharedListsSkipReason);

describe.skipIf(!sharedListsDir)('mixerAddressesSource: real SDN publications', () => {
  it('May 2024 sdn.csv: Blender.io, Tornado Cash and Sinbad.io, nothing else', async () => {
    const files = pathFileSet({ 'sdn.csv': sharedListFile('ofac_sdn_2024-05', 'sdn.csv') });
    const entries = await collect(mixerAddressesSource, files);
    expect(countBy(entries)).toEqual({ 'Blender.io': 10, 'Tornado Cash': 12, 'Sinbad.io': 2 });
    expect(new Set(entries.map((e) => rec(e).sdn_uid))).toEqual(new Set([37070, 39796, 44437]));
    // Without the comments file of that date, Blender.io's and Tornado Cash's remarks are cut.
    expect(entries.filter((e) => rec(e).remarks_truncated).map((e) => e.name)).toEqual(
      entries.filter((e) => e.name !== 'Sinbad.io').map((e) => e.name),
    );
    expect(rec(byAddress(entries, '3K35dyL85fR9ht7UgzPfd1gLRRXQtNTqE3'))).toMatchObject({
      network: 'XBT',
      sdn_name: 'BLENDER.IO',
      info: 'Mixing service Blender.io — OFAC SDN designation (programs: CYBER2)',
    });
    expect(rec(byAddress(entries, '0x12D66f87A04A9E220743712cE6d9bB1B5616B8Fc')).info).toBe(
      'Mixing service Tornado Cash — OFAC SDN designation (programs: DPRK3, CYBER2)',
    );
    expect(
      rec(byAddress(entries, 'bc1qq7p0es3dv5hcynjjf40f2xjjr6qp5py47d2f6n847vduuq9gvnyq7y9ecd')).service,
    ).toBe('Sinbad.io');

    // Every mixer address is an address of the same SDN entry on ofac_sdn; the Tornado Cash co-founder's
    // personal addresses (SEMENOV, Roman, uid 44718) are not attributed to the service.
    const sdnWallets = new Map<string, string>();
    for await (const e of ofacSdnSource.parse(files))
      for (const w of e.wallets ?? []) sdnWallets.set(w.address, e.sourceUid);
    for (const e of entries) expect(sdnWallets.get(e.sourceUid)).toBe(String(rec(e).sdn_uid));
    const semenov = [...sdnWallets].filter(([, uid]) => uid === '44718').map(([a]) => a);
    expect(semenov.length).toBe(8);
    for (const a of semenov) expect(entries.some((e) => e.sourceUid === a)).toBe(false);
  });

  it('July 2021 four-file set: no mixing service was designated yet (Blender.io: May 2022)', async () => {
    const files = pathFileSet(
      Object.fromEntries(
        ['sdn.csv', 'alt.csv', 'add.csv', 'sdn_comments.csv'].map((f) => [
          f,
          sharedListFile('ofac_sdn_2021-07', f),
        ]),
      ),
    );
    await expect(collect(mixerAddressesSource, files)).rejects.toThrow(
      /no mixing-service addresses among the 8976 SDN entries read/,
    );
  });
});
