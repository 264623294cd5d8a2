// The adverse media request after the checks a JSON schema cannot express (blank name, country with topic, date order, JSON strings).
import { badRequest } from '../../errors.js';
import { checkName } from '../screening/name-list.js';

/** A validated adverse media request, provider-neutral. */
export interface AdverseMediaRequest {
  readonly name: string;
  readonly context: string | null;
  readonly mode: 'adverse' | 'general';
  readonly maxResults: number;
  readonly topic: 'general' | 'news' | 'finance' | null;
  readonly searchDepth: 'basic' | 'advanced' | 'fast' | 'ultra-fast';
  readonly timeRange: 'day' | 'week' | 'month' | 'year' | null;
  readonly startDate: string | null;
  readonly endDate: string | null;
  readonly country: string | null;
  readonly includeDomains: readonly string[];
  readonly excludeDomains: readonly string[];
}

/** The body as the schema admits it. */
export interface AdverseMediaBodyInput {
  name: string;
  context?: string;
  mode?: 'adverse' | 'general';
  max_results?: number;
  topic?: 'general' | 'news' | 'finance';
  search_depth?: 'basic' | 'advanced' | 'fast' | 'ultra-fast';
  time_range?: 'day' | 'week' | 'month' | 'year';
  start_date?: string;
  end_date?: string;
  country?: string;
  include_domains?: string[];
  exclude_domains?: string[];
  additional_call_info?: object | string;
}

/** Parses `additional_call_info` given as an object or as a string of JSON; 400 when the string is not JSON. */
export function parseAdditionalCallInfo(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value);
  } catch {
    throw badRequest('additional_call_info must be an object or a string holding valid JSON');
  }
}

export function toAdverseMediaRequest(body: AdverseMediaBodyInput): AdverseMediaRequest {
  const name = checkName('name', body.name);
  parseAdditionalCallInfo(body.additional_call_info);
  if (body.country !== undefined && body.topic !== 'general')
    throw badRequest('country is accepted only when topic is "general"');
  if (body.time_range && (body.start_date || body.end_date))
    throw badRequest('give either time_range or start_date/end_date, not both');
  if (body.start_date && body.end_date && body.start_date > body.end_date)
    throw badRequest('start_date must not be after end_date');
  return {
    name,
    context: body.context?.trim() || null,
    mode: body.mode ?? 'adverse',
    maxResults: body.max_results ?? 10,
    topic: body.topic ?? null,
    searchDepth: body.search_depth ?? 'basic',
    timeRange: body.time_range ?? null,
    startDate: body.start_date ?? null,
    endDate: body.end_date ?? null,
    country: body.country?.trim() || null,
    includeDomains: body.include_domains ?? [],
    excludeDomains: body.exclude_domains ?? [],
  };
}

/** One article as both adverse media endpoints return it (assessment only on the scored one). */
export interface ArticleResult {
  readonly title: string | null;
  readonly url: string | null;
  readonly domain: string | null;
  readonly snippet: string | null;
  readonly score: number | null;
  readonly published_date: string | null;
  readonly name_match: boolean;
  readonly assessment?: {
    about_subject: boolean;
    role: string;
    severity: string;
    categories: string[];
    note: string;
  } | null;
}

/** The scored response, less the api_usage_id the HTTP layer adds. */
export interface ScoredScreening {
  readonly risk: {
    score: number | null;
    band: string;
    summary: string;
    categories: string[];
    highest_severity: string | null;
    implicating_articles: number;
    corroborating_sources: number;
  };
  readonly 'adverse media results': ArticleResult[];
  readonly summary: { returned: number; name_verified: number };
  readonly screening: { classified: boolean; analysis_status: string; analysis_error?: string };
}

/** The raw response, less the api_usage_id. */
export interface RawScreening {
  readonly 'adverse media results': ArticleResult[];
  readonly summary: { returned: number; name_verified: number };
}

/** Scored and raw adverse media screening; absent when no search provider is configured. */
export interface AdverseMediaScreener {
  screen(req: AdverseMediaRequest): Promise<ScoredScreening>;
  raw(req: AdverseMediaRequest): Promise<RawScreening>;
}
