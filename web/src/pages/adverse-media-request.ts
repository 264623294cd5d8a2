// The adverse media form's values and the request body built from them: only what the analyst set is sent, so
// the server's defaults apply to the rest, and mistakes are caught here with the field named.
import type { AdverseMediaRequest } from '../api/api-types.ts';
/** What the analyst set on the form, kept as typed (numbers and JSON included) until the body is built. */
export interface AdverseMediaFormValues {
  name: string;
  context: string;
  mode: '' | 'adverse' | 'general';
  max_results: string;
  topic: '' | 'general' | 'news' | 'finance';
  search_depth: '' | 'basic' | 'advanced' | 'fast' | 'ultra-fast';
  window: 'any' | 'range' | 'dates';
  time_range: 'day' | 'week' | 'month' | 'year';
  start_date: string;
  end_date: string;
  country: string;
  include_domains: string;
  exclude_domains: string;
  additional_call_info: string;
}

export const EMPTY_FORM: AdverseMediaFormValues = {
  name: '',
  context: '',
  mode: '',
  max_results: '',
  topic: '',
  search_depth: '',
  window: 'any',
  time_range: 'month',
  start_date: '',
  end_date: '',
  country: '',
  include_domains: '',
  exclude_domains: '',
  additional_call_info: '',
};

const domains = (s: string) =>
  s
    .split(/[\s,]+/)
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);

/** The request body, or the first problem found (in words naming the field). */
export function buildAdverseMediaBody(
  f: AdverseMediaFormValues,
): { body: AdverseMediaRequest } | { error: string } {
  if (!f.name.trim()) return { error: 'Enter a name to screen.' };
  // Built field by field from strings the form holds; the server validates every value and names a bad one.
  const body: Record<string, unknown> = { name: f.name.trim() };
  if (f.context.trim()) body.context = f.context.trim();
  if (f.mode) body.mode = f.mode;
  if (f.max_results) {
    const n = Number(f.max_results);
    if (!Number.isInteger(n) || n < 1 || n > 20)
      return { error: 'Articles to review must be a whole number from 1 to 20.' };
    body.max_results = n;
  }
  if (f.topic) body.topic = f.topic;
  if (f.search_depth) body.search_depth = f.search_depth;
  if (f.window === 'range') body.time_range = f.time_range;
  if (f.window === 'dates') {
    if (f.start_date) body.start_date = f.start_date;
    if (f.end_date) body.end_date = f.end_date;
    if (f.start_date && f.end_date && f.start_date > f.end_date)
      return { error: 'The start date must not be after the end date.' };
  }
  if (f.country.trim()) {
    if (f.topic !== 'general') return { error: 'Country can only be used with the topic “general”.' };
    body.country = f.country.trim();
  }
  for (const key of ['include_domains', 'exclude_domains'] as const) {
    const list = domains(f[key]);
    if (list.some((d) => d.includes('/') || d.includes(':')))
      return { error: 'Domains are host names such as example.com, not addresses with https:// or a path.' };
    if (list.length) body[key] = list;
  }
  if (f.additional_call_info.trim()) {
    try {
      body.additional_call_info = JSON.parse(f.additional_call_info) as unknown;
    } catch {
      return { error: 'Your reference must be valid JSON, for example {"case": "C-1042"}.' };
    }
  }
  return { body: body as AdverseMediaRequest };
}
