// The customer search lives in the address (?name=&reference=) so a search survives a reload; the API matches
// part of the name in any case, and the reference exactly.
import type { SubjectsQuery } from '../api/api-types.ts';

export interface CustomerSearch {
  readonly name: string;
  readonly reference: string;
}

export function customerSearchFromAddress(search: string): CustomerSearch {
  const q = new URLSearchParams(search);
  return { name: q.get('name') ?? '', reference: q.get('reference') ?? '' };
}

export function customersHref(s: CustomerSearch): string {
  const q = new URLSearchParams();
  if (s.name.trim()) q.set('name', s.name.trim());
  if (s.reference.trim()) q.set('reference', s.reference.trim());
  const text = q.toString();
  return `/customers${text ? `?${text}` : ''}`;
}

/** The query of GET /api/v2/subjects for this search. */
export function subjectsQuery(s: CustomerSearch, limit: number, cursor?: string): SubjectsQuery {
  return {
    limit,
    cursor,
    name: s.name.trim() || undefined,
    reference: s.reference.trim() || undefined,
  };
}
