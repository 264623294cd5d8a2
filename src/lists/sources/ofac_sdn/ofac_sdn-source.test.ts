import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ListEntry } from '../../list-source.js';
import { dirFileSet, pathFileSet } from '../../formats/local-file-set.js';
import { sharedListFile, sharedListsDir, sharedListsSkipReason } from '../../../test-support/shared-lists.js';
import { collect } from '../../../test-support/collect.js';
import { memoryFileSet } from '../../../test-support/memory-file-set.js';
import { extractRemarkAliases, splitPrograms } from './legacy-csv-to-entry.js';
import { digitalCurrencyTicker, extractDigitalCurrencyAddresses } from './ofac-record-to-entry.js';
import { ofacSdnSource, type OfacRecord } from './ofac_sdn-source.js';
import { readAddCsv, readAltCsv, readCommentsCsv } from './read-legacy-csv.js';
import { publishDateIso } from './read-sdn-xml.js';

const fixtures = path.join(import.meta.dirname, 'fixtures');
const RECORD_KEYS = ['name', 'uid', 'sdn_type', 'programs', 'aliases', 'addresses', 'remarks', 'details'];

const byUid = (entries: ListEntry[], uid: string): ListEntry => {
  const e = entries.find((x) => x.sourceUid === uid);
  if (!e) throw new Error(`no entry ${uid}`);
  return e;
};
const rec = (e: ListEntry) => e.record as OfacRecord;

const xmlFixture = () => fs.readFileSync(path.join(fixtures, 'xml', 'sdn.xml'));
const csvFixture = (name: string) => fs.readFileSync(path.join(fixtures, 'csv', name));
const csvSet = (over: Record<string, Buffer | string> = {}) =>
  memoryFileSet(
    {
      'sdn.csv': csvFixture('sdn.csv'),
      'alt.csv': csvFixture('alt.csv'),
      'add.csv': csvFixture('add.csv'),
      'sdn_comments.csv': csvFixture('sdn_comments.csv'),
      ...over,
    },
    { encoding: 'latin1' },
  );

describe('ofacSdnSource: definition', () => {
  it('prefers sdn.xml and falls back to the legacy CSV set with official SLS addresses', () => {
    expect(ofacSdnSource.slug).toBe('ofac_sdn');
    expect(ofacSdnSource.legacy).toBe(true);
    expect(ofacSdnSource.fileSets.map((s) => s.map((f) => f.name))).toEqual([
      ['sdn.xml'],
      ['sdn.csv', 'alt.csv', 'add.csv', 'sdn_comments.csv'],
    ]);
    expect(ofacSdnSource.fileSets[1]!.map((f) => f.optional ?? false)).toEqual([false, true, true, true]);
    for (const f of ofacSdnSource.fileSets.flat()) {
      expect(f.url).toMatch(
        /^https:\/\/sanctionslistservice\.ofac\.treas\.gov\/api\/PublicationPreview\/exports\//,
      );
    }
  });

  it('throws when neither format is present', async () => {
    await expect(collect(ofacSdnSource, memoryFileSet({ 'alt.csv': '' }))).rejects.toThrow(
      /neither sdn.xml nor sdn.csv/,
    );
  });
});

describe('ofacSdnSource: sdn.xml fixture', () => {
  it('parses every entry with the 8-key record in the spec order', async () => {
    const entries = await collect(ofacSdnSource, dirFileSet(path.join(fixtures, 'xml')));
    expect(entries.map((e) => e.sourceUid)).toEqual(['9001', '9003', '9004', '9005', '9006', '9008']);
    expect(new Set(entries.map((e) => e.sourceUid)).size).toBe(entries.length);
    for (const e of entries) {
      expect(e.list).toBe('ofac_sdn');
      expect(Object.keys(e.record)).toEqual(RECORD_KEYS);
      expect(JSON.stringify(e.record)).not.toContain('undefined');
    }
    expect(entries.map((e) => e.kind)).toEqual([
      'person',
      'entity',
      'vessel',
      'aircraft',
      'entity',
      'entity',
    ]);
    expect(await ofacSdnSource.dataDate!(dirFileSet(path.join(fixtures, 'xml')))).toBe('2024-05-03');
  });

  it('reads an individual with ids, wallets, aliases, addresses and birth data', async () => {
    const e = byUid(await collect(ofacSdnSource, dirFileSet(path.join(fixtures, 'xml'))), '9001');
    const r = rec(e);
    expect(e.name).toBe('PETROV, Ivan Sergeyevich');
    expect(e.aliases).toEqual(['PETROV, Ivan', 'SPLIT NICK']);
    expect(e.weakAliases).toEqual(['SPLIT NICK']);
    expect(e.wallets).toEqual([
      { address: '1FixtureA1b2C3d4E5f6G7h8J9k1M2n3P4q5', network: 'XBT' },
      { address: '0xFiXtUrE00000000000000000000000000000000aB', network: 'ETH' },
    ]);
    expect(r.uid).toBe(9001);
    expect(r.sdn_type).toBe('Individual');
    expect(r.programs).toEqual(['CYBER2', 'RUSSIA-EO14024']);
    expect(r.aliases[0]).toEqual({
      uid: 501,
      type: 'a.k.a.',
      category: 'strong',
      name: 'PETROV, Ivan',
      last_name: 'PETROV',
      first_name: 'Ivan',
      remarks: null,
    });
    expect(r.addresses).toEqual([
      {
        uid: 601,
        address: null,
        city_state_postal_code: null,
        address1: 'Presnenskaya Embankment 12',
        address2: 'Tower East, Floor 5',
        address3: null,
        city: 'Moscow',
        state_or_province: null,
        postal_code: '123317',
        country: 'Russia',
        remarks: null,
      },
    ]);
    expect(r.remarks).toBeNull();
    expect(r.details.published_format).toBe('xml');
    expect(r.details.title).toBe('Director');
    expect(r.details.ids).toHaveLength(4);
    expect(r.details.ids![0]).toEqual({
      uid: 70001,
      id_type: 'Passport',
      id_number: '750000001',
      id_country: 'Russia',
      issue_date: '01 Jun 2015',
      expiration_date: '01 Jun 2025',
    });
    expect(r.details.nationalities).toEqual([{ uid: 80001, country: 'Russia', main_entry: true }]);
    expect(r.details.citizenships).toEqual([{ uid: 80002, country: 'Russia', main_entry: true }]);
    expect(r.details.dates_of_birth).toEqual([
      { uid: 80003, date_of_birth: '14 Feb 1985', main_entry: true },
      { uid: 80004, date_of_birth: '1986', main_entry: false },
    ]);
    expect(r.details.places_of_birth).toEqual([
      { uid: 80005, place_of_birth: 'Saint Petersburg, Russia', main_entry: true },
    ]);
    expect(r.details.remarks_truncated).toBe(false);
    expect(r.details.other_elements).toBeNull();
  });

  it('keeps weak akas with apostrophes and quotes, vessel info, unknown elements, and dedupes wallets', async () => {
    const entries = await collect(ofacSdnSource, dirFileSet(path.join(fixtures, 'xml')));
    const bank = byUid(entries, '9003');
    expect(bank.aliases).toEqual(['BANCOMEXT', 'NUEVO BANCO DE COMERCIO', "ABU AL-WAFA'", 'LLC "OLD NAME"']);
    expect(bank.weakAliases).toEqual(["ABU AL-WAFA'", 'LLC "OLD NAME"']);
    expect(rec(bank).aliases.map((a) => a.type)).toEqual(['a.k.a.', 'n.k.a.', 'a.k.a.', 'f.k.a.']);
    expect(rec(bank).remarks).toBe('all offices worldwide');

    const vessel = rec(byUid(entries, '9004'));
    expect(vessel.sdn_type).toBe('Vessel');
    expect(vessel.details).toMatchObject({
      call_sign: '9BFX1',
      vessel_type: 'Crude Oil Tanker',
      vessel_flag: 'Iran',
      vessel_owner: 'NATIONAL FIXTURE TANKER COMPANY',
      tonnage: '150000',
      gross_registered_tonnage: '81479',
    });
    expect(vessel.aliases).toEqual([]);
    expect(vessel.addresses).toEqual([]);
    expect(vessel.details.dates_of_birth).toEqual([]);

    const soc = byUid(entries, '9006');
    expect(soc.name).toBe('SOCIÉTÉ GÉNÉRALE DES FIXTURES');
    expect(rec(soc).details.other_elements).toEqual({
      futureElement: { code: 'FX-1', note: 'added by the publisher later' },
    });

    // The XMR address is both an id and in the remarks: one wallet.
    expect(byUid(entries, '9008').wallets).toEqual([
      { address: '4FixtureMoneroAddressAaBbCcDd', network: 'XMR' },
      { address: 'TFixtureWholeTronAddr11111111111', network: 'USDT' },
    ]);
  });

  it('ignores the namespace: 2018 tempuri, 2024 SLS, prefixed and none give the same entries', async () => {
    const xml = xmlFixture().toString('utf8');
    const sls = 'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML';
    const base = await collect(ofacSdnSource, memoryFileSet({ 'sdn.xml': Buffer.from(xml) }));
    const variants = [
      xml.replace(sls, 'http://tempuri.org/sdnList.xsd'),
      xml.replace(` xmlns="${sls}"`, ''),
      xml.replace(/<(\/?)([A-Za-z_]+)/g, '<$1o:$2').replace(`xmlns="${sls}"`, `xmlns:o="${sls}"`),
    ];
    for (const v of variants) {
      expect(await collect(ofacSdnSource, memoryFileSet({ 'sdn.xml': Buffer.from(v) }))).toEqual(base);
    }
  });

  it('fails closed on truncated, short, empty or malformed XML', async () => {
    const xml = xmlFixture().toString('utf8');
    const run = (text: string) => collect(ofacSdnSource, memoryFileSet({ 'sdn.xml': Buffer.from(text) }));
    await expect(run(xml.slice(0, xml.lastIndexOf('<sdnEntry>') + 200))).rejects.toThrow(/sdn.xml/);
    await expect(run(xml.replace('<Record_Count>6<', '<Record_Count>7<'))).rejects.toThrow(
      /6 sdnEntry elements but Record_Count says 7/,
    );
    await expect(run(xml.replace('<uid>9004</uid>', '<uid>x</uid>'))).rejects.toThrow(
      /sdn.xml sdnEntry #3: uid 'x' is not a number/,
    );
    await expect(run(xml.replace('<uid>9004</uid>', '<uid>9001</uid>'))).rejects.toThrow(
      /uid 9001 appears twice/,
    );
    await expect(run(xml.replace('<lastName>EP-FXA</lastName>', ''))).rejects.toThrow(
      /uid 9005\): no lastName/,
    );
    await expect(run(xml.replace(/<publshInformation>[\s\S]*<\/publshInformation>/, ''))).rejects.toThrow(
      /no publshInformation/,
    );
    await expect(run(xml.replace(/<sdnEntry>[\s\S]*<\/sdnEntry>/, '').replace('>6<', '>0<'))).rejects.toThrow(
      /no sdnEntry elements/,
    );
    await expect(run(xml.replace('<sdnType>Vessel</sdnType>', '<sdnType>Vessel</sdnTyp>'))).rejects.toThrow();
  });
});

describe('ofacSdnSource: legacy CSV fixture', () => {
  it('parses sdn.csv joined with alt, add and sdn_comments', async () => {
    const entries = await collect(ofacSdnSource, dirFileSet(path.join(fixtures, 'csv')));
    expect(entries.map((e) => e.sourceUid)).toEqual([
      '9001',
      '9002',
      '9003',
      '9004',
      '9005',
      '9006',
      '9008',
      '9007',
    ]);
    for (const e of entries) expect(Object.keys(e.record)).toEqual(RECORD_KEYS);
    expect(entries.map((e) => rec(e).sdn_type)).toEqual([
      'Individual',
      'Entity',
      'Entity',
      'Vessel',
      'Aircraft',
      'Entity',
      'Entity',
      'Individual',
    ]);
    expect(entries.map((e) => e.kind)).toEqual([
      'person',
      'entity',
      'entity',
      'vessel',
      'aircraft',
      'entity',
      'entity',
      'person',
    ]);
    expect(await ofacSdnSource.dataDate!(dirFileSet(path.join(fixtures, 'csv')))).toBeNull();
  });

  it('appends the spill-over comment, even when the cut splits a wallet address or falls on a space', async () => {
    const entries = await collect(ofacSdnSource, dirFileSet(path.join(fixtures, 'csv')));
    const petrov = byUid(entries, '9001');
    const r = rec(petrov);
    expect(r.remarks).toMatch(/^DOB 14 Feb 1985; nationality Russia; /);
    expect(r.remarks).toContain('XBT 3FixtureSplitAcrossFilesQ7r8S9t1U2; Digital Currency');
    expect(r.remarks!.endsWith('Linked To: FIXTURE GROUP.')).toBe(true);
    expect(r.details.remarks_truncated).toBe(false);
    expect(petrov.wallets).toEqual([
      { address: '1FixtureA1b2C3d4E5f6G7h8J9k1M2n3P4q5', network: 'XBT' },
      { address: '3FixtureSplitAcrossFilesQ7r8S9t1U2', network: 'XBT' },
      { address: '0xFiXtUrE00000000000000000000000000000000aB', network: 'ETH' },
    ]);
    expect(petrov.aliases).toEqual(['PETROV, Ivan', 'PETROFF, Ivan', 'SPLIT NICK']);
    expect(petrov.weakAliases).toEqual(['SPLIT NICK']);
    expect(r.programs).toEqual(['CYBER2', 'RUSSIA-EO14024']);
    expect(r.details).toMatchObject({
      published_format: 'csv',
      title: 'Director',
      ids: null,
      dates_of_birth: null,
    });
    expect(r.addresses).toEqual([
      {
        uid: 601,
        address: 'Presnenskaya Embankment 12',
        city_state_postal_code: 'Moscow 123317',
        address1: null,
        address2: null,
        address3: null,
        city: null,
        state_or_province: null,
        postal_code: null,
        country: 'Russia',
        remarks: null,
      },
    ]);

    const ransom = byUid(entries, '9008');
    expect(rec(ransom).remarks).toContain('Digital Currency Address - XMR 4FixtureMoneroAddressAaBbCcDd;');
    expect(ransom.wallets).toEqual([{ address: '4FixtureMoneroAddressAaBbCcDd', network: 'XMR' }]);
  });

  it('flags remarks cut at 1,000 characters without spill-over and reads no partial wallet or alias', async () => {
    const e = byUid(await collect(ofacSdnSource, dirFileSet(path.join(fixtures, 'csv'))), '9002');
    const r = rec(e);
    expect(r.remarks).toHaveLength(1000);
    expect(r.remarks!.endsWith('Digital Currency Address - XBT bc1qfixturecut')).toBe(true);
    expect(r.details.remarks_truncated).toBe(true);
    expect(e.wallets).toEqual([{ address: 'TFixtureWholeTronAddr11111111111', network: 'USDT' }]);
    expect(e.aliases).toEqual(['FIXTURE CYBER SERVICES OOO']);
    expect(r.aliases[0]!.type).toBe('f.k.a.');
    expect(r.addresses[0]).toMatchObject({
      uid: 602,
      address: null,
      city_state_postal_code: null,
      country: 'Russia',
    });
  });

  it('reads weak AKAs from remarks, null addresses, vessel columns, Windows-1252 and spacing', async () => {
    const entries = await collect(ofacSdnSource, dirFileSet(path.join(fixtures, 'csv')));
    const bank = byUid(entries, '9003');
    expect(bank.aliases).toEqual([
      'BANCOMEXT',
      'NUEVO BANCO DE COMERCIO',
      'BANCOMEX',
      "ABU AL-WAFA'",
      "LLC 'OLD NAME'",
    ]);
    expect(bank.weakAliases).toEqual(['BANCOMEX', "ABU AL-WAFA'", "LLC 'OLD NAME'"]);
    expect(rec(bank).aliases.map((a) => [a.uid, a.type, a.category])).toEqual([
      [504, 'a.k.a.', 'strong'],
      [505, 'n.k.a.', 'strong'],
      [null, 'a.k.a.', 'weak'],
      [null, 'a.k.a.', 'weak'],
      [null, 'f.k.a.', 'weak'],
    ]);
    // OFAC publishes address rows whose every column is '-0-': kept as published.
    expect(rec(bank).addresses.map((a) => [a.uid, a.address, a.country])).toEqual([
      [603, 'Calle 23, No. 55', 'Cuba'],
      [604, null, null],
    ]);

    expect(rec(byUid(entries, '9004')).details).toMatchObject({
      call_sign: '9BFX1',
      vessel_type: 'Crude Oil Tanker',
      tonnage: '150,000',
      gross_registered_tonnage: '81,479',
      vessel_flag: 'Iran',
      vessel_owner: 'NATIONAL FIXTURE TANKER COMPANY',
    });
    expect(rec(byUid(entries, '9005')).details.title).toBeNull();

    const soc = byUid(entries, '9006');
    expect(soc.name).toBe('SOCIÉTÉ GÉNÉRALE DES FIXTURES');
    expect(soc.aliases).toEqual(['SOCIÉTÉ FIXTURE']);
    expect(rec(soc).remarks).toBeNull();
    expect(rec(soc).addresses[0]!.remarks).toBe('Head office');

    expect(byUid(entries, '9007').name).toBe('AL-RASHID, Abd al-Karim');
    expect(byUid(entries, '9007').weakAliases).toEqual(['ABU KARIM']);
  });

  it('gives the same names, types and programs as the sdn.xml fixture of the same parties', async () => {
    const xml = await collect(ofacSdnSource, dirFileSet(path.join(fixtures, 'xml')));
    const csv = await collect(ofacSdnSource, dirFileSet(path.join(fixtures, 'csv')));
    for (const x of xml) {
      const c = byUid(csv, x.sourceUid);
      expect([c.name, c.kind, rec(c).sdn_type, rec(c).programs]).toEqual([
        x.name,
        x.kind,
        rec(x).sdn_type,
        rec(x).programs,
      ]);
    }
  });

  it('parses sdn.csv alone when the optional files are absent', async () => {
    const entries = await collect(ofacSdnSource, memoryFileSet({ 'sdn.csv': csvFixture('sdn.csv') }));
    expect(entries).toHaveLength(8);
    expect(byUid(entries, '9001').aliases).toEqual([]);
    expect(rec(byUid(entries, '9001')).details.remarks_truncated).toBe(true);
    // Without the spill-over, the split address and the weak alias after the cut are not read.
    expect(byUid(entries, '9001').wallets).toEqual([
      { address: '1FixtureA1b2C3d4E5f6G7h8J9k1M2n3P4q5', network: 'XBT' },
    ]);
  });

  it('accepts the 0x1A byte with or without the last CRLF; refuses a file without it (cut at a line boundary)', async () => {
    const sdn = csvFixture('sdn.csv');
    expect(sdn.at(-1)).toBe(0x1a);
    const noCrlf = Buffer.concat([sdn.subarray(0, sdn.length - 3), Buffer.from([0x1a])]);
    expect(await collect(ofacSdnSource, csvSet({ 'sdn.csv': noCrlf }))).toEqual(
      await collect(ofacSdnSource, csvSet()),
    );
    const bare = sdn.subarray(0, sdn.length - 1);
    const text = bare.toString('latin1');
    const lineCut = Buffer.from(text.slice(0, text.lastIndexOf('\r\n', text.length - 3) + 2), 'latin1');
    for (const [name, cut] of [
      ['sdn.csv', bare],
      ['sdn.csv', lineCut],
      ['alt.csv', csvFixture('alt.csv').subarray(0, -1)],
      ['add.csv', csvFixture('add.csv').subarray(0, -1)],
    ] as const) {
      await expect(collect(ofacSdnSource, csvSet({ [name]: cut }))).rejects.toThrow(
        new RegExp(`^${name.replace('.', '\\.')}: no end-of-file byte \\(0x1A\\)`),
      );
    }
    // The comments file is spill-over text only and is accepted without it.
    expect(
      await collect(
        ofacSdnSource,
        csvSet({ 'sdn_comments.csv': csvFixture('sdn_comments.csv').subarray(0, -1) }),
      ),
    ).toEqual(await collect(ofacSdnSource, csvSet()));
    // The end-of-file run may straddle read chunks.
    const chunked = memoryFileSet(
      Object.fromEntries(
        ['sdn.csv', 'alt.csv', 'add.csv', 'sdn_comments.csv'].map((n) => [n, csvFixture(n)]),
      ),
      { chunkBytes: 7 },
    );
    expect(await collect(ofacSdnSource, chunked)).toEqual(await collect(ofacSdnSource, csvSet()));
  });

  it('fails closed on malformed rows, naming file and line', async () => {
    const sdn = csvFixture('sdn.csv').toString('latin1');
    const lines = sdn.split('\r\n');
    const withLine = (i: number, line: string) => lines.map((l, j) => (j === i ? line : l)).join('\r\n');
    await expect(
      collect(ofacSdnSource, csvSet({ 'sdn.csv': withLine(3, '9004,"OCEAN FIXTURE",vessel') })),
    ).rejects.toThrow(/sdn.csv line 4: expected 12 columns, found 3/);
    await expect(
      collect(ofacSdnSource, csvSet({ 'sdn.csv': withLine(2, lines[2]!.replace('9003', 'X3')) })),
    ).rejects.toThrow(/sdn.csv line 3: ent_num 'X3' is not a number/);
    await expect(
      collect(ofacSdnSource, csvSet({ 'sdn.csv': withLine(2, lines[2]!.replace('9003', '9002')) })),
    ).rejects.toThrow(/ent_num 9002 appears twice/);
    await expect(
      collect(ofacSdnSource, csvSet({ 'sdn.csv': sdn.slice(0, sdn.indexOf('FIXTURE RANSOM')) })),
    ).rejects.toThrow(/^sdn.csv: /);
    await expect(
      collect(ofacSdnSource, csvSet({ 'alt.csv': '9999,1,"aka","ORPHAN",-0- \r\n\x1a' })),
    ).rejects.toThrow(/alt.csv line 1: ent_num 9999 is not in sdn.csv/);
    await expect(collect(ofacSdnSource, csvSet({ 'add.csv': '9001,601,"x","y"\r\n\x1a' }))).rejects.toThrow(
      /add.csv line 1: expected 6 columns, found 4/,
    );
    await expect(collect(ofacSdnSource, csvSet({ 'sdn.csv': Buffer.from([0x1a]) }))).rejects.toThrow(
      /sdn.csv: no entries/,
    );
  });
});

describe('OFAC text helpers', () => {
  it('extracts Digital Currency Address pairs from remarks text', () => {
    const text =
      'Email Address x@example.org; Digital Currency Address - XBT 1AbC; alt. Digital Currency Address - ETH ' +
      '0xAbC1; Digital Currency Address - USDT TAbc; Digital Currency Address - XBT 1AbC; Digital Currency ' +
      'Address - TRX TZed.';
    expect(extractDigitalCurrencyAddresses(text)).toEqual([
      { address: '1AbC', network: 'XBT' },
      { address: '0xAbC1', network: 'ETH' },
      { address: 'TAbc', network: 'USDT' },
      { address: '1AbC', network: 'XBT' },
      { address: 'TZed', network: 'TRX' },
    ]);
    expect(extractDigitalCurrencyAddresses('no wallet; Digital Currency Address - XBT ')).toEqual([]);
    expect(digitalCurrencyTicker('Digital Currency Address - XBT')).toBe('XBT');
    expect(digitalCurrencyTicker('Passport')).toBeNull();
  });

  it('extracts weak AKAs quoted in remarks', () => {
    expect(
      extractRemarkAliases(
        "DOB 1970; a.k.a. 'AL-DARDA', Abu'; a.k.a. ''FOOPIE''; f.k.a. 'JSC 'SMN''; n.k.a. 'NEW'; Linked To: X.",
      ),
    ).toEqual([
      { type: 'a.k.a.', name: "AL-DARDA', Abu" },
      { type: 'a.k.a.', name: "'FOOPIE'" },
      { type: 'f.k.a.', name: "JSC 'SMN'" },
      { type: 'n.k.a.', name: 'NEW' },
    ]);
    expect(extractRemarkAliases("a.k.a. 'CUT OFF")).toEqual([]);
  });

  it('splits programs and reads the publish date', () => {
    expect(splitPrograms('SDNTK] [FTO] [SDGT')).toEqual(['SDNTK', 'FTO', 'SDGT']);
    expect(splitPrograms('[IRAN]')).toEqual(['IRAN']);
    expect(splitPrograms(null)).toEqual([]);
    expect(publishDateIso('04/06/2018')).toBe('2018-04-06');
    expect(publishDateIso('13/40/2018')).toBeNull();
    expect(publishDateIso(null)).toBeNull();
  });
});

if (!sharedListsDir) console.warn(sharedListsSkipReason);

const tickerCounts = (entries: ListEntry[]) => {
  const counts: Record<string, number> = {};
  for (const e of entries) for (const w of e.wallets ?? []) counts[w.network] = (counts[w.network] ?? 0) + 1;
  return counts;
};

describe.skipIf(!sharedListsDir)('ofacSdnSource: real files', () => {
  it('ofac_sdn_2021-07: 8,976 entries, 11,910 aliases, 13,837 addresses, spill-over joined', async () => {
    const dir = 'ofac_sdn_2021-07';
    const entries = await collect(
      ofacSdnSource,
      pathFileSet({
        'sdn.csv': sharedListFile(dir, 'sdn.csv'),
        'alt.csv': sharedListFile(dir, 'alt.csv'),
        'add.csv': sharedListFile(dir, 'add.csv'),
        'sdn_comments.csv': sharedListFile(dir, 'sdn_comments.csv'),
      }),
    );
    expect(entries).toHaveLength(8976);
    expect(new Set(entries.map((e) => e.sourceUid)).size).toBe(8976);
    expect(Math.max(...entries.map((e) => rec(e).uid))).toBe(32391);
    const aliases = entries.flatMap((e) => rec(e).aliases);
    expect(aliases.filter((a) => a.category === 'strong')).toHaveLength(11910);
    expect(aliases.filter((a) => a.category === 'weak')).toHaveLength(2441);
    expect(entries.reduce((n, e) => n + rec(e).addresses.length, 0)).toBe(13837);
    expect(entries.filter((e) => rec(e).details.remarks_truncated)).toHaveLength(0);

    const bnc = byUid(entries, '306');
    expect(bnc.name).toBe('BANCO NACIONAL DE CUBA');
    expect(bnc.aliases).toEqual(['NATIONAL BANK OF CUBA', 'BNC']);
    expect(bnc.weakAliases).toEqual(['BNC']);
    expect(rec(bnc).addresses[0]).toMatchObject({
      uid: 199,
      address: 'Zweierstrasse 35',
      country: 'Switzerland',
    });
    // Spill-over joins that rebuild an address split across the two files.
    expect(byUid(entries, '30518').wallets).toContainEqual({
      address: '1GqChmWqGtsaLrGbHfgdrV5Nkvahtjjuxr',
      network: 'XBT',
    });
    expect(byUid(entries, '29703').wallets).toContainEqual({
      address: '0x8576acc5c05d6ce88f4e49bf65bdf0c62f91353c',
      network: 'ETH',
    });
    expect(byUid(entries, '28263').weakAliases).toContain('snowsjohn');
    expect(tickerCounts(entries)).toEqual({
      XBT: 65,
      ETH: 10,
      LTC: 9,
      ZEC: 3,
      DASH: 3,
      BCH: 2,
      XMR: 1,
      BTG: 1,
      ETC: 1,
      BSV: 1,
      XVG: 1,
    });
  });

  it('ofac_sdn_2024-05 sdn.csv alone: 14,965 entries (851 vessels, 376 aircraft), cut remarks flagged', async () => {
    const entries = await collect(
      ofacSdnSource,
      pathFileSet({ 'sdn.csv': sharedListFile('ofac_sdn_2024-05', 'sdn.csv') }),
    );
    expect(entries).toHaveLength(14965);
    const kinds: Record<string, number> = {};
    for (const e of entries) kinds[e.kind] = (kinds[e.kind] ?? 0) + 1;
    expect(kinds).toEqual({ person: 6854, entity: 6884, vessel: 851, aircraft: 376 });
    expect(Math.max(...entries.map((e) => rec(e).uid))).toBe(48907);
    expect(entries.filter((e) => rec(e).details.remarks_truncated)).toHaveLength(18);
    expect(tickerCounts(entries)).toEqual({
      XBT: 197,
      ETH: 49,
      USDT: 17,
      LTC: 4,
      TRX: 4,
      XMR: 3,
      DASH: 3,
      ZEC: 2,
      BCH: 2,
      USDC: 2,
      BTG: 1,
      ETC: 1,
      XVG: 1,
      ARB: 1,
      BSC: 1,
    });
    // No address cut short by the 1,000-character limit is taken for a wallet.
    for (const w of entries.flatMap((e) => e.wallets ?? []))
      expect(w.address.length).toBeGreaterThanOrEqual(26);
  });

  it('ofac_sdn_aux_2025-12: the alt/add/comments readers give 20,107 aliases, 24,244 addresses, 28 comments', async () => {
    const dir = 'ofac_sdn_aux_2025-12';
    const count = async (rows: AsyncIterable<{ entNum: number }>) => {
      let n = 0;
      let max = 0;
      for await (const r of rows) {
        n++;
        max = Math.max(max, r.entNum);
      }
      return [n, max];
    };
    const open = (f: string) => fs.createReadStream(sharedListFile(dir, f));
    expect((await count(readAltCsv(open('alt.csv'), 'alt.csv')))[0]).toBe(20107);
    expect(await count(readAddCsv(open('add.csv'), 'add.csv'))).toEqual([24244, 56682]);
    expect((await count(readCommentsCsv(open('sdn_comments.csv'), 'sdn_comments.csv')))[0]).toBe(28);
  });
});
