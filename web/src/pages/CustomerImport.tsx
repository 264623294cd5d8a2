// The customer CSV import: the file is read in the browser (name, reference, search_type and the qualifier columns), rows the
// API would refuse are set aside at once, the rest are sent in calls of at most 10,000 with progress shown, and
// every row not imported is listed with its spreadsheet row and the reason.
import { useState, type ChangeEvent } from 'react';
import { describeError } from '../api/api-error.ts';
import { useApp } from '../app-context.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { Field } from '../components/Field.tsx';
import { ScrollBox } from '../components/ScrollBox.tsx';
import { parseSubjectsCsv, type RowProblem, type SubjectsFile } from '../csv/subjects-csv.ts';
import { importSubjects, type ImportOutcome, type ImportProgress } from '../csv/subjects-import.ts';
import { useApiCall } from '../hooks/use-api-call.ts';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

export function CustomerImport({ onImported }: { onImported: () => void }) {
  const { api } = useApp();
  const [file, setFile] = useState<{ name: string; read: SubjectsFile } | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [problems, setProblems] = useState<RowProblem[]>([]);
  const call = useApiCall();

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = '';
    setOutcome(null);
    setProgress(null);
    setProblems([]);
    if (!chosen) return;
    try {
      const read = parseSubjectsCsv(await chosen.text());
      setFile({ name: chosen.name, read });
      setProblems(read.problems);
      call.fail(null);
    } catch (err) {
      setFile(null);
      call.fail(err);
    }
  };

  const start = () => {
    if (!file || call.busy || file.read.rows.length === 0) return;
    void call.run(async (signal) => {
      setProgress({ imported: 0, refused: 0, total: file.read.rows.length });
      const result = await importSubjects(
        file.read.rows,
        (subjects) => api.data(api.call.POST('/api/v2/subjects', { body: { subjects }, signal })),
        setProgress,
      );
      setOutcome(result);
      // Rows set aside before sending stay listed beside those the server refused.
      setProblems([...file.read.problems, ...result.problems].sort((a, b) => a.row - b.row));
      setFile(null);
      onImported();
    });
  };

  return (
    <section className="panel" aria-labelledby="import-title">
      <h2 id="import-title">Import a CSV</h2>
      <Field
        id="customers-file"
        label="CSV file"
        hint="A header row, then one customer per row: “name” (required), “reference” (your id; importing it again updates that customer) “search_type” (optional, standard_match by default), and what you know of them: “birth_date” (YYYY, YYYY-MM or YYYY-MM-DD), “country” (codes or names, separated by commas) and “entity_type” (person, entity, vessel or aircraft)."
      >
        {(c) => (
          <input {...c} type="file" accept=".csv,text/csv,text/plain" onChange={(e) => void choose(e)} />
        )}
      </Field>
      <ErrorNotice error={call.error} />
      {file && (
        <div className="actions">
          <span className="muted" role="status">
            {count(file.read.rows.length, 'customer', 'customers')} read from {file.name}
            {file.read.problems.length > 0 &&
              ` · ${count(file.read.problems.length, 'row', 'rows')} set aside`}
            {file.read.ignored.length > 0 && ` · columns not read: ${file.read.ignored.join(', ')}`}
          </span>
          <button
            type="button"
            onClick={start}
            aria-disabled={call.busy || file.read.rows.length === 0 || undefined}
          >
            {call.busy ? 'Importing…' : `Import ${count(file.read.rows.length, 'customer', 'customers')}`}
          </button>
        </div>
      )}
      {progress && (call.busy || outcome) && (
        <div className="import-progress">
          <label htmlFor="import-bar">Screening and storing customers</label>
          <progress id="import-bar" max={progress.total} value={progress.imported + progress.refused} />
          <p role="status" className="small">
            {outcome
              ? `Imported ${outcome.imported.toLocaleString('en')} of ${count(outcome.total, 'customer', 'customers')}` +
                (outcome.refused > 0
                  ? ` · ${count(outcome.refused, 'row', 'rows')} refused by the server`
                  : '') +
                '. New matches are in Alerts.'
              : `Imported ${progress.imported.toLocaleString('en')} of ${progress.total.toLocaleString('en')}… Stay on this page until it finishes.`}
          </p>
        </div>
      )}
      {outcome?.stoppedBy !== null && outcome?.stoppedBy !== undefined && (
        <div className="notice error" role="alert">
          The import stopped after {count(outcome.imported + outcome.refused, 'row', 'rows')}:{' '}
          {describeError(outcome.stoppedBy)} Rows after that were not sent; import the file again to carry on
          (customers with a reference are updated, not doubled).
        </div>
      )}
      {problems.length > 0 && <ProblemRows problems={problems} />}
    </section>
  );
}

function ProblemRows({ problems }: { problems: readonly RowProblem[] }) {
  return (
    <details open={problems.length <= 20}>
      <summary>
        {count(problems.length, 'row', 'rows')} not imported (rows numbered as in a spreadsheet)
      </summary>
      <ScrollBox label="Rows not imported">
        <table className="stack compact-rows">
          <caption className="visually-hidden">Rows not imported</caption>
          <thead>
            <tr>
              <th scope="col" className="num">
                Row
              </th>
              <th scope="col">Name</th>
              <th scope="col">Problem</th>
            </tr>
          </thead>
          <tbody>
            {problems.slice(0, 500).map((p) => (
              <tr key={p.row}>
                <td data-label="Row" className="num">
                  {p.row}
                </td>
                <td data-label="Name" className="first">
                  {p.name || <span className="muted">(empty)</span>}
                </td>
                <td data-label="Problem" className="error-text">
                  {p.problem}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      {problems.length > 500 && <p className="muted small">The first 500 are listed.</p>}
    </details>
  );
}
