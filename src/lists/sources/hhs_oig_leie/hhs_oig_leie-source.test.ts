import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListEntry } from '../../list-source.js';
import { pathFileSet } from '../../formats/local-file-set.js';
import { collect } from '../../../test-support/collect.js';
import { memoryFileSet } from '../../../test-support/memory-file-set.js';
import { LEIE_CSV, hhsOigLeieSource } from './hhs_oig_leie-source.js';
import {
  exclusionDescription,
  exclusionMandatory,
  leieDate,
  leieUid,
  leieValue,
  splitBusinessName,
} from './leie-row-to-entry.js';

const fixture = pathFileSet({ [LEIE_CSV]: path.join(import.meta.dirname, 'fixtures', LEIE_CSV) });

const HEADER =
  'LASTNAME,FIRSTNAME,MIDNAME,BUSNAME,GENERAL,SPECIALTY,UPIN,NPI,DOB,ADDRESS,CITY,STATE,ZIP,EXCLTYPE,EXCLDATE,REINDATE,WAIVERDATE,WVRSTATE';

const KEYS = [
  'name',
  'entity_type',
  'first_name',
  'middle_name',
  'last_name',
  'business_name',
  'general',
  'specialty',
  'upin',
  'npi',
  'dob',
  'address',
  'city',
  'state',
  'zip',
  'exclusion_type',
  'exclusion_type_description',
  'exclusion_mandatory',
  'exclusion_date',
  'reinstatement_date',
  'waiver_date',
  'waiver_state',
];

describe('hhsOigLeieSource catalog entry', () => {
  it('names the official address', () => {
    expect(hhsOigLeieSource.fileSets).toEqual([
      [{ name: 'UPDATED.csv', url: 'https://oig.hhs.gov/exclusions/downloadables/UPDATED.csv' }],
    ]);
  });
});

describe('hhs_oig_leie fixture (UPDATED.csv)', () => {
  let entries: ListEntry[];
  beforeAll(async () => {
    entries = await collect(hhsOigLeieSource, fixture);
  });

  it('yields one entry per row with the 22 record keys, leading fields first', () => {
    expect(entries).toHaveLength(7);
    for (const e of entries) {
      expect(e.list).toBe('hhs_oig_leie');
      expect(Object.keys(e.record)).toEqual(KEYS);
      expect(Object.keys(e.record)).toHaveLength(22);
      expect(JSON.stringify(e.record)).not.toContain('undefined');
    }
    expect(entries.map((e) => e.kind)).toEqual([
      'entity',
      'person',
      'person',
      'entity',
      'person',
      'person',
      'person',
    ]);
  });

  it('reads a business row: BUSNAME is the name, all-zero NPI and dates are null', () => {
    const e = entries[0]!;
    expect(e.name).toBe('#1 TESTCARE MARKETING SERVICE, INC');
    expect(e.aliases).toEqual([]);
    expect(e.record).toEqual({
      name: '#1 TESTCARE MARKETING SERVICE, INC',
      entity_type: 'Business',
      first_name: null,
      middle_name: null,
      last_name: null,
      business_name: '#1 TESTCARE MARKETING SERVICE, INC',
      general: 'OTHER BUSINESS',
      specialty: 'SOCIAL SERVICES',
      upin: null,
      npi: null,
      dob: null,
      address: '239 TEST BEACH AVENUE',
      city: 'BROOKLYN',
      state: 'NY',
      zip: '11235',
      exclusion_type: '1128b7',
      exclusion_type_description: 'Fraud, kickbacks, and other prohibited activities',
      exclusion_mandatory: false,
      exclusion_date: '2002-03-20',
      reinstatement_date: null,
      waiver_date: null,
      waiver_state: null,
    });
  });

  it('reads a person row: name is FIRST MIDDLE LAST, dates become ISO, 1128(a) is mandatory', () => {
    const e = entries[1]!;
    expect(e.name).toBe('JOHN Q TESTMAN');
    expect(e.record).toMatchObject({
      entity_type: 'Individual',
      first_name: 'JOHN',
      middle_name: 'Q',
      last_name: 'TESTMAN',
      npi: '1234567893',
      dob: '1965-07-04',
      exclusion_type_description: 'Conviction of program-related crimes',
      exclusion_mandatory: true,
      exclusion_date: '2019-01-15',
    });
  });

  it('keeps waivers, UPIN and quoted addresses with commas', () => {
    expect(entries[2]!.name).toBe('MARIA ABADTEST');
    expect(entries[2]!.record).toMatchObject({
      middle_name: null,
      upin: 'A12345',
      address: '400 MAIN ST, SUITE 2',
      waiver_date: '2016-01-01',
      waiver_state: 'FL',
    });
  });

  it('splits DBA names of businesses into aliases', () => {
    expect(entries[3]!.name).toBe('SUNSHINE TEST PHARMACY LLC');
    expect(entries[3]!.aliases).toEqual(['SUNNY RX']);
    expect(entries[3]!.record['business_name']).toBe('SUNSHINE TEST PHARMACY LLC DBA SUNNY RX');
  });

  it('a person with a BUSNAME stays a person; an impossible date is kept as published', () => {
    const e = entries[5]!;
    expect(e.kind).toBe('person');
    expect(e.name).toBe("PATRICK J O'TESTER");
    expect(e.record).toMatchObject({
      business_name: 'TESTER FAMILY CLINIC',
      dob: '19580230',
      exclusion_type: 'BRCH CIA',
      exclusion_type_description: 'Breach of Corporate Integrity Agreement',
      exclusion_mandatory: false,
    });
  });

  it('derives stable unique sourceUids; an identical repeated row gets #2', () => {
    const uids = entries.map((e) => e.sourceUid);
    expect(new Set(uids).size).toBe(7);
    expect(uids[4]).toBe(`${uids[1]}#2`);
    expect(uids[1]).toMatch(/^[0-9a-f]{16}$/);
    expect(uids[1]).toBe(leieUid(entries[1]!.record));
    // same person, another exclusion at another address: a different entry
    expect(uids[6]).not.toBe(uids[1]);
  });

  it('is deterministic across runs', async () => {
    const again = await collect(hhsOigLeieSource, fixture);
    expect(again.map((e) => e.sourceUid)).toEqual(entries.map((e) => e.sourceUid));
  });
});

describe('hhs_oig_leie helpers', () => {
  it('cleans values and dates', () => {
    expect(leieValue(' 0000000000 ')).toBeNull();
    expect(leieValue('')).toBeNull();
    expect(leieValue(' A  B ')).toBe('A B');
    expect(leieDate('00000000')).toBeNull();
    expect(leieDate('20240229')).toBe('2024-02-29');
    expect(leieDate('20230229')).toBe('20230229');
    expect(leieDate('2024-01-01')).toBe('2024-01-01');
  });

  it('splits DBA/AKA/FKA variants', () => {
    expect(splitBusinessName('ACME MEDICAL SUPPLY INC D/B/A ACME DME')).toEqual({
      name: 'ACME MEDICAL SUPPLY INC',
      aliases: ['ACME DME'],
    });
    expect(splitBusinessName('XYZ LLC, AKA XYZ HEALTH, FKA OLD XYZ')).toEqual({
      name: 'XYZ LLC',
      aliases: ['XYZ HEALTH', 'OLD XYZ'],
    });
    expect(splitBusinessName('DBAR CLINIC')).toEqual({ name: 'DBAR CLINIC', aliases: [] });
  });

  it('describes exclusion authorities', () => {
    expect(exclusionDescription('1128b4')).toBe('License revocation, suspension or surrender');
    expect(exclusionDescription('1128(b)(4)')).toBe('License revocation, suspension or surrender');
    expect(exclusionMandatory('1128a3')).toBe(true);
    expect(exclusionMandatory('1128Aa')).toBe(false);
    expect(exclusionDescription('9999')).toBeNull();
    expect(exclusionMandatory('9999')).toBeNull();
  });
});

describe('hhs_oig_leie malformed input', () => {
  it('throws when a column is missing or the header is not the LEIE header', async () => {
    await expect(
      collect(hhsOigLeieSource, memoryFileSet({ [LEIE_CSV]: HEADER.replace(',EXCLDATE', '') + '\nA,B\n' })),
    ).rejects.toThrow(/UPDATED\.csv: header lacks EXCLDATE/);
    await expect(
      collect(hhsOigLeieSource, memoryFileSet({ [LEIE_CSV]: 'name,date\nA,B\n' })),
    ).rejects.toThrow(/not the LEIE header/);
  });

  it('throws on empty, header-only and nameless rows', async () => {
    await expect(collect(hhsOigLeieSource, memoryFileSet({ [LEIE_CSV]: '' }))).rejects.toThrow(/empty file/);
    await expect(collect(hhsOigLeieSource, memoryFileSet({ [LEIE_CSV]: `${HEADER}\n` }))).rejects.toThrow(
      /header only/,
    );
    await expect(
      collect(
        hhsOigLeieSource,
        memoryFileSet({
          [LEIE_CSV]: `${HEADER}\n,,,,X,Y,,0000000000,,1 ST,C,NY,1,1128b7,20020320,00000000,00000000,\n`,
        }),
      ),
    ).rejects.toThrow(/record 2: no LASTNAME, FIRSTNAME or BUSNAME/);
  });

  it('throws when the file is absent', async () => {
    await expect(collect(hhsOigLeieSource, memoryFileSet({}))).rejects.toThrow(/not present/);
  });
});

describe('hhs_oig_leie at scale', () => {
  it('streams 80,000 rows', async () => {
    const row = (i: number) =>
      `LAST${i},FIRST,,,IND- LIC HC SERV PRO,NURSE,,0000000000,19700101,${i} ST,CITY,NY,10001,1128b4,20200101,00000000,00000000,`;
    const lines = [HEADER];
    for (let i = 0; i < 80_000; i++) lines.push(row(i));
    const body = lines.join('\r\n');
    let n = 0;
    const uids = new Set<string>();
    for await (const e of hhsOigLeieSource.parse(memoryFileSet({ [LEIE_CSV]: body }))) {
      n++;
      uids.add(e.sourceUid);
    }
    expect(n).toBe(80_000);
    expect(uids.size).toBe(80_000);
  }, 60_000);
});
