// Scored adverse media screening with every option of the endpoint. The risk block leads, a degraded analysis
// is said plainly above the articles, and a server without a search provider (503) says so calmly.
import { useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../api/api-error.ts';
import type { AdverseMediaResponse } from '../api/types.ts';
import { useApp } from '../app-context.ts';
import { ArticleCard } from '../components/ArticleCard.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { RiskBlock } from '../components/RiskBlock.tsx';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useDraft } from '../hooks/use-draft.ts';
import { buildAdverseMediaBody, EMPTY_FORM, type AdverseMediaForm } from './adverse-media-request.ts';

export function AdverseMediaPage() {
  useDocumentTitle('Adverse media');
  const { api } = useApp();
  const [form, setForm] = useDraft<AdverseMediaForm>('adverse.form', EMPTY_FORM);
  const [result, setResult] = useState<AdverseMediaResponse | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resultsRef = useRef<HTMLDivElement>(null);

  const set = <K extends keyof AdverseMediaForm>(k: K, v: AdverseMediaForm[K]) =>
    setForm({ ...form, [k]: v });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const built = buildAdverseMediaBody(form);
    if ('error' in built) {
      setError(new Error(built.error));
      return;
    }
    setBusy(true);
    setError(null);
    setUnavailable(null);
    setResult(null);
    try {
      setResult(
        await api.request<AdverseMediaResponse>('/api/v2/adverse-media-search', { body: built.body }),
      );
      requestAnimationFrame(() => resultsRef.current?.focus());
    } catch (err) {
      // 502/503/504: search is not configured or the provider is unavailable; nothing was screened.
      if (err instanceof ApiError && err.status >= 502 && err.status <= 504) setUnavailable(err.message);
      else setError(err);
    } finally {
      setBusy(false);
    }
  };

  const articles = result?.['adverse media results'] ?? [];
  const status = result?.screening.analysis_status;

  return (
    <>
      <h1>Adverse media</h1>
      <form className="panel" onSubmit={(e) => void submit(e)}>
        <div className="row">
          <div className="field grow">
            <label htmlFor="am-name">Name</label>
            <input id="am-name" required value={form.name} onChange={(e) => set('name', e.target.value)} />
          </div>
          <div className="field grow">
            <label htmlFor="am-context">Context (optional)</label>
            <input
              id="am-context"
              value={form.context}
              onChange={(e) => set('context', e.target.value)}
              placeholder="Employer, country or role"
              aria-describedby="am-context-hint"
            />
            <p className="hint" id="am-context-hint">
              Narrows the search without excluding results.
            </p>
          </div>
        </div>
        <details className="options">
          <summary>Search options</summary>
          <div className="row">
            <div className="field">
              <label htmlFor="am-mode">Mode</label>
              <select
                id="am-mode"
                value={form.mode}
                onChange={(e) => set('mode', e.target.value as AdverseMediaForm['mode'])}
              >
                <option value="">Adverse (default): with risk words</option>
                <option value="adverse">Adverse</option>
                <option value="general">General: the bare name</option>
              </select>
            </div>
            <div className="field">
              <label htmlFor="am-max">Articles to review</label>
              <input
                id="am-max"
                type="number"
                min={1}
                max={20}
                placeholder="10"
                value={form.max_results}
                onChange={(e) => set('max_results', e.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="am-topic">Topic</label>
              <select
                id="am-topic"
                value={form.topic}
                onChange={(e) => set('topic', e.target.value as AdverseMediaForm['topic'])}
              >
                <option value="">Any</option>
                <option value="general">General</option>
                <option value="news">News</option>
                <option value="finance">Finance</option>
              </select>
            </div>
            <div className="field">
              <label htmlFor="am-depth">Search depth</label>
              <select
                id="am-depth"
                value={form.search_depth}
                onChange={(e) => set('search_depth', e.target.value as AdverseMediaForm['search_depth'])}
              >
                <option value="">Basic (default)</option>
                <option value="basic">Basic</option>
                <option value="advanced">Advanced</option>
                <option value="fast">Fast</option>
                <option value="ultra-fast">Ultra-fast</option>
              </select>
            </div>
            <div className="field">
              <label htmlFor="am-country">Country</label>
              <input
                id="am-country"
                value={form.country}
                onChange={(e) => set('country', e.target.value)}
                disabled={form.topic !== 'general'}
                aria-describedby="am-country-hint"
              />
              <p className="hint" id="am-country-hint">
                Only with the topic “general”.
              </p>
            </div>
          </div>
          <fieldset>
            <legend>Time window</legend>
            <label className="check">
              <input
                type="radio"
                name="am-window"
                checked={form.window === 'any'}
                onChange={() => set('window', 'any')}
              />{' '}
              Any time
            </label>
            <label className="check">
              <input
                type="radio"
                name="am-window"
                checked={form.window === 'range'}
                onChange={() => set('window', 'range')}
              />{' '}
              The last
            </label>
            <select
              aria-label="Time range"
              value={form.time_range}
              disabled={form.window !== 'range'}
              onChange={(e) => set('time_range', e.target.value as AdverseMediaForm['time_range'])}
            >
              <option value="day">day</option>
              <option value="week">week</option>
              <option value="month">month</option>
              <option value="year">year</option>
            </select>
            <label className="check">
              <input
                type="radio"
                name="am-window"
                checked={form.window === 'dates'}
                onChange={() => set('window', 'dates')}
              />{' '}
              Between dates
            </label>
            <span className="dates">
              <label htmlFor="am-start">From</label>
              <input
                id="am-start"
                type="date"
                value={form.start_date}
                disabled={form.window !== 'dates'}
                onChange={(e) => set('start_date', e.target.value)}
              />
              <label htmlFor="am-end">to</label>
              <input
                id="am-end"
                type="date"
                value={form.end_date}
                disabled={form.window !== 'dates'}
                onChange={(e) => set('end_date', e.target.value)}
              />
            </span>
          </fieldset>
          <div className="row">
            <div className="field grow">
              <label htmlFor="am-include">Only these sites</label>
              <input
                id="am-include"
                value={form.include_domains}
                onChange={(e) => set('include_domains', e.target.value)}
                placeholder="reuters.com, ft.com"
              />
            </div>
            <div className="field grow">
              <label htmlFor="am-exclude">Never these sites</label>
              <input
                id="am-exclude"
                value={form.exclude_domains}
                onChange={(e) => set('exclude_domains', e.target.value)}
              />
            </div>
            <div className="field grow">
              <label htmlFor="am-ref">Your reference (JSON, optional)</label>
              <input
                id="am-ref"
                className="mono"
                value={form.additional_call_info}
                onChange={(e) => set('additional_call_info', e.target.value)}
                placeholder='{"case": "C-1042"}'
              />
            </div>
          </div>
        </details>
        <div className="actions">
          <button type="button" className="secondary" onClick={() => setForm(EMPTY_FORM)}>
            Clear form
          </button>
          <button type="submit" disabled={busy}>
            {busy ? 'Searching and reviewing…' : 'Screen'}
          </button>
        </div>
      </form>
      <ErrorNotice error={error} />
      {unavailable && (
        <div className="notice info" role="status">
          <strong>Adverse media screening is not available right now.</strong> {unavailable}. Nothing was
          screened; try again later or ask your administrator.
        </div>
      )}
      {result && (
        <div ref={resultsRef} tabIndex={-1} className="am-results">
          <RiskBlock risk={result.risk} />
          {status !== 'ok' && (
            <div className="notice warn" role="status">
              <strong>
                {status === 'unavailable'
                  ? 'The articles could not be assessed.'
                  : 'Some articles were not assessed.'}
              </strong>{' '}
              Analysis status: {status}
              {result.screening.analysis_error && <> ({result.screening.analysis_error})</>}. Unjudged
              articles are marked “Not judged”; read them yourself before relying on the score.
            </div>
          )}
          <h2>Articles</h2>
          <p className="summary-line">
            {result.summary.returned} returned · {result.summary.name_verified} name the subject
            <span className="muted small"> · usage record {result.api_usage_id}</span>
          </p>
          {articles.length === 0 && <p>No articles were found.</p>}
          {articles.map((a, i) => (
            <ArticleCard key={`${a.url ?? ''}-${i}`} article={a} />
          ))}
        </div>
      )}
    </>
  );
}
