// TypeBox schemas of webhook endpoints (issue 16's shapes): create, list, read, delete.
import { Type } from 'typebox';
import { WEBHOOK_EVENTS } from '../../domain/webhooks.js';

const USAGE_ID = '0193a2b4-5c6d-7e8f-9a0b-1c2d3e4f5a6b';
const AT = '2026-11-27T06:00:00.000Z';

export const WebhookBody = Type.Object(
  {
    url: Type.String({
      maxLength: 2000,
      description: 'https:// address that receives the signed JSON POSTs (no credentials in it)',
    }),
    events: Type.Array(Type.String({ maxLength: 100 }), {
      minItems: 1,
      maxItems: WEBHOOK_EVENTS.length,
      description: `events to deliver: ${WEBHOOK_EVENTS.join(', ')}`,
    }),
  },
  {
    additionalProperties: false,
    examples: [{ url: 'https://hooks.example.com/screening', events: ['alert.created', 'alert.reopened'] }],
  },
);

export const WebhookView = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.String()),
  created_at: Type.String(),
});

export const WebhooksQuery = Type.Object(
  {
    cursor: Type.Optional(Type.String({ maxLength: 400, description: 'next_cursor of the previous page' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  },
  { additionalProperties: false },
);

export const WEBHOOK_EXAMPLE = {
  id: '0193a2b4-0000-7000-8000-0000000000a1',
  url: 'https://hooks.example.com/screening',
  events: ['alert.created', 'alert.reopened'],
  created_at: AT,
};
export const WEBHOOK_CREATED_EXAMPLE = {
  webhook: {
    ...WEBHOOK_EXAMPLE,
    secret: 'whsec_3f1c0e5a9b7d4c2e8f6a1b3d5c7e9f0a2b4c6d8e0f1a3b5c7d9e1f3a5b7c9d1e',
  },
  api_usage_id: USAGE_ID,
};
export const WEBHOOK_RESPONSE_EXAMPLE = { webhook: WEBHOOK_EXAMPLE, api_usage_id: USAGE_ID };
export const WEBHOOKS_PAGE_EXAMPLE = {
  webhooks: [WEBHOOK_EXAMPLE],
  next_cursor: null,
  api_usage_id: USAGE_ID,
};
export const WEBHOOK_DELETED_EXAMPLE = { deleted: true, api_usage_id: USAGE_ID };

export const DeliveryParams = Type.Object({
  id: Type.String({ maxLength: 100 }),
  deliveryId: Type.String({ maxLength: 100 }),
});

export const DeliveryView = Type.Object({
  id: Type.String(),
  event_id: Type.String({ description: 'the event id in the body; the same for every endpoint it goes to' }),
  type: Type.String(),
  status: Type.String({ description: 'pending, delivered or failed (given up after 24 hours or on a 4xx)' }),
  created_at: Type.String(),
  next_attempt_at: Type.Union([Type.String(), Type.Null()]),
  delivered_at: Type.Union([Type.String(), Type.Null()]),
  attempts: Type.Array(
    Type.Object({
      at: Type.String(),
      status_code: Type.Union([Type.Integer(), Type.Null()]),
      error: Type.Union([Type.String(), Type.Null()]),
      duration_ms: Type.Integer(),
    }),
  ),
});

export const DELIVERIES_PAGE_EXAMPLE = {
  deliveries: [
    {
      id: '0193a2b4-0000-7000-8000-0000000000d1',
      event_id: '0193a2b4-0000-7000-8000-0000000000e1',
      type: 'alert.created',
      status: 'delivered',
      created_at: AT,
      next_attempt_at: null,
      delivered_at: '2026-11-27T06:00:31.200Z',
      attempts: [
        { at: '2026-11-27T06:00:00.100Z', status_code: 503, error: null, duration_ms: 42 },
        { at: '2026-11-27T06:00:31.100Z', status_code: 200, error: null, duration_ms: 35 },
      ],
    },
  ],
  next_cursor: null,
  api_usage_id: USAGE_ID,
};
export const RETRY_EXAMPLE = { retried: true, api_usage_id: USAGE_ID };
