// The effectiveness report for an auditor (admin only): manipulated forms of listed names and clean names screened
// at every search type; recall per manipulation and alert rate per search type, as charts and tables, printable.
// The same seed on the same lists gives the same report.
import { useState, type FormEvent } from 'react';
import type { EffectivenessReport } from '../api/api-types.ts';
import { useApp } from '../app-context.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { Field } from '../components/Field.tsx';
import { ScrollBox } from '../components/ScrollBox.tsx';
import { useApiCall } from '../hooks/use-api-call.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useDraft } from '../hooks/use-draft.ts';
import { alertScale, CHART_TYPES, percent } from './effectiveness-chart.ts';
import { ChartLegend, EffectivenessChart } from './EffectivenessChart.tsx';

const words = (s: string) => s.replace(/_/g, ' ');

export function EffectivenessPage() {
  useDocumentTitle('Effectiveness');
  const { api } = useApp();
  const call = useApiCall();
  const [seed, setSeed] = useDraft('effectiveness.seed', '1');
  const [perKind, setPerKind] = useDraft('effectiveness.perKind', '50');
  const [clean, setClean] = useDraft('effectiveness.clean', '200');
  const [report, setReport] = useState<EffectivenessReport | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (call.busy) return;
    const body = { seed: Number(seed), per_kind: Number(perKind), clean_names: Number(clean) };
    void call.run(async (signal) => {
      setReport(await api.data(api.call.POST('/api/v2/effectiveness', { body, signal })));
    });
  };

  const types = CHART_TYPES.filter((t) => report?.search_types.includes(t));
  return (
    <>
      <div className="page-head">
        <h1>Screening effectiveness</h1>
        {report && (
          <button type="button" className="secondary no-print" onClick={() => window.print()}>
            Print
          </button>
        )}
      </div>
      <p className="lead no-print">
        Names drawn from the loaded lists are changed as people misspell, reorder, shorten and transliterate
        them, then screened at every search type, with clean names to measure alerts. Administrators only; the
        same seed on the same lists gives the same report.
      </p>
      <form className="panel no-print" onSubmit={submit}>
        <div className="row">
          <Field id="eff-seed" label="Seed" hint="Any whole number.">
            {(c) => (
              <input {...c} type="number" min={0} value={seed} onChange={(e) => setSeed(e.target.value)} />
            )}
          </Field>
          <Field id="eff-per-kind" label="Names per manipulation" hint="1 to 200.">
            {(c) => (
              <input
                {...c}
                type="number"
                min={1}
                max={200}
                value={perKind}
                onChange={(e) => setPerKind(e.target.value)}
              />
            )}
          </Field>
          <Field id="eff-clean" label="Clean names" hint="0 to 1,000.">
            {(c) => (
              <input
                {...c}
                type="number"
                min={0}
                max={1000}
                value={clean}
                onChange={(e) => setClean(e.target.value)}
              />
            )}
          </Field>
        </div>
        <div className="actions">
          <button type="submit" disabled={call.busy}>
            {call.busy ? 'Measuring…' : 'Run report'}
          </button>
        </div>
      </form>
      <ErrorNotice error={call.error} />
      {report && (
        <section aria-labelledby="eff-results" id="effectiveness-report">
          <h2 id="eff-results">Report, seed {report.seed}</h2>
          <p className="summary-line" role="status">
            Up to {report.per_kind} names per manipulation from {report.parties.toLocaleString()} listed
            parties · {report.clean_names.toLocaleString()} clean names
          </p>
          <h3>Recall: manipulated listed names that find their own party</h3>
          <EffectivenessChart
            title="Recall by manipulation and search type"
            types={types}
            rows={report.recall.map((r) => ({ label: words(r.kind), values: r.recall }))}
          />
          <ChartLegend types={types} />
          <ScrollBox label="Recall by manipulation">
            <table className="effectiveness">
              <caption className="visually-hidden">Recall by manipulation</caption>
              <thead>
                <tr>
                  <th scope="col">Manipulation</th>
                  <th scope="col" className="num">
                    Cases
                  </th>
                  {types.map((t) => (
                    <th key={t} scope="col" className="num">
                      {words(t)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {report.recall.map((r) => (
                  <tr key={r.kind}>
                    <th scope="row">
                      {words(r.kind)}
                      <div className="muted small">{r.description}</div>
                    </th>
                    <td className="num">{r.cases}</td>
                    {types.map((t) => (
                      <td key={t} className="num">
                        {percent(r.recall[t])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
          <h3>Alert rate: clean names with at least one match</h3>
          <EffectivenessChart
            title="Alert rate by search type"
            types={types}
            max={alertScale(report.alert_rates.map((a) => a.alert_rate))}
            rows={[
              {
                label: 'clean names',
                values: Object.fromEntries(report.alert_rates.map((a) => [a.search_type, a.alert_rate])),
              },
            ]}
          />
          <ScrollBox label="Alert rate by search type">
            <table className="effectiveness">
              <caption className="visually-hidden">Alert rate by search type</caption>
              <thead>
                <tr>
                  <th scope="col">Search type</th>
                  <th scope="col" className="num">
                    Clean names
                  </th>
                  <th scope="col" className="num">
                    Alerts
                  </th>
                  <th scope="col" className="num">
                    Alert rate
                  </th>
                </tr>
              </thead>
              <tbody>
                {types
                  .map((t) => report.alert_rates.find((a) => a.search_type === t)!)
                  .map((a) => (
                    <tr key={a.search_type}>
                      <th scope="row">{words(a.search_type)}</th>
                      <td className="num">{a.names}</td>
                      <td className="num">{a.alerts}</td>
                      <td className="num">{percent(a.alert_rate)}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </ScrollBox>
          <h3>Examples of what was screened</h3>
          <ul className="examples">
            {report.samples.map((s) => (
              <li key={`${s.kind}:${s.query}`}>
                {words(s.kind)}: <span className="break">“{s.query}”</span> for{' '}
                <span className="break">“{s.listed_name}”</span>{' '}
                <span className="muted mono small">{s.id}</span>
              </li>
            ))}
          </ul>
          <p className="muted small">Usage record {report.api_usage_id}</p>
        </section>
      )}
    </>
  );
}
