import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ListEntry } from '../../list-source.js';
import { dirFileSet, pathFileSet } from '../../formats/local-file-set.js';
import { collect } from '../../../test-support/collect.js';
import { sharedListFile, sharedListsDir, sharedListsSkipReason } from '../../../test-support/shared-lists.js';
import type { OfacRecord } from '../ofac_sdn/ofac_sdn-source.js';
import { ofacConsolidatedSource } from './ofac_consolidated-source.js';

const fixtures = path.join(import.meta.dirname, 'fixtures');
const RECORD_KEYS = ['name', 'uid', 'sdn_type', 'programs', 'aliases', 'addresses', 'remarks', 'details'];

const rec = (e: ListEntry) => e.record as OfacRecord;
const byUid = (entries: ListEntry[], uid: string): ListEntry => {
  const e = entries.find((x) => x.sourceUid === uid);
  if (!e) throw new Error(`no entry ${uid}`);
  return e;
};

// The CSV writes the XML's double quotes as single quotes; programs may come in another order.
const comparable = (e: ListEntry) => ({
  uid: e.sourceUid,
  name: e.name,
  kind: e.kind,
  sdnType: rec(e).sdn_type,
  programs: [...rec(e).programs].sort(),
  strong: rec(e)
    .aliases.filter((a) => a.category === 'strong')
    .map((a) => [a.type, a.name.replace(/"/g, "'")])
    .sort(),
  weak: [...(e.weakAliases ?? [])].map((n) => n.replace(/"/g, "'")).sort(),
});

describe('ofacConsolidatedSource: definition', () => {
  it('uses consolidated.xml, else the cons_* CSV set, at the SLS export addresses', () => {
    expect(ofacConsolidatedSource.slug).toBe('ofac_consolidated');
    expect(ofacConsolidatedSource.legacy).toBe(true);
    expect(
      ofacConsolidatedSource.fileSets.map((s) => s.map((f) => [f.name, f.url.split('/').pop()])),
    ).toEqual([
      [['consolidated.xml', 'CONSOLIDATED.XML']],
      [
        ['cons_prim.csv', 'CONS_PRIM.CSV'],
        ['cons_alt.csv', 'CONS_ALT.CSV'],
        ['cons_add.csv', 'CONS_ADD.CSV'],
        ['cons_comments.csv', 'CONS_COMMENTS.CSV'],
      ],
    ]);
  });
});

describe('ofacConsolidatedSource: fixtures', () => {
  it('parses consolidated.xml (2018 tempuri namespace) with the 8-key record', async () => {
    const files = dirFileSet(path.join(fixtures, 'xml'));
    const entries = await collect(ofacConsolidatedSource, files);
    expect(await ofacConsolidatedSource.dataDate!(files)).toBe('2025-12-19');
    expect(entries.map((e) => [e.sourceUid, e.kind])).toEqual([
      ['7001', 'entity'],
      ['7002', 'person'],
      ['7003', 'vessel'],
      ['7004', 'entity'],
    ]);
    for (const e of entries) {
      expect(e.list).toBe('ofac_consolidated');
      expect(Object.keys(e.record)).toEqual(RECORD_KEYS);
    }
    const karimov = byUid(entries, '7002');
    expect(karimov.name).toBe('KARIMOV, Rustam');
    expect(karimov.aliases).toEqual(['KARIMOV, Rustem']);
    expect(rec(karimov).programs).toEqual(['FSE-SY', 'SYRIA']);
    expect(rec(karimov).details.ids).toEqual([
      {
        uid: 110002,
        id_type: 'Passport',
        id_number: 'N001122',
        id_country: 'Syria',
        issue_date: null,
        expiration_date: null,
      },
    ]);
    expect(rec(karimov).details.dates_of_birth).toEqual([
      { uid: 110004, date_of_birth: '03 Mar 1971', main_entry: true },
    ]);
    const trunk = byUid(entries, '7004');
    expect(trunk.aliases).toEqual([
      'OPEN JOINT-STOCK COMPANY "FIXTURE TRUNK PIPELINES"',
      'FIXTURE TRUNK OAO',
      'JSC "FT"',
    ]);
    expect(trunk.weakAliases).toEqual(['JSC "FT"']);
    expect(rec(byUid(entries, '7003')).details).toMatchObject({
      call_sign: 'EPFX2',
      gross_registered_tonnage: '156000',
    });
  });

  it('parses the cons_* CSV set with an empty cons_comments.csv (as OFAC published it in 2018)', async () => {
    const files = dirFileSet(path.join(fixtures, 'csv'));
    const entries = await collect(ofacConsolidatedSource, files);
    expect(await ofacConsolidatedSource.dataDate!(files)).toBeNull();
    expect(entries).toHaveLength(4);
    const bank = byUid(entries, '7001');
    expect(bank.name).toBe('BANK FIXTURE OF IRAN');
    expect(rec(bank).sdn_type).toBe('Entity');
    expect(bank.aliases).toEqual(['CENTRAL FIXTURE BANK', 'BFI']);
    expect(bank.weakAliases).toEqual(['BFI']);
    expect(rec(bank).remarks).toMatch(/^Additional Sanctions Information - Not on the SDN List/);
    expect(rec(bank).addresses[0]).toMatchObject({
      uid: 901,
      address: 'PO Box 15875, 144 Fixture Blvd',
      city_state_postal_code: 'Tehran',
      country: 'Iran',
    });
    expect(rec(byUid(entries, '7002')).programs).toEqual(['SYRIA', 'FSE-SY']);
    expect(rec(byUid(entries, '7003')).addresses).toHaveLength(1);
  });

  it('gives the same parties, names, aliases and programs from XML and CSV', async () => {
    const xml = await collect(ofacConsolidatedSource, dirFileSet(path.join(fixtures, 'xml')));
    const csv = await collect(ofacConsolidatedSource, dirFileSet(path.join(fixtures, 'csv')));
    expect(csv.map(comparable)).toEqual(xml.map(comparable));
  });
});

if (!sharedListsDir) console.warn(sharedListsSkipReason);

describe.skipIf(!sharedListsDir)('ofacConsolidatedSource: real files', () => {
  it('ofac_consolidated_nonsdn_2025-12: 442 entries, 1,073 aliases, 574 addresses, comments joined', async () => {
    const dir = 'ofac_consolidated_nonsdn_2025-12';
    const names = ['cons_prim.csv', 'cons_alt.csv', 'cons_add.csv', 'cons_comments.csv'];
    const entries = await collect(
      ofacConsolidatedSource,
      pathFileSet(Object.fromEntries(names.map((n) => [n, sharedListFile(dir, n)]))),
    );
    expect(entries).toHaveLength(442);
    expect(entries.filter((e) => e.kind === 'person')).toHaveLength(79);
    expect(entries.filter((e) => e.kind === 'entity')).toHaveLength(363);
    expect(entries.flatMap((e) => rec(e).aliases).filter((a) => a.category === 'strong')).toHaveLength(1073);
    expect(entries.reduce((n, e) => n + rec(e).addresses.length, 0)).toBe(574);
    expect(entries.filter((e) => rec(e).details.remarks_truncated)).toHaveLength(0);
    // 17014's remarks continue in cons_comments.csv with a weak alias.
    const e = byUid(entries, '17014');
    expect(rec(e).remarks!.length).toBeGreaterThan(1000);
    expect(e.weakAliases).toContain('RUSAG');
  });

  it('ofac_consolidated_nonsdn_2018-04: XML and CSV of the same date give the same 639 parties', async () => {
    const dir = 'ofac_consolidated_nonsdn_2018-04';
    const xmlFiles = pathFileSet({ 'consolidated.xml': sharedListFile(dir, 'consolidated.xml') });
    const xml = await collect(ofacConsolidatedSource, xmlFiles);
    const names = ['cons_prim.csv', 'cons_alt.csv', 'cons_add.csv', 'cons_comments.csv'];
    const csv = await collect(
      ofacConsolidatedSource,
      pathFileSet(Object.fromEntries(names.map((n) => [n, sharedListFile(dir, n)]))),
    );

    expect(await ofacConsolidatedSource.dataDate!(xmlFiles)).toBe('2018-04-06');
    expect(xml).toHaveLength(639);
    expect(csv).toHaveLength(639);
    const kinds = (entries: ListEntry[]) => entries.map((e) => e.kind).sort();
    expect(kinds(xml).filter((k) => k === 'person')).toHaveLength(94);
    expect(kinds(xml).filter((k) => k === 'vessel')).toHaveLength(74);
    expect(kinds(xml).filter((k) => k === 'entity')).toHaveLength(471);
    expect(kinds(csv)).toEqual(kinds(xml));
    expect(xml.map((e) => e.sourceUid)).toEqual(csv.map((e) => e.sourceUid));
    expect(csv.map(comparable)).toEqual(xml.map(comparable));

    const count = (entries: ListEntry[], category: string) =>
      entries.flatMap((e) => rec(e).aliases).filter((a) => a.category === category).length;
    expect([count(xml, 'strong'), count(xml, 'weak')]).toEqual([1209, 46]);
    expect([count(csv, 'strong'), count(csv, 'weak')]).toEqual([1209, 46]);
    // The CSV also lists 146 address rows whose every column is '-0-'; the XML leaves them out.
    expect(csv.reduce((n, e) => n + rec(e).addresses.length, 0)).toBe(857);
    expect(xml.reduce((n, e) => n + rec(e).addresses.length, 0)).toBe(711);

    const bim = byUid(xml, '4637');
    expect(bim.name).toBe('BANK OF INDUSTRY AND MINE (OF IRAN)');
    expect(bim.weakAliases).toEqual(['BIM']);
    expect(rec(bim).details.ids![0]).toMatchObject({
      uid: 118978,
      id_type: 'Additional Sanctions Information -',
    });
  });
});
