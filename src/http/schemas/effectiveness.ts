// Request and response schemas of the effectiveness report (our extension: POST /api/v2/effectiveness).
import { Type } from 'typebox';
import { MANIPULATIONS } from '../../domain/effectiveness.js';
import { SEARCH_TYPES } from '../../domain/screening.js';
import { stringEnum } from './common.js';

/** Bounds over HTTP: a report runs on the service's own event loop (in slices), so it stays small. */
export const API_MAX_PER_KIND = 200;
export const API_MAX_CLEAN_NAMES = 1000;

const perType = (schema: ReturnType<typeof Type.Number> | ReturnType<typeof Type.Integer>) =>
  Type.Object(Object.fromEntries(SEARCH_TYPES.map((t) => [t, Type.Optional(schema)])));

export const EffectivenessBody = Type.Object(
  {
    seed: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 2 ** 31 - 1,
        default: 1,
        description: 'Same seed, same lists: same report.',
      }),
    ),
    per_kind: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: API_MAX_PER_KIND,
        default: 50,
        description: 'Manipulated names per kind.',
      }),
    ),
    clean_names: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: API_MAX_CLEAN_NAMES,
        default: 200,
        description: 'Clean names screened.',
      }),
    ),
    search_types: Type.Optional(
      Type.Array(stringEnum(SEARCH_TYPES), { minItems: 1, maxItems: SEARCH_TYPES.length, uniqueItems: true }),
    ),
  },
  {
    title: 'EffectivenessRequest',
    additionalProperties: false,
    examples: [{ seed: 1, per_kind: 50, clean_names: 200 }],
  },
);

const RecallRow = Type.Object(
  {
    kind: stringEnum(MANIPULATIONS),
    description: Type.String(),
    cases: Type.Integer({
      description: 'Manipulated names screened (fewer than per_kind where few names allow it).',
    }),
    found: perType(Type.Integer()),
    recall: Type.Object(
      Object.fromEntries(
        SEARCH_TYPES.map((t) => [t, Type.Optional(Type.Union([Type.Number(), Type.Null()]))]),
      ),
      { description: 'found / cases per search type; null when nothing was measured.' },
    ),
  },
  { title: 'EffectivenessRecall' },
);

const AlertRow = Type.Object(
  {
    search_type: stringEnum(SEARCH_TYPES),
    names: Type.Integer(),
    alerts: Type.Integer({ description: 'Clean names with at least one match.' }),
    alert_rate: Type.Union([Type.Number(), Type.Null()]),
  },
  { title: 'EffectivenessAlertRate' },
);

export const EffectivenessResponse = Type.Object(
  {
    seed: Type.Integer(),
    per_kind: Type.Integer(),
    clean_names: Type.Integer(),
    search_types: Type.Array(stringEnum(SEARCH_TYPES)),
    parties: Type.Integer({ description: 'Listed parties the names were drawn from.' }),
    recall: Type.Array(RecallRow),
    alert_rates: Type.Array(AlertRow),
    samples: Type.Array(
      Type.Object({
        kind: stringEnum(MANIPULATIONS),
        query: Type.String(),
        listed_name: Type.String(),
        id: Type.String(),
      }),
    ),
    clean_samples: Type.Array(Type.String()),
    api_usage_id: Type.String(),
  },
  {
    title: 'EffectivenessReport',
    examples: [
      {
        seed: 1,
        per_kind: 50,
        clean_names: 200,
        search_types: ['standard_match'],
        parties: 41250,
        recall: [
          {
            kind: 'typo',
            description: 'one letter of a word of 4+ letters replaced by a keyboard neighbour',
            cases: 50,
            found: { standard_match: 49 },
            recall: { standard_match: 0.98 },
          },
        ],
        alert_rates: [{ search_type: 'standard_match', names: 200, alerts: 1, alert_rate: 0.005 }],
        samples: [
          {
            kind: 'typo',
            query: 'HAMID SALEH ABDULLAJ AL-QARNI',
            listed_name: 'HAMID SALEH ABDULLAH AL-QARNI',
            id: 'un_consolidated:QDi.001',
          },
        ],
        clean_samples: ['Anna Kowalski'],
        api_usage_id: '0b7c2a4e-8f1d-4c1e-9a3b-2d5e6f708192',
      },
    ],
  },
);
