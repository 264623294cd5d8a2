// v2 adverse media screening: scored (key or bearer) and raw (key only).
import { NEWS_BASIS } from '../../services/usage/screening-basis.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../errors.js';
import {
  toAdverseMediaRequest,
  type AdverseMediaScreener,
} from '../../services/adverse-media/adverse-media-request.js';
import { constant, type RouteAccess } from '../route-access.js';
import { AdverseMediaBody, AdverseMediaRawResponse, AdverseMediaResponse } from '../schemas/adverse-media.js';
import { v2Errors } from '../schemas/common.js';

const scored: RouteAccess = {
  auth: 'key_or_bearer',
  metered: true,
  rateLimit: 'principal',
  searchType: constant('adverse_media'),
};
const raw: RouteAccess = {
  auth: 'key',
  metered: true,
  rateLimit: 'principal',
  searchType: constant('adverse_media'),
};

/** What the adverse media routes need: the screener, or null when no search provider is configured. */
export interface AdverseMediaRouteDeps {
  readonly adverseMedia: AdverseMediaScreener | null;
}

export const adverseMediaRoutes =
  (deps: AdverseMediaRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const screener = (): AdverseMediaScreener => {
      if (!deps.adverseMedia)
        throw new AppError(
          'not_configured',
          // Who can fix it, and no retry: asking again answers the same until the server is set up.
          'adverse media search is not configured on this server; its administrator can turn it on (SEARCH_API_KEY)',
        );
      return deps.adverseMedia;
    };

    app.post(
      '/api/v2/adverse-media-search',
      {
        config: { access: scored },
        schema: {
          summary: 'Search news for a name and score what it says about them',
          operationId: 'searchAdverseMedia',
          tags: ['adverse media'],
          body: AdverseMediaBody,
          response: { 200: AdverseMediaResponse, ...v2Errors(502, 504) },
        },
      },
      async (req) => {
        const request = toAdverseMediaRequest(req.body);
        const result = await screener().screen(request);
        req.usage!.basis = NEWS_BASIS;
        return { ...result, api_usage_id: req.usage!.id };
      },
    );

    app.post(
      '/api/v2/adverse-media-search-raw',
      {
        config: { access: raw },
        schema: {
          summary: 'Search news for a name; articles unjudged',
          operationId: 'searchAdverseMediaRaw',
          tags: ['adverse media'],
          body: AdverseMediaBody,
          response: { 200: AdverseMediaRawResponse, ...v2Errors(502, 504) },
        },
      },
      async (req) => {
        const request = toAdverseMediaRequest(req.body);
        const result = await screener().raw(request);
        req.usage!.basis = NEWS_BASIS;
        return { ...result, api_usage_id: req.usage!.id };
      },
    );
  };
