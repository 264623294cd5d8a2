// Pairwise comparison: why does (or would) one name match another? Two names, a search type and each side's
// optional qualifiers go to POST /api/v2/compare; the answer is the score against the search type's threshold,
// whether it matches, and the explanation a search gives (token pairs, weights, every qualifier check).
import { useRef, useState, type FormEvent } from 'react';
import { SEARCH_TYPES, type CompareResponse, type SearchType } from '../api/api-types.ts';
import { useApp } from '../app-context.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { Explanation } from '../components/Explanation.tsx';
import { Field } from '../components/Field.tsx';
import { SearchTypeField } from '../components/SearchTypeField.tsx';
import { ScoreBar } from '../components/ScoreBar.tsx';
import { useApiCall } from '../hooks/use-api-call.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useDraft } from '../hooks/use-draft.ts';
import { useFocusOnChange } from '../hooks/use-focus-on-change.ts';
import { checkCompare, compareBody, EMPTY_COMPARE, type CompareFormValues } from './compare-request.ts';
import { QualifierFieldset } from './QualifierFieldset.tsx';

export function ComparePage() {
  useDocumentTitle('Compare two names');
  const { api } = useApp();
  const [values, setValues] = useDraft<CompareFormValues>('compare.values', EMPTY_COMPARE);
  const [result, setResult] = useState<CompareResponse | null>(null);
  const call = useApiCall();
  const set = <K extends keyof CompareFormValues>(key: K, v: CompareFormValues[K]) =>
    setValues({ ...values, [key]: v });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (call.busy) return;
    const problem = checkCompare(values);
    if (problem) {
      call.fail(new Error(problem));
      return;
    }
    void call.run(async (signal) => {
      setResult(await api.data(api.call.POST('/api/v2/compare', { body: compareBody(values), signal })));
    });
  };

  return (
    <>
      <h1>Compare two names</h1>
      <form className="panel" onSubmit={submit}>
        <p className="hint">
          Scores name A against name B exactly as a search for name A scores a listed name spelled as name B.
        </p>
        <div className="row">
          <Field id="compare-a" label="Name A" hint="The name screened.">
            {(c) => (
              <input
                {...c}
                maxLength={512}
                value={values.nameA}
                onChange={(e) => set('nameA', e.target.value)}
                placeholder="Vladimir Putin"
              />
            )}
          </Field>
          <Field id="compare-b" label="Name B" hint="The name it is compared with (the listed side).">
            {(c) => (
              <input
                {...c}
                maxLength={512}
                value={values.nameB}
                onChange={(e) => set('nameB', e.target.value)}
                placeholder="PUTIN, Vladimir Vladimirovich"
              />
            )}
          </Field>
          <SearchTypeField
            id="compare-type"
            types={SEARCH_TYPES}
            value={values.searchType}
            onChange={(t: SearchType) => set('searchType', t)}
          />
        </div>
        <QualifierFieldset
          idPrefix="compare-a"
          legend="What you know of A (optional)"
          value={values.qualifiersA}
          onChange={(q) => set('qualifiersA', q)}
          appliesTo="Checked against what you give for B, as a search checks a listed party's published facts."
          effect="A contradiction lowers the score; a fact B lacks changes nothing."
        />
        <QualifierFieldset
          idPrefix="compare-b"
          legend="What you know of B (optional)"
          value={values.qualifiersB}
          onChange={(q) => set('qualifiersB', q)}
          appliesTo="Taken as B's published facts."
          effect="Leave empty what B's listing would not publish."
        />
        <div className="actions">
          {/* aria-disabled, not disabled: a disabled button drops keyboard focus to the page. */}
          <button type="submit" aria-disabled={call.busy || undefined}>
            {call.busy ? 'Comparing…' : 'Compare'}
          </button>
        </div>
      </form>
      <ErrorNotice error={call.error} />
      {result && <CompareResult result={result} />}
    </>
  );
}

function CompareResult({ result }: { result: CompareResponse }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(headingRef, result);
  const type = result.explanation.search_type.replace(/_/g, ' ');
  return (
    <section aria-labelledby="compare-result" className="panel">
      <h2 id="compare-result" tabIndex={-1} ref={headingRef}>
        Result
      </h2>
      <p className="summary-line" role="status">
        {result.match ? <span className="badge hit">Match</span> : <span className="badge ok">No match</span>}{' '}
        <ScoreBar score={result.score} /> {result.match ? 'at or above' : 'below'} the threshold of{' '}
        {result.threshold} ({type})
      </p>
      <Explanation value={result.explanation} />
      <p className="muted small">Usage record {result.api_usage_id}</p>
    </section>
  );
}
