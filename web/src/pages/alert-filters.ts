// The inbox's filters and the alert being read live in the address (?status=&list=&alert=), so a filtered view or
// an alert survives a reload and can be sent to a colleague. No status in the address means open alerts, the
// inbox's default; `any` means every status.
import { ALERT_STATUSES, type AlertsQuery, type AlertStatus } from '../api/api-types.ts';

export interface AlertFilters {
  /** An alert status, or `any`. */
  readonly status: AlertStatus | typeof ANY_STATUS;
  /** A list slug, or '' for every list. */
  readonly list: string;
}

export const ANY_STATUS = 'any';
export const DEFAULT_ALERT_FILTERS: AlertFilters = { status: 'open', list: '' };

const isStatus = (s: string | null): s is AlertStatus =>
  s !== null && (ALERT_STATUSES as readonly string[]).includes(s);

export function alertFiltersFromSearch(search: string): AlertFilters {
  const q = new URLSearchParams(search);
  const status = q.get('status');
  return {
    status: status === ANY_STATUS ? ANY_STATUS : isStatus(status) ? status : DEFAULT_ALERT_FILTERS.status,
    list: q.get('list') ?? '',
  };
}

/** The address of the inbox with these filters, and of one alert in it when given. */
export function alertsHref(f: AlertFilters, alertId?: string): string {
  const q = new URLSearchParams();
  if (f.status !== DEFAULT_ALERT_FILTERS.status) q.set('status', f.status);
  if (f.list) q.set('list', f.list);
  if (alertId) q.set('alert', alertId);
  const s = q.toString();
  return `/alerts${s ? `?${s}` : ''}`;
}

/** The alert the address opens, if any. */
export const alertIdFromSearch = (search: string): string | null => new URLSearchParams(search).get('alert');

/** The query of GET /api/v2/alerts for these filters. */
export function alertsQuery(f: AlertFilters, limit: number, cursor?: string): AlertsQuery {
  return {
    limit,
    cursor,
    status: f.status === ANY_STATUS ? undefined : f.status,
    list: f.list || undefined,
  };
}
