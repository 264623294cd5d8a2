// The caller's screening history and the list catalog (v2 reads; metered like every v2 call).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { badRequest } from '../../errors.js';
import type { ListService } from '../../services/lists/list-service.js';
import type { UsageService } from '../../services/usage/usage-service.js';
import type { RouteAccess } from '../route-access.js';
import { v2Errors } from '../schemas/common.js';
import { LIST_VIEW_EXAMPLE, ListView } from '../schemas/lists.js';
import { UsageKindParam, UsageOutcomeView, UsageSubjectView } from '../schemas/usage.js';

const USAGE_PATH = '/api/v2/usage';
const access: RouteAccess = { auth: 'key_or_bearer', metered: true, rateLimit: 'principal' };
// A history read is recorded, but the records it returns are not copied into the trail again (each read would
// otherwise store the history once more and the next read would return that too).
const historyAccess: RouteAccess = {
  ...access,
  storeResponse: { digestBecause: 'history read: the records returned are already in the trail' },
};

const UsageQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
    before: Type.Optional(Type.String({ format: 'uuid', description: 'next_cursor of the previous page' })),
    endpoint: Type.Optional(Type.String({ maxLength: 200, description: 'e.g. /api/v2/search' })),
    kind: Type.Optional(UsageKindParam),
    from: Type.Optional(Type.String({ format: 'date-time', description: 'inclusive' })),
    to: Type.Optional(Type.String({ format: 'date-time', description: 'exclusive' })),
    status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
  },
  { additionalProperties: false },
);

const UsageRecordView = Type.Object(
  {
    id: Type.String(),
    created_at: Type.String(),
    endpoint: Type.String(),
    method: Type.String(),
    search_type: Type.Union([Type.String(), Type.Null()]),
    status: Type.Integer(),
    duration_ms: Type.Number(),
    api_key_id: Type.Union([Type.String(), Type.Null()]),
    request_id: Type.String(),
    additional_call_info: Type.Unknown(),
    request: Type.Unknown(),
    response: Type.Unknown(),
    outcome: UsageOutcomeView,
    subject: UsageSubjectView,
  },
  { title: 'UsageRecord' },
);

const USAGE_PAGE_EXAMPLE = {
  records: [
    {
      id: '0b7c2a4e-8f1d-4c1e-9a3b-2d5e6f708192',
      created_at: '2025-03-05T09:14:03.120Z',
      endpoint: '/api/v2/search',
      method: 'POST',
      search_type: 'fuzzy_search',
      status: 200,
      duration_ms: 4.2,
      api_key_id: '9f1c7e52-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
      request_id: 'req-1',
      additional_call_info: { case: 'A-1' },
      request: { prompt: 'Vladimir Putin' },
      response: { 'search results': [], api_usage_id: '0b7c2a4e-8f1d-4c1e-9a3b-2d5e6f708192' },
      outcome: { kind: 'clear', count: 1 },
      subject: { text: 'Vladimir Putin', count: 1 },
    },
  ],
  next_cursor: null,
  api_usage_id: '5d0e1f2a-3b4c-4d5e-8f60-718293a4b5c6',
};

const toIso = (s: string | undefined) => (s === undefined ? undefined : new Date(s).toISOString());

/** What the history and catalog routes need. */
export interface UsageRouteDeps {
  readonly usage: UsageService;
  readonly listService: Pick<ListService, 'catalog'>;
}

export const usageRoutes =
  (deps: UsageRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      USAGE_PATH,
      {
        config: { access: historyAccess },
        schema: {
          summary:
            "The caller's usage history, newest first (history reads are recorded too, shown only with endpoint=/api/v2/usage)",
          operationId: 'listUsage',
          tags: ['usage'],
          querystring: UsageQuery,
          response: {
            200: Type.Object(
              {
                records: Type.Array(UsageRecordView),
                next_cursor: Type.Union([Type.String(), Type.Null()]),
                api_usage_id: Type.String(),
              },
              { examples: [USAGE_PAGE_EXAMPLE] },
            ),
            ...v2Errors(),
          },
        },
      },
      async (req) => {
        const q = req.query;
        const from = toIso(q.from);
        const to = toIso(q.to);
        if (from && to && from >= to) throw badRequest('from must be earlier than to');
        const page = await deps.usage.list({
          userId: req.principal!.userId,
          limit: q.limit ?? 50,
          before: q.before,
          endpoint: q.endpoint,
          kind: q.kind,
          // Reading the trail is itself recorded, but those records stay out of the way unless asked for.
          excludeEndpoints: q.endpoint === undefined ? [USAGE_PATH] : undefined,
          from,
          to,
          status: q.status,
        });
        return { ...page, api_usage_id: req.usage!.id };
      },
    );

    app.get(
      '/api/v2/lists',
      {
        config: { access },
        schema: {
          summary: 'The list catalog: what is carried, loaded, how many records and how fresh',
          operationId: 'listLists',
          tags: ['lists'],
          response: {
            200: Type.Object(
              { lists: Type.Array(ListView), api_usage_id: Type.String() },
              {
                examples: [
                  { lists: [LIST_VIEW_EXAMPLE], api_usage_id: '5d0e1f2a-3b4c-4d5e-8f60-718293a4b5c6' },
                ],
              },
            ),
            ...v2Errors(),
          },
        },
      },
      async (req) => ({ lists: await deps.listService.catalog(), api_usage_id: req.usage!.id }),
    );
  };
