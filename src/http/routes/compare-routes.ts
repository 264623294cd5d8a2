// The pairwise comparison (our extension): how one name scores against another, metered and recorded like a search.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import type { ScreeningService } from '../../services/screening/screening-service.js';
import { bodyField, type RouteAccess } from '../route-access.js';
import { v2Errors } from '../schemas/common.js';
import { CompareBody, CompareResponse } from '../schemas/compare.js';

const compareAccess: RouteAccess = {
  auth: 'key_or_bearer',
  metered: true,
  rateLimit: 'principal',
  searchType: bodyField('search_type', 'standard_match'),
};

/** What these routes need. */
export interface CompareRouteDeps {
  readonly screening: Pick<ScreeningService, 'compare'>;
}

export const compareRoutes =
  (deps: CompareRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/api/v2/compare',
      {
        config: { access: compareAccess },
        schema: {
          summary: 'Score one name against another, as a search would score it',
          description:
            'Extension. Scores name_a against name_b exactly as a search for name_a scores a listed name spelled ' +
            "name_b (the same token weights from the loaded lists' statistics, the same search type settings and " +
            'threshold), and explains how. 503 while the lists load, like a search.',
          operationId: 'compareNames',
          tags: ['name screening'],
          body: CompareBody,
          response: { 200: CompareResponse, ...v2Errors() },
        },
      },
      async (req) => {
        const b = req.body;
        const result = deps.screening.compare(
          b.name_a,
          b.name_b,
          b.search_type ?? 'standard_match',
          b.qualifiers_a,
          b.qualifiers_b,
        );
        return { ...result, api_usage_id: req.usage!.id } as Static<typeof CompareResponse>;
      },
    );
  };
