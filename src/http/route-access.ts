// Per-route access rules (who may call, whether it is metered) carried in Fastify's route config.
import type { Principal } from '../domain/accounts.js';
import type { ScreeningBasis } from '../domain/usage.js';

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
  /**
   * What the usage record keeps of the response: the body (default, up to the stored-body cap), or only its
   * size and hash with the reason (reads of the trail itself, which would otherwise copy the trail into it).
   */
  readonly storeResponse?: { readonly digestBecause: string };
}

/** The in-flight usage record of a metered call. */
export interface UsageContext {
  readonly id: string;
  readonly createdAt: string;
  readonly startedAt: number;
  /** A throttled call inside a burst: no record of its own, `id` names the burst's first record. */
  readonly inBurst?: boolean;
  /** The response object before serialisation (preSerialization), read for the record's outcome. */
  readonly responseValue?: unknown;
  /** Set by a screening use case: the list versions and engine it ran on, kept in the record. */
  basis?: ScreeningBasis;
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
