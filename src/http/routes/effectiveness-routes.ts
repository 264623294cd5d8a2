// The effectiveness report over HTTP (our extension; the dashboard's page): admin only, bounded sizes, metered.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { forbidden } from '../../errors.js';
import type { EffectivenessService } from '../../services/effectiveness/effectiveness-service.js';
import type { RouteAccess } from '../route-access.js';
import { v2Errors } from '../schemas/common.js';
import { EffectivenessBody, EffectivenessResponse } from '../schemas/effectiveness.js';

const access: RouteAccess = { auth: 'key_or_bearer', metered: true, rateLimit: 'principal' };

/** What these routes need. */
export interface EffectivenessRouteDeps {
  readonly effectiveness: Pick<EffectivenessService, 'run'>;
}

export const effectivenessRoutes =
  (deps: EffectivenessRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/api/v2/effectiveness',
      {
        config: { access },
        schema: {
          summary: 'Measure screening effectiveness on manipulated listed names and clean names',
          description:
            'Extension (admin only). Draws names from the loaded lists, manipulates them (typos, transpositions, ' +
            'reorderings, dropped middle names, other scripts the lists publish, title and surname, initials), ' +
            'screens them and clean names at each search type, and answers recall per manipulation and alert ' +
            'rate per search type, with counts. Deterministic for a seed and a set of loaded lists. One report at ' +
            'a time (409 while one is being made); 503 while the lists load.',
          operationId: 'measureEffectiveness',
          tags: ['name screening'],
          body: EffectivenessBody,
          response: { 200: EffectivenessResponse, ...v2Errors(403, 409) },
        },
      },
      async (req) => {
        if (!req.principal!.isAdmin) throw forbidden('only an admin may run the effectiveness report');
        const b = req.body;
        const report = await deps.effectiveness.run({
          seed: b.seed ?? 1,
          perKind: b.per_kind ?? 50,
          cleanNames: b.clean_names ?? 200,
          ...(b.search_types ? { searchTypes: b.search_types } : {}),
        });
        return { ...report, api_usage_id: req.usage!.id };
      },
    );
  };
