// Spends one request of the caller's per-minute budget and sets the RateLimit headers (IETF draft) on every response.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimitedError } from '../../errors.js';
import type { RateLimiter } from '../../rate-limit/rate-limiter.js';

/** Budget key and size for a call: per API key (its own limit or the default), per user for bearer calls, per address otherwise. */
export function budgetFor(
  req: FastifyRequest,
  scope: 'principal' | 'ip',
  limits: { defaultPerMinute: number; accountPerMinute: number },
): { key: string; limit: number } {
  const p = req.principal;
  if (scope === 'principal' && p) {
    if (p.kind === 'api_key')
      return { key: `key:${p.apiKeyId}`, limit: p.rateLimitPerMinute ?? limits.defaultPerMinute };
    return { key: `user:${p.userId}`, limit: limits.defaultPerMinute };
  }
  return { key: `ip:${req.ip}`, limit: limits.accountPerMinute };
}

export async function enforceRateLimit(
  req: FastifyRequest,
  reply: FastifyReply,
  limiter: RateLimiter,
  budget: { key: string; limit: number },
): Promise<void> {
  const d = await limiter.consume(budget.key, budget.limit);
  reply.header('RateLimit-Limit', d.limit);
  reply.header('RateLimit-Remaining', d.remaining);
  reply.header('RateLimit-Reset', d.resetSeconds);
  reply.header('RateLimit-Policy', `${d.limit};w=60`);
  if (!d.allowed) throw new RateLimitedError(d.resetSeconds, d.limit);
}
