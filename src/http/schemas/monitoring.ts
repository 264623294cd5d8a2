// TypeBox schemas of ongoing screening: monitored subjects, alerts and decisions (issue 16's shapes).
import { Type } from 'typebox';
import { ALERT_STATUSES, DECISION_STATUSES, MAX_SUBJECTS_PER_CALL } from '../../domain/monitoring.js';
import { SEARCH_TYPES } from '../../domain/screening.js';
import { stringEnum } from './common.js';

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
  },
  { additionalProperties: false },
);

export const SubjectsBody = Type.Object(
  { subjects: Type.Array(SubjectInput, { minItems: 1, maxItems: MAX_SUBJECTS_PER_CALL }) },
  { additionalProperties: false },
);

export const SubjectView = Type.Object({
  id: Type.String(),
  reference: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  search_type: stringEnum(SEARCH_TYPES),
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
  { additionalProperties: false },
);
