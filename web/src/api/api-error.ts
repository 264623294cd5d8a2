// An API call that did not succeed: the HTTP status and the `{error}` message the server wrote, so pages can
// tell "sign in again" (401), "slow down" (429) and "not available here" (503) apart.
export class ApiError extends Error {
  readonly status: number;
  readonly retryAfterSeconds: number | null;

  constructor(status: number, message: string, retryAfterSeconds: number | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Words for an error a person can act on; network failures are not ApiErrors. */
export function describeError(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 429)
      return `Too many requests. Try again in ${err.retryAfterSeconds ?? 'a few'} seconds.`;
    // The API writes messages for programs ("name 2 is longer than…"); a sentence starts with a capital.
    return err.message.charAt(0).toUpperCase() + err.message.slice(1);
  }
  if (err instanceof TypeError)
    return 'The server could not be reached. Check your connection and try again.';
  return err instanceof Error ? err.message : String(err);
}
