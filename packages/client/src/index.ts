// The screening service's typed client: openapi-fetch over the types generated from the served OpenAPI
// document (schema.ts), with the API key or a session token sent on every call.
import createFetchClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths };

/** The API's named shapes (`Schemas['ListView']`, `Schemas['BulkRow']`, …). */
export type Schemas = components['schemas'];

type Ok<R> = R extends { 200: infer A } ? A : R extends { 201: infer B } ? B : never;

/** The JSON body an operation answers with on success, by operationId (`OkBody<'bulkSearchNames'>`). */
export type OkBody<Op extends keyof operations> =
  Ok<operations[Op]['responses']> extends { content: { 'application/json': infer J } } ? J : never;

/** The JSON body an operation takes, by operationId. */
export type RequestBody<Op extends keyof operations> = operations[Op] extends {
  requestBody: { content: { 'application/json': infer J } };
}
  ? J
  : never;

/** The typed client: `client.POST('/api/v2/search', { body })` answers `{ data, error, response }`. */
export type ScreeningClient = Client<paths>;

export interface ScreeningClientOptions {
  /** Where the service listens, e.g. `https://screening.example.com` (no trailing path). */
  readonly baseUrl: string;
  /** An API key, sent as `x-api-key`. */
  readonly apiKey?: string;
  /** A session token (POST /api/auth/login), sent as `Authorization: Bearer`; read on every call when a function. */
  readonly token?: string | (() => string | null);
  /** Another fetch (tests, proxies); the global one by default. */
  readonly fetch?: ClientOptions['fetch'];
}

/** A client for one service, signing every call with the given key or token. */
export function createScreeningClient(options: ScreeningClientOptions): ScreeningClient {
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use({
    onRequest({ request }) {
      if (options.apiKey) request.headers.set('x-api-key', options.apiKey);
      const token = typeof options.token === 'function' ? options.token() : options.token;
      if (token) request.headers.set('authorization', `Bearer ${token}`);
      return request;
    },
  });
  return client;
}
