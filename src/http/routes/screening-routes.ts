// v2 name screening (single and bulk) and entry details, exactly as the spec shapes them.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ScreeningService } from '../../services/screening/screening-service.js';
import { bodyField, type RouteAccess } from '../route-access.js';
import { plainErrors, v2Errors } from '../schemas/common.js';
import {
  BulkSearchBody,
  BulkSearchResponse,
  EntryDetailsBody,
  EntryDetailsResponse,
  SearchBody,
  SearchResponse,
} from '../schemas/screening.js';

const searchAccess: RouteAccess = {
  auth: 'key',
  metered: true,
  rateLimit: 'principal',
  searchType: bodyField('search_type', 'fuzzy_search'),
};
const bulkAccess: RouteAccess = {
  auth: 'key_or_bearer',
  metered: true,
  rateLimit: 'principal',
  searchType: bodyField('search_type', 'permissive_match'),
};
// Entry details is not metered (spec) but is rate limited like every endpoint.
const entryAccess: RouteAccess = { auth: 'key_or_bearer', metered: false, rateLimit: 'principal' };

/** What these routes need. */
export interface ScreeningRouteDeps {
  readonly screening: ScreeningService;
}

export const screeningRoutes =
  (deps: ScreeningRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/api/v2/search',
      {
        config: { access: searchAccess },
        schema: {
          summary: 'Screen one name against every carried list',
          operationId: 'searchNames',
          tags: ['name screening'],
          body: SearchBody,
          response: { 200: SearchResponse, ...v2Errors() },
        },
      },
      async (req) => {
        const b = req.body;
        const matches = deps.screening.search(
          b.prompt,
          b.search_type ?? 'fuzzy_search',
          b.explain === true,
          { birth_date: b.birth_date, country: b.country, entity_type: b.entity_type },
          req.usage ?? undefined,
        );
        return { 'search results': matches, api_usage_id: req.usage!.id };
      },
    );

    app.post(
      '/api/v2/bulk-search',
      {
        config: { access: bulkAccess },
        schema: {
          summary: 'Screen many names (one comma-separated string, or records with qualifiers)',
          operationId: 'bulkSearchNames',
          tags: ['name screening'],
          body: BulkSearchBody,
          response: { 200: BulkSearchResponse, ...v2Errors() },
        },
      },
      async (req) => {
        const b = req.body;
        const searchType = b.search_type ?? 'permissive_match';
        const outcomes = await deps.screening.bulk(
          { names: b.names, records: b.records },
          searchType,
          b.explain === true,
          req.usage ?? undefined,
        );
        const results = outcomes.flatMap((o) => [
          {
            row_type: 'summary' as const,
            search_term: o.searchTerm,
            total_matches: o.matches.length,
            ...(o.error ? { error: o.error } : {}),
          },
          ...o.matches.map((m) => ({ row_type: 'match' as const, search_term: o.searchTerm, ...m })),
        ]);
        return { param: searchType, results, api_usage_id: req.usage!.id };
      },
    );

    app.post(
      '/api/entry-details',
      {
        config: { access: entryAccess },
        // The record shapes document each list; the records go out exactly as stored, never trimmed to them.
        serializerCompiler: () => (data) => JSON.stringify(data),
        schema: {
          summary: 'Full published records for an exact name, read from each list',
          operationId: 'getEntryDetails',
          tags: ['entry details'],
          body: EntryDetailsBody,
          response: { 200: EntryDetailsResponse, ...plainErrors(400, 401, 413, 415, 429, 500, 503) },
        },
      },
      async (req) => ({ entryData: await deps.screening.entryDetails(req.body.name) }),
    );
  };
