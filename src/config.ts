// Reads the environment once, validates every variable, and returns a frozen Config.
// Conventional names stay unprefixed (PORT, DATABASE_URL, ...); everything else starts with SCREENING_.
import path from 'node:path';

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  /** postgres:// URL; when absent the store is SQLite under dataDir. */
  readonly databaseUrl: string | null;
  readonly databasePoolSize: number;
  /** Bound on connecting, waiting for a pooled connection, and each statement of an API call (PostgreSQL). */
  readonly databaseTimeoutMs: number;
  /** Bound on each statement of list ingestion, index loading and migrations (big transactions). */
  readonly databaseBulkTimeoutMs: number;
  /** PostgreSQL ends a session left idle inside a transaction this long (its locks are released). */
  readonly databaseIdleInTransactionTimeoutMs: number;
  /** How long /readyz waits for the store to answer before it reports the database as not answering. */
  readonly readinessTimeoutMs: number;
  /** redis:// URL; when absent rate limits are kept in this process. */
  readonly redisUrl: string | null;
  /** Bound on each Redis command; past it the call is counted by this process's fallback limiter. */
  readonly redisTimeoutMs: number;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  readonly listsDir: string | null;
  readonly search: {
    readonly provider: 'tavily' | 'brave' | 'exa';
    readonly apiKey: string | null;
    readonly baseUrl: string | null;
    readonly timeoutMs: number;
  };
  readonly llm: {
    readonly baseUrl: string | null;
    readonly apiKey: string | null;
    readonly model: string | null;
    /** Analysis batches (3 to 5 articles each) in flight at once per screening. */
    readonly concurrency: number;
    readonly timeoutMs: number;
  };
  readonly signupOpen: boolean;
  readonly sessionTtlHours: number;
  readonly defaultRateLimitPerMinute: number;
  readonly accountRateLimitPerMinute: number;
  /** Per client address: calls refused for missing or invalid credentials, before they are answered 429. */
  readonly unauthenticatedRateLimitPerMinute: number;
  /** The most of a request, response or additional_call_info a usage record keeps; past it, size + SHA-256 + head. */
  readonly usageMaxStoredBytes: number;
  /** When set, GET /metrics requires `Authorization: Bearer <token>`. */
  readonly metricsToken: string | null;
  readonly bodyLimitBytes: number;
  readonly maxBulkItems: number;
  readonly trustProxy: boolean;
  /** Origins (`scheme://host[:port]`) whose pages may call the API cross-origin; empty = no CORS at all. */
  readonly corsOrigins: readonly string[];
  readonly shutdownTimeoutMs: number;
  readonly usageBatchMax: number;
  /** Days a usage record is kept (whole committed batches past it are deleted once a day); default five years. */
  readonly retentionDays: number;
  /** Run bulk name screening and the costly stages of index builds on worker threads (the other cores). */
  readonly bulkWorker: boolean;
  /** Worker threads; they share the index (shared memory). A bulk call or an index build is split among them. */
  readonly bulkWorkerThreads: number;
  readonly webhooks: {
    /** Allow http:// webhook URLs on loopback addresses (tests, same-host receivers); https is required otherwise. */
    readonly allowLoopback: boolean;
    /** Allow webhook URLs resolving to link-local/metadata addresses (169.254.0.0/16, fe80::/10). */
    readonly allowLinkLocal: boolean;
    /** Bound on one delivery POST (connect, send, answer); past it the attempt is retried. */
    readonly timeoutMs: number;
    /** The first retry's delay; each next one doubles (full jitter), capped at an hour, for 24 hours. */
    readonly retryBaseMs: number;
    /** How often the delivery worker looks for due deliveries. */
    readonly pollMs: number;
  };
  readonly lists: {
    /** Source slugs to carry; null = every registered source. */
    readonly enabled: readonly string[] | null;
    /** Minutes between refreshes; 0 disables scheduled and start-up downloads. */
    readonly refreshIntervalMinutes: number;
    /** A refresh whose record count falls by more than this fraction is rejected. */
    readonly maxRecordDrop: number;
    /** A new version removing more than max(minRemoved, removedFraction × current count) entries is held for review. */
    readonly hold: { readonly minRemoved: number; readonly removedFraction: number };
    readonly downloadTimeoutMs: number;
    readonly downloadRetries: number;
    /** Lists refreshed at once (downloads and crawls run side by side; parsing and commits one at a time). */
    readonly downloadConcurrency: number;
    /** Download `<mirror>/<slug>/<file>` instead of the publishers' addresses. */
    readonly mirrorUrl: string | null;
    /** The User-Agent of list downloads and crawls (SEC asks for a contact e-mail in it). */
    readonly userAgent: string;
    /** API keys some publishers require, by list slug (e.g. worldbank_debarred's `apikey` header). */
    readonly apiKeys: Readonly<Record<string, string>>;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/** One variable: its name, default and parser; parsers throw a message naming what is wrong. */
interface Var<T> {
  readonly name: string;
  readonly parse: (raw: string) => T;
  readonly fallback: T;
}

const int = (min: number, max: number) => (raw: string) => {
  if (!/^\d+$/.test(raw.trim())) throw new Error(`must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max) throw new Error(`must be between ${min} and ${max}, got ${n}`);
  return n;
};
const str = (raw: string) => {
  if (raw.trim() === '') throw new Error('must not be blank');
  return raw.trim();
};
const oneOf =
  <T extends string>(...values: T[]) =>
  (raw: string): T => {
    const v = raw.trim().toLowerCase() as T;
    if (!values.includes(v)) throw new Error(`must be one of ${values.join(', ')}, got "${raw}"`);
    return v;
  };
const bool = (raw: string) => {
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new Error(`must be true or false, got "${raw}"`);
};
const url =
  (...protocols: string[]) =>
  (raw: string) => {
    let u: URL;
    try {
      u = new URL(raw.trim());
    } catch {
      throw new Error(`must be a URL, got "${raw}"`);
    }
    if (!protocols.includes(u.protocol)) throw new Error(`must be a ${protocols.join(' or ')} URL`);
    return raw.trim();
  };

const fraction = (raw: string) => {
  const n = Number(raw.trim());
  if (!/^\d*\.?\d+$/.test(raw.trim()) || n < 0 || n > 1)
    throw new Error(`must be a fraction between 0 and 1, got "${raw}"`);
  return n;
};
const slugList = (raw: string) => {
  const items = raw
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const bad = items.filter((x) => !/^[a-z][a-z0-9_]*$/.test(x));
  if (items.length === 0 || bad.length > 0)
    throw new Error(`must be comma-separated list slugs, got "${raw}"`);
  return items;
};

// `slug=key,slug=key`: keys never contain commas or '=' in practice; an entry without '=' is an error.
const slugKeyMap = (raw: string): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const item of raw
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    const eq = item.indexOf('=');
    const slug = item.slice(0, eq).trim();
    const key = item.slice(eq + 1).trim();
    if (eq <= 0 || !/^[a-z][a-z0-9_]*$/.test(slug) || key === '')
      throw new Error('must be comma-separated slug=key pairs (e.g. worldbank_debarred=abc123)');
    out[slug] = key;
  }
  return out;
};

// Exact origins, compared with the Origin header as sent: no wildcard, path, query or trailing slash.
const originList = (raw: string): string[] => {
  const items = raw
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  if (items.length === 0) throw new Error('must be comma-separated origins such as https://app.example.com');
  for (const item of items) {
    let u: URL | null = null;
    try {
      u = new URL(item);
    } catch {
      // reported below
    }
    if (u === null || (u.protocol !== 'https:' && u.protocol !== 'http:') || u.origin !== item)
      throw new Error(
        `must be comma-separated exact origins (scheme://host[:port], no path, no trailing slash, no *), got "${item}"`,
      );
  }
  return [...new Set(items)];
};

const secret = (minLength: number) => (raw: string) => {
  const t = raw.trim();
  if (t.length < minLength) throw new Error(`must be at least ${minLength} characters`);
  if (/\s/.test(t)) throw new Error('must not contain spaces');
  return t;
};

const v = <T>(name: string, parse: (raw: string) => T, fallback: T): Var<T> => ({ name, parse, fallback });

const vars = {
  port: v('PORT', int(0, 65535), 8080),
  host: v('HOST', str, '127.0.0.1'),
  dataDir: v('DATA_DIR', str, './data'),
  databaseUrl: v<string | null>('DATABASE_URL', url('postgres:', 'postgresql:'), null),
  databasePoolSize: v('SCREENING_DATABASE_POOL_SIZE', int(1, 1000), 10),
  databaseTimeoutMs: v('SCREENING_DATABASE_TIMEOUT_MS', int(100, 600_000), 5_000),
  databaseBulkTimeoutMs: v('SCREENING_DATABASE_BULK_TIMEOUT_MS', int(1_000, 86_400_000), 300_000),
  databaseIdleInTransactionTimeoutMs: v(
    'SCREENING_DATABASE_IDLE_IN_TX_TIMEOUT_MS',
    int(1_000, 86_400_000),
    60_000,
  ),
  readinessTimeoutMs: v('SCREENING_READINESS_TIMEOUT_MS', int(50, 60_000), 1_000),
  redisUrl: v<string | null>('REDIS_URL', url('redis:', 'rediss:'), null),
  redisTimeoutMs: v('SCREENING_REDIS_TIMEOUT_MS', int(50, 60_000), 1_000),
  logLevel: v('LOG_LEVEL', oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'), 'info'),
  listsDir: v<string | null>('LISTS_DIR', str, null),
  searchProvider: v('SEARCH_PROVIDER', oneOf('tavily', 'brave', 'exa'), 'tavily'),
  searchApiKey: v<string | null>('SEARCH_API_KEY', str, null),
  searchBaseUrl: v<string | null>('SEARCH_BASE_URL', url('http:', 'https:'), null),
  searchTimeoutMs: v('SCREENING_SEARCH_TIMEOUT_MS', int(100, 120_000), 15_000),
  llmBaseUrl: v<string | null>('LLM_BASE_URL', url('http:', 'https:'), null),
  llmApiKey: v<string | null>('LLM_API_KEY', str, null),
  llmModel: v<string | null>('LLM_MODEL', str, null),
  llmConcurrency: v('SCREENING_LLM_CONCURRENCY', int(1, 64), 4),
  llmTimeoutMs: v('SCREENING_LLM_TIMEOUT_MS', int(100, 600_000), 60_000),
  signupOpen: v('SCREENING_SIGNUP_OPEN', bool, true),
  sessionTtlHours: v('SCREENING_SESSION_TTL_HOURS', int(1, 24 * 90), 12),
  defaultRateLimit: v('SCREENING_RATE_LIMIT_PER_MINUTE', int(1, 10_000_000), 60),
  accountRateLimit: v('SCREENING_ACCOUNT_RATE_LIMIT_PER_MINUTE', int(1, 10_000_000), 30),
  unauthenticatedRateLimit: v('SCREENING_UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE', int(1, 10_000_000), 60),
  usageMaxStoredBytes: v('SCREENING_USAGE_MAX_STORED_BYTES', int(4096, 1024 * 1024 * 1024), 5 * 1024 * 1024),
  metricsToken: v<string | null>('SCREENING_METRICS_TOKEN', secret(16), null),
  bodyLimitBytes: v('SCREENING_BODY_LIMIT_BYTES', int(1024, 100 * 1024 * 1024), 5 * 1024 * 1024),
  maxBulkItems: v('SCREENING_MAX_BULK_ITEMS', int(1, 100_000), 10_000),
  trustProxy: v('SCREENING_TRUST_PROXY', bool, false),
  corsOrigins: v<string[]>('SCREENING_CORS_ORIGINS', originList, []),
  shutdownTimeoutMs: v('SCREENING_SHUTDOWN_TIMEOUT_MS', int(0, 600_000), 10_000),
  usageBatchMax: v('SCREENING_USAGE_BATCH_MAX', int(1, 10_000), 256),
  retentionDays: v('SCREENING_RETENTION_DAYS', int(1, 36_600), 1826),
  bulkWorker: v('SCREENING_BULK_WORKER', bool, true),
  bulkWorkerThreads: v('SCREENING_BULK_WORKER_THREADS', int(1, 64), 2),
  webhookAllowLoopback: v('SCREENING_WEBHOOK_ALLOW_LOOPBACK', bool, false),
  webhookAllowLinkLocal: v('SCREENING_WEBHOOK_ALLOW_LINK_LOCAL', bool, false),
  webhookTimeoutMs: v('SCREENING_WEBHOOK_TIMEOUT_MS', int(100, 120_000), 10_000),
  webhookRetryBaseMs: v('SCREENING_WEBHOOK_RETRY_BASE_MS', int(1, 3_600_000), 30_000),
  webhookPollMs: v('SCREENING_WEBHOOK_POLL_MS', int(10, 600_000), 1_000),
  lists: v<string[] | null>('SCREENING_LISTS', slugList, null),
  refreshMinutes: v('SCREENING_REFRESH_INTERVAL_MINUTES', int(0, 60 * 24 * 30), 360),
  maxRecordDrop: v('SCREENING_MAX_RECORD_DROP', fraction, 0.2),
  holdMinRemoved: v('SCREENING_HOLD_MIN_REMOVED', int(0, 100_000_000), 25),
  holdRemovedFraction: v('SCREENING_HOLD_REMOVED_FRACTION', fraction, 0.01),
  downloadTimeoutMs: v('SCREENING_DOWNLOAD_TIMEOUT_MS', int(1000, 3_600_000), 300_000),
  downloadRetries: v('SCREENING_DOWNLOAD_RETRIES', int(0, 10), 3),
  downloadConcurrency: v('SCREENING_DOWNLOAD_CONCURRENCY', int(1, 32), 4),
  mirrorUrl: v<string | null>('SCREENING_LISTS_MIRROR_URL', url('http:', 'https:'), null),
  downloadUserAgent: v(
    'SCREENING_DOWNLOAD_USER_AGENT',
    str,
    'screening-service/0.1 (compliance list ingestion)',
  ),
  listApiKeys: v<Record<string, string>>('SCREENING_LIST_API_KEYS', slugKeyMap, {}),
} as const;

/** Every variable the service reads, for the README and `--help`. */
export const CONFIG_VARIABLES: readonly string[] = Object.values(vars).map((x) => x.name);

export function loadConfig(env: Env): Config {
  const problems: string[] = [];
  const read = <T>(spec: Var<T>): T => {
    const raw = env[spec.name];
    if (raw === undefined || raw === '') return spec.fallback;
    try {
      return spec.parse(raw);
    } catch (err) {
      problems.push(`${spec.name} ${(err as Error).message}`);
      return spec.fallback;
    }
  };
  const cfg: Config = {
    port: read(vars.port),
    host: read(vars.host),
    dataDir: path.resolve(read(vars.dataDir)),
    databaseUrl: read(vars.databaseUrl),
    databasePoolSize: read(vars.databasePoolSize),
    databaseTimeoutMs: read(vars.databaseTimeoutMs),
    databaseBulkTimeoutMs: read(vars.databaseBulkTimeoutMs),
    databaseIdleInTransactionTimeoutMs: read(vars.databaseIdleInTransactionTimeoutMs),
    readinessTimeoutMs: read(vars.readinessTimeoutMs),
    redisUrl: read(vars.redisUrl),
    redisTimeoutMs: read(vars.redisTimeoutMs),
    logLevel: read(vars.logLevel),
    listsDir: ((d) => (d === null ? null : path.resolve(d)))(read(vars.listsDir)),
    search: {
      provider: read(vars.searchProvider),
      apiKey: read(vars.searchApiKey),
      baseUrl: read(vars.searchBaseUrl),
      timeoutMs: read(vars.searchTimeoutMs),
    },
    llm: {
      baseUrl: read(vars.llmBaseUrl),
      apiKey: read(vars.llmApiKey),
      model: read(vars.llmModel),
      concurrency: read(vars.llmConcurrency),
      timeoutMs: read(vars.llmTimeoutMs),
    },
    signupOpen: read(vars.signupOpen),
    sessionTtlHours: read(vars.sessionTtlHours),
    defaultRateLimitPerMinute: read(vars.defaultRateLimit),
    accountRateLimitPerMinute: read(vars.accountRateLimit),
    unauthenticatedRateLimitPerMinute: read(vars.unauthenticatedRateLimit),
    usageMaxStoredBytes: read(vars.usageMaxStoredBytes),
    metricsToken: read(vars.metricsToken),
    bodyLimitBytes: read(vars.bodyLimitBytes),
    maxBulkItems: read(vars.maxBulkItems),
    trustProxy: read(vars.trustProxy),
    corsOrigins: read(vars.corsOrigins),
    shutdownTimeoutMs: read(vars.shutdownTimeoutMs),
    usageBatchMax: read(vars.usageBatchMax),
    retentionDays: read(vars.retentionDays),
    bulkWorker: read(vars.bulkWorker),
    bulkWorkerThreads: read(vars.bulkWorkerThreads),
    webhooks: {
      allowLoopback: read(vars.webhookAllowLoopback),
      allowLinkLocal: read(vars.webhookAllowLinkLocal),
      timeoutMs: read(vars.webhookTimeoutMs),
      retryBaseMs: read(vars.webhookRetryBaseMs),
      pollMs: read(vars.webhookPollMs),
    },
    lists: {
      enabled: read(vars.lists),
      refreshIntervalMinutes: read(vars.refreshMinutes),
      maxRecordDrop: read(vars.maxRecordDrop),
      hold: { minRemoved: read(vars.holdMinRemoved), removedFraction: read(vars.holdRemovedFraction) },
      downloadTimeoutMs: read(vars.downloadTimeoutMs),
      downloadRetries: read(vars.downloadRetries),
      downloadConcurrency: read(vars.downloadConcurrency),
      mirrorUrl: read(vars.mirrorUrl),
      userAgent: read(vars.downloadUserAgent),
      apiKeys: read(vars.listApiKeys),
    },
  };
  if (cfg.databaseBulkTimeoutMs < cfg.databaseTimeoutMs)
    problems.push(
      `${vars.databaseBulkTimeoutMs.name} must not be below ${vars.databaseTimeoutMs.name} (${cfg.databaseTimeoutMs})`,
    );
  if (problems.length > 0) throw new ConfigError(problems);
  return deepFreeze(cfg);
}

function deepFreeze<T extends object>(o: T): T {
  for (const value of Object.values(o)) if (value && typeof value === 'object') deepFreeze(value);
  return Object.freeze(o);
}

/** The process environment's config: for entry points only (the CLI); everything else is handed a Config. */
export function loadConfigFromProcess(): Config {
  return loadConfig(process.env);
}
