// Ajv compilers for route schemas: bodies are never coerced (a number is not a name); query strings are.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function makeAjv(coerceTypes: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: false,
    coerceTypes,
    useDefaults: true,
    removeAdditional: false,
    strict: false,
  });
  addFormats(ajv);
  return ajv;
}

const bodyAjv = makeAjv(false);
const queryAjv = makeAjv(true);

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : queryAjv;
  return ajv.compile(schema as object) as ValidateFunction;
};

const FORMAT_HINTS: Record<string, string> = {
  hostname: 'a hostname such as example.com, not a URL',
  date: 'a real calendar date in the form YYYY-MM-DD',
  'date-time': 'an ISO-8601 date-time',
  uuid: 'a UUID',
};

/** One readable sentence per schema error, naming the field and what it must be. */
export function formatValidationErrors(errors: unknown[], context = 'body'): string {
  return (errors as ErrorObject[])
    .map((e) => {
      const path = e.instancePath
        .split('/')
        .filter(Boolean)
        // Items are counted from 1, as people count ("include_domains item 1"), not by JSON index.
        .map((p, i) => (/^\d+$/.test(p) ? ` item ${Number(p) + 1}` : i === 0 ? p : `.${p}`))
        .join('');
      const field = path || (context === 'body' ? 'request body' : context);
      const p = e.params as Record<string, unknown>;
      switch (e.keyword) {
        case 'required':
          return `${path ? `${path}.` : ''}${String(p.missingProperty)} is required`;
        case 'additionalProperties':
          return `${field === 'request body' ? '' : `${field}: `}unknown field "${String(p.additionalProperty)}"`;
        case 'type':
          return `${field} must be ${article(String(p.type))}`;
        case 'enum':
          return `${field} must be one of: ${(p.allowedValues as unknown[]).join(', ')}`;
        case 'format':
          return `${field} must be ${FORMAT_HINTS[String(p.format)] ?? `in ${String(p.format)} format`}`;
        case 'maxLength':
          return `${field} is longer than ${String(p.limit)} characters; at most ${String(p.limit)}`;
        case 'maxItems':
          return `${field} holds more than ${String(p.limit)} items; at most ${String(p.limit)}`;
        case 'minimum':
        case 'maximum':
          return `${field} ${e.message ?? 'is out of range'}`;
        default:
          return `${field} ${e.message ?? 'is invalid'}`;
      }
    })
    .join('; ');
}

function article(type: string): string {
  if (type === 'object') return 'a JSON object';
  if (type === 'array') return 'an array';
  if (type === 'integer') return 'a whole number';
  return `a ${type}`;
}
