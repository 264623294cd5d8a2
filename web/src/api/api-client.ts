// The one way the dashboard talks to the API: the typed client (packages/client, generated from the served
// OpenAPI document) with the bearer token. A 401 on a signed-in call means the session ended (expired or
// revoked), so it is reported once to the app, which returns to sign-in.
import { createScreeningClient, type ScreeningClient } from '@screening/client';
import { ApiError } from './api-error.ts';

export interface ApiClientOptions {
  /** The current bearer token, or null when signed out. */
  readonly token: () => string | null;
  /** Called when a call made with a token answers 401. */
  readonly onUnauthorized: (message: string) => void;
}

/** What every typed call answers (openapi-fetch's `{ data, error, response }`). */
interface Answer<T> {
  readonly data?: T;
  readonly error?: unknown;
  readonly response: Response;
}

/** The server's `{error}` message, or the status alone (a proxy's HTML error page, say). */
function messageOf(error: unknown, res: Response): string {
  return error && typeof error === 'object' && typeof (error as { error?: unknown }).error === 'string'
    ? (error as { error: string }).error
    : `${res.status} ${res.statusText}`;
}

export class ApiClient {
  /** Calls signed with the session token: `api.call.POST('/api/v2/bulk-search', { body, signal })`. */
  readonly call: ScreeningClient;
  /** Calls without credentials (sign-in, sign-up): a 401 there is a wrong password, not an expired session. */
  readonly anonymous: ScreeningClient;

  constructor(options: ApiClientOptions) {
    const baseUrl = window.location.origin;
    this.call = createScreeningClient({ baseUrl, token: options.token });
    this.call.use({
      async onResponse({ request, response }) {
        if (response.status === 401 && request.headers.has('authorization')) {
          const body: unknown = await response
            .clone()
            .json()
            .catch(() => null);
          options.onUnauthorized(messageOf(body, response));
        }
        return response;
      },
    });
    this.anonymous = createScreeningClient({ baseUrl });
  }

  /** The data of a typed call, or an ApiError carrying the status, the server's message and Retry-After. */
  async data<T>(answer: Promise<Answer<T>>): Promise<T> {
    const { data, error, response } = await answer;
    if (!response.ok) {
      const retry = Number(response.headers.get('retry-after'));
      throw new ApiError(
        response.status,
        messageOf(error, response),
        Number.isFinite(retry) && retry > 0 ? retry : null,
      );
    }
    return data as T;
  }
}
