// Batching, concurrency, the single retry and degraded outcomes, with an in-memory analyst.
import { describe, expect, it } from 'vitest';
import {
  AnalysisError,
  type Analyst,
  type ArticleForAnalysis,
  type ModelAssessment,
} from '../../adverse-media/llm/analyst.js';
import { analyseArticles, batchSizes, mapWithLimit } from './analyse-articles.js';

const articles = (n: number): ArticleForAnalysis[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `a${i + 1}`,
    title: `t${i}`,
    domain: null,
    publishedDate: null,
    text: `text ${i}`,
  }));
const unrelated = (id: string): ModelAssessment => ({
  id,
  about_subject: false,
  role: 'unrelated',
  severity: 'none',
  categories: [],
  attributed_to: null,
  evidence: null,
  note: '',
});
const subject = { name: 'Ivan Petrov', context: null };
const opts = { concurrency: 4, retryDelayMs: 1 };

describe('batchSizes', () => {
  it('3 to 5 articles a batch, as even as possible', () => {
    expect(batchSizes(0)).toEqual([]);
    expect(batchSizes(2)).toEqual([2]);
    expect(batchSizes(5)).toEqual([5]);
    expect(batchSizes(6)).toEqual([3, 3]);
    expect(batchSizes(7)).toEqual([4, 3]);
    expect(batchSizes(11)).toEqual([4, 4, 3]);
    expect(batchSizes(20)).toEqual([5, 5, 5, 5]);
    for (let n = 6; n <= 20; n++) for (const s of batchSizes(n)) expect(s).toBeGreaterThanOrEqual(3);
  });
});

describe('mapWithLimit', () => {
  it('never runs more than the limit at once and keeps the order', async () => {
    let running = 0;
    let peak = 0;
    const out = await mapWithLimit([1, 2, 3, 4, 5, 6, 7], 3, async (x) => {
      peak = Math.max(peak, ++running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      return x * 2;
    });
    expect(out).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(peak).toBe(3);
  });
});

describe('analyseArticles', () => {
  it('ok: every batch judged, batches in flight together', async () => {
    let running = 0;
    let peak = 0;
    const seen: number[] = [];
    const analyst: Analyst = {
      async assessBatch(_s, batch) {
        seen.push(batch.length);
        peak = Math.max(peak, ++running);
        await new Promise((r) => setTimeout(r, 10));
        running--;
        return batch.map((a) => unrelated(a.id));
      },
    };
    const out = await analyseArticles(analyst, subject, articles(20), opts);
    expect(out.status).toBe('ok');
    expect(out.error).toBeNull();
    expect(out.labels.every((l) => l !== null)).toBe(true);
    expect(seen).toEqual([5, 5, 5, 5]);
    expect(peak).toBe(4);
  });

  it('retries a failed batch once; a second failure leaves it unjudged (partial)', async () => {
    const tries = new Map<string, number>();
    const analyst: Analyst = {
      async assessBatch(_s, batch) {
        const key = batch[0]!.id;
        tries.set(key, (tries.get(key) ?? 0) + 1);
        if (key === 'a1' && tries.get(key) === 1)
          throw new AnalysisError('busy', 'the analysis model was busy');
        if (key === 'a6')
          throw new AnalysisError('invalid_output', 'the analysis answer was invalid: not JSON');
        return batch.map((a) => unrelated(a.id));
      },
    };
    const out = await analyseArticles(analyst, subject, articles(10), opts);
    expect(tries.get('a1')).toBe(2);
    expect(tries.get('a6')).toBe(2);
    expect(out.status).toBe('partial');
    expect(out.labels.slice(5)).toEqual([null, null, null, null, null]);
    expect(out.error).toBe(
      'analysis failed for 1 of 2 batches after a retry (5 of 10 articles not assessed): the analysis answer was invalid: not JSON',
    );
  });

  it('unavailable when every batch fails or no analyst is configured; nothing to judge is ok', async () => {
    const failing: Analyst = {
      assessBatch: async () => {
        throw new AnalysisError('timeout', 'the analysis model timed out');
      },
    };
    expect((await analyseArticles(failing, subject, articles(3), opts)).status).toBe('unavailable');
    const none = await analyseArticles(null, subject, articles(3), opts);
    expect(none).toMatchObject({ status: 'unavailable', error: 'analysis is not configured on this server' });
    expect(await analyseArticles(failing, subject, [], opts)).toEqual({
      labels: [],
      status: 'ok',
      error: null,
    });
  });
});
