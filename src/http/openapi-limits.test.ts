// The limits the OpenAPI document states are the ones the service enforces: the body size and nesting depth
// (info), and every field of every request body (maxLength, maxItems, x-max-items, x-max-item-length,
// x-max-trimmed-length), each tried at its limit (not refused for it) and one past it (400 naming the field).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../main.js';
import { signedUpUser, testService } from '../test-support/test-service.js';
import { testBackends } from '../test-support/test-stores.js';
import { MAX_JSON_DEPTH } from './json-depth.js';

type Schema = Record<string, unknown>;
interface Op {
  requestBody?: { content: Record<string, { schema?: Schema; example?: unknown; examples?: unknown }> };
  responses: Record<string, unknown>;
}

// Room for the longest list at its limit (10,000 subjects), so each field's own limit is the one tried.
const BODY_LIMIT = 1024 * 1024;
const MAX_ITEMS = 7;
// Words the service uses when it refuses a value for its size or count.
const SIZE_WORDS = /longer than|more than|at most|characters;|too many/i;

describe('the limits the OpenAPI document states', () => {
  let service: Service;
  let headers: Record<string, string>;
  let doc: { info: Record<string, unknown>; paths: Record<string, Record<string, Op>> } & {
    components: { schemas: Record<string, Schema> };
  };
  const deref = (s: unknown): Schema => {
    const ref = (s as Schema | undefined)?.$ref;
    return (typeof ref === 'string' ? doc.components.schemas[ref.split('/').pop()!] : s) as Schema;
  };
  const bodies = () =>
    Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.entries(item)
        .filter(([, op]) => op.requestBody?.content['application/json'] !== undefined)
        .map(([m, op]) => {
          const media = op.requestBody!.content['application/json']!;
          // One example is `example`; several are `examples`, a map of {value} (or an array in older documents).
          const first = Array.isArray(media.examples)
            ? media.examples[0]
            : (Object.values(media.examples ?? {})[0] as { value?: unknown } | undefined)?.value;
          const example = (media.example ?? first) as Record<string, unknown>;
          return { method: m.toUpperCase(), path: p, op, schema: deref(media.schema), example };
        }),
    );
  const send = (method: string, path: string, payload: unknown) =>
    service.app.inject({
      method: method as 'POST',
      // Path parameters get a UUID (nothing found is fine: the body is checked first).
      url: path.replace(/\{[^}]+\}/g, '0191b2c4-0000-7000-8000-000000000000'),
      headers,
      payload: payload as Record<string, unknown>,
    });

  beforeAll(async () => {
    service = await testService(await testBackends()[0]!.open(), {
      SCREENING_BODY_LIMIT_BYTES: String(BODY_LIMIT),
      SCREENING_MAX_BULK_ITEMS: String(MAX_ITEMS),
      SCREENING_RATE_LIMIT_PER_MINUTE: '1000000',
    });
    const user = await signedUpUser(service, undefined, { admin: true, keyLimit: 1_000_000 });
    headers = { 'x-api-key': user.key, authorization: `Bearer ${user.token}` };
    doc = (await service.app.inject({ url: '/docs/json' })).json();
  });
  afterAll(async () => {
    await service.close();
  });

  it('states the configured body limit and depth, and a 413 on every operation that takes a body', async () => {
    expect(doc.info['x-body-limit-bytes']).toBe(BODY_LIMIT);
    expect(doc.info['x-max-json-depth']).toBe(MAX_JSON_DEPTH);
    expect(String(doc.info.description)).toContain(`${BODY_LIMIT.toLocaleString('en-US')} bytes`);
    for (const b of bodies()) expect(b.op.responses['413'], `${b.method} ${b.path}`).toBeDefined();
    // The body limit as enforced: one byte over is 413, at the limit it is read (and refused for other reasons).
    const body = (n: number) => `{"prompt":"${'a'.repeat(n - 13)}"}`;
    expect(body(BODY_LIMIT).length).toBe(BODY_LIMIT);
    const post = (payload: string) =>
      service.app.inject({
        method: 'POST',
        url: '/api/v2/search',
        headers: { ...headers, 'content-type': 'application/json' },
        payload,
      });
    expect((await post(body(BODY_LIMIT + 1))).statusCode).toBe(413);
    const atLimit = await post(body(BODY_LIMIT));
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().error).toMatch(/prompt/);
    // And the depth: MAX_JSON_DEPTH levels are read, one more is refused.
    const nested = (d: number) =>
      `{"prompt":"x","additional_call_info":${'{"a":'.repeat(d - 1)}1${'}'.repeat(d - 1)}}`;
    expect((await post(nested(MAX_JSON_DEPTH))).json().error ?? '').not.toMatch(/nested/);
    const deep = await post(nested(MAX_JSON_DEPTH + 1));
    expect([deep.statusCode, deep.json().error]).toEqual([400, expect.stringMatching(/nested deeper/)]);
  });

  it('gives every field of every request body a limit of its own, or says the body limit bounds it', () => {
    const unbounded: string[] = [];
    for (const b of bodies()) {
      for (const [name, raw] of Object.entries((b.schema.properties ?? {}) as Record<string, unknown>)) {
        const s = deref(raw);
        const members = (s.anyOf as Schema[] | undefined)?.map(deref) ?? [s];
        for (const m of members) {
          const bounded =
            ['boolean', 'integer', 'number', 'null'].includes(String(m.type)) ||
            m.enum !== undefined ||
            m.const !== undefined ||
            ['date', 'date-time', 'uuid', 'email'].includes(String(m.format)) ||
            m.maxLength !== undefined ||
            m.maxItems !== undefined ||
            m.maxProperties !== undefined ||
            m['x-max-items'] !== undefined ||
            m['x-max-trimmed-length'] !== undefined ||
            /body limit/.test(String(s.description ?? m.description ?? ''));
          if (!bounded) unbounded.push(`${b.method} ${b.path} ${name}: ${JSON.stringify(m).slice(0, 100)}`);
          if (m.type === 'array' && m.items !== undefined) {
            const item = deref(m.items);
            if (item.type === 'string' && item.maxLength === undefined && item.enum === undefined)
              unbounded.push(`${b.method} ${b.path} ${name} items`);
          }
        }
      }
    }
    expect(unbounded).toEqual([]);
  });

  it('refuses one past each stated field limit with a 400 naming the field, and never at the limit', async () => {
    const tried: string[] = [];
    const problems: string[] = [];
    for (const b of bodies()) {
      if (b.example === undefined) continue;
      for (const [name, raw] of Object.entries((b.schema.properties ?? {}) as Record<string, unknown>)) {
        const s = deref(raw);
        // [value at the limit, value one past it, the limit] for each limit this field states.
        const cases: [unknown, unknown, string][] = [];
        const plainString =
          s.type === 'string' && s.format === undefined && s.enum === undefined && s.pattern === undefined;
        if (plainString && typeof s.maxLength === 'number')
          cases.push(['a'.repeat(s.maxLength), 'a'.repeat(s.maxLength + 1), `maxLength ${s.maxLength}`]);
        if (plainString && typeof s['x-max-trimmed-length'] === 'number') {
          const n = s['x-max-trimmed-length'];
          cases.push(['a'.repeat(n), 'a'.repeat(n + 1), `x-max-trimmed-length ${n}`]);
        }
        if (typeof s['x-max-items'] === 'number') {
          const n = s['x-max-items'];
          expect(n, `${b.path} ${name}`).toBe(MAX_ITEMS);
          if (s.type === 'array') {
            // An array whose count is the setting (bulk records): the example's first item repeated.
            const item = (b.example[name] as unknown[] | undefined)?.[0] ?? { name: 'Jane Doe' };
            cases.push([Array(n).fill(item), Array(n + 1).fill(item), `x-max-items ${n}`]);
          } else {
            const one = String(b.example[name]).split(',')[0]!.trim();
            const list = (k: number) =>
              Array.from({ length: k }, (_, i) => `${one}${'x'.repeat(i)}`).join(',');
            cases.push([list(n), list(n + 1), `x-max-items ${n}`]);
          }
        }
        if (typeof s['x-max-item-length'] === 'number') {
          const n = s['x-max-item-length'];
          cases.push([`${'a'.repeat(n)},b`, `${'a'.repeat(n + 1)},b`, `x-max-item-length ${n}`]);
        }
        if (s.type === 'array' && typeof s.maxItems === 'number') {
          const item = (b.example[name] as unknown[] | undefined)?.[0] ?? 'example.com';
          cases.push([
            Array(s.maxItems).fill(item),
            Array(s.maxItems + 1).fill(item),
            `maxItems ${s.maxItems}`,
          ]);
          const it = deref(s.items);
          if (it.type === 'string' && typeof it.maxLength === 'number') {
            // A hostname at the limit: labels of 63 and fewer characters, joined by dots.
            const host = (n: number) =>
              `${'a'.repeat(63)}.`
                .repeat(Math.floor(n / 64))
                .concat('b'.repeat(n % 64 || 1))
                .slice(0, n);
            cases.push([
              [host(it.maxLength - 1)],
              [host(it.maxLength + 1)],
              `items maxLength ${it.maxLength}`,
            ]);
          }
        }
        for (const [at, past, what] of cases) {
          const where = `${b.method} ${b.path} ${name} (${what})`;
          tried.push(where);
          const over = await send(b.method, b.path, { ...b.example, [name]: past });
          const overError = String(over.json().error ?? '');
          if (
            over.statusCode !== 400 ||
            (!overError.includes(name.split('_')[0]!) && !/name \d/.test(overError))
          )
            problems.push(`${where}: one past answered ${over.statusCode} ${overError}`);
          const within = await send(b.method, b.path, { ...b.example, [name]: at });
          const withinError = String(within.json().error ?? '');
          if (
            within.statusCode === 400 &&
            SIZE_WORDS.test(withinError) &&
            withinError.includes(name.split('_')[0]!)
          )
            problems.push(`${where}: at the limit answered 400 ${withinError}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // The search prompt, the bulk names, the wallet address and the adverse media domains at least.
    for (const f of [
      '/api/v2/search prompt',
      '/api/v2/bulk-search names',
      '/api/v2/wallet-search address',
      'include_domains',
    ])
      expect(
        tried.some((t) => t.includes(f)),
        f,
      ).toBe(true);
  });
});
