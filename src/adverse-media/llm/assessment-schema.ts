// The structured-output schema the model is held to, and our own validation of its answer (we never trust the server to enforce it).
import { Ajv } from 'ajv';
import { CATEGORIES, ROLES, SEVERITIES } from '../assessment-labels.js';
import { AnalysisError, type ModelAssessment } from './analyst.js';

const MAX_NOTE = 300;
const MAX_QUOTE = 500;
const MAX_CATEGORIES = 5;

/**
 * The JSON schema sent as response_format (strict: every field required, nullable ones typed with null). When
 * `ids` is given the id is an enum of the batch's ids, so a constrained decoder cannot invent one.
 */
export function assessmentSchema(ids?: readonly string[]): Record<string, unknown> {
  return {
    type: 'object',
    additionalProperties: false,
    required: ['assessments'],
    properties: {
      assessments: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: [
            'id',
            'about_subject',
            'role',
            'severity',
            'categories',
            'attributed_to',
            'evidence',
            'note',
          ],
          properties: {
            id: ids ? { type: 'string', enum: [...ids] } : { type: 'string' },
            about_subject: { type: 'boolean' },
            role: { type: 'string', enum: [...ROLES] },
            severity: { type: 'string', enum: [...SEVERITIES] },
            categories: {
              type: 'array',
              items: { type: 'string', enum: [...CATEGORIES] },
              maxItems: MAX_CATEGORIES,
            },
            attributed_to: { type: ['string', 'null'], maxLength: 200 },
            evidence: { type: ['string', 'null'], maxLength: MAX_QUOTE },
            note: { type: 'string', maxLength: MAX_NOTE },
          },
        },
      },
    },
  };
}

const ajv = new Ajv({ allErrors: false, strict: false });
// Compiled once: the per-batch id enum is checked below instead of compiling a schema per batch.
const validate = ajv.compile<{ assessments: ModelAssessment[] }>(assessmentSchema());

const invalid = (why: string) =>
  new AnalysisError('invalid_output', `the analysis answer was invalid: ${why}`);

/**
 * Parses and validates the model's answer for a batch: schema, labels from our enums, exactly the batch's ids
 * each once. Anything else rejects the whole batch (it is retried, then left unjudged).
 */
export function parseBatchAnswer(
  content: string | null | undefined,
  ids: readonly string[],
): ModelAssessment[] {
  if (!content) throw invalid('empty answer');
  let parsed: unknown;
  try {
    // Some servers wrap JSON in a code fence even in JSON mode.
    parsed = JSON.parse(content.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, ''));
  } catch {
    throw invalid('not JSON');
  }
  if (!validate(parsed)) {
    const e = validate.errors?.[0];
    throw invalid(`${e?.instancePath || 'answer'} ${e?.message ?? 'does not match the schema'}`);
  }
  const expected = new Set(ids);
  const seen = new Set<string>();
  for (const a of parsed.assessments) {
    if (!expected.has(a.id)) throw invalid(`unknown article id "${a.id.slice(0, 40)}"`);
    if (seen.has(a.id)) throw invalid(`article id "${a.id}" judged twice`);
    seen.add(a.id);
  }
  if (seen.size !== expected.size) throw invalid(`${expected.size - seen.size} article(s) not judged`);
  return parsed.assessments;
}
