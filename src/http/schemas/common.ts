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

export const AdditionalCallInfo = Type.Object(
  {},
  {
    title: 'AdditionalCallInfo',
    additionalProperties: true,
    description: 'Caller reference, stored with the usage record.',
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
