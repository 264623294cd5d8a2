import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathFileSet } from '../../formats/local-file-set.js';
import { collect } from '../../../test-support/collect.js';
import { memoryFileSet } from '../../../test-support/memory-file-set.js';
import { euConsolidatedSource } from './eu_consolidated-source.js';

// No real FSF data file is available (../shared/lists/eu_fsf_schema_only holds the XSD only), so every test here
// runs on fixtures written to schema 1.1.
const FILE = 'xmlFullSanctionsList_1_1.xml';
const fixture = pathFileSet({ [FILE]: path.join(import.meta.dirname, 'fixtures', FILE) });

const NS = 'http://eu.europa.ec/fpi/fsd/export';
const wrap = (entities: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` +
  `<export xmlns="${NS}" generationDate="2026-01-05T10:00:00.000+01:00" globalFileId="1">${entities}</export>`;
const alias = (whole: string, strong = 'true', logicalId = '9') =>
  `<nameAlias wholeName="${whole}" strong="${strong}" regulationLanguage="en" logicalId="${logicalId}">` +
  `<regulationSummary regulationType="regulation" publicationDate="2020-01-01" numberTitle="1/2020"/></nameAlias>`;
const entity = (attrs: string, body: string) =>
  `<sanctionEntity ${attrs}><subjectType code="person" classificationCode="P"/>${body}</sanctionEntity>`;

type Obj = Record<string, unknown>;

describe('eu_consolidated fixture', () => {
  it('parses every sanctionEntity with 8 record keys, leading fields first, unique ids', async () => {
    const entries = await collect(euConsolidatedSource, fixture);
    expect(entries.map((e) => e.sourceUid)).toEqual(['5701', '131450', '24877', '167301']);
    expect(entries.map((e) => e.kind)).toEqual(['person', 'entity', 'person', 'person']);
    for (const e of entries) {
      expect(e.list).toBe('eu_consolidated');
      const keys = Object.keys(e.record);
      expect(keys).toEqual([
        'name',
        'subject_type',
        'reference_number',
        'aliases',
        'listing',
        'regulations',
        'identity',
        'addresses',
      ]);
      expect(JSON.stringify(e.record)).not.toContain('undefined');
    }
  });

  it('takes the first strong wholeName as the name; other names are aliases, strong="false" ones weak', async () => {
    const [khalid, volga, reza, alena] = await collect(euConsolidatedSource, fixture);
    expect(khalid!.name).toBe('Khalid Mubarak Al-Harbi');
    expect(khalid!.aliases).toEqual(['Abu Mubarak', 'خالد مبارك الحربي']);
    expect(khalid!.weakAliases).toEqual(['Abu Mubarak']);
    expect(khalid!.record['subject_type']).toBe('person');
    expect(khalid!.record['reference_number']).toBe('EU.4021.61');

    expect(volga!.name).toBe('Joint Stock Company Volga Shipbuilding Works');
    expect(volga!.aliases).toEqual(['АО «Волжский судостроительный завод»', 'JSC VSW']);
    expect(volga!.record['subject_type']).toBe('enterprise');

    // First alias is weak, second strong but without wholeName (its parts become an alias): the third is the name.
    expect(reza!.name).toBe('Reza Mohammadi-Tabrizi');
    expect(reza!.aliases).toEqual(['Haji Reza', 'Reza Mohammadi Tabrizi']);
    expect(reza!.weakAliases).toEqual(['Haji Reza']);

    expect(alena!.name).toBe('Alena Viktarauna KAVALCHUK');
    expect(alena!.aliases).toEqual(['Elena Viktorovna KOVALCHUK', 'Алена Викторовна КОВАЛЬЧУК']);
    expect(alena!.weakAliases).toEqual([]);
  });

  it('keeps every nameAlias with its parts, flags and own remark and regulation summary', async () => {
    const [khalid, , reza] = await collect(euConsolidatedSource, fixture);
    const aliases = khalid!.record['aliases'] as Obj[];
    expect(aliases).toHaveLength(3);
    expect(aliases[0]).toEqual({
      whole_name: 'Khalid Mubarak Al-Harbi',
      first_name: 'Khalid',
      middle_name: 'Mubarak',
      last_name: 'Al-Harbi',
      title: null,
      function: 'Financial facilitator',
      gender: 'M',
      name_language: null,
      strong: true,
      regulation_language: 'en',
      logical_id: '110211',
      remarks: [],
      additional_information: [],
      regulation_summary: {
        regulation_type: 'amendment',
        publication_date: '2017-07-24',
        number_title: '2017/1369 (OJ L194)',
        publication_url: 'http://eur-lex.europa.eu/legal-content/EN/TXT/PDF/?uri=CELEX:32017R1369&from=EN',
      },
    });
    expect(aliases[1]).toMatchObject({
      whole_name: 'Abu Mubarak',
      strong: false,
      remarks: ['Nom de guerre.'],
    });
    expect(aliases[2]).toMatchObject({ name_language: 'AR' });
    expect((reza!.record['aliases'] as Obj[])[1]).toMatchObject({
      whole_name: null,
      first_name: 'Reza',
      last_name: 'Mohammadi Tabrizi',
      title: 'Dr',
    });
  });

  it('reads direct-child remarks only: a remark on an identification stays on the identification', async () => {
    const [khalid, volga] = await collect(euConsolidatedSource, fixture);
    const listing = khalid!.record['listing'] as Obj;
    expect(listing).toEqual({
      logical_id: '5701',
      united_nation_id: 'QDi.412',
      designation_date: '2017-07-21',
      designation_details: null,
      delisting_date: null,
      classification_code: 'P',
      remarks: ["Associated with the group's finance committee. UNSC RESOLUTION 2368 (2017)."],
      additional_information: [],
      unrecognised: [],
    });
    const ids = (khalid!.record['identity'] as Obj)['identifications'] as Obj[];
    expect(ids[0]).toMatchObject({
      identification_type_code: 'passport',
      number: 'K 402217',
      issue_date: '2011-04-17',
      known_expired: true,
      diplomatic: false,
      country_iso2_code: 'SA',
      remarks: ['Expired on 16.4.2016.'],
    });
    const v = volga!.record['listing'] as Obj;
    expect(v['remarks']).toEqual([
      'Date of registration: 14.2.2003.',
      'Principal place of business: Russia.',
    ]);
    expect(v['additional_information']).toEqual([{ key: 'legalForm', value: 'Joint-stock company' }]);
    expect(v['designation_details']).toBe('Entity involved in the financing of the programme.');
  });

  it('keeps regulations with corrigenda, birthdates, citizenships and addresses with contact info', async () => {
    const [khalid, volga, reza, alena] = await collect(euConsolidatedSource, fixture);
    const regs = volga!.record['regulations'] as Obj[];
    expect(regs.map((r) => r['number_title'])).toEqual(['2022/581 (OJ L110)', '2023/1765 (OJ L226)']);
    expect(regs[1]).toMatchObject({
      programme: 'UKR',
      entry_into_force_date: '2023-09-14',
      publication_url: 'https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32023R1765',
      remarks: ['Statement of reasons amended.'],
      corrigenda: [
        {
          regulation_type: 'corrigendum',
          publication_date: '2023-10-02',
          number_title: '2023/1765 corrigendum (OJ L250)',
          publication_url: 'https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32023R1765R(01)',
        },
      ],
    });
    const addresses = volga!.record['addresses'] as Obj[];
    expect(addresses).toHaveLength(1);
    expect(addresses[0]).toMatchObject({
      street: 'ul. Portovaya, 1',
      city: 'Nizhny Novgorod',
      zip_code: '603028',
      region: 'Nizhegorodskaya oblast',
      po_box: null,
      country_iso2_code: 'RU',
      as_at_listing_time: true,
      contact_info: [
        { key: 'PHONE', value: '+7 831 000 00 00' },
        { key: 'WEB', value: 'www.example-vsw.ru' },
      ],
    });
    const births = (khalid!.record['identity'] as Obj)['birthdates'] as Obj[];
    expect(births.map((b) => [b['birthdate'], b['year'], b['circa']])).toEqual([
      ['1979-11-03', '1979', false],
      [null, '1978', true],
    ]);
    expect(((reza!.record['identity'] as Obj)['birthdates'] as Obj[])[0]).toMatchObject({
      calendar_type: 'ISLAMIC',
      year_range_from: '1340',
      year_range_to: '1342',
      place: 'Tabriz',
    });
    expect(((alena!.record['identity'] as Obj)['citizenships'] as Obj[])[0]).toMatchObject({
      country_iso2_code: 'BY',
      country_description: 'BELARUS',
    });
    // A delisting date is published data: kept, never used to drop the entry.
    expect((alena!.record['listing'] as Obj)['delisting_date']).toBe('2026-03-15');
  });

  it('reads the data date from generationDate', async () => {
    expect(await euConsolidatedSource.dataDate!(fixture)).toBe('2026-03-02');
  });

  it('ignores namespace prefixes and keeps unknown elements and attributes', async () => {
    const xml =
      `<fsd:export xmlns:fsd="${NS}" generationDate="2026-01-05T10:00:00.000+01:00" globalFileId="1">` +
      `<fsd:sanctionEntity logicalId="7" euReferenceNumber="EU.1.1" newFlag="x">` +
      `<fsd:subjectType code="person" classificationCode="P"/>` +
      `<fsd:nameAlias wholeName="A B" strong="true" logicalId="8" script="Latn"/>` +
      `<fsd:vessel imo="9123456">MV Example</fsd:vessel>` +
      `</fsd:sanctionEntity></fsd:export>`;
    const [e] = await collect(euConsolidatedSource, memoryFileSet({ [FILE]: xml }));
    expect(e!.name).toBe('A B');
    expect((e!.record['listing'] as Obj)['new_flag']).toBe('x');
    expect((e!.record['aliases'] as Obj[])[0]!['script']).toBe('Latn');
    expect((e!.record['listing'] as Obj)['unrecognised']).toEqual([
      { path: 'vessel', attrs: { imo: '9123456' }, text: 'MV Example' },
    ]);
  });

  it('throws naming the record when it has no logicalId or no usable name, or a logicalId repeats', async () => {
    await expect(
      collect(
        euConsolidatedSource,
        memoryFileSet({ [FILE]: wrap(entity('euReferenceNumber="EU.1"', alias('X'))) }),
      ),
    ).rejects.toThrow(/xmlFullSanctionsList_1_1\.xml: sanctionEntity #1: no logicalId/);
    await expect(
      collect(euConsolidatedSource, memoryFileSet({ [FILE]: wrap(entity('logicalId="4"', '')) })),
    ).rejects.toThrow(/sanctionEntity #1 \(logicalId 4\): no nameAlias/);
    await expect(
      collect(euConsolidatedSource, memoryFileSet({ [FILE]: wrap(entity('logicalId="4"', alias('  '))) })),
    ).rejects.toThrow(/no nameAlias has a wholeName/);
    const one = entity('logicalId="4"', alias('X'));
    await expect(collect(euConsolidatedSource, memoryFileSet({ [FILE]: wrap(one + one) }))).rejects.toThrow(
      /sanctionEntity #2: logicalId 4 appears twice/,
    );
  });

  it('throws on a truncated file and on an error page instead of returning an empty list', async () => {
    const xml = wrap(entity('logicalId="4"', alias('X')));
    await expect(collect(euConsolidatedSource, memoryFileSet({ [FILE]: xml.slice(0, -30) }))).rejects.toThrow(
      /^xmlFullSanctionsList_1_1\.xml: malformed XML/,
    );
    await expect(
      collect(
        euConsolidatedSource,
        memoryFileSet({ [FILE]: '<html><body>Service unavailable</body></html>' }),
      ),
    ).rejects.toThrow(/not an FSF export/);
    await expect(collect(euConsolidatedSource, memoryFileSet({ [FILE]: wrap('') }))).resolves.toEqual([]);
  });
});
