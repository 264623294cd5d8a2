// Names from an uploaded CSV: the `name` column when the first row has one (any case), else the first column;
// one name per row, blanks dropped. Parsed in the browser: the file never leaves the analyst's machine as a file.
import Papa from 'papaparse';

export function readNamesCsv(file: File): Promise<string[]> {
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(file, {
      skipEmptyLines: 'greedy',
      complete: (result) => {
        const rows = result.data;
        const header = (rows[0] ?? []).map((h) =>
          h
            .trim()
            .toLowerCase()
            .replace(/^\uFEFF/, ''),
        );
        const col = header.indexOf('name');
        const body = col >= 0 ? rows.slice(1) : rows;
        const at = col >= 0 ? col : 0;
        resolve(body.map((r) => (r[at] ?? '').trim()).filter((n) => n !== ''));
      },
      error: (err: Error) => reject(err),
    });
  });
}
