import { describe, expect, it } from 'vitest';
import type { NameSearcher } from '../../domain/screening.js';
import { ListState } from '../list-state.js';
import { HealthService } from './health-service.js';

const health = (lists: ListState) =>
  new HealthService({
    store: { ping: async () => undefined },
    lists,
    rateLimiter: { backend: 'memory', fallback: () => null },
    readinessTimeoutMs: 500,
  });

describe('readiness', () => {
  it('is not ready while the carried lists are loaded but their name index is not built (screening would answer 503)', async () => {
    const lists = new ListState(['test_list']);
    lists.markLoaded({
      slug: 'test_list',
      recordCount: 3,
      dataDate: null,
      loadedAt: new Date().toISOString(),
    });
    expect(await health(lists).readiness()).toMatchObject({
      status: 'not_ready',
      problems: ['name index not built yet'],
    });
    lists.searcher = {} as NameSearcher;
    expect(await health(lists).readiness()).toEqual({
      status: 'ready',
      problems: [],
      warnings: [],
      rate_limits: 'memory',
    });
  });

  it('names the lists not loaded first (the index cannot be built before them)', async () => {
    const lists = new ListState(['test_list']);
    expect((await health(lists).readiness()).problems).toEqual(['lists not loaded: test_list']);
  });
});
