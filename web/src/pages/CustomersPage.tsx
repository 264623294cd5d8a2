// Monitored customers: import a CSV or add one (each screened at once, matches becoming alerts), then the list,
// searched by part of the name or the exact reference (kept in the address), oldest first, paged.
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import type { SubjectView } from '../api/api-types.ts';
import { useApp } from '../app-context.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { Field } from '../components/Field.tsx';
import { LoadMoreButton } from '../components/LoadMoreButton.tsx';
import { useCursorPages, type FetchPage } from '../hooks/use-cursor-pages.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { navigate, useLocation } from '../router/use-location.ts';
import { CustomerAddForm } from './CustomerAddForm.tsx';
import { CustomerImport } from './CustomerImport.tsx';
import { customersHref, customerSearchFromAddress, subjectsQuery } from './customer-search.ts';
import { CustomersTable } from './CustomersTable.tsx';

const PAGE_SIZE = 100;

export function CustomersPage() {
  useDocumentTitle('Customers');
  const { api } = useApp();
  const { search } = useLocation();
  const applied = useMemo(() => customerSearchFromAddress(search), [search]);
  const [draft, setDraft] = useState(applied);
  useEffect(() => setDraft(applied), [applied]);
  const fetchPage = useCallback<FetchPage<SubjectView>>(
    async (after, signal) => {
      const page = await api.data(
        api.call.GET('/api/v2/subjects', {
          params: { query: subjectsQuery(applied, PAGE_SIZE, after) },
          signal,
        }),
      );
      return { items: page.subjects, next: page.next_cursor };
    },
    [api, applied],
  );
  const loading = useCursorPages(fetchPage);
  const subjects = loading.items;

  const apply = (e: FormEvent) => {
    e.preventDefault();
    navigate(customersHref(draft));
  };
  const searching = Boolean(applied.name || applied.reference);

  return (
    <>
      <h1>Customers</h1>
      <p className="lead">
        Customers are screened when added or changed, and again whenever a list changes. Every match becomes
        an alert to review.
      </p>
      <div className="two-up">
        <CustomerImport onImported={() => void loading.reload()} />
        <CustomerAddForm onAdded={() => void loading.reload()} />
      </div>
      <section aria-labelledby="customers-title">
        <h2 id="customers-title">Your customers</h2>
        <form className="panel filters" onSubmit={apply} aria-label="Search customers">
          <div className="row">
            <Field id="search-name" label="Name contains">
              {(c) => (
                <input
                  {...c}
                  value={draft.name}
                  onChange={(e) => setDraft({ ...draft, name: e.target.value })}
                />
              )}
            </Field>
            <Field id="search-reference" label="Reference is">
              {(c) => (
                <input
                  {...c}
                  value={draft.reference}
                  onChange={(e) => setDraft({ ...draft, reference: e.target.value })}
                />
              )}
            </Field>
          </div>
          <div className="actions">
            <button
              type="button"
              className="secondary"
              disabled={!searching}
              onClick={() => navigate('/customers')}
            >
              Show all
            </button>
            <button type="submit">Search</button>
          </div>
        </form>
        <ErrorNotice error={loading.error} />
        {subjects === null && loading.busy && <p aria-live="polite">Loading…</p>}
        {subjects !== null && subjects.length === 0 && (
          <p>
            {searching ? 'No customer matches this search.' : 'No customers yet: import a CSV or add one.'}
          </p>
        )}
        {subjects !== null && subjects.length > 0 && <CustomersTable subjects={subjects} />}
        <LoadMoreButton pages={loading} label="Load more customers" />
      </section>
    </>
  );
}
