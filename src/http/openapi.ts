// The OpenAPI document: its header (version from package.json, servers, tags, security schemes), the route
// security derived from access rules, and the finishing pass that documents what every route shares (the
// rate-limit headers of a 429) so generators and linters see one complete, self-contained document.
import { readFileSync } from 'node:fs';
import type { AuthMode } from './route-access.js';
import { MAX_ITEMS_KEY, MAX_ITEMS_SETTING } from './schemas/common.js';

/** The OpenAPI `security` of a route: its credentials, or `[]` (explicitly open) for routes that take none. */
export function securityFor(mode: AuthMode): Array<Record<string, string[]>> {
  switch (mode) {
    case 'key':
      return [{ apiKey: [] }];
    case 'key_or_bearer':
      return [{ apiKey: [] }, { bearer: [] }];
    case 'bearer':
      return [{ bearer: [] }];
    case 'none':
      return [];
  }
}

// package.json sits two levels above this file in both src/ and dist/.
const PACKAGE = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
  license: string;
};

const TAGS = [
  ['name screening', 'Screen names against every carried list (v2).'],
  ['entry details', 'The full published records behind a name a screening returned.'],
  ['wallet screening', 'Exact lookup of crypto addresses published on sanctions and crime lists.'],
  ['adverse media', 'News search for a name, judged by the analyst (scored) or as found (raw).'],
  ['usage', "The caller's usage history: every metered call, errors included."],
  ['lists', 'The list catalog and the admin review of held list versions.'],
  ['webhooks', 'Signed event deliveries (alerts, list updates) to endpoints the account registers.'],
  ['accounts', 'Sign-up, sign-in and API key management (the dashboard uses these).'],
  ['v1 (deprecated)', 'The original API, kept unchanged; it screens the nine original lists only.'],
] as const;

/** The document's fixed part, handed to @fastify/swagger; the paths come from the route schemas. */
export const OPENAPI_HEAD = {
  openapi: '3.1.0',
  info: {
    title: 'Screening service',
    version: PACKAGE.version,
    description:
      'Name, wallet and adverse media screening against sanctions, PEP, wanted, debarment and regulator-warning lists.',
    license: { name: PACKAGE.license, identifier: PACKAGE.license },
  },
  servers: [{ url: '/', description: 'The server that serves this document' }],
  tags: TAGS.map(([name, description]) => ({ name, description })),
  components: {
    securitySchemes: {
      apiKey: {
        type: 'apiKey' as const,
        in: 'header',
        name: 'x-api-key',
        description: 'An API key (created in the dashboard or with `npm run cli -- keys create`).',
      },
      bearer: {
        type: 'http' as const,
        scheme: 'bearer',
        description: 'A session token from POST /api/auth/login or /api/auth/signup.',
      },
    },
  },
};

const integerHeader = (description: string) => ({ description, schema: { type: 'integer', minimum: 0 } });

/** The headers every 429 carries (the limiter sets the RateLimit-* draft headers on every limited route). */
export const RATE_LIMIT_HEADERS = {
  'Retry-After': integerHeader('Seconds until the budget that ran out allows a call again.'),
  'RateLimit-Limit': integerHeader('Calls per minute of the tightest budget this call spends.'),
  'RateLimit-Remaining': integerHeader('Calls left in that budget this minute (0 on a 429).'),
  'RateLimit-Reset': integerHeader('Seconds until that budget is full again.'),
  'RateLimit-Policy': {
    description: 'The budget as `<limit>;w=60` (IETF RateLimit header fields draft).',
    schema: { type: 'string', examples: ['60;w=60'] },
  },
} as const;

/** The served document, as far as the finishing pass reads it. */
export interface OpenApiDoc {
  info?: Record<string, unknown>;
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown>; [k: string]: unknown };
}

interface Operation {
  requestBody?: unknown;
  responses?: Record<string, { description?: string; headers?: Record<string, unknown> }>;
}

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Moves every titled object schema into `components.schemas` under its title and refers to it there, so
 * generators name the shapes (`components["schemas"]["ListView"]`) and a discriminator can select its members.
 * Examples are data, never walked. Two different schemas under one title are a mistake in the route schemas.
 */
function hoistTitled(node: Json, schemas: Record<string, Json>): Json {
  if (Array.isArray(node)) return node.map((n) => hoistTitled(n, schemas));
  if (!isObject(node)) return node;
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(node))
    out[k] = k === 'example' || k === 'examples' ? v : hoistTitled(v, schemas);
  const title = out.title;
  if (typeof title !== 'string' || !(out.type === 'object' || Array.isArray(out.anyOf))) return out;
  const known = schemas[title];
  if (known !== undefined && JSON.stringify(known) !== JSON.stringify(out))
    throw new Error(`two different schemas are titled ${title}: give one another title`);
  schemas[title] = out;
  return { $ref: `#/components/schemas/${title}` };
}

/** A discriminator over `$ref` members gets its mapping: each member's one value of the property. */
function mapDiscriminators(schemas: Record<string, Json>, node: Json): void {
  if (Array.isArray(node)) return node.forEach((n) => mapDiscriminators(schemas, n));
  if (!isObject(node)) return;
  const d = node.discriminator;
  if (isObject(d) && typeof d.propertyName === 'string' && Array.isArray(node.anyOf)) {
    const mapping: Record<string, string> = {};
    for (const member of node.anyOf) {
      const ref = isObject(member) && typeof member.$ref === 'string' ? member.$ref : null;
      const target = ref ? schemas[ref.split('/').pop()!] : undefined;
      const props = isObject(target) && isObject(target.properties) ? target.properties : {};
      const prop: Json = props[d.propertyName];
      const value = isObject(prop) && Array.isArray(prop.enum) ? prop.enum[0] : undefined;
      if (ref && typeof value === 'string') mapping[value] = ref;
    }
    d.mapping = mapping;
  }
  for (const [k, v] of Object.entries(node))
    if (k !== 'example' && k !== 'examples') mapDiscriminators(schemas, v);
}

/** The limits every request body meets, enforced before validation (they come from the configuration). */
export interface BodyLimits {
  readonly bodyLimitBytes: number;
  readonly maxJsonDepth: number;
  /** SCREENING_MAX_BULK_ITEMS: written into every `x-max-items` placeholder of the list fields. */
  readonly maxBulkItems: number;
}

/** A copy of `node` with the list fields' `x-max-items` placeholder (the setting's name) set to the configured number. */
function fillMaxItems(node: Json, max: number): Json {
  if (Array.isArray(node)) return node.map((n) => fillMaxItems(n, max));
  if (!isObject(node)) return node;
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(node))
    out[k] = k === 'example' || k === 'examples' ? v : fillMaxItems(v, max);
  if (out[MAX_ITEMS_KEY] === MAX_ITEMS_SETTING) out[MAX_ITEMS_KEY] = max;
  return out;
}

/** The document's words for the body limits (info.description), next to their x- values in info. */
export function bodyLimitsText(l: BodyLimits): string {
  return (
    `Request bodies are JSON (Content-Type application/json; anything else is 415), at most ` +
    `${l.bodyLimitBytes.toLocaleString('en-US')} bytes (413 past it; info.x-body-limit-bytes) and nested at most ` +
    `${l.maxJsonDepth} levels deep (400 past it; info.x-max-json-depth). Each field states its own limits ` +
    '(maxLength, maxItems, maxProperties); a field without one is bounded by the body limit alone.'
  );
}

/**
 * The finishing pass over the generated document (@fastify/swagger's `transformObject`): named shapes move to
 * `components.schemas`, discriminators get their mapping, every 429 names the rate-limit headers, and the body
 * limits are stated (info, and a 413 on every operation that takes a body). Kept to what the route schemas cannot
 * express; the route schemas stay what Fastify validates and serialises with.
 */
export function finishDocument(doc: OpenApiDoc, limits?: BodyLimits): OpenApiDoc {
  const schemas: Record<string, Json> = { ...(doc.components?.schemas ?? {}) };
  const hoisted = hoistTitled(doc.paths ?? {}, schemas);
  const paths = (limits ? fillMaxItems(hoisted, limits.maxBulkItems) : hoisted) as Record<
    string,
    Record<string, unknown>
  >;
  mapDiscriminators(schemas, paths);
  mapDiscriminators(schemas, schemas);
  for (const item of Object.values(paths))
    for (const op of Object.values(item) as Operation[]) {
      if (limits && op.requestBody !== undefined && op.responses) {
        // A 413 is answered with the route's error shape (that of its 400).
        const tooLarge = op.responses['413'] ?? { ...op.responses['400'] };
        tooLarge.description = `Payload too large: the body is over ${limits.bodyLimitBytes.toLocaleString('en-US')} bytes`;
        op.responses['413'] = tooLarge;
      }
      const tooMany = op.responses?.['429'];
      if (!tooMany) continue;
      tooMany.description =
        'Too many requests: a per-minute budget is spent (Retry-After says when to retry)';
      tooMany.headers = { ...RATE_LIMIT_HEADERS };
    }
  const sorted = Object.fromEntries(
    Object.entries(schemas)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => [k, limits ? fillMaxItems(v, limits.maxBulkItems) : v]),
  );
  const info = limits
    ? {
        ...doc.info,
        description: `${String(doc.info?.description ?? '')} ${bodyLimitsText(limits)}`.trim(),
        'x-body-limit-bytes': limits.bodyLimitBytes,
        'x-max-json-depth': limits.maxJsonDepth,
      }
    : doc.info;
  return { ...doc, ...(info ? { info } : {}), paths, components: { ...doc.components, schemas: sorted } };
}
