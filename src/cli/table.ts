// Plain-text tables for the CLI that fit a terminal of 100 columns: columns marked `shrink` (titles, names,
// errors) are cut with an ellipsis when the table would be wider; `--json` gives every field in full.

/** One column: its heading, how to read a row's cell, and whether it may be cut to fit. */
export interface Column<R> {
  readonly title: string;
  readonly value: (row: R) => string | number | null | undefined;
  readonly align?: 'left' | 'right';
  /** May be cut (with …) so the table fits; other columns keep their width. */
  readonly shrink?: boolean;
}

const GAP = '  ';
const MIN_SHRUNK = 8;

const cellText = (v: string | number | null | undefined): string =>
  v === null || v === undefined
    ? ''
    : typeof v === 'number'
      ? v.toLocaleString('en-US')
      : v.replace(/\s+/g, ' ');

const cut = (s: string, width: number): string =>
  [...s].length <= width ? s : `${[...s].slice(0, Math.max(0, width - 1)).join('')}…`;

/** The table as lines of text no wider than `maxWidth` (as far as the unshrinkable columns allow). */
export function formatTable<R>(columns: readonly Column<R>[], rows: readonly R[], maxWidth = 100): string {
  const cells = rows.map((r) => columns.map((c) => cellText(c.value(r))));
  const widths = columns.map((c, i) => Math.max(c.title.length, ...cells.map((row) => [...row[i]!].length)));
  const total = () => widths.reduce((a, b) => a + b, 0) + GAP.length * (columns.length - 1);
  // Take one character at a time from the widest shrinkable column until the table fits.
  while (total() > maxWidth) {
    let widest = -1;
    columns.forEach((c, i) => {
      if (
        c.shrink &&
        widths[i]! > Math.max(MIN_SHRUNK, c.title.length) &&
        (widest < 0 || widths[i]! > widths[widest]!)
      )
        widest = i;
    });
    if (widest < 0) break;
    widths[widest]! -= 1;
  }
  const line = (texts: readonly string[]) =>
    texts
      .map((t, i) => {
        const s = cut(t, widths[i]!);
        const pad = ' '.repeat(widths[i]! - [...s].length);
        return columns[i]!.align === 'right' ? pad + s : s + pad;
      })
      .join(GAP)
      .trimEnd();
  return [line(columns.map((c) => c.title)), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join(
    '\n',
  );
}
