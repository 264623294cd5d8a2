// Admin review of a list version held back because it removes too many entries: accept makes it current (the
// name index rebuilds), reject discards it and records the rejection. Metered like every v2 call.
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

/** What the review routes need: the list service's accept and reject. */
export interface ListAdminRouteDeps {
  readonly listService: Pick<ListService, 'acceptHeld' | 'rejectHeld'>;
}

/** The accept and reject routes. */
export const listAdminRoutes =
  (deps: ListAdminRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
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
