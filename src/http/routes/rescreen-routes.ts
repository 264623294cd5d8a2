// The full re-screen of monitored subjects (admin): POST /api/v2/subjects/rescreen starts it in the background after
// the matching engine changed; GET /api/v2/subjects/rescreen shows its progress and whether one is due.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { forbidden } from '../../errors.js';
import type { Rescreen } from '../../services/monitoring/rescreen.js';
import type { RouteAccess } from '../route-access.js';
import { v2Errors } from '../schemas/common.js';

const access: RouteAccess = { auth: 'key_or_bearer', metered: true, rateLimit: 'principal' };

const EXAMPLE = {
  status: 'running',
  engine_version: '2026-11-28.5',
  screened_engine_version: '2026-11-01.1',
  needed: true,
  total: 120000,
  done: 35000,
  alerts: 12,
  started_at: '2026-11-27T07:00:00.000Z',
  finished_at: null,
  error: null,
};

const RescreenView = Type.Object(
  {
    status: Type.Union(
      [Type.Literal('idle'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')],
      { description: 'idle: none ran in this process since it started' },
    ),
    engine_version: Type.String({ description: 'the matching engine this server runs' }),
    screened_engine_version: Type.Union([Type.String(), Type.Null()], {
      description: 'the engine the subjects were last fully screened with',
    }),
    needed: Type.Boolean({ description: 'the subjects were screened by another engine: a re-screen is due' }),
    total: Type.Union([Type.Integer(), Type.Null()], { description: 'subjects to screen in this run' }),
    done: Type.Integer(),
    alerts: Type.Integer({ description: 'alerts opened or reopened by this run' }),
    started_at: Type.Union([Type.String(), Type.Null()]),
    finished_at: Type.Union([Type.String(), Type.Null()]),
    error: Type.Union([Type.String(), Type.Null()]),
  },
  { title: 'Rescreen' },
);

/** What the re-screen routes need. */
export interface RescreenRouteDeps {
  readonly rescreen: Pick<Rescreen, 'start' | 'status'>;
}

export const rescreenRoutes =
  (deps: RescreenRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/api/v2/subjects/rescreen',
      {
        config: { access },
        schema: {
          summary:
            'Re-screens every monitored subject of every account in the background, after the matching engine ' +
            'changed (admin only; one at a time); answers 202 with its progress',
          operationId: 'startRescreen',
          tags: ['monitoring'],
          response: {
            202: Type.Object(
              { rescreen: RescreenView, api_usage_id: Type.String() },
              { examples: [{ rescreen: EXAMPLE, api_usage_id: '5d0e1f2a-3b4c-4d5e-8f60-718293a4b5c6' }] },
            ),
            ...v2Errors(403, 409),
          },
        },
      },
      async (req, reply) => {
        if (!req.principal!.isAdmin) throw forbidden('only an admin may start a full re-screen');
        const rescreen = await deps.rescreen.start();
        return reply.code(202).send({ rescreen, api_usage_id: req.usage!.id });
      },
    );

    app.get(
      '/api/v2/subjects/rescreen',
      {
        config: { access },
        schema: {
          summary:
            'The full re-screen: whether one is due (engine changed), and the progress of the last one',
          operationId: 'getRescreen',
          tags: ['monitoring'],
          response: {
            200: Type.Object(
              { rescreen: RescreenView, api_usage_id: Type.String() },
              { examples: [{ rescreen: EXAMPLE, api_usage_id: '5d0e1f2a-3b4c-4d5e-8f60-718293a4b5c6' }] },
            ),
            ...v2Errors(403),
          },
        },
      },
      async (req) => {
        if (!req.principal!.isAdmin) throw forbidden('only an admin may see the full re-screen');
        return { rescreen: await deps.rescreen.status(), api_usage_id: req.usage!.id };
      },
    );
  };
