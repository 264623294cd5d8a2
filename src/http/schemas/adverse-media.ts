// Request and response schemas of adverse media screening (scored and raw).
import { Type } from 'typebox';
import { CATEGORIES, ROLES, SEVERITIES } from '../../adverse-media/assessment-labels.js';
import {
  AM_DEPTHS,
  AM_MODES,
  AM_TIME_RANGES,
  AM_TOPICS,
  ANALYSIS_STATUSES,
  RISK_BANDS,
} from '../../domain/adverse-media.js';
import { BODY_BOUND, stringEnum } from './common.js';

// A hostname is at most 253 characters, 254 with a trailing dot (what the hostname format accepts).
const Hostnames = Type.Array(Type.String({ format: 'hostname', maxLength: 254 }), { maxItems: 300 });

export const AdverseMediaBody = Type.Object(
  {
    name: Type.String({ maxLength: 512, description: 'Person or company to screen; must not be blank.' }),
    context: Type.Optional(Type.String({ maxLength: 1000 })),
    mode: Type.Optional(stringEnum(AM_MODES, { default: 'adverse' })),
    max_results: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 10 })),
    topic: Type.Optional(stringEnum(AM_TOPICS)),
    search_depth: Type.Optional(stringEnum(AM_DEPTHS, { default: 'basic' })),
    time_range: Type.Optional(stringEnum(AM_TIME_RANGES)),
    start_date: Type.Optional(
      Type.String({ format: 'date', description: 'YYYY-MM-DD, a real calendar date.' }),
    ),
    end_date: Type.Optional(
      Type.String({ format: 'date', description: 'YYYY-MM-DD, a real calendar date.' }),
    ),
    country: Type.Optional(Type.String({ maxLength: 100, description: 'Only with topic "general".' })),
    include_domains: Type.Optional(Hostnames),
    exclude_domains: Type.Optional(Hostnames),
    additional_call_info: Type.Optional(
      Type.Union([Type.Object({}, { additionalProperties: true }), Type.String()], {
        description: `An object, or a string holding valid JSON. ${BODY_BOUND}`,
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      { name: 'Jane Doe', context: 'CFO of Example Holdings, London', max_results: 5, time_range: 'year' },
    ],
  },
);

const ARTICLE_EX = {
  title: 'Example Holdings CFO charged with fraud',
  url: 'https://news.example.org/2025/cfo-charged',
  domain: 'news.example.org',
  snippet: 'Jane Doe, chief financial officer of Example Holdings, was charged on Monday…',
  score: 0.91,
  published_date: '2025-03-04',
  name_match: true,
};

const Assessment = Type.Object(
  {
    about_subject: Type.Boolean(),
    role: stringEnum(ROLES),
    severity: stringEnum(SEVERITIES, { description: 'Always none for roles that never score.' }),
    categories: Type.Array(stringEnum(CATEGORIES)),
    note: Type.String({
      description: 'Why; for a discarded finding, that it concerned someone else.',
    }),
  },
  {
    title: 'Assessment',
    description: 'The judgement on the article; null when analysis did not run for it.',
  },
);

const Article = Type.Object(
  {
    title: Type.Union([Type.String(), Type.Null()]),
    url: Type.Union([Type.String(), Type.Null()]),
    domain: Type.Union([Type.String(), Type.Null()]),
    snippet: Type.Union([Type.String(), Type.Null()]),
    score: Type.Union([Type.Number(), Type.Null()]),
    published_date: Type.Union([Type.String(), Type.Null()]),
    name_match: Type.Boolean(),
    assessment: Type.Optional(Type.Union([Assessment, Type.Null()])),
  },
  { title: 'Article' },
);

export const AdverseMediaResponse = Type.Object(
  {
    risk: Type.Object(
      {
        score: Type.Union([Type.Number(), Type.Null()], {
          description:
            '0 to 100 from the article labels (see docs/adverse-media.md); null when no article could be assessed.',
        }),
        band: stringEnum(RISK_BANDS),
        summary: Type.String(),
        categories: Type.Array(stringEnum(CATEGORIES)),
        highest_severity: Type.Union([stringEnum(SEVERITIES), Type.Null()]),
        implicating_articles: Type.Integer(),
        corroborating_sources: Type.Integer(),
      },
      { title: 'RiskBlock' },
    ),
    'adverse media results': Type.Array(Article),
    summary: Type.Object({ returned: Type.Integer(), name_verified: Type.Integer() }),
    screening: Type.Object({
      classified: Type.Boolean(),
      analysis_status: stringEnum(ANALYSIS_STATUSES),
      analysis_error: Type.Optional(Type.String()),
    }),
    api_usage_id: Type.String(),
  },
  {
    examples: [
      {
        risk: {
          score: 72,
          band: 'high',
          summary: 'One article reports fraud charges against the subject.',
          categories: ['fraud'],
          highest_severity: 'medium',
          implicating_articles: 1,
          corroborating_sources: 1,
        },
        'adverse media results': [
          {
            ...ARTICLE_EX,
            assessment: {
              about_subject: true,
              role: 'accused',
              severity: 'medium',
              categories: ['fraud'],
              note: 'Charged with fraud; the article names her employer as in the context.',
            },
          },
        ],
        summary: { returned: 1, name_verified: 1 },
        screening: { classified: true, analysis_status: 'ok' },
        api_usage_id: '0b7c2a4e-8f1d-4c1e-9a3b-2d5e6f708192',
      },
    ],
  },
);

export const AdverseMediaRawResponse = Type.Object(
  {
    'adverse media results': Type.Array(Article),
    summary: Type.Object({ returned: Type.Integer(), name_verified: Type.Integer() }),
    api_usage_id: Type.String(),
  },
  {
    examples: [
      {
        'adverse media results': [ARTICLE_EX],
        summary: { returned: 1, name_verified: 1 },
        api_usage_id: '0b7c2a4e-8f1d-4c1e-9a3b-2d5e6f708192',
      },
    ],
  },
);
