// The adverse media form with every option of the endpoint (the rarer ones folded under "Search options"), kept
// as a draft for the tab; on submit it hands the page a checked request body, or names what is wrong.
import type { FormEvent } from 'react';
import type { AdverseMediaRequest } from '../api/api-types.ts';
import { Field } from '../components/Field.tsx';
import { useDraft } from '../hooks/use-draft.ts';
import { buildAdverseMediaBody, EMPTY_FORM, type AdverseMediaFormValues } from './adverse-media-request.ts';
import { TimeWindowFieldset } from './TimeWindowFieldset.tsx';

interface Props {
  readonly busy: boolean;
  readonly onScreen: (body: AdverseMediaRequest) => void;
  /** A mistake on the form, said in words naming the field. */
  readonly onError: (error: unknown) => void;
}

export function AdverseMediaForm({ busy, onScreen, onError }: Props) {
  const [form, setForm] = useDraft<AdverseMediaFormValues>('adverse.form', EMPTY_FORM);
  const set = <K extends keyof AdverseMediaFormValues>(k: K, v: AdverseMediaFormValues[K]) =>
    setForm({ ...form, [k]: v });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const built = buildAdverseMediaBody(form);
    if ('error' in built) onError(new Error(built.error));
    else onScreen(built.body);
  };

  return (
    <form className="panel" onSubmit={submit}>
      <div className="row">
        <Field id="am-name" label="Name">
          {(c) => <input {...c} required value={form.name} onChange={(e) => set('name', e.target.value)} />}
        </Field>
        <Field
          id="am-context"
          label="Context (optional)"
          hint="Narrows the search without excluding results."
        >
          {(c) => (
            <input
              {...c}
              value={form.context}
              onChange={(e) => set('context', e.target.value)}
              placeholder="Employer, country or role"
            />
          )}
        </Field>
      </div>
      <details className="options">
        <summary>Search options</summary>
        <div className="row">
          <Field
            id="am-mode"
            label="Mode"
            hint="Adverse adds risk words (fraud, sanctions…) to the name; General searches the name alone."
          >
            {(c) => (
              <select
                {...c}
                // The default is sent as no mode at all; an older draft may hold it by name.
                value={form.mode === 'adverse' ? '' : form.mode}
                onChange={(e) => set('mode', e.target.value as AdverseMediaFormValues['mode'])}
              >
                <option value="">Adverse (default)</option>
                <option value="general">General</option>
              </select>
            )}
          </Field>
          <Field id="am-max" label="Articles to review">
            {(c) => (
              <input
                {...c}
                type="number"
                min={1}
                max={20}
                placeholder="10"
                value={form.max_results}
                onChange={(e) => set('max_results', e.target.value)}
              />
            )}
          </Field>
          <Field id="am-topic" label="Topic">
            {(c) => (
              <select
                {...c}
                value={form.topic}
                onChange={(e) => set('topic', e.target.value as AdverseMediaFormValues['topic'])}
              >
                <option value="">Any</option>
                <option value="general">General</option>
                <option value="news">News</option>
                <option value="finance">Finance</option>
              </select>
            )}
          </Field>
          <Field id="am-depth" label="Search depth">
            {(c) => (
              <select
                {...c}
                value={form.search_depth === 'basic' ? '' : form.search_depth}
                onChange={(e) =>
                  set('search_depth', e.target.value as AdverseMediaFormValues['search_depth'])
                }
              >
                <option value="">Basic (default)</option>
                <option value="advanced">Advanced</option>
                <option value="fast">Fast</option>
                <option value="ultra-fast">Ultra-fast</option>
              </select>
            )}
          </Field>
          <Field id="am-country" label="Country" hint="Only with the topic “general”.">
            {(c) => (
              <input
                {...c}
                value={form.country}
                onChange={(e) => set('country', e.target.value)}
                disabled={form.topic !== 'general'}
              />
            )}
          </Field>
        </div>
        <TimeWindowFieldset values={form} set={set} />
        <div className="row">
          <Field id="am-include" label="Only these sites">
            {(c) => (
              <input
                {...c}
                value={form.include_domains}
                onChange={(e) => set('include_domains', e.target.value)}
                placeholder="reuters.com, ft.com"
              />
            )}
          </Field>
          <Field id="am-exclude" label="Never these sites">
            {(c) => (
              <input
                {...c}
                value={form.exclude_domains}
                onChange={(e) => set('exclude_domains', e.target.value)}
              />
            )}
          </Field>
          <Field id="am-ref" label="Your reference (JSON, optional)">
            {(c) => (
              <input
                {...c}
                className="mono"
                value={form.additional_call_info}
                onChange={(e) => set('additional_call_info', e.target.value)}
                placeholder='{"case": "C-1042"}'
              />
            )}
          </Field>
        </div>
      </details>
      <div className="actions">
        <button type="button" className="secondary" onClick={() => setForm(EMPTY_FORM)}>
          Clear form
        </button>
        {/* aria-disabled, not disabled: a disabled button drops keyboard focus to the page. */}
        <button type="submit" aria-disabled={busy || undefined}>
          {busy ? 'Searching and reviewing…' : 'Screen'}
        </button>
      </div>
    </form>
  );
}
