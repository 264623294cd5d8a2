// The change feed of one list (GET /api/v2/lists/{slug}/changes): what each committed version added, removed and
// changed, oldest version first, paged. Metered like every v2 read.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ListChanges } from '../../services/lists/list-changes.js';
import type { RouteAccess } from '../route-access.js';
import { v2Errors } from '../schemas/common.js';

const access: RouteAccess = { auth: 'key_or_bearer', metered: true, rateLimit: 'principal' };

const Params = Type.Object({ slug: Type.String({ maxLength: 100, description: 'the list slug' }) });

const Query = Type.Object(
  {
    since: Type.Optional(
      Type.String({
        maxLength: 100,
        description:
          'a version id of this list (changes of the versions committed after it) or an ISO 8601 time ' +
          '(versions committed at or after it); absent: from the first version',
      }),
    ),
    cursor: Type.Optional(Type.String({ maxLength: 400, description: 'next_cursor of the previous page' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  },
  { additionalProperties: false },
);

const ChangeView = Type.Object(
  {
    version_id: Type.String({ description: 'the version that made the change' }),
    committed_at: Type.String({ description: 'when that version became the serving one' }),
    kind: Type.Union([Type.Literal('added'), Type.Literal('removed'), Type.Literal('changed')], {
      description: 'changed: same source_uid, different published record',
    }),
    source_uid: Type.String({ description: "the publisher's id of the entry" }),
    name: Type.String({ description: "the entry's primary name (as it was, for a removed entry)" }),
  },
  { title: 'ListChange' },
);

/** What the change feed needs. */
export interface ListChangesRouteDeps {
  readonly changes: Pick<ListChanges, 'page'>;
}

export const listChangesRoutes =
  (deps: ListChangesRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/api/v2/lists/:slug/changes',
      {
        config: { access },
        schema: {
          summary:
            "A list's changes: entries each committed version added, removed or changed, oldest version first " +
            "(a list's first version adds every entry)",
          operationId: 'listListChanges',
          tags: ['lists'],
          params: Params,
          querystring: Query,
          response: {
            200: Type.Object(
              {
                changes: Type.Array(ChangeView),
                next_cursor: Type.Union([Type.String(), Type.Null()]),
                api_usage_id: Type.String(),
              },
              {
                examples: [
                  {
                    changes: [
                      {
                        version_id: '019a6b2e-7c1d-7f00-8a00-0c1d2e3f4a5b',
                        committed_at: '2025-03-05T06:00:12.000Z',
                        kind: 'added',
                        source_uid: '54321',
                        name: 'EXAMPLE TRADING LLC',
                      },
                    ],
                    next_cursor: null,
                    api_usage_id: '5d0e1f2a-3b4c-4d5e-8f60-718293a4b5c6',
                  },
                ],
              },
            ),
            ...v2Errors(404),
          },
        },
      },
      async (req) => {
        const page = await deps.changes.page({
          slug: req.params.slug,
          since: req.query.since,
          cursor: req.query.cursor,
          limit: req.query.limit ?? 100,
        });
        return { ...page, api_usage_id: req.usage!.id };
      },
    );
  };
