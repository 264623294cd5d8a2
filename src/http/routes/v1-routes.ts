// Deprecated v1 name screening: unchanged shapes, the nine original lists only, no api_usage_id.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { toV1Items } from '../../services/screening/v1-items.js';
import type { ScreeningService } from '../../services/screening/screening-service.js';
import { bodyField, type RouteAccess } from '../route-access.js';
import { plainErrors } from '../schemas/common.js';
import { V1BulkBody, V1BulkResponse, V1SearchBody, V1SearchResponse } from '../schemas/screening.js';

const search: RouteAccess = {
  auth: 'key',
  metered: true,
  rateLimit: 'principal',
  searchType: bodyField('search_type', 'fuzzy_search'),
};
const bulk: RouteAccess = {
  auth: 'key',
  metered: true,
  rateLimit: 'principal',
  searchType: bodyField('search_type', 'permissive_match'),
};
const errors = plainErrors(400, 401, 413, 415, 429, 500, 503);

/** What these routes need. */
export interface V1RouteDeps {
  readonly screening: ScreeningService;
}

export const v1Routes =
  (deps: V1RouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/api/v1/search',
      {
        config: { access: search },
        schema: {
          summary: 'Deprecated: screen one name against the nine original lists',
          operationId: 'searchNamesV1',
          tags: ['v1 (deprecated)'],
          deprecated: true,
          body: V1SearchBody,
          response: { 200: V1SearchResponse, ...errors },
        },
      },
      async (req) => ({
        'search results': toV1Items(
          deps.screening.searchV1(
            req.body.prompt,
            req.body.search_type ?? 'fuzzy_search',
            req.usage ?? undefined,
          ),
        ),
      }),
    );

    app.post(
      '/api/v1/bulk-search',
      {
        config: { access: bulk },
        schema: {
          summary: 'Deprecated: screen many names against the nine original lists',
          operationId: 'bulkSearchNamesV1',
          tags: ['v1 (deprecated)'],
          deprecated: true,
          body: V1BulkBody,
          response: { 200: V1BulkResponse, ...errors },
        },
      },
      async (req) => ({
        'search results': (
          await deps.screening.bulkV1(
            req.body.names,
            req.body.search_type ?? 'permissive_match',
            req.usage ?? undefined,
          )
        ).map((o) => ({
          search_term: o.searchTerm,
          'search results': toV1Items(o.matches),
          ...(o.error ? { error: o.error } : {}),
        })),
      }),
    );
  };
