// Names from an uploaded CSV: the name column (else the first), and each row's own qualifiers when a header names
// them, a bad cell refused naming its row and column, and a file without qualifiers screened by name as before.
import { describe, expect, it } from 'vitest';
import { bulkSearchBody } from './names-to-request.ts';
import { NamesCsvError, parseNamesCsv } from './read-names-csv.ts';

const options = { searchType: 'standard_match', explain: false, reference: '' } as const;

describe('parseNamesCsv', () => {
  it('reads the name column by header (any case, BOM and all), blanks dropped, no qualifiers', () => {
    expect(parseNamesCsv('\uFEFFid,Name\r\n1,Jane Doe\r\n\r\n2, \r\n3,"DOE, John"\r\n')).toEqual({
      names: ['Jane Doe', 'DOE, John'],
      qualifiers: null,
    });
  });

  it('reads the first column of a file without a name header, every row a name', () => {
    expect(parseNamesCsv('Jane Doe,x\nAcme Trading LLC\n')).toEqual({
      names: ['Jane Doe', 'Acme Trading LLC'],
      qualifiers: null,
    });
  });

  it("keeps each row's own qualifiers by position, countries split, blanks left out", () => {
    const file = parseNamesCsv(
      'name,Birth Date,country,entity-type\nOlena Fixtureva,1990,,person\nJane Nobody,,,\nAcme,,"RU; BY",entity\n',
    );
    expect(file.names).toEqual(['Olena Fixtureva', 'Jane Nobody', 'Acme']);
    expect(file.qualifiers).toEqual([
      { birth_date: '1990', entity_type: 'person' },
      null,
      { country: ['RU', 'BY'], entity_type: 'entity' },
    ]);
  });

  it('has no qualifiers when the qualifier columns are all blank', () => {
    expect(parseNamesCsv('name,birth_date,country\nJane Doe,,\n').qualifiers).toBeNull();
  });

  it('refuses a bad cell naming its spreadsheet row and column, in the API’s words', () => {
    const bad = (text: string) => {
      try {
        parseNamesCsv(text);
      } catch (err) {
        if (err instanceof NamesCsvError) return { row: err.row, column: err.column, message: err.message };
        throw err;
      }
      throw new Error('no error');
    };
    expect(bad('name,birth_date\nJane Doe,1990\n\nJohn Roe,1952-13\n')).toEqual({
      row: 4,
      column: 'birth_date',
      message:
        "Row 4, column “birth_date”: birth_date must be a date written YYYY, YYYY-MM or YYYY-MM-DD (got '1952-13').",
    });
    expect(bad('name,entity_type\nJane Doe,ship\n')).toMatchObject({
      row: 2,
      column: 'entity_type',
      message: expect.stringMatching(
        /entity_type must be one of person, entity, vessel, aircraft \(got 'ship'\)/,
      ),
    });
    expect(
      bad(`name,country\nJane Doe,"${Array.from({ length: 21 }, () => 'RU').join(',')}"\n`),
    ).toMatchObject({ row: 2, column: 'country' });
    expect(bad('name,country\n,RU\n')).toMatchObject({ row: 2, column: 'name' });
  });
});

describe('a CSV to a bulk-search body', () => {
  it('sends records with each row’s qualifiers when any row carries one, names otherwise', () => {
    const withQ = parseNamesCsv('name,birth_date\nOlena Fixtureva,1990\nJane Nobody,\n');
    expect(bulkSearchBody(withQ.names, { ...options, perName: withQ.qualifiers })).toEqual({
      records: [{ name: 'Olena Fixtureva', birth_date: '1990' }, { name: 'Jane Nobody' }],
      search_type: 'standard_match',
      explain: false,
    });
    const without = parseNamesCsv('name,birth_date\nOlena Fixtureva,\nJane Nobody,\n');
    expect(bulkSearchBody(without.names, { ...options, perName: without.qualifiers })).toEqual({
      names: 'Olena Fixtureva, Jane Nobody',
      search_type: 'standard_match',
      explain: false,
    });
  });

  it("lets a row's own qualifier win over the form's, the form's filling the rest", () => {
    const file = parseNamesCsv('name,country\nA One,FR\nB Two,\n');
    const body = bulkSearchBody(file.names, {
      ...options,
      qualifiers: { country: ['RU'], entity_type: 'person' },
      perName: file.qualifiers,
    });
    expect(body.records).toEqual([
      { name: 'A One', country: ['FR'], entity_type: 'person' },
      { name: 'B Two', country: ['RU'], entity_type: 'person' },
    ]);
  });
});
