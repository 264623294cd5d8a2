import { describe, expect, it } from 'vitest';
import { formatTable, type Column } from './table.js';

interface Row {
  slug: string;
  title: string;
  count: number | null;
}

const COLUMNS: readonly Column<Row>[] = [
  { title: 'list', value: (r) => r.slug },
  { title: 'title', value: (r) => r.title, shrink: true },
  { title: 'records', value: (r) => r.count, align: 'right' },
];

describe('formatTable', () => {
  it('lines up a heading, a rule and the rows; numbers grouped and right-aligned, null blank', () => {
    const text = formatTable(COLUMNS, [
      { slug: 'ofac_sdn', title: 'OFAC SDN', count: 18_734 },
      { slug: 'un', title: 'UN', count: null },
    ]);
    expect(text.split('\n')).toEqual([
      'list      title     records',
      '--------  --------  -------',
      'ofac_sdn  OFAC SDN   18,734',
      'un        UN',
    ]);
  });

  it('cuts only the shrinkable column, with an ellipsis, so every line fits 100 columns', () => {
    const long = 'Consolidated List of Persons, Groups and Entities Subject to EU Financial Sanctions (long)';
    const text = formatTable(COLUMNS, [{ slug: 'eu_fsf'.padEnd(30, '_'), title: long.repeat(2), count: 5 }]);
    const lines = text.split('\n');
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(100);
    expect(lines[2]).toContain('eu_fsf'.padEnd(30, '_'));
    expect(lines[2]).toMatch(/^\S+ {2}Consolidated List of .*… {2,}5$/);
  });

  it('puts a multi-line cell on one line', () => {
    expect(formatTable(COLUMNS, [{ slug: 'a', title: 'two\nlines', count: 1 }]).split('\n')[2]).toBe(
      'a     two lines        1',
    );
  });
});
