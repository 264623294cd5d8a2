// Bulk-search rows grouped by screened name, and the CSV rows written from the groups.
import { describe, expect, it } from 'vitest';
import type { BulkRow } from '../api/api-types.ts';
import { countStatuses, groupRows, namesCsvRows, nameStatus } from './names-results.ts';

const summary = (term: string, total: number, error?: string): BulkRow => ({
  row_type: 'summary',
  search_term: term,
  total_matches: total,
  ...(error === undefined ? {} : { error }),
});
const NOTHING = 'no letters or digits to screen';
const match = (term: string, id: string): BulkRow => ({
  row_type: 'match',
  search_term: term,
  id,
  name: `Listed ${id}`,
  list: 'ofac_sdn',
  source_uid: id,
  match_score: 91.5,
});

describe('groupRows', () => {
  it('starts a group at each summary row and gives it the match rows after it', () => {
    const groups = groupRows([
      summary('Rustam Karimov', 2),
      match('Rustam Karimov', 'a'),
      match('Rustam Karimov', 'b'),
      summary('Jane Nobody', 0),
    ]);
    expect(groups.map((g) => [g.index, g.searchTerm, g.totalMatches, g.matches.map((m) => m.id)])).toEqual([
      [0, 'Rustam Karimov', 2, ['a', 'b']],
      [1, 'Jane Nobody', 0, []],
    ]);
  });

  it('keeps a name submitted twice as two groups, each with its own matches', () => {
    const groups = groupRows([summary('Ann', 1), match('Ann', 'x'), summary('Ann', 1), match('Ann', 'y')]);
    expect(groups.map((g) => g.matches.map((m) => m.id))).toEqual([['x'], ['y']]);
  });

  it('drops a match row that does not belong to the group before it', () => {
    const groups = groupRows([match('Orphan', 'o'), summary('Ann', 0), match('Bob', 'b')]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.matches).toEqual([]);
  });

  it('counts a summary without total_matches as clear', () => {
    // The API always sends total_matches; an older or odd answer without it still reads as 0.
    const bare = { row_type: 'summary', search_term: 'Ann' } as BulkRow;
    expect(groupRows([bare])[0]!.totalMatches).toBe(0);
  });

  it('keeps a name that was not screened apart: 0 matches, but never clear', () => {
    const groups = groupRows([
      summary('Ann', 1),
      match('Ann', 'x'),
      summary('Bob', 0),
      summary('!!!', 0, NOTHING),
    ]);
    expect(groups.map(nameStatus)).toEqual(['hit', 'clear', 'not-screened']);
    expect(groups[2]!.error).toBe(NOTHING);
    expect(countStatuses(groups)).toEqual({ hit: 1, clear: 1, 'not-screened': 1 });
  });
});

describe('namesCsvRows', () => {
  it('writes one row per match, one row with 0 for a clear name, and the reason a name was not screened', () => {
    const rows = namesCsvRows(
      groupRows([
        summary('Ann', 1),
        match('Ann', 'x'),
        summary('Jane Nobody', 0),
        summary('!!!', 0, NOTHING),
      ]),
    );
    expect(rows).toEqual([
      ['Ann', 1, 'x', 'Listed x', 'ofac_sdn', 'x', 91.5, ''],
      ['Jane Nobody', 0, '', '', '', '', '', ''],
      ['!!!', 0, '', '', '', '', '', NOTHING],
    ]);
  });
});
