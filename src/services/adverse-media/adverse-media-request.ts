// The adverse media request after the checks a JSON schema cannot express (blank name, country with topic, date order, JSON strings).
import type { AmDepth, AmMode, AmTimeRange, AmTopic } from '../../domain/adverse-media.js';
import { badRequest } from '../../errors.js';
import { checkName } from '../screening/name-list.js';
import type { Assessment } from './check-finding.js';
import type { RiskBlock } from './risk-block.js';

/** A validated adverse media request, provider-neutral. */
export interface AdverseMediaRequest {
  readonly name: string;
  readonly context: string | null;
  readonly mode: AmMode;
  readonly maxResults: number;
  readonly topic: AmTopic | null;
  readonly searchDepth: AmDepth;
  readonly timeRange: AmTimeRange | null;
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
  mode?: AmMode;
  max_results?: number;
  topic?: AmTopic;
  search_depth?: AmDepth;
  time_range?: AmTimeRange;
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

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for YYYY-MM-DD naming a day that exists (2024-02-29 yes, 2025-02-30 no). */
export function isCalendarDate(s: string): boolean {
  const m = DAY.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === s;
}

// A hostname: labels of letters, digits and inner hyphens; no scheme, port, path or spaces.
const HOSTNAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

function checkDomains(field: string, domains: readonly string[] | undefined): string[] {
  return (domains ?? []).map((raw, i) => {
    const d = raw.trim().toLowerCase();
    if (!HOSTNAME.test(d))
      throw badRequest(`${field}[${i}] must be a hostname such as example.com, not a URL`);
    return d;
  });
}

// The route schema already rejects most of these; checked again here so the rule holds for every caller.
function checkDate(field: string, value: string | undefined): string | null {
  if (value === undefined) return null;
  if (!isCalendarDate(value))
    throw badRequest(`${field} must be a real calendar date in the form YYYY-MM-DD`);
  return value;
}

export function toAdverseMediaRequest(body: AdverseMediaBodyInput): AdverseMediaRequest {
  const name = checkName('name', body.name);
  parseAdditionalCallInfo(body.additional_call_info);
  const startDate = checkDate('start_date', body.start_date);
  const endDate = checkDate('end_date', body.end_date);
  const includeDomains = checkDomains('include_domains', body.include_domains);
  const excludeDomains = checkDomains('exclude_domains', body.exclude_domains);
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
    startDate,
    endDate,
    country: body.country?.trim() || null,
    includeDomains,
    excludeDomains,
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
  /** Scored endpoint only: null when the article was not judged. Absent from raw results. */
  readonly assessment?: Assessment | null;
}

/** The scored response, less the api_usage_id the HTTP layer adds. */
export interface ScoredScreening {
  readonly risk: RiskBlock;
  readonly 'adverse media results': ArticleResult[];
  readonly summary: { returned: number; name_verified: number };
  readonly screening: {
    classified: boolean;
    analysis_status: 'ok' | 'partial' | 'unavailable';
    analysis_error?: string;
  };
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
