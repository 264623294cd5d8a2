// A cell of CLI CSV output made safe to open in a spreadsheet: the rule of the dashboard's CSV download
// (web/src/csv/to-csv.ts), applied server-side. Screened names come from outside, so a cell a spreadsheet would
// run as a formula (=, +, -, @, tab, carriage return first) gets a leading apostrophe; plain numbers are left alone.

/** The cell text, prefixed with `'` when a spreadsheet would read it as a formula. */
export function spreadsheetSafe(value: unknown): string {
  const s =
    value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value as string | number | boolean);
  return /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s) ? `'${s}` : s;
}
