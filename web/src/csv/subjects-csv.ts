// Customers from a CSV file for POST /api/v2/subjects: a header row naming the columns (`name`, required;
// `reference`, `search_type` and the qualifiers `birth_date`, `country` (one or several, separated by commas or
// semicolons) and `entity_type`, optional; any case, any order), one customer per row. Rows are numbered as a
// spreadsheet shows them (the header is row 1, blank rows counted but skipped), so a problem can be found in the
// file. Rows the API would refuse are set aside here with the reason, in the API's words.
import Papa from 'papaparse';
import { SEARCH_TYPES, type SearchType, type SubjectInput } from '../api/api-types.ts';
import { headerCell } from './header-cell.ts';
import { qualifierFields, rowQualifierProblem, type EntityType } from '../pages/qualifier-fields.ts';

/** The API's limits on a subject (README: names at most 512 characters, references at most 200). */
export const MAX_SUBJECT_NAME = 512;
export const MAX_REFERENCE = 200;

/** The columns the import reads; any other is reported as ignored. */
export const SUBJECT_COLUMNS = [
  'name',
  'reference',
  'search_type',
  'birth_date',
  'country',
  'entity_type',
] as const;

/** One customer read from the file, with the spreadsheet row it came from. */
export interface SubjectRow {
  readonly row: number;
  readonly subject: SubjectInput;
}

/** A row that is not sent (or that the API refused), and why. */
export interface RowProblem {
  readonly row: number;
  readonly name: string;
  readonly problem: string;
}

export interface SubjectsFile {
  readonly rows: SubjectRow[];
  readonly problems: RowProblem[];
  /** Header cells the import does not read. */
  readonly ignored: string[];
}

/** Reads the CSV text; throws an Error saying what the file needs when it has no `name` column. */
export function parseSubjectsCsv(text: string): SubjectsFile {
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  const [head = [], ...body] = parsed.data;
  const columns = head.map(headerCell);
  const at = (c: (typeof SUBJECT_COLUMNS)[number]) => columns.indexOf(c);
  if (at('name') < 0)
    throw new Error(
      'The file needs a header row with a “name” column (and optionally “reference”, “search_type”, “birth_date”, “country” and “entity_type”).',
    );
  const rows: SubjectRow[] = [];
  const problems: RowProblem[] = [];
  body.forEach((cells, i) => {
    const row = i + 2;
    if (cells.every((c) => c.trim() === '')) return;
    const cell = (c: (typeof SUBJECT_COLUMNS)[number]) => (at(c) < 0 ? '' : (cells[at(c)] ?? '').trim());
    const name = cell('name');
    const reference = cell('reference');
    const searchType = cell('search_type');
    const [birthDate, countries, entityType] = [cell('birth_date'), cell('country'), cell('entity_type')];
    const problem =
      name === ''
        ? 'name is empty'
        : name.length > MAX_SUBJECT_NAME
          ? `name is longer than ${MAX_SUBJECT_NAME} characters (${name.length})`
          : reference.length > MAX_REFERENCE
            ? `reference is longer than ${MAX_REFERENCE} characters (${reference.length})`
            : searchType !== '' && !(SEARCH_TYPES as readonly string[]).includes(searchType)
              ? `search_type must be one of ${SEARCH_TYPES.join(', ')}`
              : rowQualifierProblem(birthDate, countries, entityType);
    if (problem) {
      problems.push({ row, name, problem });
      return;
    }
    const subject: SubjectInput = { name };
    if (reference) subject.reference = reference;
    if (searchType) subject.search_type = searchType as SearchType;
    Object.assign(
      subject,
      qualifierFields({ birthDate, countries, entityType: entityType as EntityType | '' }),
    );
    rows.push({ row, subject });
  });
  const ignored = head
    .filter((h, i) => h.trim() !== '' && !(SUBJECT_COLUMNS as readonly string[]).includes(columns[i]!))
    .map((h) => h.trim());
  return { rows, problems, ignored };
}
