// Sign-up, sign-in, sessions and API keys: the account use cases behind /api/auth, /api/keys and the CLI.
import { v7 as uuidv7 } from 'uuid';
import type { ApiKey, Principal } from '../../domain/accounts.js';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../errors.js';
import type { Store } from '../../store/store.js';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './passwords.js';
import {
  API_KEY_PREFIX,
  SESSION_TOKEN_PREFIX,
  VISIBLE_PREFIX_LENGTH,
  hashSecret,
  newSecret,
} from './secrets.js';

/** Settings the account rules depend on. */
export interface AccountsOptions {
  readonly signupOpen: boolean;
  readonly sessionTtlHours: number;
  readonly defaultRateLimitPerMinute: number;
  readonly now?: () => Date;
}

/** A newly issued session token; the token itself is never stored. */
export interface IssuedSession {
  readonly token: string;
  readonly expires_at: string;
}

/** A newly created API key: the only moment the full key is visible. */
export interface CreatedApiKey {
  readonly id: string;
  readonly key: string;
  readonly prefix: string;
  readonly name: string;
  readonly rate_limit_per_minute: number | null;
  readonly created_at: string;
}

/** The public view of a key (never the hash). */
export interface ApiKeyView {
  readonly id: string;
  readonly name: string;
  readonly prefix: string;
  readonly rate_limit_per_minute: number | null;
  readonly created_at: string;
  readonly last_used_at: string | null;
  readonly revoked_at: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_PASSWORD = 10;
const MAX_PASSWORD = 256;
const LAST_USED_FLUSH_MS = 30_000;
// Keys are looked up on every call; a short cache takes that query off the hot path. A revocation clears it
// at once in this process; other processes see it within this time.
const KEY_CACHE_MS = 5_000;
const KEY_CACHE_MAX = 10_000;

export class AccountsService {
  readonly #store: Store;
  readonly #opts: AccountsOptions;
  readonly #now: () => Date;
  readonly #dummyHash: Promise<string>;
  // Last-used times are buffered and flushed in batches so authentication costs no write per request.
  readonly #lastUsed = new Map<string, string>();
  readonly #keyCache = new Map<string, { principal: Principal | null; until: number }>();
  #flushTimer: NodeJS.Timeout | null = null;

  constructor(store: Store, opts: AccountsOptions) {
    this.#store = store;
    this.#opts = opts;
    this.#now = opts.now ?? (() => new Date());
    this.#dummyHash = DUMMY_HASH_PROMISE();
  }

  async createUser(email: string, password: string, isAdmin = false): Promise<{ id: string; email: string }> {
    const normalised = normaliseEmail(email);
    checkPassword(password);
    if (await this.#store.findUserByEmail(normalised))
      throw conflict(`a user with email ${normalised} already exists`);
    const user = {
      id: uuidv7(),
      email: normalised,
      passwordHash: await hashPassword(password),
      isAdmin,
      createdAt: this.#now().toISOString(),
      rateLimitPerMinute: null,
    };
    try {
      await this.#store.insertUser(user);
    } catch (err) {
      // A concurrent sign-up with the same email loses on the unique index.
      if (await this.#store.findUserByEmail(normalised))
        throw conflict(`a user with email ${normalised} already exists`);
      throw err;
    }
    return { id: user.id, email: user.email };
  }

  async setAdmin(email: string, isAdmin: boolean): Promise<void> {
    const user = await this.#store.findUserByEmail(normaliseEmail(email));
    if (!user) throw notFound(`no user with email ${email}`);
    await this.#store.setUserAdmin(user.id, isAdmin);
  }

  /**
   * Sets a user's per-minute budget across all of their keys and sessions (null: back to the default). An
   * operator's act (CLI); cached keys pick it up within the key cache's few seconds.
   */
  async setUserRateLimit(email: string, perMinute: number | null): Promise<void> {
    const user = await this.#store.findUserByEmail(normaliseEmail(email));
    if (!user) throw notFound(`no user with email ${email}`);
    await this.#store.setUserRateLimit(user.id, perMinute);
    this.#keyCache.clear();
  }

  /** The signed-in user as the dashboard shows them. */
  async me(principal: Principal): Promise<{ id: string; email: string; is_admin: boolean }> {
    const user = await this.#store.findUserById(principal.userId);
    if (!user) throw unauthorized('the signed-in user no longer exists; sign in again');
    return { id: user.id, email: user.email, is_admin: principal.isAdmin };
  }

  async signup(email: string, password: string): Promise<IssuedSession> {
    if (!this.#opts.signupOpen)
      throw forbidden('sign-up is closed on this server; ask an administrator for an account');
    const user = await this.createUser(email, password, false);
    return this.#issueSession(user.id);
  }

  async login(email: string, password: string): Promise<IssuedSession> {
    const user = await this.#store.findUserByEmail(normaliseEmail(email, false));
    const ok = await verifyPassword(password, user?.passwordHash ?? (await this.#dummyHash));
    if (!user || !ok) throw unauthorized('invalid email or password');
    return this.#issueSession(user.id);
  }

  async logout(principal: Principal): Promise<void> {
    if (principal.kind !== 'session')
      throw badRequest('logout ends a bearer-token session; API keys are revoked instead');
    await this.#store.revokeSession(principal.sessionId, this.#now().toISOString());
  }

  /** Resolves a bearer token to its session, or null when unknown, revoked or expired. */
  async authenticateBearer(token: string): Promise<Principal | null> {
    if (!token.startsWith(SESSION_TOKEN_PREFIX)) return null;
    const session = await this.#store.findSessionByTokenHash(hashSecret(token));
    if (!session || session.revokedAt !== null || session.expiresAt <= this.#now().toISOString()) return null;
    return {
      kind: 'session',
      userId: session.userId,
      sessionId: session.id,
      userRateLimitPerMinute: session.ownerRateLimitPerMinute,
      isAdmin: session.ownerIsAdmin,
    };
  }

  /** Resolves an API key, or null when unknown or revoked. */
  async authenticateApiKey(key: string): Promise<Principal | null> {
    if (!key.startsWith(API_KEY_PREFIX)) return null;
    const hash = hashSecret(key);
    const now = Date.now();
    const cached = this.#keyCache.get(hash);
    let principal: Principal | null;
    if (cached && cached.until > now) principal = cached.principal;
    else {
      const found = await this.#store.findApiKeyByHash(hash);
      principal =
        !found || found.revokedAt !== null
          ? null
          : {
              kind: 'api_key',
              userId: found.userId,
              apiKeyId: found.id,
              rateLimitPerMinute: found.rateLimitPerMinute,
              userRateLimitPerMinute: found.ownerRateLimitPerMinute,
              isAdmin: found.ownerIsAdmin,
            };
      if (this.#keyCache.size >= KEY_CACHE_MAX) this.#keyCache.clear();
      this.#keyCache.set(hash, { principal, until: now + KEY_CACHE_MS });
    }
    if (principal?.kind === 'api_key') this.#noteUsed(principal.apiKeyId);
    return principal;
  }

  async createApiKey(
    owner: { userId: string; isAdmin: boolean },
    input: { name: string; rateLimitPerMinute?: number | null },
  ): Promise<CreatedApiKey> {
    const name = input.name.trim();
    if (name === '') throw badRequest('name must not be blank');
    if (name.length > 100) throw badRequest('name must be at most 100 characters');
    const limit = input.rateLimitPerMinute ?? null;
    if (limit !== null && !owner.isAdmin && limit > this.#opts.defaultRateLimitPerMinute)
      throw forbidden(
        `only an admin may set rate_limit_per_minute above the default of ${this.#opts.defaultRateLimitPerMinute}`,
      );
    const key = newSecret(API_KEY_PREFIX);
    const record: ApiKey = {
      id: uuidv7(),
      userId: owner.userId,
      name,
      prefix: key.slice(0, VISIBLE_PREFIX_LENGTH),
      keyHash: hashSecret(key),
      rateLimitPerMinute: limit,
      createdAt: this.#now().toISOString(),
      lastUsedAt: null,
      revokedAt: null,
    };
    await this.#store.insertApiKey(record);
    return {
      id: record.id,
      key,
      prefix: record.prefix,
      name,
      rate_limit_per_minute: limit,
      created_at: record.createdAt,
    };
  }

  /** Creates a key for a user named by email (CLI). */
  async createApiKeyFor(
    email: string,
    input: { name: string; rateLimitPerMinute?: number | null },
  ): Promise<CreatedApiKey> {
    const user = await this.#store.findUserByEmail(normaliseEmail(email));
    if (!user) throw notFound(`no user with email ${email}`);
    // The operator at the CLI acts as admin.
    return this.createApiKey({ userId: user.id, isAdmin: true }, input);
  }

  async listApiKeys(userId: string): Promise<ApiKeyView[]> {
    await this.flushLastUsed();
    return (await this.#store.listApiKeys(userId)).map(viewKey);
  }

  async listApiKeysFor(email: string): Promise<ApiKeyView[]> {
    const user = await this.#store.findUserByEmail(normaliseEmail(email));
    if (!user) throw notFound(`no user with email ${email}`);
    return this.listApiKeys(user.id);
  }

  async revokeApiKey(userId: string, keyId: string): Promise<void> {
    const done = await this.#store.revokeApiKey(keyId, userId, this.#now().toISOString());
    if (!done) throw notFound(`no active API key ${keyId}`);
    this.#keyCache.clear();
  }

  /** Revokes any key by id (CLI, operator). */
  async revokeApiKeyById(keyId: string): Promise<void> {
    const key = await this.#store.findApiKeyById(keyId);
    if (!key) throw notFound(`no API key ${keyId}`);
    return this.revokeApiKey(key.userId, keyId);
  }

  async flushLastUsed(): Promise<void> {
    if (this.#lastUsed.size === 0) return;
    const batch = new Map(this.#lastUsed);
    this.#lastUsed.clear();
    await this.#store.touchApiKeys(batch);
  }

  async close(): Promise<void> {
    if (this.#flushTimer) clearTimeout(this.#flushTimer);
    this.#flushTimer = null;
    await this.flushLastUsed();
  }

  async #issueSession(userId: string): Promise<IssuedSession> {
    const token = newSecret(SESSION_TOKEN_PREFIX);
    const now = this.#now();
    const expiresAt = new Date(now.getTime() + this.#opts.sessionTtlHours * 3_600_000).toISOString();
    await this.#store.insertSession({
      id: uuidv7(),
      userId,
      tokenHash: hashSecret(token),
      createdAt: now.toISOString(),
      expiresAt,
      revokedAt: null,
    });
    return { token, expires_at: expiresAt };
  }

  #noteUsed(keyId: string): void {
    this.#lastUsed.set(keyId, this.#now().toISOString());
    if (this.#flushTimer) return;
    this.#flushTimer = setTimeout(() => {
      this.#flushTimer = null;
      this.flushLastUsed().catch(() => undefined);
    }, LAST_USED_FLUSH_MS);
    this.#flushTimer.unref();
  }
}

function normaliseEmail(email: string, strict = true): string {
  const e = email.trim().toLowerCase();
  if (strict && (!EMAIL.test(e) || e.length > 254))
    throw new AppError('bad_request', 'email must be a valid address');
  return e;
}

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD)
    throw badRequest(`password must be at least ${MIN_PASSWORD} characters`);
  if (password.length > MAX_PASSWORD) throw badRequest(`password must be at most ${MAX_PASSWORD} characters`);
}

function viewKey(k: ApiKey): ApiKeyView {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    rate_limit_per_minute: k.rateLimitPerMinute,
    created_at: k.createdAt,
    last_used_at: k.lastUsedAt,
    revoked_at: k.revokedAt,
  };
}
