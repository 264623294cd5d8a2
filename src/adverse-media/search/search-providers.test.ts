// Each provider adapter against a loopback server: the documented request, normalised hits, and every failure
// mapped to unreachable (502), busy (503) or timeout (504) with a message that names no provider.
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchUnavailableError } from '../../errors.js';
import { loopbackServer, type LoopbackServer } from '../../test-support/loopback-server.js';
import { BraveSearch } from './brave-search.js';
import { ExaSearch } from './exa-search.js';
import { failureForStatus } from './fetch-provider-json.js';
import type { SearchRequest } from './search-provider.js';
import { createSearchProvider } from './search-providers.js';
import { TavilySearch } from './tavily-search.js';

const REQ: SearchRequest = {
  query: '"Ivan Petrov" (fraud OR bribery)',
  maxResults: 5,
  topic: 'general',
  depth: 'advanced',
  timeRange: null,
  startDate: '2024-01-01',
  endDate: '2024-12-31',
  country: 'russia',
  includeDomains: ['reuters.com'],
  excludeDomains: ['spam.example'],
};

let server: LoopbackServer;
let last: { url: string; headers: http.IncomingHttpHeaders; body: string };
let answer: { status: number; body: string; delayMs?: number };

beforeAll(async () => {
  server = await loopbackServer();
  const handler = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = '';
    for await (const c of req) body += c;
    last = { url: req.url ?? '', headers: req.headers, body };
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(answer.body);
  };
  for (const p of ['/search', '/res/v1/news/search']) server.routes.set(p, handler);
});
afterAll(() => server.close());

// A generous bound for calls that should succeed (a loaded CI machine must not turn them into timeouts); the
// timeout test sets its own short one.
const opts = (timeoutMs = 10_000) => ({ apiKey: 'k-123', baseUrl: server.url, timeoutMs });

async function failure(p: Promise<unknown>): Promise<SearchUnavailableError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SearchUnavailableError);
  const e = err as SearchUnavailableError;
  expect(e.message).not.toMatch(/tavily|brave|exa|127\.0\.0\.1/i);
  return e;
}

describe('Tavily', () => {
  it('sends the documented body with a Bearer key and normalises results', async () => {
    answer = {
      status: 200,
      body: JSON.stringify({
        results: [
          {
            title: 'T',
            url: 'https://reuters.com/a',
            content: 'C',
            score: 0.91,
            published_date: 'Tue, 04 Mar 2025 10:00:00 GMT',
          },
          { title: 'U', url: 'https://reuters.com/b', content: 'D', score: 2 },
        ],
      }),
    };
    const hits = await new TavilySearch(opts()).search(REQ);
    expect(last.headers.authorization).toBe('Bearer k-123');
    expect(JSON.parse(last.body)).toEqual({
      query: REQ.query,
      topic: 'general',
      search_depth: 'advanced',
      max_results: 5,
      include_answer: false,
      include_raw_content: false,
      include_images: false,
      start_date: '2024-01-01',
      end_date: '2024-12-31',
      country: 'russia',
      include_domains: ['reuters.com'],
      exclude_domains: ['spam.example'],
    });
    expect(hits).toEqual([
      { title: 'T', url: 'https://reuters.com/a', snippet: 'C', publishedAt: '2025-03-04', relevance: 0.91 },
      { title: 'U', url: 'https://reuters.com/b', snippet: 'D', publishedAt: null, relevance: 1 },
    ]);
  });

  it.each([
    [400, 'upstream_unreachable'],
    [401, 'upstream_unreachable'],
    [429, 'upstream_busy'],
    [432, 'upstream_busy'],
    [433, 'upstream_busy'],
    [500, 'upstream_unreachable'],
    [503, 'upstream_busy'],
    [504, 'upstream_timeout'],
  ])('HTTP %i is %s', async (status, code) => {
    answer = { status, body: '{"detail":{"error":"Tavily says no"}}' };
    expect((await failure(new TavilySearch(opts()).search(REQ))).code).toBe(code);
  });

  it('a slow answer is a timeout, a refused connection or a non-JSON body unreachable', async () => {
    answer = { status: 200, body: '{"results":[]}', delayMs: 3000 };
    expect((await failure(new TavilySearch(opts(300)).search(REQ))).code).toBe('upstream_timeout');
    answer = { status: 200, body: '<html>gateway</html>' };
    expect((await failure(new TavilySearch(opts()).search(REQ))).code).toBe('upstream_unreachable');
    answer = { status: 200, body: '{"results":"nope"}' };
    expect((await failure(new TavilySearch(opts()).search(REQ))).code).toBe('upstream_unreachable');
    const closed = await loopbackServer();
    const url = closed.url;
    await closed.close();
    const err = await failure(new TavilySearch({ ...opts(), baseUrl: url }).search(REQ));
    expect(err.code).toBe('upstream_unreachable');
  });
});

describe('Brave news', () => {
  it('sends the query with site: operators and freshness, and reads results', async () => {
    answer = {
      status: 200,
      body: JSON.stringify({
        type: 'news',
        results: [
          {
            title: '<strong>Ivan Petrov</strong> fined',
            url: 'https://ft.com/x',
            description: 'Petrov &amp; partners were fined.',
            page_age: '2025-02-01T10:00:00',
            extra_snippets: ['More text.'],
          },
        ],
      }),
    };
    const hits = await new BraveSearch(opts()).search({ ...REQ, country: 'ru' });
    expect(last.headers['x-subscription-token']).toBe('k-123');
    const params = new URL(last.url, 'http://x').searchParams;
    expect(params.get('q')).toBe(`${REQ.query} (site:reuters.com) -site:spam.example`);
    expect(params.get('count')).toBe('5');
    expect(params.get('freshness')).toBe('2024-01-01to2024-12-31');
    expect(params.get('country')).toBe('RU');
    expect(hits).toEqual([
      {
        title: 'Ivan Petrov fined',
        url: 'https://ft.com/x',
        snippet: 'Petrov & partners were fined. More text.',
        publishedAt: '2025-02-01',
        relevance: null,
      },
    ]);
    expect(
      BraveSearch.params({ ...REQ, timeRange: 'week', startDate: null, endDate: null }).get('freshness'),
    ).toBe('pw');
  });

  it('maps 429 to busy', async () => {
    answer = { status: 429, body: '{}' };
    expect((await failure(new BraveSearch(opts()).search(REQ))).code).toBe('upstream_busy');
  });
});

describe('Exa', () => {
  it('sends the documented body with x-api-key and reads text, date and score', async () => {
    answer = {
      status: 200,
      body: JSON.stringify({
        results: [
          {
            title: 'T',
            url: 'https://x.example/1',
            publishedDate: '2025-01-05T00:00:00.000Z',
            text: 'Body',
            score: 0.4,
          },
        ],
      }),
    };
    const hits = await new ExaSearch(opts()).search({ ...REQ, topic: 'news', country: null });
    expect(last.headers['x-api-key']).toBe('k-123');
    expect(JSON.parse(last.body)).toEqual({
      query: REQ.query,
      numResults: 5,
      type: 'deep',
      contents: { text: { maxCharacters: 1500 } },
      category: 'news',
      startPublishedDate: '2024-01-01T00:00:00.000Z',
      endPublishedDate: '2024-12-31T23:59:59.999Z',
      includeDomains: ['reuters.com'],
      excludeDomains: ['spam.example'],
    });
    expect(hits).toEqual([
      { title: 'T', url: 'https://x.example/1', snippet: 'Body', publishedAt: '2025-01-05', relevance: 0.4 },
    ]);
    const body = ExaSearch.body(
      { ...REQ, timeRange: 'day', startDate: null },
      new Date('2025-03-02T00:00:00Z'),
    );
    expect(body.startPublishedDate).toBe('2025-03-01T00:00:00.000Z');
  });
});

it('the registry builds each configured provider; the status table is shared', () => {
  expect(createSearchProvider('tavily', opts())).toBeInstanceOf(TavilySearch);
  expect(createSearchProvider('brave', opts())).toBeInstanceOf(BraveSearch);
  expect(createSearchProvider('exa', opts())).toBeInstanceOf(ExaSearch);
  expect(failureForStatus(432)).toBe('upstream_unreachable');
  expect(failureForStatus(432, { busy: [432] })).toBe('upstream_busy');
});
