// The alerts inbox of ongoing screening: the list (open alerts first, filtered by status and list), or, when the
// address names one (?alert=), that alert to review and decide. Both live in the address, so a reload or a link
// sent to a colleague opens the same view.
import { useMemo } from 'react';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useLocation } from '../router/use-location.ts';
import { AlertDetailView } from './AlertDetailView.tsx';
import { alertFiltersFromSearch, alertIdFromSearch } from './alert-filters.ts';
import { AlertInbox } from './AlertInbox.tsx';

export function AlertsPage() {
  useDocumentTitle('Alerts');
  const { search } = useLocation();
  const filters = useMemo(() => alertFiltersFromSearch(search), [search]);
  const alertId = alertIdFromSearch(search);
  // Keyed by the alert: opening another starts from a blank reason.
  return alertId ? (
    <AlertDetailView key={alertId} id={alertId} filters={filters} />
  ) : (
    <AlertInbox filters={filters} />
  );
}
