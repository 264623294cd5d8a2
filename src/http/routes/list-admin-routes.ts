// Admin work on lists: review of a version held back because it removes too many entries (accept makes it current
// and the name index rebuilds; reject discards it and records the rejection), and a refresh of one list now, the
// same as the scheduled one. Metered like every v2 call.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { forbidden } from '../../errors.js';
import type { ListService } from '../../services/lists/list-service.js';
import type { RouteAccess } from '../route-access.js';
import { v2Errors } from '../schemas/common.js';
import { LIST_VIEW_EXAMPLE, ListView } from '../schemas/lists.js';

const access: RouteAccess = { auth: 'key_or_bearer', metered: true, rateLimit: 'principal' };

const Params = Type.Object({
  slug: Type.String({ maxLength: 100, description: 'the list slug', examples: ['ofac_sdn'] }),
  id: Type.String({
    maxLength: 100,
    description: 'the held version id (catalog held_version.id)',
    examples: ['7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'],
  }),
});

const SlugParams = Type.Object({ slug: Type.String({ maxLength: 100, description: 'the list slug' }) });

const RefreshOutcome = Type.Object({
  status: Type.Union(
    [Type.Literal('updated'), Type.Literal('unchanged'), Type.Literal('held'), Type.Literal('failed')],
    {
      description:
        'updated: a new version serves; unchanged: the publication had not changed; held: a new version waits ' +
        'for review (the previous one keeps serving); failed: nothing changed, see error',
    },
  ),
  version_id: Type.Union([Type.String(), Type.Null()], {
    description: 'the new version (updated), the held one (held), else the serving one',
  }),
  record_count: Type.Union([Type.Integer(), Type.Null()]),
  delta: Type.Union([
    Type.Object({ added: Type.Integer(), removed: Type.Integer(), changed: Type.Integer() }),
    Type.Null(),
  ]),
  error: Type.Union([Type.String(), Type.Null()], { description: 'why the refresh failed, in words' }),
  held_reason: Type.Union([Type.String(), Type.Null()]),
  duration_ms: Type.Integer(),
});

/** What the admin list routes need: the list service's review and refresh, and the registry's names. */
export interface ListAdminRouteDeps {
  readonly listService: Pick<ListService, 'acceptHeld' | 'rejectHeld' | 'refreshNow' | 'catalog'>;
  readonly registered: (slug: string) => boolean;
}

/** The accept, reject and refresh routes. */
export const listAdminRoutes =
  (deps: ListAdminRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/api/v2/lists/:slug/refresh',
      {
        config: { access },
        schema: {
          summary:
            'Refresh one list now, as the scheduled refresh does, and answer with its outcome (admin only; one ' +
            'ingesting process at a time)',
          operationId: 'refreshList',
          tags: ['lists'],
          params: SlugParams,
          response: {
            200: Type.Object(
              { outcome: RefreshOutcome, list: ListView, api_usage_id: Type.String() },
              {
                examples: [
                  {
                    outcome: {
                      status: 'updated',
                      version_id: '019a6b2e-7c1d-7f00-8a00-0c1d2e3f4a5b',
                      record_count: 17843,
                      delta: { added: 3, removed: 1, changed: 12 },
                      error: null,
                      held_reason: null,
                      duration_ms: 8412,
                    },
                    list: LIST_VIEW_EXAMPLE,
                    api_usage_id: '5d0e1f2a-3b4c-4d5e-8f60-718293a4b5c6',
                  },
                ],
              },
            ),
            ...v2Errors(403, 404, 409),
          },
        },
      },
      async (req) => {
        if (!req.principal!.isAdmin) throw forbidden('only an admin may refresh a list');
        const { slug } = req.params;
        const o = await deps.listService.refreshNow(slug, deps.registered);
        const list = (await deps.listService.catalog()).find((r) => r.slug === slug)!;
        return {
          outcome: {
            status: o.status,
            version_id: o.versionId,
            record_count: o.recordCount,
            delta: o.delta,
            error: o.error,
            held_reason: o.heldReason,
            duration_ms: o.durationMs,
          },
          list,
          api_usage_id: req.usage!.id,
        };
      },
    );

    for (const action of ['accept', 'reject'] as const) {
      app.post(
        `/api/v2/lists/:slug/versions/:id/${action}`,
        {
          config: { access },
          schema: {
            summary:
              action === 'accept'
                ? 'Accept a list version held for review: it becomes the serving version (admin only)'
                : 'Reject a list version held for review: it is discarded and the previous version keeps serving (admin only)',
            operationId: action === 'accept' ? 'acceptHeldListVersion' : 'rejectHeldListVersion',
            tags: ['lists'],
            params: Params,
            response: {
              200: Type.Object(
                { list: ListView, api_usage_id: Type.String() },
                {
                  examples: [
                    { list: LIST_VIEW_EXAMPLE, api_usage_id: '5d0e1f2a-3b4c-4d5e-8f60-718293a4b5c6' },
                  ],
                },
              ),
              ...v2Errors(403, 404, 409),
            },
          },
        },
        async (req) => {
          if (!req.principal!.isAdmin)
            throw forbidden(`only an admin may ${action} a list version held for review`);
          const { slug, id } = req.params;
          const list =
            action === 'accept'
              ? await deps.listService.acceptHeld(slug, id)
              : await deps.listService.rejectHeld(slug, id);
          return { list, api_usage_id: req.usage!.id };
        },
      );
    }
  };
