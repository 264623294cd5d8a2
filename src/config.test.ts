// Config: defaults, one error naming every bad variable, frozen result.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('gives the documented defaults on an empty environment', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: null,
      redisUrl: null,
      defaultRateLimitPerMinute: 60,
      maxBulkItems: 10_000,
      bodyLimitBytes: 5 * 1024 * 1024,
      signupOpen: true,
      bulkWorker: true,
      bulkWorkerThreads: 2,
    });
    expect(() => loadConfig({ SCREENING_BULK_WORKER_THREADS: '0' })).toThrow(/SCREENING_BULK_WORKER_THREADS/);
    expect(c.dataDir.endsWith('/data')).toBe(true);
    expect(c.search.provider).toBe('tavily');
  });

  it('reads every variable it documents', () => {
    const c = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@h:5432/db',
      REDIS_URL: 'redis://127.0.0.1:6379',
      SCREENING_RATE_LIMIT_PER_MINUTE: '120',
      SCREENING_SIGNUP_OPEN: 'false',
      SEARCH_PROVIDER: 'brave',
      LLM_MODEL: 'gpt-4o-mini',
    });
    expect(c).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://u@h:5432/db',
      defaultRateLimitPerMinute: 120,
      signupOpen: false,
    });
    expect(c.search.provider).toBe('brave');
    expect(c.llm.model).toBe('gpt-4o-mini');
  });

  it('reads list download settings: the User-Agent and publisher API keys by slug', () => {
    const c = loadConfig({
      SCREENING_DOWNLOAD_USER_AGENT: 'Acme Bank compliance ops@acme.example',
      SCREENING_LIST_API_KEYS: 'worldbank_debarred=abc123, other_list=x=y',
    });
    expect(c.lists.userAgent).toBe('Acme Bank compliance ops@acme.example');
    expect(c.lists.apiKeys).toEqual({ worldbank_debarred: 'abc123', other_list: 'x=y' });
    expect(loadConfig({}).lists.apiKeys).toEqual({});
    expect(() => loadConfig({ SCREENING_LIST_API_KEYS: 'abc123' })).toThrow(
      /SCREENING_LIST_API_KEYS.*slug=key/,
    );
    expect(() => loadConfig({ SCREENING_LIST_API_KEYS: 'Bad Slug=1' })).toThrow(/slug=key/);
  });

  it('reads the database, readiness and Redis bounds; the bulk bound may not be below the API bound', () => {
    expect(loadConfig({})).toMatchObject({
      databaseTimeoutMs: 5_000,
      databaseBulkTimeoutMs: 300_000,
      databaseIdleInTransactionTimeoutMs: 60_000,
      readinessTimeoutMs: 1_000,
      redisTimeoutMs: 1_000,
    });
    const c = loadConfig({
      SCREENING_DATABASE_TIMEOUT_MS: '2000',
      SCREENING_DATABASE_BULK_TIMEOUT_MS: '60000',
      SCREENING_DATABASE_IDLE_IN_TX_TIMEOUT_MS: '30000',
      SCREENING_READINESS_TIMEOUT_MS: '250',
      SCREENING_REDIS_TIMEOUT_MS: '300',
    });
    expect(c).toMatchObject({
      databaseTimeoutMs: 2_000,
      databaseBulkTimeoutMs: 60_000,
      databaseIdleInTransactionTimeoutMs: 30_000,
      readinessTimeoutMs: 250,
      redisTimeoutMs: 300,
    });
    expect(() =>
      loadConfig({ SCREENING_DATABASE_TIMEOUT_MS: '10000', SCREENING_DATABASE_BULK_TIMEOUT_MS: '5000' }),
    ).toThrow(/SCREENING_DATABASE_BULK_TIMEOUT_MS must not be below SCREENING_DATABASE_TIMEOUT_MS/);
    expect(() => loadConfig({ SCREENING_DATABASE_TIMEOUT_MS: '0' })).toThrow(/SCREENING_DATABASE_TIMEOUT_MS/);
  });

  // Evidence (issue 18): the usage trail's retention window, five years unless set.
  it('keeps usage records five years by default; the window is whole days, at least one', () => {
    expect(loadConfig({}).retentionDays).toBe(1826);
    expect(loadConfig({ SCREENING_RETENTION_DAYS: '3650' }).retentionDays).toBe(3650);
    for (const bad of ['0', '-1', '1.5', 'five years'])
      expect(() => loadConfig({ SCREENING_RETENTION_DAYS: bad })).toThrow(/SCREENING_RETENTION_DAYS/);
  });

  it('throws one error naming every bad variable', () => {
    let err: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SCREENING_RATE_LIMIT_PER_MINUTE: '0',
        SEARCH_PROVIDER: 'google',
      });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    const e = err as ConfigError;
    expect(e.problems).toHaveLength(4);
    for (const name of ['PORT', 'DATABASE_URL', 'SCREENING_RATE_LIMIT_PER_MINUTE', 'SEARCH_PROVIDER'])
      expect(e.message).toContain(name);
  });

  it('is frozen, nested parts included', () => {
    const c = loadConfig({});
    expect(Object.isFrozen(c)).toBe(true);
    expect(Object.isFrozen(c.search)).toBe(true);
    expect(() => {
      (c as { port: number }).port = 1;
    }).toThrow();
  });
});

describe('README', () => {
  it('documents every environment variable the service reads', () => {
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../README.md'), 'utf8');
    const missing = CONFIG_VARIABLES.filter((name) => !readme.includes(`\`${name}\``));
    expect(missing).toEqual([]);
  });
});
