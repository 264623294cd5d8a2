// Adds (or, with a reference already used, updates) one customer, with the optional qualifiers it is screened with
// (date of birth, countries, kind of party): it is screened at once and any match becomes an alert, which the
// confirmation points to.
import { useState, type FormEvent } from 'react';
import { SEARCH_TYPES, type SearchType, type SubjectInput } from '../api/api-types.ts';
import { useApp } from '../app-context.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { Field } from '../components/Field.tsx';
import { SearchTypeField } from '../components/SearchTypeField.tsx';
import { useApiCall } from '../hooks/use-api-call.ts';
import { Link } from '../router/Link.tsx';
import { checkQualifiers, NO_QUALIFIERS, qualifierFields, type QualifierDraft } from './qualifier-fields.ts';
import { QualifierFieldset } from './QualifierFieldset.tsx';

export function CustomerAddForm({ onAdded }: { onAdded: () => void }) {
  const { api } = useApp();
  const [name, setName] = useState('');
  const [reference, setReference] = useState('');
  const [searchType, setSearchType] = useState<SearchType>('standard_match');
  const [qualifiers, setQualifiers] = useState<QualifierDraft>(NO_QUALIFIERS);
  const [added, setAdded] = useState<string | null>(null);
  const call = useApiCall();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (call.busy) return;
    if (!name.trim()) {
      call.fail(new Error('Enter the customer’s name.'));
      return;
    }
    const problem = checkQualifiers(qualifiers);
    if (problem) {
      call.fail(new Error(problem));
      return;
    }
    setAdded(null);
    // Not given the call's signal: once asked for, the customer is stored even if the analyst leaves.
    void call.run(async () => {
      const subject: SubjectInput = {
        name: name.trim(),
        search_type: searchType,
        ...qualifierFields(qualifiers),
      };
      if (reference.trim()) subject.reference = reference.trim();
      const r = await api.data(api.call.POST('/api/v2/subjects', { body: { subjects: [subject] } }));
      setAdded(r.subjects[0]?.name ?? subject.name);
      setName('');
      setReference('');
      setQualifiers(NO_QUALIFIERS);
      onAdded();
    });
  };

  return (
    <form className="panel" onSubmit={submit} aria-labelledby="add-customer-title">
      <h2 id="add-customer-title">Add a customer</h2>
      <Field id="customer-name" label="Name">
        {(c) => (
          <input
            {...c}
            maxLength={512}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="Jane Doe"
          />
        )}
      </Field>
      <div className="row">
        <Field
          id="customer-reference"
          label="Reference (optional)"
          hint="Your own id. Adding it again updates that customer."
        >
          {(c) => (
            <input {...c} maxLength={200} value={reference} onChange={(e) => setReference(e.target.value)} />
          )}
        </Field>
        <SearchTypeField
          id="customer-type"
          types={SEARCH_TYPES}
          value={searchType}
          onChange={setSearchType}
        />
      </div>
      <QualifierFieldset
        idPrefix="customer"
        value={qualifiers}
        onChange={setQualifiers}
        appliesTo="Kept with the customer and used at every screening of them."
      />
      <ErrorNotice error={call.error} />
      <div className="actions">
        <span className="muted" role="status">
          {added && (
            <>
              “{added}” added and screened. Any matches are in <Link href="/alerts">Alerts</Link>.
            </>
          )}
        </span>
        {/* aria-disabled, not disabled: a disabled button drops keyboard focus to the page. */}
        <button type="submit" aria-disabled={call.busy || undefined}>
          {call.busy ? 'Adding…' : 'Add and screen'}
        </button>
      </div>
    </form>
  );
}
