// Customers from a CSV: the columns by header in any case and order, rows numbered as a spreadsheet shows them,
// rows the API would refuse set aside with the reason, and a file without a name column refused in words.
import { describe, expect, it } from 'vitest';
import { MAX_REFERENCE, MAX_SUBJECT_NAME, parseSubjectsCsv } from './subjects-csv.ts';

describe('parseSubjectsCsv', () => {
  it('reads name, reference and search type by header, in any case and order, BOM and all', () => {
    const file = parseSubjectsCsv(
      '\uFEFFReference,Name,Search Type\r\nc-1,Jane Doe,strict_match\r\nc-2,"DOE, John",\r\n',
    );
    expect(file.rows).toEqual([
      { row: 2, subject: { name: 'Jane Doe', reference: 'c-1', search_type: 'strict_match' } },
      { row: 3, subject: { name: 'DOE, John', reference: 'c-2' } },
    ]);
    expect(file.problems).toEqual([]);
    expect(file.ignored).toEqual([]);
  });

  it('needs only a name; leaves out empty optional cells rather than sending blanks', () => {
    expect(parseSubjectsCsv('name\nAcme Trading LLC\n').rows).toEqual([
      { row: 2, subject: { name: 'Acme Trading LLC' } },
    ]);
  });

  it('counts blank rows in the numbering but sends nothing for them', () => {
    const file = parseSubjectsCsv('name,reference\nA One,r1\n\n , \nB Two,r2\n');
    expect(file.rows.map((r) => [r.row, r.subject.name])).toEqual([
      [2, 'A One'],
      [5, 'B Two'],
    ]);
  });

  it('sets aside rows the API would refuse, with the row and the reason', () => {
    const long = 'x'.repeat(MAX_SUBJECT_NAME + 1);
    const file = parseSubjectsCsv(
      [
        'name,reference,search_type',
        ',c-1,',
        `${long},c-2,`,
        `Ok Name,${'r'.repeat(MAX_REFERENCE + 1)},`,
        'Other Name,c-4,loose_match',
        'Good Name,c-5,fuzzy_search',
      ].join('\n'),
    );
    expect(file.problems).toEqual([
      { row: 2, name: '', problem: 'name is empty' },
      { row: 3, name: long, problem: `name is longer than 512 characters (513)` },
      { row: 4, name: 'Ok Name', problem: 'reference is longer than 200 characters (201)' },
      {
        row: 5,
        name: 'Other Name',
        problem: 'search_type must be one of standard_match, strict_match, permissive_match, fuzzy_search',
      },
    ]);
    expect(file.rows).toEqual([
      { row: 6, subject: { name: 'Good Name', reference: 'c-5', search_type: 'fuzzy_search' } },
    ]);
  });

  it('names the columns it does not read', () => {
    expect(parseSubjectsCsv('name,segment,,Notes\nA,SY,,x\n').ignored).toEqual(['segment', 'Notes']);
  });

  it('reads the qualifiers: birth_date, country (one or several) and entity_type', () => {
    const file = parseSubjectsCsv(
      'name,Birth Date,country,entity_type\nIvan Petrov,1985-02-14,"RU, BY",person\nAcme,,Iran,\n',
    );
    expect(file.rows).toEqual([
      {
        row: 2,
        subject: {
          name: 'Ivan Petrov',
          birth_date: '1985-02-14',
          country: ['RU', 'BY'],
          entity_type: 'person',
        },
      },
      { row: 3, subject: { name: 'Acme', country: ['Iran'] } },
    ]);
    expect(file.ignored).toEqual([]);
  });

  it('sets aside a row whose qualifiers the API would refuse, in its words', () => {
    const file = parseSubjectsCsv('name,birth_date,entity_type\nA,14/02/1985,\nB,,ship\n');
    expect(file.problems).toEqual([
      {
        row: 2,
        name: 'A',
        problem: "birth_date must be a date written YYYY, YYYY-MM or YYYY-MM-DD (got '14/02/1985')",
      },
      {
        row: 3,
        name: 'B',
        problem: "entity_type must be one of person, entity, vessel, aircraft (got 'ship')",
      },
    ]);
  });

  it('refuses a file without a name column, saying what it needs', () => {
    expect(() => parseSubjectsCsv('Jane Doe\nJohn Roe\n')).toThrow(/header row with a “name” column/);
    expect(() => parseSubjectsCsv('')).toThrow(/“name” column/);
  });
});
