import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathFileSet } from '../../formats/local-file-set.js';
import { collect } from '../../../test-support/collect.js';
import { memoryFileSet } from '../../../test-support/memory-file-set.js';
import { sharedListFile, sharedListsDir, sharedListsSkipReason } from '../../../test-support/shared-lists.js';
import { unConsolidatedSource } from './un_consolidated-source.js';

const fixture = pathFileSet({
  'consolidated.xml': path.join(import.meta.dirname, 'fixtures/consolidated.xml'),
});

const LEADING = ['name', 'dataid', 'sdn_type', 'un_list_type', 'reference_number', 'listed_on'];

const wrap = (individuals: string, entities = '') =>
  `<?xml version="1.0" encoding="UTF-8"?><CONSOLIDATED_LIST dateGenerated="2026-01-02T00:00:00Z">` +
  `<INDIVIDUALS>${individuals}</INDIVIDUALS><ENTITIES>${entities}</ENTITIES></CONSOLIDATED_LIST>`;

describe('un_consolidated fixture', () => {
  it('parses every record with 11 record keys, leading fields first, unique ids', async () => {
    const entries = await collect(unConsolidatedSource, fixture);
    expect(entries.map((e) => e.sourceUid)).toEqual(['9100001', '9100002', '9200001', '9200002']);
    for (const e of entries) {
      expect(e.list).toBe('un_consolidated');
      const keys = Object.keys(e.record);
      expect(keys).toHaveLength(11);
      expect(keys.slice(0, 6)).toEqual(LEADING);
      expect(JSON.stringify(e.record)).not.toContain('undefined');
    }
    expect(entries.map((e) => e.kind)).toEqual(['person', 'person', 'entity', 'entity']);
  });

  it('joins the four name parts with single spaces, trimming the UN padding', async () => {
    const [hamid] = await collect(unConsolidatedSource, fixture);
    expect(hamid!.name).toBe('HAMID SALEH ABDULLAH AL-QARNI');
    expect(hamid!.record['name_parts']).toEqual({
      first_name: 'HAMID',
      second_name: 'SALEH',
      third_name: 'ABDULLAH',
      fourth_name: 'AL-QARNI',
      name_original_script: 'حامد صالح عبدالله القرني',
    });
  });

  it('derives aliases and weak aliases, skipping empty alias elements', async () => {
    const [hamid, marie, koryo, alnur] = await collect(unConsolidatedSource, fixture);
    expect(hamid!.aliases).toEqual([
      'Abu Salih al-Qarni',
      'Abu Salih',
      'Hamid Salih',
      'حامد صالح عبدالله القرني',
    ]);
    expect(hamid!.weakAliases).toEqual(['Abu Salih', 'Hamid Salih']);
    // Same alias published as Low and Good is not weak; an alias equal to the name is not repeated.
    expect(marie!.aliases).toEqual(['Mama Claire']);
    expect(marie!.weakAliases).toEqual([]);
    expect(koryo!.aliases).toEqual([
      'Koryo Shipping Trade Co.',
      'Korea Sea Trading Company',
      'KMTC',
      '고려해운무역회사',
    ]);
    expect(koryo!.weakAliases).toEqual(['KMTC']);
    expect(alnur!.aliases).toEqual([]);
    const aliasRecords = hamid!.record['aliases'] as Record<string, unknown>[];
    expect(aliasRecords).toHaveLength(3);
    expect(aliasRecords[2]).toEqual({
      quality: 'Low',
      alias_name: 'Hamid Salih',
      date_of_birth: '1971-05-02',
      city_of_birth: 'Taif',
      country_of_birth: 'Saudi Arabia',
      note: 'name used on a forged passport',
    });
    expect((koryo!.record['aliases'] as Record<string, unknown>[])[1]).toMatchObject({
      quality: 'f.k.a.',
      note: 'name used until 2012',
    });
  });

  it('keeps individual details: titles, designations, nationalities, dates and places of birth, documents', async () => {
    const [hamid, marie] = await collect(unConsolidatedSource, fixture);
    expect(hamid!.record['listed_on']).toBe('2015-04-07');
    expect(hamid!.record['un_list_type']).toBe('Al-Qaida');
    expect(hamid!.record['reference_number']).toBe('QDi.901');
    const ind = hamid!.record['individual'] as Record<string, unknown>;
    expect(ind['titles']).toEqual(['Sheikh', 'Dr.']);
    expect(ind['designations']).toEqual(['Treasurer of the group', 'Recruiter']);
    expect(ind['nationalities']).toEqual(['Saudi Arabia', 'Yemen']);
    expect(ind['gender']).toBeNull();
    expect(ind['dates_of_birth']).toEqual([
      { type_of_date: 'EXACT', date: '1970-05-02', year: null, from_year: null, to_year: null, note: null },
      { type_of_date: 'APPROXIMATELY', date: null, year: '1971', from_year: null, to_year: null, note: null },
      {
        type_of_date: 'BETWEEN',
        date: null,
        year: null,
        from_year: '1968',
        to_year: '1972',
        note: 'according to the Yemeni authorities',
      },
    ]);
    expect(ind['places_of_birth']).toEqual([
      {
        street: 'Al-Hawiyah',
        city: 'Taif',
        state_province: 'Makkah Province',
        country: 'Saudi Arabia',
        note: null,
      },
    ]);
    const docs = ind['documents'] as Record<string, unknown>[];
    expect(docs).toHaveLength(2);
    expect(docs[0]).toMatchObject({
      number: 'F 731195',
      issuing_country: 'Saudi Arabia',
      country_of_issue: null,
    });
    expect(docs[1]).toMatchObject({
      type_of_document: 'National Identification Number',
      type_of_document2: 'Civil registry number',
      country_of_issue: 'Saudi Arabia',
      issuing_country: null,
    });
    expect(hamid!.record['addresses']).toEqual([
      {
        street: 'Al-Rawdah district',
        city: 'Sana’a',
        state_province: null,
        zip_code: null,
        country: 'Yemen',
        note: 'as at Jun. 2019',
      },
    ]);
    const listing = hamid!.record['listing'] as Record<string, unknown>;
    expect(listing['comments']).toMatch(/^Financier of the group in the Gulf region\.\nReview pursuant/);
    expect(listing['last_day_updated']).toEqual(['2017-06-01', '2020-03-12']);
    expect(listing['version_num']).toBe('2');
    expect(listing['unrecognised']).toEqual([]);

    const m = marie!.record['individual'] as Record<string, unknown>;
    expect(m['gender']).toBe('Female');
    expect(m['dates_of_birth']).toEqual([]);
    expect(m['places_of_birth']).toEqual([]);
    expect(m['documents']).toEqual([]);
    expect(marie!.record['addresses']).toEqual([]);
    expect((marie!.record['listing'] as Record<string, unknown>)['comments']).toBeNull();
  });

  it('keeps entity details and has no individual block for entities', async () => {
    const [, , koryo, alnur] = await collect(unConsolidatedSource, fixture);
    expect(koryo!.name).toBe('KORYO MARITIME TRADING CORPORATION');
    expect(koryo!.record['sdn_type']).toBe('Entity');
    expect(koryo!.record['individual']).toBeNull();
    expect(koryo!.record['addresses']).toEqual([
      {
        street: 'Haebangsan-dong, Central District',
        city: 'Pyongyang',
        state_province: null,
        zip_code: null,
        country: "Democratic People's Republic of Korea",
        note: null,
      },
      {
        street: 'Room 1203, 12/F, Harbour Tower',
        city: 'Hong Kong',
        state_province: 'Hong Kong SAR',
        zip_code: '999077',
        country: 'China',
        note: 'liaison office',
      },
    ]);
    expect((alnur!.record['listing'] as Record<string, unknown>)['submitted_on']).toBe('2008-07-02');
    expect(alnur!.record['aliases']).toEqual([]);
  });

  it('reads the data date from dateGenerated', async () => {
    expect(await unConsolidatedSource.dataDate!(fixture)).toBe('2026-03-04');
  });

  it('keeps elements it does not know instead of dropping them', async () => {
    const xml = wrap(
      `<INDIVIDUAL><DATAID>1</DATAID><FIRST_NAME>A</FIRST_NAME><UN_LIST_TYPE>X</UN_LIST_TYPE>` +
        `<REFERENCE_NUMBER>R</REFERENCE_NUMBER><LISTED_ON>2020-01-01</LISTED_ON><COMMENTS1/>` +
        `<PLACE_OF_DEATH>Kabul</PLACE_OF_DEATH><INDIVIDUAL_ALIAS><QUALITY>Good</QUALITY><ALIAS_NAME/></INDIVIDUAL_ALIAS>` +
        `<INDIVIDUAL_ADDRESS><COUNTRY>Peru</COUNTRY><PO_BOX>12</PO_BOX></INDIVIDUAL_ADDRESS></INDIVIDUAL>`,
    );
    const [e] = await collect(unConsolidatedSource, memoryFileSet({ 'consolidated.xml': xml }));
    expect(e!.record['aliases']).toEqual([]);
    expect((e!.record['listing'] as Record<string, unknown>)['unrecognised']).toEqual([
      { path: 'PLACE_OF_DEATH', text: 'Kabul' },
      { path: 'INDIVIDUAL_ADDRESS/PO_BOX', text: '12' },
    ]);
  });

  it('throws naming the record when it has no DATAID or no name, or a DATAID repeats', async () => {
    await expect(
      collect(
        unConsolidatedSource,
        memoryFileSet({ 'consolidated.xml': wrap('<INDIVIDUAL><FIRST_NAME>A</FIRST_NAME></INDIVIDUAL>') }),
      ),
    ).rejects.toThrow(/consolidated\.xml: INDIVIDUAL #1: no DATAID/);
    await expect(
      collect(
        unConsolidatedSource,
        memoryFileSet({
          'consolidated.xml': wrap('<INDIVIDUAL><DATAID>7</DATAID><FIRST_NAME> </FIRST_NAME></INDIVIDUAL>'),
        }),
      ),
    ).rejects.toThrow(/INDIVIDUAL #1 \(DATAID 7\): no name/);
    const dup = '<DATAID>7</DATAID><FIRST_NAME>A</FIRST_NAME>';
    await expect(
      collect(
        unConsolidatedSource,
        memoryFileSet({
          'consolidated.xml': wrap(`<INDIVIDUAL>${dup}</INDIVIDUAL>`, `<ENTITY>${dup}</ENTITY>`),
        }),
      ),
    ).rejects.toThrow(/ENTITY #2: DATAID 7 appears twice/);
  });

  it('throws on a truncated or malformed file', async () => {
    const xml = wrap('<INDIVIDUAL><DATAID>1</DATAID><FIRST_NAME>A</FIRST_NAME></INDIVIDUAL>');
    await expect(
      collect(unConsolidatedSource, memoryFileSet({ 'consolidated.xml': xml.slice(0, xml.length - 40) })),
    ).rejects.toThrow(/^consolidated\.xml: malformed XML: .*(unexpected end|truncated)/);
    await expect(
      collect(
        unConsolidatedSource,
        memoryFileSet({ 'consolidated.xml': xml.replace('</FIRST_NAME>', '</FIRSTNAME>') }),
      ),
    ).rejects.toThrow(/^consolidated\.xml: malformed XML/);
  });
});

if (!sharedListsDir) console.warn(sharedListsSkipReason);

describe.skipIf(!sharedListsDir)('un_consolidated real file (Feb 2026)', () => {
  const real = () =>
    pathFileSet({ 'consolidated.xml': sharedListFile('un_consolidated', 'consolidated.xml') });

  it('parses all 1,003 records (730 individuals, 273 entities) as PROVENANCE states', async () => {
    const entries = await collect(unConsolidatedSource, real());
    expect(entries).toHaveLength(1003);
    expect(entries.filter((e) => e.kind === 'person')).toHaveLength(730);
    expect(entries.filter((e) => e.kind === 'entity')).toHaveLength(273);
    expect(new Set(entries.map((e) => e.sourceUid)).size).toBe(1003);
    for (const e of entries) {
      expect(Object.keys(e.record).slice(0, 6)).toEqual(LEADING);
      expect(Object.keys(e.record)).toHaveLength(11);
      expect(e.name).toBe(e.name.trim());
      expect(e.aliases).not.toContain('');
      expect(e.aliases).not.toContain(e.name);
      for (const w of e.weakAliases ?? []) expect(e.aliases).toContain(w);
      expect((e.record['listing'] as Record<string, unknown>)['unrecognised']).toEqual([]);
    }
    expect(entries.filter((e) => e.record['un_list_type'] === 'Iran')).toHaveLength(121);
    expect(await unConsolidatedSource.dataDate!(real())).toBe('2026-02-27');
  });

  it('spot-checks individuals and entities', async () => {
    const entries = await collect(unConsolidatedSource, real());
    const byId = new Map(entries.map((e) => [e.sourceUid, e]));

    const badege = byId.get('6907993')!;
    expect(badege.name).toBe('ERIC BADEGE');
    expect(badege.aliases).toEqual([]);
    expect(badege.record['reference_number']).toBe('CDi.001');
    expect(badege.record['listed_on']).toBe('2012-12-31');
    expect(badege.record['addresses']).toEqual([
      {
        street: null,
        city: null,
        state_province: null,
        zip_code: null,
        country: 'Rwanda',
        note: 'as of early 2016',
      },
    ]);
    expect((badege.record['individual'] as Record<string, unknown>)['dates_of_birth']).toEqual([
      { type_of_date: 'EXACT', date: null, year: '1971', from_year: null, to_year: null, note: null },
    ]);

    const kakolele = byId.get('6907994')!;
    expect(kakolele.name).toBe('FRANK KAKOLELE BWAMBALE');
    expect(kakolele.aliases).toEqual(['FRANK KAKORERE', 'FRANK KAKORERE BWAMBALE', 'AIGLE BLANC']);
    expect((kakolele.record['individual'] as Record<string, unknown>)['designations']).toEqual([
      'FARDC General',
    ]);

    const agha = byId.get('110445')!;
    expect(agha.name).toBe('DAWOOD AGHA-JANI');
    expect(agha.record['un_list_type']).toBe('Iran');
    expect((agha.record['individual'] as Record<string, unknown>)['documents']).toEqual([
      {
        type_of_document: 'Passport',
        type_of_document2: null,
        number: 'I5824769',
        issuing_country: null,
        date_of_issue: null,
        city_of_issue: null,
        country_of_issue: 'Iran (Islamic Republic of)',
        note: null,
      },
    ]);

    const adf = byId.get('6908402')!;
    expect(adf.name).toBe('ADF');
    expect(adf.kind).toBe('entity');
    expect(adf.aliases).toContain('ADF/NALU');
    expect((adf.record['listing'] as Record<string, unknown>)['last_day_updated']).toEqual([
      '2016-10-19',
      '2020-08-19',
    ]);

    // Saddam Hussein's Arabic name is an alias; trailing spaces in name parts never reach the name.
    const originals = entries.filter(
      (e) =>
        (e.record['name_parts'] as Record<string, unknown>)['name_original_script'] === 'صدام حسين التكريتي',
    );
    expect(originals).toHaveLength(1);
    expect(originals[0]!.aliases).toContain('صدام حسين التكريتي');
    expect(entries.some((e) => /\s{2}/.test(e.name))).toBe(false);
    expect(entries.filter((e) => (e.weakAliases ?? []).length > 0).length).toBeGreaterThan(200);
  });
});
