// The one way the dashboard talks to the API: JSON over fetch with the bearer token. A 401 on a signed-in call
// means the session ended (expired or revoked), so it is reported once to the app, which returns to sign-in.
import { ApiError } from './api-error.ts';

export interface ApiClientOptions {
  /** The current bearer token, or null when signed out. */
  readonly token: () => string | null;
  /** Called when a call made with a token answers 401. */
  readonly onUnauthorized: (message: string) => void;
}

export interface RequestOptions {
  readonly method?: 'GET' | 'POST' | 'DELETE';
  readonly body?: unknown;
  readonly query?: Readonly<Record<string, string | number | undefined>>;
  readonly signal?: AbortSignal;
  /** Sign-in and sign-up answer 401 for a wrong password; that is not an expired session. */
  readonly anonymous?: boolean;
}

export class ApiClient {
  readonly #options: ApiClientOptions;

  constructor(options: ApiClientOptions) {
    this.#options = options;
  }

  async request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = opts.anonymous ? null : this.#options.token();
    if (token) headers.authorization = `Bearer ${token}`;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const url = new URL(path, window.location.origin);
    for (const [k, v] of Object.entries(opts.query ?? {}))
      if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
    const res = await fetch(url, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    let data: unknown;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      // A proxy's HTML error page, say: the status alone tells the story.
      data = null;
    }
    if (!res.ok) {
      const message =
        data && typeof data === 'object' && typeof (data as { error?: unknown }).error === 'string'
          ? (data as { error: string }).error
          : `${res.status} ${res.statusText}`;
      if (res.status === 401 && token) this.#options.onUnauthorized(message);
      const retry = Number(res.headers.get('retry-after'));
      throw new ApiError(res.status, message, Number.isFinite(retry) && retry > 0 ? retry : null);
    }
    return data as T;
  }
}
