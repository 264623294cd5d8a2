// TypeBox schemas of ongoing screening: monitored subjects, alerts and decisions (issue 16's shapes).
import { Type } from 'typebox';
import { ALERT_STATUSES, DECISION_STATUSES, MAX_SUBJECTS_PER_CALL } from '../../domain/monitoring.js';
import { SEARCH_TYPES } from '../../domain/screening.js';
import { QUERY_ENTITY_TYPES } from '../../domain/facts.js';
import { stringEnum } from './common.js';
import { QualifierFields } from './screening.js';

const SUBJECTS_BODY_EXAMPLE_ = {
  subjects: [
    { name: 'Ivan Petrov', reference: 'customer-42', birth_date: '1985-02-14', country: 'RU' },
    { name: 'Acme Trading Ltd', reference: 'customer-43', search_type: 'strict_match' },
  ],
};
const DECISION_BODY_EXAMPLE_ = { status: 'cleared', reason: 'different date of birth' };

export const SubjectInput = Type.Object(
  {
    name: Type.String({ maxLength: 512, description: 'the name to monitor' }),
    reference: Type.Optional(
      Type.String({
        maxLength: 200,
        description: "the account's own id for the subject; submitting it again updates that subject",
      }),
    ),
    search_type: Type.Optional(stringEnum(SEARCH_TYPES, { default: 'standard_match' })),
    ...QualifierFields,
  },
  { additionalProperties: false },
);

export const SubjectsBody = Type.Object(
  { subjects: Type.Array(SubjectInput, { minItems: 1, maxItems: MAX_SUBJECTS_PER_CALL }) },
  { additionalProperties: false, examples: [SUBJECTS_BODY_EXAMPLE_] },
);

export const SubjectView = Type.Object({
  id: Type.String(),
  reference: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  search_type: stringEnum(SEARCH_TYPES),
  birth_date: Type.Optional(Type.String({ description: 'Extension: the qualifier given, as given.' })),
  country: Type.Optional(
    Type.Array(Type.String(), { description: 'Extension: the countries given, as ISO 3166 alpha-2 codes.' }),
  ),
  entity_type: Type.Optional(stringEnum(QUERY_ENTITY_TYPES, { description: 'Extension: the kind given.' })),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const SubjectsQuery = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 512, description: 'part of the name, any case' })),
    reference: Type.Optional(Type.String({ maxLength: 200, description: 'the exact reference' })),
    cursor: Type.Optional(Type.String({ maxLength: 400, description: 'next_cursor of the previous page' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  },
  { additionalProperties: false },
);

export const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

export const AlertView = Type.Object({
  id: Type.String(),
  status: stringEnum(ALERT_STATUSES),
  subject: Type.Object({
    id: Type.String(),
    reference: Type.Union([Type.String(), Type.Null()]),
    name: Type.String(),
  }),
  match: Type.Object({
    id: Type.String(),
    name: Type.String({ description: 'the listed name that matched' }),
    list: Type.String(),
    source_uid: Type.String(),
    match_score: Type.Number(),
    explanation: Type.Optional(Type.Unknown()),
  }),
  created_at: Type.String(),
  updated_at: Type.String(),
});

export const DecisionView = Type.Object({
  at: Type.String(),
  who: Type.Union([Type.String(), Type.Null()], {
    description: 'the deciding user; null when the service changed the status (new match, reopen, delisting)',
  }),
  from: Type.Union([stringEnum(ALERT_STATUSES), Type.Null()]),
  to: stringEnum(ALERT_STATUSES),
  reason: Type.String(),
});

export const AlertDetail = Type.Object({
  ...AlertView.properties,
  record: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
    description: 'the listed record as entry details returns it; null once the entry is no longer listed',
  }),
  history: Type.Array(DecisionView, { description: 'every status change, oldest first (append-only)' }),
});

export const AlertsQuery = Type.Object(
  {
    status: Type.Optional(stringEnum(ALERT_STATUSES)),
    list: Type.Optional(Type.String({ maxLength: 100, description: 'a list slug' })),
    cursor: Type.Optional(Type.String({ maxLength: 400, description: 'next_cursor of the previous page' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  },
  { additionalProperties: false },
);

export const DecisionBody = Type.Object(
  {
    status: stringEnum(DECISION_STATUSES),
    reason: Type.Optional(
      Type.String({ maxLength: 2000, description: 'why; required when clearing or confirming' }),
    ),
  },
  { additionalProperties: false, examples: [DECISION_BODY_EXAMPLE_] },
);

const USAGE_ID = '0193a2b4-5c6d-7e8f-9a0b-1c2d3e4f5a6b';
const AT = '2026-11-27T06:00:00.000Z';

/** One subject as the examples show it. */
export const SUBJECT_EXAMPLE = {
  id: '0193a2b4-0000-7000-8000-000000000001',
  reference: 'customer-42',
  name: 'Ivan Petrov',
  search_type: 'standard_match',
  birth_date: '1985-02-14',
  country: ['RU'],
  created_at: AT,
  updated_at: AT,
};

/** One alert as the examples show it. */
export const ALERT_EXAMPLE = {
  id: '0193a2b4-0000-7000-8000-0000000000a1',
  status: 'open',
  subject: { id: SUBJECT_EXAMPLE.id, reference: 'customer-42', name: 'Ivan Petrov' },
  match: {
    id: 'ofac_sdn:9001',
    name: 'PETROV, Ivan Sergeyevich',
    list: 'ofac_sdn',
    source_uid: '9001',
    match_score: 86,
  },
  created_at: AT,
  updated_at: AT,
};

/** One alert with its record and history as the examples show it. */
export const ALERT_DETAIL_EXAMPLE = {
  ...ALERT_EXAMPLE,
  status: 'cleared',
  record: { uid: '9001', name: 'PETROV, Ivan Sergeyevich', type: 'individual' },
  history: [
    { at: AT, who: null, from: null, to: 'open', reason: 'new match' },
    {
      at: '2026-11-27T06:05:00.000Z',
      who: '0193a2b4-0000-7000-8000-0000000000u1',
      from: 'open',
      to: 'cleared',
      reason: 'different date of birth',
    },
  ],
  api_usage_id: USAGE_ID,
};

export const SUBJECTS_RESPONSE_EXAMPLE = { subjects: [SUBJECT_EXAMPLE], api_usage_id: USAGE_ID };
export const SUBJECTS_PAGE_EXAMPLE = {
  subjects: [SUBJECT_EXAMPLE],
  next_cursor: null,
  api_usage_id: USAGE_ID,
};
export const SUBJECT_RESPONSE_EXAMPLE = { subject: SUBJECT_EXAMPLE, api_usage_id: USAGE_ID };
export const DELETED_EXAMPLE = { deleted: true, api_usage_id: USAGE_ID };
export const ALERTS_PAGE_EXAMPLE = { alerts: [ALERT_EXAMPLE], next_cursor: null, api_usage_id: USAGE_ID };
