// Names from an uploaded CSV: the `name` column when the first row has one (any case), else the first column;
// one name per row, blanks dropped. With a header row, the optional columns `birth_date`, `country` (several
// separated by commas or semicolons) and `entity_type` give each name its own qualifiers, checked with the API's
// rules before anything is sent. Parsed in the browser: the file never leaves the analyst's machine as a file.
import Papa from 'papaparse';
import {
  qualifierFields,
  rowQualifierCellProblem,
  type EntityType,
  type QualifierFields,
} from '../pages/qualifier-fields.ts';
import { headerCell } from './header-cell.ts';

/** The names of a CSV file and, when any row gives one, each name's own qualifiers (by position). */
export interface NamesFile {
  readonly names: string[];
  /** null when no row carries a qualifier (the names are then screened by name only, as `names`). */
  readonly qualifiers: (QualifierFields | null)[] | null;
}

/** A cell of the file the API would refuse: its row (as a spreadsheet numbers it) and column. */
export class NamesCsvError extends Error {
  override readonly name = 'NamesCsvError';
  constructor(
    readonly row: number,
    readonly column: string,
    problem: string,
  ) {
    super(`Row ${row}, column “${column}”: ${problem}.`);
  }
}

/** Reads CSV text; throws a NamesCsvError naming the row and column of the first bad qualifier cell. */
export function parseNamesCsv(text: string): NamesFile {
  const rows = Papa.parse<string[]>(text, { skipEmptyLines: false }).data;
  const columns = (rows[0] ?? []).map(headerCell);
  const hasHeader = columns.includes('name');
  const at = (c: string) => (hasHeader ? columns.indexOf(c) : c === 'name' ? 0 : -1);
  const names: string[] = [];
  const qualifiers: (QualifierFields | null)[] = [];
  rows.forEach((cells, i) => {
    if (hasHeader && i === 0) return;
    const row = i + 1;
    const cell = (c: string) => (at(c) < 0 ? '' : (cells[at(c)] ?? '').trim());
    const [name, birthDate, countries, entityType] = ['name', 'birth_date', 'country', 'entity_type'].map(
      cell,
    ) as [string, string, string, string];
    const given = birthDate !== '' || countries !== '' || entityType !== '';
    if (name === '') {
      // A blank row is skipped as before; qualifiers without a name are a mistake worth saying.
      if (given) throw new NamesCsvError(row, 'name', 'the name is empty but the row has qualifiers');
      return;
    }
    const bad = rowQualifierCellProblem(birthDate, countries, entityType);
    if (bad) throw new NamesCsvError(row, bad.column, bad.problem);
    names.push(name);
    qualifiers.push(qualifierFields({ birthDate, countries, entityType: entityType as EntityType | '' }));
  });
  return { names, qualifiers: qualifiers.some((q) => q !== null) ? qualifiers : null };
}

/** Reads an uploaded file as parseNamesCsv does. */
export async function readNamesCsv(file: File): Promise<NamesFile> {
  return parseNamesCsv(await file.text());
}
