// Schema helpers shared by the route schemas (TypeBox builds plain JSON Schema, which also feeds OpenAPI).
import { Type, type TSchema, type TUnsafe } from 'typebox';

/** A string restricted to a fixed set; a plain `enum` so validation messages can list the allowed values. */
export const stringEnum = <const T extends readonly string[]>(
  values: T,
  options: Record<string, unknown> = {},
): TUnsafe<T[number]> => Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

export const ErrorBody = Type.Object(
  { error: Type.String({ description: 'What went wrong, in words a caller can act on.' }) },
  { title: 'Error', description: 'Error' },
);

export const V2ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'What went wrong, in words a caller can act on.' }),
    api_usage_id: Type.String({ description: 'The usage record written for this failed call.' }),
  },
  { title: 'V2Error', description: 'Error (v2: carries the usage record id)' },
);

/** What bounds a free-form field: the body's limits alone (the document's info states them). */
export const BODY_BOUND =
  'No limit of its own: bounded by the body limit (info.x-body-limit-bytes) and the nesting depth (info.x-max-json-depth).';

/**
 * A list sent as one string of separated items: at most SCREENING_MAX_BULK_ITEMS items (the document states the
 * configured number in `x-max-items`), each at most `itemLength` characters when that is checked (400 past either).
 */
export const listField = (description: string, itemLength?: number) =>
  Type.String({
    description,
    [MAX_ITEMS_KEY]: MAX_ITEMS_SETTING,
    ...(itemLength === undefined ? {} : { 'x-max-item-length': itemLength }),
  });
/** The key, and the placeholder the finishing pass replaces with the configured number (openapi.ts). */
export const MAX_ITEMS_KEY = 'x-max-items';
export const MAX_ITEMS_SETTING = 'SCREENING_MAX_BULK_ITEMS';

export const AdditionalCallInfo = Type.Object(
  {},
  {
    title: 'AdditionalCallInfo',
    additionalProperties: true,
    description: `Caller reference, stored with the usage record. ${BODY_BOUND}`,
  },
);

/** Error responses every authenticated metered v2 route can give. */
export const v2Errors = (...extra: number[]): Record<number, TSchema> => {
  const out: Record<number, TSchema> = {};
  for (const code of [400, 401, 413, 415, 429, 500, 503, ...extra]) out[code] = V2ErrorBody;
  return out;
};

export const plainErrors = (...codes: number[]): Record<number, TSchema> => {
  const out: Record<number, TSchema> = {};
  for (const code of codes) out[code] = ErrorBody;
  return out;
};
