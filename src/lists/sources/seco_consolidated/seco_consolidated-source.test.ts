import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ListEntry } from '../../list-source.js';
import { pathFileSet } from '../../formats/local-file-set.js';
import { collect } from '../../../test-support/collect.js';
import { memoryFileSet } from '../../../test-support/memory-file-set.js';
import { secoConsolidatedSource } from './seco_consolidated-source.js';

// No real SECO file is available in ../shared/lists, so every test here runs on fixtures written to the published
// structure (see docs/lists/seco_consolidated.md).
const FILE = 'Gesamtliste.xml';
const fixture = pathFileSet({ [FILE]: path.join(import.meta.dirname, 'fixtures', FILE) });

type Obj = Record<string, unknown>;
const rec = (e: ListEntry | undefined, key: string) => e!.record[key] as Obj;
const list = (e: ListEntry | undefined, key: string) => e!.record[key] as Obj[];

const wrap = (body: string, listType = 'whole-list') =>
  `<?xml version="1.0" encoding="UTF-8"?><swiss-sanctions-list list-type="${listType}" date="2026-01-09">${body}</swiss-sanctions-list>`;
const person = (ssid: string, name: string, extra = '') =>
  `<target ssid="${ssid}"><sanctions-set-id>1</sanctions-set-id><individual><identity ssid="${ssid}1" main="true">` +
  `<name name-type="primary-name" quality="good"><name-part order="1" name-part-type="whole-name"><value>${name}</value>` +
  `</name-part></name>${extra}</identity></individual></target>`;

describe('seco_consolidated fixture', () => {
  it('yields the targets still listed, with 8 record keys in order and unique ids', async () => {
    const entries = await collect(secoConsolidatedSource, fixture);
    expect(entries.map((e) => e.sourceUid)).toEqual(['7201', '7301', '34461', '5600', '8801']);
    expect(entries.map((e) => e.kind)).toEqual(['person', 'entity', 'vessel', 'person', 'person']);
    for (const e of entries) {
      expect(e.list).toBe('seco_consolidated');
      expect(Object.keys(e.record)).toEqual([
        'name',
        'name_type',
        'address',
        'justification',
        'names',
        'identities',
        'programs',
        'target',
      ]);
      expect(JSON.stringify(e.record)).not.toContain('undefined');
      expect(rec(e, 'target')['unrecognised']).toEqual([]);
    }
  });

  it('drops targets whose latest modification is de-listed, by date rather than document order', async () => {
    const ids = (await collect(secoConsolidatedSource, fixture)).map((e) => e.sourceUid);
    // 5500: de-listed, and its <modification><added> holds a nested <target> copy that must not surface.
    expect(ids).not.toContain('5500');
    // 5700: an amendment written before a later de-listing; the later date decides.
    expect(ids).not.toContain('5700');
    // 5600: de-listed in 2021, listed again in 2023.
    expect(ids).toContain('5600');
  });

  it('builds the name from the main identity primary name parts in order', async () => {
    const [hav, bzal, vessel, , volkov] = await collect(secoConsolidatedSource, fixture);
    expect(hav!.name).toBe('Haurylenka Siarhei Mikalaevich');
    expect(hav!.record['name_type']).toBe('primary-name');
    expect(bzal!.name).toBe('Open Joint Stock Company Baranovichi Automatic Lines Plant');
    expect(vessel!.name).toBe('Chon Ma San 7');
    // Parts are published out of order; the title is kept in the parts but not screened as part of the name.
    expect(volkov!.name).toBe('Volkov Dmitry Igorevich');
    const parts = (list(volkov, 'names')[0]!['parts'] as Obj[]).map((p) => [p['name_part_type'], p['value']]);
    expect(parts).toEqual([
      ['title', 'Colonel'],
      ['family-name', 'Volkov'],
      ['given-name', 'Dmitry'],
      ['father-name', 'Igorevich'],
    ]);
  });

  it('derives aliases from other names, other identities and spelling variants; quality="low" is weak', async () => {
    const [hav, bzal, vessel, shuleika, volkov] = await collect(secoConsolidatedSource, fixture);
    expect(hav!.aliases).toEqual([
      'Gavrilenko Sergei Nikolaevich',
      'Гаўрыленка Сяргей Mikalaevich',
      'Гавриленко Сергей Mikalaevich',
      'Sergei Nikolaevich',
      'Sergey Gavrilenko',
    ]);
    expect(hav!.weakAliases).toEqual(['Sergei Nikolaevich']);
    expect(bzal!.aliases).toEqual([
      'ОАО «Барановичский завод автоматических линий»',
      'OJSC BZAL',
      'Baranovichi Machine Tool Works',
    ]);
    expect(vessel!.aliases).toEqual(['Sea Pearl 3']);
    expect(shuleika!.aliases).toEqual([]);
    expect(volkov!.aliases).toEqual([
      'Волков Дмитрий Igorevich',
      'Volkov Dmitri Igorevich',
      'Volkov Dmitrii Igorevich',
      'Volk',
    ]);
    expect(volkov!.weakAliases).toEqual(['Volk']);
    const names = list(hav, 'names');
    expect(names.map((n) => [n['identity_ssid'], n['main_identity'], n['name_type'], n['quality']])).toEqual([
      ['7202', true, 'primary-name', 'good'],
      ['7202', true, 'alias', 'low'],
      ['7210', false, 'primary-name', 'good'],
    ]);
    expect((names[0]!['parts'] as Obj[])[0]).toEqual({
      order: '1',
      name_part_type: 'family-name',
      value: 'Haurylenka',
      spelling_variants: [
        { lang: 'rus', script: 'Latn', spelling_variant_type: 'not-defined', value: 'Gavrilenko' },
        { lang: 'bel', script: 'Cyrl', spelling_variant_type: 'original', value: 'Гаўрыленка' },
        { lang: 'rus', script: 'Cyrl', spelling_variant_type: 'original', value: 'Гавриленко' },
      ],
    });
    expect(list(bzal, 'names')[2]!['name_type']).toBe('formerly-known-as');
  });

  it('resolves addresses and places of birth through place-id', async () => {
    const [hav, bzal, vessel] = await collect(secoConsolidatedSource, fixture);
    expect(hav!.record['address']).toEqual([
      {
        identity_ssid: '7202',
        ssid: '7209',
        place_id: '29492',
        quality: 'good',
        c_o: 'Ministry of Internal Affairs',
        address_details: 'ul. Gorodskoi Val, 4',
        p_o_box: null,
        zip_code: '220030',
        location: 'Minsk',
        area: null,
        country: 'Belarus',
        country_iso_code: 'BY',
        remarks: null,
      },
    ]);
    expect(list(bzal, 'address')[1]).toMatchObject({
      p_o_box: '118',
      location: 'Moscow',
      country_iso_code: 'RU',
      remarks: 'Branch office until 2021',
    });
    expect(list(vessel, 'address')[0]).toMatchObject({ location: 'Nampo', country: 'North Korea' });
    const identity = list(hav, 'identities')[0]!;
    expect(identity['places_of_birth']).toEqual([
      {
        ssid: '7206',
        place_id: '29493',
        quality: 'good',
        c_o: null,
        address_details: null,
        p_o_box: null,
        zip_code: null,
        location: 'Baranovichi',
        area: 'Brest Region',
        country: 'Belarus',
        country_iso_code: 'BY',
        remarks: null,
      },
    ]);
  });

  it('keeps identity details: dates, nationalities, identification documents', async () => {
    const [hav, bzal, , , volkov] = await collect(secoConsolidatedSource, fixture);
    const [main, other] = list(hav, 'identities');
    expect(main!['day_month_year']).toEqual([
      { ssid: '7205', day: '14', month: '6', year: '1971', calendar: 'Gregorian', quality: 'good' },
    ]);
    expect(main!['nationalities']).toEqual([
      { ssid: '7207', quality: 'good', country: 'Belarus', country_iso_code: 'BY' },
    ]);
    expect(main!['identification_documents']).toEqual([
      {
        ssid: '7208',
        document_type: 'passport',
        quality: null,
        number: 'MP4401273',
        issuer: 'Belarus',
        issuer_code: 'BY',
        date_of_issue: '2016-03-02',
        expiry_date: '2026-03-01',
        remark: 'Personal number 3140671A012PB6',
      },
    ]);
    expect(other).toMatchObject({ ssid: '7210', main: false });
    expect(other!['nationalities']).toEqual([
      { ssid: '7212', quality: null, country: 'Russian Federation', country_iso_code: 'RU' },
    ]);
    expect((list(bzal, 'identities')[0]!['day_month_year'] as Obj[])[0]).toMatchObject({
      year: '1998',
      day: null,
    });
    expect((list(volkov, 'identities')[0]!['day_month_year'] as Obj[]).map((d) => d['year'])).toEqual([
      '1979',
      '1980',
    ]);
  });

  it('keeps programmes in every language, justification, other information, relations and history', async () => {
    const [hav, bzal, vessel, shuleika, volkov] = await collect(secoConsolidatedSource, fixture);
    expect(hav!.record['programs']).toEqual([
      {
        sanctions_set_id: '4387',
        program_ssid: '20',
        program_key: { eng: 'Belarus', ger: 'Belarus' },
        program_name: {
          eng: 'Ordinance of 16 March 2022 on measures against Belarus (SR 946.231.116.9)',
          ger: 'Verordnung vom 16. März 2022 über Massnahmen gegenüber Belarus (SR 946.231.116.9)',
        },
        sanctions_set: {
          eng: 'annex 1 -- Financial sanctions and travel ban',
          ger: 'Anhang 1 -- Finanzsanktionen und Ein- und Durchreiseverbot',
        },
        origin: 'EU',
        version_date: '2025-12-12',
        predecessor_version_date: '2025-08-15',
      },
    ]);
    expect(list(volkov, 'programs').map((p) => (p['program_key'] as Obj)['eng'])).toEqual([
      'Ukraine',
      'Belarus',
    ]);
    expect(hav!.record['justification']).toBe(
      'Deputy Minister of Internal Affairs. Responsible for the repression of peaceful demonstrators after the ' +
        '2020 presidential election.\n\nHead of the commission that approved the use of force against protesters ' +
        'in Minsk in August 2020.',
    );
    expect(rec(hav, 'target')).toMatchObject({
      ssid: '7201',
      target_type: 'individual',
      sex: 'male',
      other_information: ['Rank: Major General of Militia.'],
      relations: [{ ssid: '7215', target_id: '7301', relation_type: 'related-to', remark: null }],
      modifications: [
        {
          ssid: '7218',
          modification_type: 'amended',
          enactment_date: '2022-03-15',
          publication_date: '2022-03-16',
          effective_date: '2022-03-16',
        },
        {
          ssid: '7217',
          modification_type: 'listed',
          enactment_date: '2020-10-01',
          publication_date: '2020-10-02',
          effective_date: '2020-10-02',
        },
      ],
    });
    expect(rec(bzal, 'target')['other_information']).toEqual([
      'Taxpayer Identification Number: 200167102',
      'Website: www.bzal.example.by',
    ]);
    expect(rec(vessel, 'target')).toMatchObject({
      target_type: 'object',
      object_type: 'vessel',
      foreign_identifiers: ['KPe.V41'],
      other_information: ['IMO Number: 8716322', "Flag: Democratic People's Republic of Korea"],
    });
    expect((rec(shuleika, 'target')['modifications'] as Obj[]).map((m) => m['modification_type'])).toEqual([
      'listed',
      'de-listed',
      'listed',
    ]);
    expect(rec(volkov, 'target')['foreign_identifiers']).toEqual(['RUi.9981']);
  });

  it('reads the data date from the root date attribute', async () => {
    expect(await secoConsolidatedSource.dataDate!(fixture)).toBe('2026-02-24');
  });
});

describe('seco_consolidated format robustness', () => {
  const program = `<sanctions-program ssid="9"><program-key lang="eng">Test</program-key><sanctions-set ssid="1" lang="eng">annex</sanctions-set></sanctions-program>`;

  it('resolves programmes and places published after the targets', async () => {
    const xml = wrap(
      person(
        '10',
        'Jane Roe',
        '<address place-id="77"><address-details>Main St 1</address-details></address>',
      ) +
        program +
        `<place ssid="77"><location>Bern</location><country iso-code="CH">Switzerland</country></place>`,
    );
    const [e] = await collect(secoConsolidatedSource, memoryFileSet({ [FILE]: xml }));
    expect(list(e, 'address')[0]).toMatchObject({
      address_details: 'Main St 1',
      location: 'Bern',
      country_iso_code: 'CH',
    });
    expect(list(e, 'programs')[0]).toMatchObject({ sanctions_set_id: '1', program_key: { eng: 'Test' } });
  });

  it('keeps unknown elements and attributes, and an unresolved place-id, instead of dropping them', async () => {
    const xml = wrap(
      program +
        person(
          '10',
          'Jane Roe',
          '<address place-id="404"/><generic-attribute name="Vessel flag">Panama</generic-attribute>' +
            '<identification-document document-type="id-card" lang="eng"><number>X1</number>' +
            '<date-of-issue><day-month-year year="2019" month="4" day="1"/></date-of-issue></identification-document>',
        ),
    );
    const [e] = await collect(secoConsolidatedSource, memoryFileSet({ [FILE]: xml }));
    expect(list(e, 'address')[0]).toMatchObject({ place_id: '404', location: null, country: null });
    expect((list(e, 'identities')[0]!['identification_documents'] as Obj[])[0]).toMatchObject({
      number: 'X1',
      date_of_issue: '2019-04-01',
    });
    expect(rec(e, 'target')['unrecognised']).toEqual([
      { path: 'individual/identity/generic-attribute', attrs: { name: 'Vessel flag' }, text: 'Panama' },
      { path: 'individual/identity/identification-document@', attrs: { lang: 'eng' }, text: '' },
    ]);
  });

  it('throws naming the record on a target without ssid, party or name, and on a repeated ssid', async () => {
    await expect(
      collect(secoConsolidatedSource, memoryFileSet({ [FILE]: wrap(person('', 'A')) })),
    ).rejects.toThrow(/Gesamtliste\.xml: target #1: no ssid/);
    await expect(
      collect(
        secoConsolidatedSource,
        memoryFileSet({ [FILE]: wrap('<target ssid="5"><sanctions-set-id>1</sanctions-set-id></target>') }),
      ),
    ).rejects.toThrow(/target #1 \(ssid 5\): expected one individual, entity or object, found 0/);
    await expect(
      collect(secoConsolidatedSource, memoryFileSet({ [FILE]: wrap(person('5', ' ')) })),
    ).rejects.toThrow(/target #1 \(ssid 5\): no name/);
    await expect(
      collect(secoConsolidatedSource, memoryFileSet({ [FILE]: wrap(person('5', 'A') + person('5', 'B')) })),
    ).rejects.toThrow(/target #2: ssid 5 appears twice/);
  });

  it('refuses a file that is not the whole list, a truncated file and an error page', async () => {
    await expect(
      collect(secoConsolidatedSource, memoryFileSet({ [FILE]: wrap(person('5', 'A'), 'mutations') })),
    ).rejects.toThrow(/not the SECO whole list \(root list-type is "mutations"\)/);
    await expect(
      collect(secoConsolidatedSource, memoryFileSet({ [FILE]: wrap(person('5', 'A')).slice(0, -40) })),
    ).rejects.toThrow(/^Gesamtliste\.xml: malformed XML/);
    await expect(
      collect(secoConsolidatedSource, memoryFileSet({ [FILE]: '<html><body>Error 500</body></html>' })),
    ).rejects.toThrow(/not the SECO whole list/);
  });
});
