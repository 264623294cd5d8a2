// Webhook endpoints (POST/GET /api/v2/webhooks, GET/DELETE /api/v2/webhooks/{id}) and their deliveries (GET
// .../deliveries, POST .../deliveries/{deliveryId}/retry): the signing secret is answered once, at creation, never
// again. Another account's endpoint answers 404.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { WebhooksService } from '../../services/webhooks/webhooks-service.js';
import type { RouteAccess } from '../route-access.js';
import { v2Errors } from '../schemas/common.js';
import { IdParams } from '../schemas/monitoring.js';
import {
  DELIVERIES_PAGE_EXAMPLE,
  DeliveryParams,
  DeliveryView,
  RETRY_EXAMPLE,
  WEBHOOK_CREATED_EXAMPLE,
  WEBHOOK_DELETED_EXAMPLE,
  WEBHOOK_RESPONSE_EXAMPLE,
  WEBHOOKS_PAGE_EXAMPLE,
  WebhookBody,
  WebhooksQuery,
  WebhookView,
} from '../schemas/webhooks.js';

const access: RouteAccess = { auth: 'key_or_bearer', metered: true, rateLimit: 'principal' };

/** What the webhook routes need. */
export interface WebhookRouteDeps {
  readonly webhooks: Pick<WebhooksService, 'create' | 'page' | 'get' | 'delete' | 'deliveries' | 'retry'>;
}

export const webhookRoutes =
  (deps: WebhookRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/api/v2/webhooks',
      {
        config: {
          access: { ...access, storeResponse: { digestBecause: 'the signing secret is shown once' } },
        },
        schema: {
          summary:
            'Adds a webhook endpoint; the answer carries its signing secret, shown this once and never again',
          operationId: 'createWebhook',
          tags: ['webhooks'],
          body: WebhookBody,
          response: {
            200: Type.Object(
              {
                webhook: Type.Object({ ...WebhookView.properties, secret: Type.String() }),
                api_usage_id: Type.String(),
              },
              { examples: [WEBHOOK_CREATED_EXAMPLE] },
            ),
            ...v2Errors(),
          },
        },
      },
      async (req) => ({
        webhook: await deps.webhooks.create(req.principal!.userId, req.body),
        api_usage_id: req.usage!.id,
      }),
    );

    app.get(
      '/api/v2/webhooks',
      {
        config: { access },
        schema: {
          summary: "The account's webhook endpoints, oldest first, paged (without their secrets)",
          operationId: 'listWebhooks',
          tags: ['webhooks'],
          querystring: WebhooksQuery,
          response: {
            200: Type.Object(
              {
                webhooks: Type.Array(WebhookView),
                next_cursor: Type.Union([Type.String(), Type.Null()]),
                api_usage_id: Type.String(),
              },
              { examples: [WEBHOOKS_PAGE_EXAMPLE] },
            ),
            ...v2Errors(),
          },
        },
      },
      async (req) => ({
        ...(await deps.webhooks.page(req.principal!.userId, { ...req.query, limit: req.query.limit ?? 100 })),
        api_usage_id: req.usage!.id,
      }),
    );

    app.get(
      '/api/v2/webhooks/:id',
      {
        config: { access },
        schema: {
          summary: 'One webhook endpoint (without its secret)',
          operationId: 'getWebhook',
          tags: ['webhooks'],
          params: IdParams,
          response: {
            200: Type.Object(
              { webhook: WebhookView, api_usage_id: Type.String() },
              { examples: [WEBHOOK_RESPONSE_EXAMPLE] },
            ),
            ...v2Errors(404),
          },
        },
      },
      async (req) => ({
        webhook: await deps.webhooks.get(req.principal!.userId, req.params.id),
        api_usage_id: req.usage!.id,
      }),
    );

    app.delete(
      '/api/v2/webhooks/:id',
      {
        config: { access },
        schema: {
          summary: 'Deletes a webhook endpoint; nothing more is delivered to it',
          operationId: 'deleteWebhook',
          tags: ['webhooks'],
          params: IdParams,
          response: {
            200: Type.Object(
              { deleted: Type.Literal(true), api_usage_id: Type.String() },
              { examples: [WEBHOOK_DELETED_EXAMPLE] },
            ),
            ...v2Errors(404),
          },
        },
      },
      async (req) => {
        await deps.webhooks.delete(req.principal!.userId, req.params.id);
        return { deleted: true as const, api_usage_id: req.usage!.id };
      },
    );

    app.get(
      '/api/v2/webhooks/:id/deliveries',
      {
        config: { access },
        schema: {
          summary: "The endpoint's deliveries, newest first, paged, each with every attempt",
          operationId: 'listWebhookDeliveries',
          tags: ['webhooks'],
          params: IdParams,
          querystring: WebhooksQuery,
          response: {
            200: Type.Object(
              {
                deliveries: Type.Array(DeliveryView),
                next_cursor: Type.Union([Type.String(), Type.Null()]),
                api_usage_id: Type.String(),
              },
              { examples: [DELIVERIES_PAGE_EXAMPLE] },
            ),
            ...v2Errors(404),
          },
        },
      },
      async (req) => ({
        ...(await deps.webhooks.deliveries(req.principal!.userId, req.params.id, {
          ...req.query,
          limit: req.query.limit ?? 100,
        })),
        api_usage_id: req.usage!.id,
      }),
    );

    app.post(
      '/api/v2/webhooks/:id/deliveries/:deliveryId/retry',
      {
        config: { access },
        schema: {
          summary: 'Sends a delivery again now, whatever its state',
          operationId: 'retryWebhookDelivery',
          tags: ['webhooks'],
          params: DeliveryParams,
          response: {
            200: Type.Object(
              { retried: Type.Literal(true), api_usage_id: Type.String() },
              { examples: [RETRY_EXAMPLE] },
            ),
            ...v2Errors(404),
          },
        },
      },
      async (req) => {
        await deps.webhooks.retry(req.principal!.userId, req.params.id, req.params.deliveryId);
        return { retried: true as const, api_usage_id: req.usage!.id };
      },
    );
  };
