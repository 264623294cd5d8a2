// Accounts over HTTP (the dashboard uses these): sign-up, sign-in, sign-out, and API key management.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AccountsService } from '../../services/accounts/accounts-service.js';
import type { RouteAccess } from '../route-access.js';
import { plainErrors } from '../schemas/common.js';

// Sign-up and sign-in are limited per client address (brute force); key management per signed-in user.
const open: RouteAccess = { auth: 'none', metered: false, rateLimit: 'ip' };
const signedIn: RouteAccess = { auth: 'bearer', metered: false, rateLimit: 'ip' };

const Credentials = Type.Object(
  { email: Type.String({ maxLength: 254 }), password: Type.String({ maxLength: 256 }) },
  {
    additionalProperties: false,
    examples: [{ email: 'analyst@example.com', password: 'correct horse battery staple' }],
  },
);
const Session = Type.Object(
  { token: Type.String(), expires_at: Type.String() },
  { title: 'Session', examples: [{ token: 'st_4f9a…', expires_at: '2025-03-06T09:14:03.120Z' }] },
);
const KEY_EXAMPLE = {
  id: '9f1c7e52-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
  name: 'case system',
  prefix: 'sk_live_4f9a',
  rate_limit_per_minute: null,
  created_at: '2025-03-05T09:00:00.000Z',
};
const KeyView = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    prefix: Type.String(),
    rate_limit_per_minute: Type.Union([Type.Integer(), Type.Null()]),
    created_at: Type.String(),
    last_used_at: Type.Union([Type.String(), Type.Null()]),
    revoked_at: Type.Union([Type.String(), Type.Null()]),
  },
  { title: 'ApiKey' },
);

/** What the account routes need. */
export interface AccountRouteDeps {
  readonly accounts: AccountsService;
}

export const accountRoutes =
  (deps: AccountRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const tags = ['accounts'];
    app.post(
      '/api/auth/signup',
      {
        config: { access: open },
        schema: {
          summary: 'Create an account and sign in',
          operationId: 'signUp',
          tags,
          body: Credentials,
          response: { 201: Session, ...plainErrors(400, 403, 409, 429) },
        },
      },
      async (req, reply) => {
        reply.code(201);
        return deps.accounts.signup(req.body.email, req.body.password);
      },
    );

    app.post(
      '/api/auth/login',
      {
        config: { access: open },
        schema: {
          summary: 'Sign in',
          operationId: 'logIn',
          tags,
          body: Credentials,
          response: { 200: Session, ...plainErrors(400, 401, 429) },
        },
      },
      async (req) => deps.accounts.login(req.body.email, req.body.password),
    );

    app.post(
      '/api/auth/logout',
      {
        config: { access: signedIn },
        schema: {
          summary: 'Sign out (revokes the bearer token)',
          operationId: 'logOut',
          tags,
          response: { 204: Type.Null(), ...plainErrors(400, 401, 429) },
        },
      },
      async (req, reply) => {
        await deps.accounts.logout(req.principal!);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/api/auth/me',
      {
        config: { access: signedIn },
        schema: {
          summary: 'The signed-in user',
          operationId: 'getMe',
          tags,
          response: {
            200: Type.Object(
              { id: Type.String(), email: Type.String(), is_admin: Type.Boolean() },
              {
                title: 'Me',
                examples: [
                  {
                    id: '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a99',
                    email: 'analyst@example.com',
                    is_admin: false,
                  },
                ],
              },
            ),
            ...plainErrors(401, 429),
          },
        },
      },
      async (req) => deps.accounts.me(req.principal!),
    );

    app.post(
      '/api/keys',
      {
        config: { access: signedIn },
        schema: {
          summary: 'Create an API key (the key is shown in this response only)',
          operationId: 'createApiKey',
          tags,
          body: Type.Object(
            {
              name: Type.String({ maxLength: 100 }),
              rate_limit_per_minute: Type.Optional(
                Type.Union([Type.Integer({ minimum: 1, maximum: 10_000_000 }), Type.Null()]),
              ),
            },
            { additionalProperties: false, examples: [{ name: 'case system', rate_limit_per_minute: 600 }] },
          ),
          response: {
            201: Type.Object(
              {
                id: Type.String(),
                key: Type.String(),
                prefix: Type.String(),
                name: Type.String(),
                rate_limit_per_minute: Type.Union([Type.Integer(), Type.Null()]),
                created_at: Type.String(),
              },
              {
                title: 'CreatedApiKey',
                examples: [{ ...KEY_EXAMPLE, key: 'sk_live_4f9a…', rate_limit_per_minute: 600 }],
              },
            ),
            ...plainErrors(400, 401, 403, 429),
          },
        },
      },
      async (req, reply) => {
        const p = req.principal!;
        reply.code(201);
        return deps.accounts.createApiKey(
          { userId: p.userId, isAdmin: p.isAdmin },
          { name: req.body.name, rateLimitPerMinute: req.body.rate_limit_per_minute ?? null },
        );
      },
    );

    app.get(
      '/api/keys',
      {
        config: { access: signedIn },
        schema: {
          summary: "The signed-in user's API keys",
          operationId: 'listApiKeys',
          tags,
          response: {
            200: Type.Object(
              { keys: Type.Array(KeyView) },
              { examples: [{ keys: [{ ...KEY_EXAMPLE, last_used_at: null, revoked_at: null }] }] },
            ),
            ...plainErrors(401, 429),
          },
        },
      },
      async (req) => ({ keys: await deps.accounts.listApiKeys(req.principal!.userId) }),
    );

    app.delete(
      '/api/keys/:id',
      {
        config: { access: signedIn },
        schema: {
          summary: 'Revoke an API key',
          operationId: 'revokeApiKey',
          tags,
          params: Type.Object({ id: Type.String({ format: 'uuid' }) }),
          response: { 204: Type.Null(), ...plainErrors(400, 401, 404, 429) },
        },
      },
      async (req, reply) => {
        await deps.accounts.revokeApiKey(req.principal!.userId, req.params.id);
        return reply.code(204).send(null);
      },
    );
  };
