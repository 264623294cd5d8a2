// Request and response schemas of the pairwise comparison (our extension: POST /api/v2/compare).
import { Type } from 'typebox';
import { SEARCH_TYPES } from '../../domain/screening.js';
import { AdditionalCallInfo, stringEnum } from './common.js';
import { QualifierFields } from './screening.js';

/** One side's qualifiers (our extension, as on a search). */
const SideQualifiers = (side: 'a' | 'b') =>
  Type.Optional(
    Type.Object(QualifierFields, {
      additionalProperties: false,
      maxProperties: 3,
      description:
        `What is known of name_${side}: birth_date, country, entity_type. Side A's are checked against side B's as ` +
        'facts (a contradiction lowers the score by the amounts a search uses; the same either way round).',
    }),
  );

export const CompareBody = Type.Object(
  {
    name_a: Type.String({ description: 'The name screened (the query side).', maxLength: 512 }),
    name_b: Type.String({ description: 'The name it is compared with (the listed side).', maxLength: 512 }),
    search_type: Type.Optional(stringEnum(SEARCH_TYPES, { default: 'standard_match' })),
    qualifiers_a: SideQualifiers('a'),
    qualifiers_b: SideQualifiers('b'),
    additional_call_info: Type.Optional(AdditionalCallInfo),
  },
  {
    title: 'CompareRequest',
    additionalProperties: false,
    examples: [
      { name_a: 'Vladimir Putin', name_b: 'PUTIN, Vladimir Vladimirovich', search_type: 'standard_match' },
      {
        name_a: 'Li Wei',
        name_b: 'LI, Wei',
        qualifiers_a: { birth_date: '1990', country: 'CN' },
        qualifiers_b: { birth_date: '1962-03-01', country: 'CN' },
      },
    ],
  },
);

export const CompareExplanation = Type.Object(
  {
    matched_name: Type.String({ description: 'name_b as given.' }),
    query_tokens: Type.Array(Type.String()),
    name_tokens: Type.Array(Type.String()),
    pairs: Type.Array(
      Type.Object({
        query: Type.String(),
        listed: Type.String(),
        similarity: Type.Number(),
        weight: Type.Number({ description: "The token's rarity weight in the loaded lists." }),
      }),
    ),
    unmatched_query: Type.Array(Type.String()),
    unmatched_listed: Type.Array(Type.String()),
    parts: Type.Record(Type.String(), Type.Union([Type.Number(), Type.Boolean()]), {
      description:
        'The parts of the score (token score, coverages, penalty; n-gram cosine for fuzzy_search).',
    }),
    search_type: stringEnum(SEARCH_TYPES),
    threshold: Type.Number(),
    qualifiers: Type.Optional(
      Type.Object(
        {
          name_score: Type.Number({ description: 'The score of the names alone.' }),
          adjustment: Type.Number({ description: 'What the contradicting qualifiers took off (0 or less).' }),
          checks: Type.Array(
            Type.Object({
              fact: Type.String(),
              outcome: Type.Union([
                Type.Literal('match'),
                Type.Literal('contradicts'),
                Type.Literal('unknown'),
              ]),
              effect: Type.Number(),
              detail: Type.String(),
            }),
          ),
        },
        { description: 'Present when qualifiers were given: each check and its effect.' },
      ),
    ),
  },
  {
    title: 'CompareExplanation',
    description: 'How the score was reached: the same shape as a search match explanation.',
  },
);

export const CompareResponse = Type.Object(
  {
    score: Type.Number({
      minimum: 0,
      maximum: 100,
      description:
        'What a search for name_a gives name_b if it is listed (token weights of the loaded lists).',
    }),
    match: Type.Boolean({ description: "The score reaches the search type's threshold." }),
    threshold: Type.Number(),
    explanation: CompareExplanation,
    api_usage_id: Type.String(),
  },
  {
    title: 'CompareResponse',
    examples: [
      {
        score: 88.3,
        match: true,
        threshold: 80,
        explanation: {
          matched_name: 'PUTIN, Vladimir Vladimirovich',
          query_tokens: ['vladimir', 'putin'],
          name_tokens: ['putin', 'vladimir', 'vladimirovich'],
          pairs: [
            { query: 'putin', listed: 'putin', similarity: 1, weight: 9.1 },
            { query: 'vladimir', listed: 'vladimir', similarity: 1, weight: 5.2 },
          ],
          unmatched_query: [],
          unmatched_listed: ['vladimirovich'],
          parts: {
            token_score: 88.3,
            query_coverage: 1,
            listed_coverage: 0.666,
            listed_penalty: 0.35,
            weak_alias: false,
          },
          search_type: 'standard_match',
          threshold: 80,
        },
        api_usage_id: '0b7c2a4e-8f1d-4c1e-9a3b-2d5e6f708192',
      },
    ],
  },
);
