// The caller's screening history and the list catalog (v2 reads; metered like every v2 call).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { badRequest } from '../../errors.js';
import type { ListService } from '../../services/lists/list-service.js';
import type { UsageService } from '../../services/usage/usage-service.js';
import type { RouteAccess } from '../route-access.js';
import { v2Errors } from '../schemas/common.js';
import { LIST_VIEW_EXAMPLE, ListView } from '../schemas/lists.js';
import {
  ChainPositionView,
  EngineVersionView,
  ListVersionsView,
  UsageKindParam,
  UsageOutcomeView,
  UsageSubjectView,
} from '../schemas/usage.js';

const USAGE_PATH = '/api/v2/usage';
const RECORD_PATH = '/api/v2/usage/:id';
const EVIDENCE_PATH = '/api/v2/usage/:id/evidence';
/** Reads of the trail itself, left out of the history unless asked for by endpoint. */
const TRAIL_READS = [USAGE_PATH, RECORD_PATH, EVIDENCE_PATH];
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
    list_versions: ListVersionsView,
    engine_version: EngineVersionView,
  },
  { title: 'UsageRecord' },
);

const UsageIdParams = Type.Object({
  id: Type.String({ format: 'uuid', description: 'The api_usage_id of the call' }),
});

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
      list_versions: [
        { slug: 'ofac_sdn', version_id: '0193a1b2-7c3d-7e4f-8a5b-6c7d8e9f0a1b', data_date: '2025-03-04' },
      ],
      engine_version: '2026-11-28.5',
    },
  ],
  next_cursor: null,
  api_usage_id: '5d0e1f2a-3b4c-4d5e-8f60-718293a4b5c6',
};

const USAGE_RECORD_EXAMPLE = USAGE_PAGE_EXAMPLE.records[0]!;
const READ_ID = '5d0e1f2a-3b4c-4d5e-8f60-718293a4b5c6';
const CHAIN_EXAMPLE = {
  form: 'usage-chain/1',
  seq: 1041,
  batch_id: '0193a1b2-8d4e-7f50-9b6c-7d8e9f0a1b2c',
  prev_hash: '9c1f0e5a7b3d2c4e6f8a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e',
  hash: '4e2a9d7c5b3f1e0d8c6a4b2f0e9d7c5a3b1f0e8d6c4a2b0f9e7d5c3a1b0f8e6d',
  record_count: 12,
  committed_at: '2025-03-05T09:14:03.125Z',
  batch_intact: true,
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
          excludeEndpoints: q.endpoint === undefined ? TRAIL_READS : undefined,
          from,
          to,
          status: q.status,
        });
        return { ...page, api_usage_id: req.usage!.id };
      },
    );

    app.get(
      RECORD_PATH,
      {
        config: { access: historyAccess },
        schema: {
          summary: "One of the caller's usage records, with the list versions and engine a screening ran on",
          operationId: 'getUsage',
          tags: ['usage'],
          params: UsageIdParams,
          response: {
            200: Type.Object(
              { record: UsageRecordView, api_usage_id: Type.String() },
              { examples: [{ record: USAGE_RECORD_EXAMPLE, api_usage_id: READ_ID }] },
            ),
            ...v2Errors(404),
          },
        },
      },
      async (req) => ({
        record: await deps.usage.get(req.principal!.userId, req.params.id),
        api_usage_id: req.usage!.id,
      }),
    );

    app.get(
      EVIDENCE_PATH,
      {
        config: { access: historyAccess },
        schema: {
          summary:
            "One screening's evidence: request, response, list versions, engine and its place in the hash chain",
          operationId: 'getUsageEvidence',
          tags: ['usage'],
          params: UsageIdParams,
          response: {
            200: Type.Object(
              { record: UsageRecordView, chain: ChainPositionView, api_usage_id: Type.String() },
              {
                title: 'UsageEvidence',
                examples: [{ record: USAGE_RECORD_EXAMPLE, chain: CHAIN_EXAMPLE, api_usage_id: READ_ID }],
              },
            ),
            ...v2Errors(404),
          },
        },
      },
      async (req) => ({
        ...(await deps.usage.evidence(req.principal!.userId, req.params.id)),
        api_usage_id: req.usage!.id,
      }),
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
