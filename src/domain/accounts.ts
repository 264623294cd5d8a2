// Account types shared by the store, the services and the HTTP layer.

/** A person who signs in to the dashboard and owns API keys. */
export interface User {
  readonly id: string;
  readonly email: string;
  readonly passwordHash: string;
  readonly isAdmin: boolean;
  readonly createdAt: string;
  /** Per-minute budget across all of the user's keys and sessions; null = the default. Set by admins. */
  readonly rateLimitPerMinute: number | null;
}

/** A signed-in browser session; only the SHA-256 of the bearer token is stored. */
export interface Session {
  readonly id: string;
  readonly userId: string;
  readonly tokenHash: string;
  readonly createdAt: string;
  readonly expiresAt: string;
  readonly revokedAt: string | null;
}

/** An API key; only its SHA-256 and a short visible prefix are stored. */
export interface ApiKey {
  readonly id: string;
  readonly userId: string;
  readonly name: string;
  readonly prefix: string;
  readonly keyHash: string;
  readonly rateLimitPerMinute: number | null;
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
  readonly revokedAt: string | null;
}

/** Who is calling: resolved from an API key or a bearer token. */
export type Principal =
  | {
      readonly kind: 'api_key';
      readonly userId: string;
      readonly apiKeyId: string;
      readonly rateLimitPerMinute: number | null;
      /** The owner's budget across all keys; null = the default. */
      readonly userRateLimitPerMinute: number | null;
      readonly isAdmin: boolean;
    }
  | {
      readonly kind: 'session';
      readonly userId: string;
      readonly sessionId: string;
      readonly userRateLimitPerMinute: number | null;
      readonly isAdmin: boolean;
    };
