// Spends one request of each budget a call draws on and sets the RateLimit headers (IETF draft) on every response.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimitedError } from '../../errors.js';
import type { RateDecision, RateLimiter } from '../../rate-limit/rate-limiter.js';

/** One per-minute budget: its key in the limiter, its size, and whose it is (for the 429 message). */
export interface Budget {
  readonly key: string;
  readonly limit: number;
  readonly scope: 'key' | 'user' | 'address';
}

/**
 * The budgets a call spends: an API key call its key's own (its limit or the default) and its user's across
 * all keys (the user's limit or the default); a bearer call its user's; an unauthenticated route the address's.
 */
export function budgetsFor(
  req: FastifyRequest,
  scope: 'principal' | 'ip',
  limits: { defaultPerMinute: number; accountPerMinute: number },
): Budget[] {
  const p = req.principal;
  if (scope === 'principal' && p) {
    const user: Budget = {
      key: `user:${p.userId}`,
      limit: p.userRateLimitPerMinute ?? limits.defaultPerMinute,
      scope: 'user',
    };
    if (p.kind === 'api_key')
      return [
        { key: `key:${p.apiKeyId}`, limit: p.rateLimitPerMinute ?? limits.defaultPerMinute, scope: 'key' },
        user,
      ];
    return [user];
  }
  return [{ key: `ip:${req.ip}`, limit: limits.accountPerMinute, scope: 'address' }];
}

/** The budget of calls refused for missing or invalid credentials, per client address. */
export const rejectedBudget = (req: FastifyRequest, perMinute: number): Budget => ({
  key: `rejected:${req.ip}`,
  limit: perMinute,
  scope: 'address',
});

/**
 * Spends from each budget in turn (stopping at the first that is spent, so a refused call costs the others
 * nothing), sets the headers of the tightest, and throws 429 naming the budget that ran out. Returns the key of
 * the budget that refused, for the throttled-burst record, by throwing; resolves when every budget allowed.
 */
export async function enforceRateLimit(
  reply: FastifyReply,
  limiter: RateLimiter,
  budgets: readonly Budget[],
): Promise<void> {
  let tightest: RateDecision | null = null;
  for (const budget of budgets) {
    const d = await limiter.consume(budget.key, budget.limit);
    if (!tightest || !d.allowed || d.remaining < tightest.remaining) tightest = d;
    if (!d.allowed) {
      setHeaders(reply, d);
      throw new RateLimitedError(d.resetSeconds, d.limit, budget.key, SCOPE_WORDS[budget.scope]);
    }
  }
  if (tightest) setHeaders(reply, tightest);
}

const SCOPE_WORDS: Record<Budget['scope'], string> = {
  key: 'for this API key',
  user: "for this user's keys and sessions together",
  address: 'for calls from this address',
};

function setHeaders(reply: FastifyReply, d: RateDecision): void {
  reply.header('RateLimit-Limit', d.limit);
  reply.header('RateLimit-Remaining', d.remaining);
  reply.header('RateLimit-Reset', d.resetSeconds);
  reply.header('RateLimit-Policy', `${d.limit};w=60`);
}
