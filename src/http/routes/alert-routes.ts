// Alerts of ongoing screening (GET /api/v2/alerts, GET /api/v2/alerts/{id}, POST /api/v2/alerts/{id}/decision):
// newest first, one per subject and listed entry, with an append-only decision log. Another account's alert is 404.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AlertsService } from '../../services/monitoring/alerts-service.js';
import type { RouteAccess } from '../route-access.js';
import { v2Errors } from '../schemas/common.js';
import {
  ALERT_DETAIL_EXAMPLE,
  ALERTS_PAGE_EXAMPLE,
  AlertDetail,
  AlertsQuery,
  AlertView,
  DecisionBody,
  IdParams,
} from '../schemas/monitoring.js';

const AlertDetailResponse = Type.Object(
  { ...AlertDetail.properties, api_usage_id: Type.String() },
  { examples: [ALERT_DETAIL_EXAMPLE] },
);

const access: RouteAccess = { auth: 'key_or_bearer', metered: true, rateLimit: 'principal' };

/** What the alert routes need. */
export interface AlertRouteDeps {
  readonly alerts: Pick<AlertsService, 'page' | 'get' | 'decide'>;
}

export const alertRoutes =
  (deps: AlertRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/api/v2/alerts',
      {
        config: { access },
        schema: {
          summary: "The account's alerts, newest first, paged; filter by status and list",
          operationId: 'listAlerts',
          tags: ['monitoring'],
          querystring: AlertsQuery,
          response: {
            200: Type.Object(
              {
                alerts: Type.Array(AlertView),
                next_cursor: Type.Union([Type.String(), Type.Null()]),
                api_usage_id: Type.String(),
              },
              { examples: [ALERTS_PAGE_EXAMPLE] },
            ),
            ...v2Errors(),
          },
        },
      },
      async (req) => ({
        ...(await deps.alerts.page(req.principal!.userId, { ...req.query, limit: req.query.limit ?? 100 })),
        api_usage_id: req.usage!.id,
      }),
    );

    app.get(
      '/api/v2/alerts/:id',
      {
        config: { access },
        schema: {
          summary:
            'One alert: the subject, the match with its explanation, the listed record and the history',
          operationId: 'getAlert',
          tags: ['monitoring'],
          params: IdParams,
          response: { 200: AlertDetailResponse, ...v2Errors(404) },
        },
      },
      async (req) => ({
        ...(await deps.alerts.get(req.principal!.userId, req.params.id)),
        api_usage_id: req.usage!.id,
      }),
    );

    app.post(
      '/api/v2/alerts/:id/decision',
      {
        config: { access },
        schema: {
          summary:
            "Records an analyst's decision (cleared and confirmed need a reason); a cleared alert reopens when " +
            'the listed record or the subject changes, a confirmed one never by itself',
          operationId: 'decideAlert',
          tags: ['monitoring'],
          params: IdParams,
          body: DecisionBody,
          response: { 200: AlertDetailResponse, ...v2Errors(404) },
        },
      },
      async (req) => ({
        ...(await deps.alerts.decide(req.principal!.userId, req.params.id, req.body.status, req.body.reason)),
        api_usage_id: req.usage!.id,
      }),
    );
  };
