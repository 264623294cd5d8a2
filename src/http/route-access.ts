// Per-route access rules (who may call, whether it is metered) carried in Fastify's route config.
import type { Principal } from '../domain/accounts.js';

/** Which credentials a route accepts: the spec's auth matrix is written as one of these per route. */
export type AuthMode = 'none' | 'key' | 'key_or_bearer' | 'bearer';

/** How a route is protected and recorded. */
export interface RouteAccess {
  readonly auth: AuthMode;
  /** Writes a usage record for every call, errors included. */
  readonly metered: boolean;
  /** Whose budget a call spends: the caller's key or user, the client address, or nobody's. */
  readonly rateLimit: 'principal' | 'ip' | 'none';
  /** The search type stored on the usage record, derived from the body. */
  readonly searchType?: (body: unknown) => string | null;
}

/** The in-flight usage record of a metered call. */
export interface UsageContext {
  readonly id: string;
  readonly createdAt: string;
  readonly startedAt: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    principal: Principal | null;
    usage: UsageContext | null;
  }
}

export const bodyField =
  (field: string, fallback: string) =>
  (body: unknown): string | null => {
    const v = (body as Record<string, unknown> | undefined)?.[field];
    return typeof v === 'string' ? v : fallback;
  };

export const constant = (value: string | null) => () => value;

/** True for responses that carry `api_usage_id` (every v2 JSON response). */
export const isV2 = (url: string): boolean => url.startsWith('/api/v2/');
