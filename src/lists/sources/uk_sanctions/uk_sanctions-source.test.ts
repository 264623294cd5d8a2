import path from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListEntry } from '../../list-source.js';
import { pathFileSet } from '../../formats/local-file-set.js';
import { xlsxRows } from '../../formats/xlsx-rows.js';
import { collect } from '../../../test-support/collect.js';
import { memoryFileSet } from '../../../test-support/memory-file-set.js';
import { sharedListFile, sharedListsDir, sharedListsSkipReason } from '../../../test-support/shared-lists.js';
import { OFSI_COLUMNS, groupOfsiRows } from './read-ofsi-xlsx.js';
import { OFSI_XLSX, UKSL_XML, ukSanctionsSource } from './uk_sanctions-source.js';

const fixtureDir = path.join(import.meta.dirname, 'fixtures');
const xmlFixture = pathFileSet({ [UKSL_XML]: path.join(fixtureDir, UKSL_XML) });
const ofsiFixture = pathFileSet({ [OFSI_XLSX]: path.join(fixtureDir, 'ConList.xlsx') });

const LEADING = ['name', 'aliases', 'subject_type', 'reference_number'];
const KEYS = [
  ...LEADING,
  'ofsi_group_id',
  'regimes',
  'designation',
  'names',
  'addresses',
  'individual',
  'entity',
  'ship',
  'contact',
  'other_information',
  'statement_of_reasons',
];

const byUid = (entries: ListEntry[], uid: string) => {
  const e = entries.find((x) => x.sourceUid === uid);
  if (!e) throw new Error(`no entry ${uid}`);
  return e;
};

const designations = (body: string) =>
  `<?xml version="1.0" encoding="utf-8"?><Designations><DateGenerated>01/02/2026</DateGenerated>${body}</Designations>`;
const designation = (
  uid: string,
  names = '<Name><Name6>TEST NAME</Name6><NameType>Primary Name</NameType></Name>',
) =>
  `<Designation><UniqueID>${uid}</UniqueID><Names>${names}</Names><IndividualEntityShip>Entity</IndividualEntityShip></Designation>`;

describe('uk_sanctions FCDO XML fixture', () => {
  let entries: ListEntry[];
  beforeAll(async () => {
    entries = await collect(ukSanctionsSource, xmlFixture);
  });

  it('yields one entry per Designation with the 15 record keys in order', () => {
    expect(entries.map((e) => e.sourceUid)).toEqual(['AFG9001', 'RUS9002', 'RUS9003']);
    expect(entries.map((e) => e.kind)).toEqual(['person', 'entity', 'vessel']);
    for (const e of entries) {
      expect(e.list).toBe('uk_sanctions');
      expect(Object.keys(e.record)).toEqual(KEYS);
      expect(JSON.stringify(e.record)).not.toContain('undefined');
      expect(e.record['name']).toBe(e.name);
      expect(e.record['aliases']).toEqual(e.aliases);
    }
  });

  it('joins Name1..Name6 in order and derives aliases, weak aliases and non-Latin names', () => {
    const e = byUid(entries, 'AFG9001');
    expect(e.name).toBe('QASIM RAHIM ZARGHUN');
    expect(e.aliases).toEqual([
      'Qasem Rahim Zarghoon',
      'Haji Qasim Sahib',
      'Mullah Qasim',
      'قاسم رحیم زرغون',
    ]);
    expect(e.weakAliases).toEqual(['Mullah Qasim']);
    const names = e.record['names'] as Array<Record<string, unknown>>;
    // the fifth Name has a NameType and no part: nothing to screen, not kept
    expect(names).toHaveLength(5);
    expect(names[0]).toMatchObject({
      name1: 'QASIM',
      name2: 'RAHIM',
      name6: 'ZARGHUN',
      name_type: 'Primary Name',
    });
    expect(names[3]).toMatchObject({ name6: 'Mullah Qasim', alias_strength: 'Low quality a.k.a' });
    expect(names[4]).toMatchObject({
      non_latin_script: true,
      non_latin_script_type: 'Arabic',
      non_latin_script_language: 'Pashto',
    });
  });

  it('keeps every detail of an individual designation', () => {
    const r = byUid(entries, 'AFG9001').record;
    expect(r['subject_type']).toBe('Individual');
    expect(r['reference_number']).toBe('AFG9001');
    expect(r['ofsi_group_id']).toBe('90001');
    expect(r['regimes']).toEqual([
      {
        regime: 'The Afghanistan (Sanctions) (EU Exit) Regulations 2020',
        listed_on: null,
        date_designated: '2001-01-25',
        last_updated: '2026-09-02',
      },
    ]);
    expect(r['designation']).toEqual({
      source: 'UN',
      un_reference_number: 'TAi.901',
      sanctions_imposed: ['Asset freeze', 'Travel ban', 'Arms embargo'],
      sanctions_imposed_indicators: {
        asset_freeze: true,
        travel_ban: true,
        arms_embargo: true,
        targeted_arms_embargo: false,
      },
      unrecognised: null,
    });
    expect(r['individual']).toEqual({
      dates_of_birth: ['dd/mm/1961', '00/00/1963', '1962-07-04'],
      birth_places: [{ town: 'Maiwand District', country: 'Afghanistan' }],
      nationalities: ['Afghanistan'],
      passports: [{ number: 'OA901234', details: 'Afghan passport, issued 2012 in Kabul' }],
      national_ids: [{ number: '1-90-31-7', details: 'Tazkira' }],
      positions: ['Deputy Minister of Mines under the Taliban regime'],
      genders: ['Male'],
      titles: ['Mullah', 'Haji'],
    });
    expect(r['addresses']).toEqual([
      expect.objectContaining({ address_line6: 'Kandahar', country: 'Afghanistan', address_line1: null }),
      expect.objectContaining({
        address_line1: 'House 12, Street 4',
        postal_code: '25100',
        country: 'Pakistan',
      }),
    ]);
    expect(r['other_information']).toBe(
      'Believed to be in the Afghanistan/Pakistan border area.\n' +
        'INTERPOL-UN Security Council Special Notice web link: https://www.interpol.int/example',
    );
    expect(r['statement_of_reasons']).toBe(
      'Deputy Minister under the Taliban regime, associated with the financing of the Taliban.',
    );
    expect([r['entity'], r['ship'], r['contact']]).toEqual([null, null, null]);
  });

  it('reads NameType case-insensitively (ALias) and keeps a name strong when also published strong', () => {
    const e = byUid(entries, 'RUS9002');
    expect(e.aliases).toEqual(['SEVVERF TEST', 'NORTHERN SHIPYARD TEST', 'АО СЕВЕРНАЯ ВЕРФЬ ТЕСТ']);
    // SEVVERF TEST is a Low quality ALias and also a Primary Name Variation
    expect(e.weakAliases).toEqual([]);
    expect(e.record['entity']).toEqual({
      types: ['Joint Stock Company'],
      business_registration_numbers: ['INN: 7805000000 OGRN: 1027800000000'],
      parent_companies: ['United Shipbuilding Test Corporation'],
      subsidiaries: ['Severnaya Verf Design Bureau Test'],
    });
    expect(e.record['contact']).toEqual({
      phone_numbers: ['+7 812 000 0000'],
      fax_numbers: [],
      email_addresses: ['office@example.ru'],
      websites: ['www.example.ru'],
    });
  });

  it('keeps elements it does not map in designation.unrecognised', () => {
    const d = byUid(entries, 'RUS9002').record['designation'] as Record<string, unknown>;
    expect(d['unrecognised']).toEqual([
      { path: 'CryptoWalletAddresses/CryptoWalletAddress', value: 'TQ1exampleTronAddress000000000000' },
    ]);
  });

  it('takes the first of two Primary Names as the name and reads ship details', () => {
    const e = byUid(entries, 'RUS9003');
    expect(e.name).toBe('NORDIC TEST TRADER');
    expect(e.aliases).toEqual(['NORD TEST TRADER', 'ARCTIC TEST']);
    expect(e.record['ship']).toEqual({
      imo_numbers: ['IMO9900001'],
      current_owner_operators: ['Test Maritime Ltd'],
      previous_owner_operators: ['Old Test Shipping Co'],
      current_flags: ['Gabon'],
      previous_flags: ['Liberia'],
      types: ['Crude Oil Tanker'],
      tonnages: ['81000'],
      lengths: ['240'],
      years_built: ['2004'],
      hull_identification_numbers: [],
    });
  });

  it('reads DateGenerated as the data date', async () => {
    expect(await ukSanctionsSource.dataDate!(xmlFixture)).toBe('2026-10-14');
  });

  it('prefers the XML when both file sets are present', async () => {
    const both = pathFileSet({
      [UKSL_XML]: path.join(fixtureDir, UKSL_XML),
      [OFSI_XLSX]: path.join(fixtureDir, 'ConList.xlsx'),
    });
    expect((await collect(ukSanctionsSource, both)).map((e) => e.sourceUid)).toEqual([
      'AFG9001',
      'RUS9002',
      'RUS9003',
    ]);
    expect(ukSanctionsSource.fileSets.map((s) => s.map((f) => f.name))).toEqual([[UKSL_XML], [OFSI_XLSX]]);
  });
});

describe('uk_sanctions malformed XML', () => {
  const parseXml = (xml: string) => collect(ukSanctionsSource, memoryFileSet({ [UKSL_XML]: xml }));

  it('throws on a truncated file', async () => {
    const xml = designations(designation('X1') + designation('X2')).slice(0, -40);
    await expect(parseXml(xml)).rejects.toThrow(/UK-Sanctions-List\.xml: malformed XML/);
  });

  it('throws on a Designation without UniqueID, without names, or with a repeated UniqueID', async () => {
    await expect(parseXml(designations(designation('')))).rejects.toThrow(/Designation #1: .*no UniqueID/);
    await expect(
      parseXml(designations(designation('X1', '<Name><NameType>Alias</NameType></Name>'))),
    ).rejects.toThrow(/Designation #1 \(UniqueID X1\): no name is published/);
    await expect(parseXml(designations(designation('X1') + designation('X1')))).rejects.toThrow(
      /Designation #2: UniqueID X1 appears twice/,
    );
  });

  it('throws on a document that is not the UK list, and when no file is present', async () => {
    await expect(parseXml('<?xml version="1.0"?><CONSOLIDATED_LIST/>')).rejects.toThrow(
      /no Designation element/,
    );
    await expect(collect(ukSanctionsSource, memoryFileSet({}))).rejects.toThrow(
      /neither UK-Sanctions-List\.xml nor ConList\.xlsx/,
    );
  });

  it('reads a file that starts with a UTF-8 BOM and arrives in odd chunks', async () => {
    const xml = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(designations(designation('X1'))),
    ]);
    // Two-byte chunks split the byte-order mark and multi-byte characters across reads.
    const files = memoryFileSet({ [UKSL_XML]: xml }, { chunkBytes: 2 });
    expect((await collect(ukSanctionsSource, files)).map((e) => e.name)).toEqual(['TEST NAME']);
    expect(await ukSanctionsSource.dataDate!(files)).toBe('2026-02-01');
  });

  it('maps an unknown IndividualEntityShip value to kind unknown, keeping it as published', async () => {
    const xml = designations(designation('X1').replace('>Entity<', '>Aircraft<'));
    const [e] = await parseXml(xml);
    expect(e!.kind).toBe('unknown');
    expect(e!.record['subject_type']).toBe('Aircraft');
  });
});

async function workbook(rows: string[][], sheetName = 'Data'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(sheetName);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const ofsiRow = (cells: Partial<Record<(typeof OFSI_COLUMNS)[number], string>>) =>
  OFSI_COLUMNS.map((c) => cells[c] ?? '');

describe('uk_sanctions OFSI ConList.xlsx fixture (fallback file set)', () => {
  let entries: ListEntry[];
  beforeAll(async () => {
    entries = await collect(ukSanctionsSource, ofsiFixture);
  });

  it('groups rows by Group ID (including non-contiguous rows) into the same 15 keys as the XML', () => {
    expect(entries.map((e) => e.sourceUid)).toEqual(['91001', '91002', '91003']);
    expect(entries.map((e) => e.kind)).toEqual(['person', 'entity', 'vessel']);
    for (const e of entries) expect(Object.keys(e.record)).toEqual(KEYS);
  });

  it('builds names from Name 1..5 then Name 6, with weak aliases from Alias Quality', () => {
    const e = byUid(entries, '91001');
    expect(e.name).toBe('Tariq Anwar KHAN');
    expect(e.aliases).toEqual(['Tariq Anwar KHAAN', 'طارق انور خان', 'Abu Tariq', 'Tariq the Banker']);
    expect(e.weakAliases).toEqual(['Abu Tariq']);
    const names = e.record['names'] as Array<Record<string, unknown>>;
    expect(names[0]).toMatchObject({
      name_type: 'Primary name',
      title: 'Haji',
      name1: 'Tariq',
      name6: 'KHAN',
    });
    expect(names[2]).toMatchObject({ non_latin_script: true, non_latin_script_language: 'Urdu' });
  });

  it('collects details repeated across rows once, and splits Other Information on OFSI labels only', () => {
    const r = byUid(entries, '91001').record;
    expect(r['reference_number']).toBe('CTD9001');
    expect(r['ofsi_group_id']).toBe('91001');
    expect((r['individual'] as Record<string, unknown>)['dates_of_birth']).toEqual([
      '1970-02-01',
      '00/00/1971',
    ]);
    expect((r['individual'] as Record<string, unknown>)['genders']).toEqual(['Male']);
    expect((r['designation'] as Record<string, unknown>)['un_reference_number']).toBe('QDi.901');
    expect(r['statement_of_reasons']).toBe(
      'Tariq Anwar KHAN provides financial support to a proscribed group (United States of America): ' +
        'cited in a 2019 indictment.',
    );
    expect(r['other_information']).toMatch(
      /^\(UK Sanctions List Ref\):CTD9001\. \(1\) Address formerly Leeds/,
    );
    expect(r['regimes']).toEqual([
      {
        regime: 'Counter-Terrorism (International)',
        listed_on: '2013-05-09',
        date_designated: '2020-12-31',
        last_updated: '2025-04-09',
      },
    ]);
  });

  it('keeps one regime entry per regime and listing date, and labelled contact and entity fields', () => {
    const r = byUid(entries, '91002').record;
    expect(
      (r['regimes'] as Array<Record<string, unknown>>).map((x) => [x['regime'], x['listed_on']]),
    ).toEqual([
      ['Russia', '2023-02-24'],
      ['Belarus', '2023-03-01'],
    ]);
    expect(r['contact']).toEqual({
      phone_numbers: ['(1) +7 812 000 0000 (2) +7 812 000 0001'],
      fax_numbers: [],
      email_addresses: ['office@example.ru'],
      websites: ['www.example.ru'],
    });
    expect((r['entity'] as Record<string, unknown>)['business_registration_numbers']).toEqual([
      'INN 7805000000',
    ]);
  });

  it('uses a Primary name variation when a group has no Primary name, and reads ship labels', () => {
    const e = byUid(entries, '91003');
    expect(e.name).toBe('NORDIC TEST TRADER');
    expect(e.aliases).toEqual(['ARCTIC TEST']);
    expect((e.record['ship'] as Record<string, unknown>)['imo_numbers']).toEqual(['9900001']);
    expect((e.record['ship'] as Record<string, unknown>)['previous_flags']).toEqual(['Liberia']);
  });

  it('reads the Last Updated first row as the data date', async () => {
    expect(await ukSanctionsSource.dataDate!(ofsiFixture)).toBe('2026-01-14');
  });

  it('throws on a row without Group ID, a missing header, or rows disagreeing on Group Type', async () => {
    const pre = ['Last Updated', '14/01/2026'];
    const parse = async (rows: string[][]) =>
      collect(ukSanctionsSource, memoryFileSet({ [OFSI_XLSX]: await workbook(rows) }));
    await expect(
      parse([
        pre,
        [...OFSI_COLUMNS],
        ofsiRow({ 'Name 6': 'X', 'Alias Type': 'Primary name', 'Group Type': 'Entity' }),
      ]),
    ).rejects.toThrow(/ConList\.xlsx: row 3 has no Group ID/);
    await expect(parse([pre, ['Name', 'Group']])).rejects.toThrow(/no OFSI header row/);
    await expect(
      parse([
        pre,
        [...OFSI_COLUMNS],
        ofsiRow({ 'Name 6': 'X', 'Alias Type': 'Primary name', 'Group Type': 'Entity', 'Group ID': '1' }),
        ofsiRow({ 'Name 6': 'Y', 'Alias Type': 'AKA', 'Group Type': 'Individual', 'Group ID': '1' }),
      ]),
    ).rejects.toThrow(/Group ID 1 .*disagree on Group Type/);
  });

  it('throws on a file that is not a workbook', async () => {
    await expect(collect(ukSanctionsSource, memoryFileSet({ [OFSI_XLSX]: 'not a zip' }))).rejects.toThrow(
      /ConList\.xlsx: unreadable workbook/,
    );
  });
});

if (!sharedListsDir) console.warn(sharedListsSkipReason);

describe.skipIf(!sharedListsDir)('uk_sanctions real OFSI ConList (10 April 2025)', () => {
  const file = () => sharedListFile('uk_ofsi_consolidated_list', 'UK_Sanctions_List.xlsx');
  let entries: ListEntry[];
  let ms = 0;
  beforeAll(async () => {
    const t = Date.now();
    entries = await collect(ukSanctionsSource, pathFileSet({ [OFSI_XLSX]: file() }));
    ms = Date.now() - t;
  }, 120_000);

  it('yields one entry per Group ID: 4,686 (PROVENANCE), with unique ids and 15 keys', () => {
    expect(entries).toHaveLength(4686);
    expect(new Set(entries.map((e) => e.sourceUid)).size).toBe(4686);
    for (const e of entries) expect(Object.keys(e.record)).toEqual(KEYS);
    console.info(`uk_sanctions OFSI: ${entries.length} entries in ${ms} ms`);
  });

  it('accounts for all 18,796 name rows (13,691 individual, 5,024 entity, 81 ship) and 31 regimes', async () => {
    const rows: string[][] = [];
    for await (const r of xlsxRows(pathFileSet({ f: file() }).open('f'))) rows.push(r);
    const groups = groupOfsiRows(rows, OFSI_XLSX);
    expect(groups.size).toBe(4686);
    const all = [...groups.values()].flat();
    expect(all).toHaveLength(18796);
    const byType = (t: string) => all.filter((r) => r.cells.get('Group Type') === t).length;
    expect([byType('Individual'), byType('Entity'), byType('Ship')]).toEqual([13691, 5024, 81]);
    const regimes = new Set(
      entries.flatMap((e) => (e.record['regimes'] as Array<{ regime: string }>).map((x) => x.regime)),
    );
    expect(regimes.size).toBe(31);
    expect(entries.filter((e) => e.kind === 'vessel')).toHaveLength(15);
  }, 120_000);

  it('spot-checks published records', async () => {
    const haq = byUid(entries, '15672');
    expect(haq.name).toBe('Mian Abdul HAQ');
    expect(haq.aliases).toEqual(['Mian MITHOO', 'Mian MITHU', 'Mian MITTO', 'Mian MITTU']);
    expect(haq.record['reference_number']).toBe('GHR0086');
    expect((haq.record['regimes'] as Array<{ regime: string }>)[0]!.regime).toBe('Global Human Rights');

    const ghailani = byUid(entries, '6925');
    expect(ghailani.name).toBe('AHMED KHALFAN GHAILANI');
    expect(ghailani.record['reference_number']).toBe('AQD0125');
    expect((ghailani.record['individual'] as Record<string, unknown>)['dates_of_birth']).toEqual([
      '1970-08-01',
      '1974-04-13',
      '1974-04-14',
      '1974-03-14',
    ]);
    expect(ghailani.weakAliases).toContain('FOOPIE');

    const kony = byUid(entries, '13378');
    expect((kony.record['individual'] as Record<string, unknown>)['dates_of_birth']).toContain('00/00/1994');

    expect(byUid(entries, '12872').aliases).toContain('Adam Del Toro ABBAS');
    expect(await ukSanctionsSource.dataDate!(pathFileSet({ [OFSI_XLSX]: file() }))).toBe('2025-04-10');
  }, 60_000);
});
