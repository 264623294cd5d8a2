// A CSV header cell as the imports compare it: BOM dropped, trimmed, lower case, spaces and hyphens as
// underscores ("Birth Date" and "birth-date" both read as `birth_date`).
export function headerCell(cell: string): string {
  return cell
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}
