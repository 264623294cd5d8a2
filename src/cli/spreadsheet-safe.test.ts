import { describe, expect, it } from 'vitest';
import { toCsv } from '../../web/src/csv/to-csv.js';
import { spreadsheetSafe } from './spreadsheet-safe.js';

const CELLS = [
  '=HYPERLINK("x")',
  '+1 555',
  '-2+3',
  '@SUM(A1)',
  '\tTab',
  '\rCR',
  '-12.5',
  '42',
  'Jane Doe',
  '',
  'a=b',
];

describe('spreadsheetSafe', () => {
  it('puts an apostrophe before formula cells and leaves names and numbers alone', () => {
    expect(CELLS.map(spreadsheetSafe)).toEqual([
      `'=HYPERLINK("x")`,
      "'+1 555",
      "'-2+3",
      "'@SUM(A1)",
      "'\tTab",
      "'\rCR",
      '-12.5',
      '42',
      'Jane Doe',
      '',
      'a=b',
    ]);
    expect([null, undefined, 7].map(spreadsheetSafe)).toEqual(['', '', '7']);
  });

  it('follows the dashboard’s CSV download rule cell for cell', () => {
    // The dashboard's toCsv quotes and prefixes; stripping its quoting leaves the same cell text as ours.
    for (const cell of CELLS) {
      const dashboard = toCsv(['h'], [[cell]]).split('\r\n')[1]!;
      const unquoted = dashboard.startsWith('"') ? dashboard.slice(1, -1).replace(/""/g, '"') : dashboard;
      if (!/[\r\n]/.test(cell)) expect(unquoted, JSON.stringify(cell)).toBe(spreadsheetSafe(cell));
      else expect(dashboard.startsWith(`"'`)).toBe(spreadsheetSafe(cell).startsWith("'"));
    }
  });
});
