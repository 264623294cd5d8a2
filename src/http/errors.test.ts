// Bad input is a 400/413/415 that says what is wrong; anything unexpected is a 500 without internals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../main.js';
import { signedUpUser, testService } from '../test-support/test-service.js';
import { testBackends } from '../test-support/test-stores.js';

describe('request errors', () => {
  let service: Service;
  let key: string;
  beforeAll(async () => {
    service = await testService(await testBackends()[0]!.open(), { SCREENING_BODY_LIMIT_BYTES: '2048' });
    key = (await signedUpUser(service)).key;
  });
  afterAll(() => service.close());

  const post = (url: string, payload: string | object, headers: Record<string, string> = {}) =>
    service.app.inject({
      method: 'POST',
      url,
      headers: {
        'x-api-key': key,
        ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      payload,
    });

  const cases: Array<[string, string, string | object, Record<string, string>, number, RegExp]> = [
    ['malformed JSON', '/api/v2/search', '{"prompt": "x",', {}, 400, /malformed JSON body/],
    ['empty JSON body', '/api/v2/search', '', {}, 400, /empty/],
    ['JSON that is not an object', '/api/v2/search', '["x"]', {}, 400, /request body must be a JSON object/],
    [
      'wrong content type',
      '/api/v2/search',
      'prompt=x',
      { 'content-type': 'text/plain' },
      415,
      /application\/json/,
    ],
    [
      'form content type',
      '/api/v2/search',
      'prompt=x',
      { 'content-type': 'application/x-www-form-urlencoded' },
      415,
      /application\/json/,
    ],
    [
      'body too large',
      '/api/v2/bulk-search',
      { names: 'x'.repeat(5000) },
      {},
      413,
      /exceeds the limit of 2048 bytes/,
    ],
    ['missing prompt', '/api/v2/search', {}, {}, 400, /^prompt is required$/],
    ['prompt of the wrong type', '/api/v2/search', { prompt: 42 }, {}, 400, /^prompt must be a string$/],
    ['blank prompt', '/api/v2/search', { prompt: '   ' }, {}, 400, /prompt must not be blank/],
    [
      'unknown search type',
      '/api/v2/search',
      { prompt: 'x', search_type: 'exact' },
      {},
      400,
      /search_type must be one of: fuzzy_search, permissive_match/,
    ],
    [
      'fuzzy_search in bulk',
      '/api/v2/bulk-search',
      { names: 'a,b', search_type: 'fuzzy_search' },
      {},
      400,
      /search_type must be one of: permissive_match, standard_match, strict_match/,
    ],
    ['names as an array', '/api/v2/bulk-search', { names: ['a', 'b'] }, {}, 400, /^names must be a string$/],
    [
      'additional_call_info not an object',
      '/api/v2/search',
      { prompt: 'x', additional_call_info: 'ref-1' },
      {},
      400,
      /additional_call_info must be a JSON object/,
    ],
    [
      'unknown field',
      '/api/v2/search',
      { prompt: 'x', search_typ: 'strict_match' },
      {},
      400,
      /unknown field "search_typ"/,
    ],
    ['bulk with only commas', '/api/v2/bulk-search', { names: ' , ,' }, {}, 400, /at least one name/],
    ['blank address', '/api/v2/wallet-search', { address: ' ' }, {}, 400, /address must not be blank/],
    ['missing address', '/api/v2/wallet-search', {}, {}, 400, /^address is required$/],
    ['missing addresses', '/api/v2/bulk-wallet-search', {}, {}, 400, /^addresses is required$/],
    [
      'addresses as an array',
      '/api/v2/bulk-wallet-search',
      { addresses: ['a'] },
      {},
      400,
      /^addresses must be a string$/,
    ],
    [
      'blank addresses',
      '/api/v2/bulk-wallet-search',
      { addresses: ' ,\n ' },
      {},
      400,
      /at least one address/,
    ],
    ['address with inner whitespace', '/api/v2/wallet-search', { address: '0xab cd' }, {}, 400, /whitespace/],
    ['address too long', '/api/v2/wallet-search', { address: 'a'.repeat(129) }, {}, 400, /at most 128/],
    ['address not a string', '/api/v2/wallet-search', { address: 7 }, {}, 400, /address must be a string/],
    ['blank entry-details name', '/api/entry-details', { name: '' }, {}, 400, /name must not be blank/],
    ['missing entry-details name', '/api/entry-details', {}, {}, 400, /name is required/],
    [
      'adverse media blank name',
      '/api/v2/adverse-media-search',
      { name: ' ' },
      {},
      400,
      /name must not be blank/,
    ],
    [
      'adverse media unknown mode',
      '/api/v2/adverse-media-search',
      { name: 'x', mode: 'nasty' },
      {},
      400,
      /mode must be one of: adverse, general/,
    ],
    [
      'adverse media unknown topic',
      '/api/v2/adverse-media-search',
      { name: 'x', topic: 'sport' },
      {},
      400,
      /topic must be one of/,
    ],
    [
      'adverse media unknown depth',
      '/api/v2/adverse-media-search',
      { name: 'x', search_depth: 'deep' },
      {},
      400,
      /search_depth must be one of/,
    ],
    [
      'adverse media unknown time range',
      '/api/v2/adverse-media-search',
      { name: 'x', time_range: 'decade' },
      {},
      400,
      /time_range must be one of/,
    ],
    [
      'adverse media impossible date',
      '/api/v2/adverse-media-search',
      { name: 'x', start_date: '2023-02-29' },
      {},
      400,
      /start_date must be a real calendar date/,
    ],
    [
      'adverse media date format',
      '/api/v2/adverse-media-search',
      { name: 'x', end_date: '12/01/2024' },
      {},
      400,
      /end_date must be a real calendar date/,
    ],
    [
      'adverse media country without topic general',
      '/api/v2/adverse-media-search',
      { name: 'x', topic: 'news', country: 'france' },
      {},
      400,
      /country is accepted only when topic is "general"/,
    ],
    [
      'adverse media domain as URL',
      '/api/v2/adverse-media-search',
      { name: 'x', include_domains: ['https://reuters.com/x'] },
      {},
      400,
      /include_domains item 1 must be a hostname/,
    ],
    [
      'adverse media max_results 0',
      '/api/v2/adverse-media-search',
      { name: 'x', max_results: 0 },
      {},
      400,
      /max_results must be >= 1/,
    ],
    [
      'adverse media max_results 21',
      '/api/v2/adverse-media-search',
      { name: 'x', max_results: 21 },
      {},
      400,
      /max_results must be <= 20/,
    ],
    [
      'adverse media call info not JSON',
      '/api/v2/adverse-media-search-raw',
      { name: 'x', additional_call_info: '{oops' },
      {},
      400,
      /additional_call_info must be an object or a string holding valid JSON/,
    ],
  ];

  for (const [what, url, payload, headers, status, message] of cases) {
    it(`${what}: ${status}`, async () => {
      const res = await post(url, payload, headers);
      expect(res.statusCode).toBe(status);
      expect(res.json().error).toMatch(message);
      if (url.startsWith('/api/v2/')) expect(res.json().api_usage_id).toMatch(/^[0-9a-f-]{36}$/);
    });
  }

  it('valid adverse media input passes validation and reaches the not-configured 503', async () => {
    const res = await post('/api/v2/adverse-media-search', {
      name: 'Jane Doe',
      topic: 'general',
      country: 'france',
      start_date: '2024-02-29',
      end_date: '2024-03-01',
      include_domains: ['reuters.com'],
      additional_call_info: '{"case": 7}',
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatch(
      /^adverse media search is not configured on this server; its administrator/,
    );
  });

  it('an unknown route is a 404 with an error body', async () => {
    const res = await service.app.inject({
      method: 'POST',
      url: '/api/v2/nope',
      headers: { 'x-api-key': key },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/no route POST \/api\/v2\/nope/);
  });
});

describe('deeply nested JSON', () => {
  let service: Service;
  let key: string;
  beforeAll(async () => {
    service = await testService(await testBackends()[0]!.open());
    key = (await signedUpUser(service)).key;
  });
  afterAll(() => service.close());

  it('is a 400 naming the limit, recorded like any 400 (4,200 levels once answered 500 with no record)', async () => {
    const deep = '{"a":'.repeat(4_200) + '1' + '}'.repeat(4_200);
    for (const url of ['/api/v2/search', '/api/v2/bulk-search', '/api/v2/adverse-media-search']) {
      const res = await service.app.inject({
        method: 'POST',
        url,
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        payload: `{"prompt": "Jane Doe", "additional_call_info": ${deep}}`,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toBe('JSON body nested deeper than 64 levels; at most 64');
      const record = await service.core.store.findUsage(res.json().api_usage_id);
      expect(record?.status).toBe(400);
      expect(record?.endpoint).toBe(url);
    }
    // 64 levels are accepted (the body is parsed and validated as usual).
    const ok = '{"a":'.repeat(63) + '1' + '}'.repeat(63);
    const res = await service.app.inject({
      method: 'POST',
      url: '/api/v2/search',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload: `{"prompt": "Jane Doe", "additional_call_info": ${ok}}`,
    });
    expect(res.json().error ?? '').not.toMatch(/nested/);
  });
});
