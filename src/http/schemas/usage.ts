// Schemas of the history's additions to a usage record: what a screening call found and what it screened.
import { Type } from 'typebox';
import { USAGE_OUTCOME_KINDS } from '../../domain/usage.js';
import { USAGE_KINDS } from '../../services/usage/usage-service.js';
import { stringEnum } from './common.js';

export const UsageOutcomeView = Type.Union(
  [
    Type.Object({
      kind: stringEnum(USAGE_OUTCOME_KINDS),
      count: Type.Union([Type.Integer(), Type.Null()]),
    }),
    Type.Null(),
  ],
  {
    title: 'UsageOutcome',
    description:
      'Screening calls only (null otherwise, and for records written before outcomes were kept). matches: ' +
      'count of listed names, listed addresses or implicating articles; clear: count screened and clear; ' +
      'not_screened: count that could not be screened (no letters, invalid address) with nothing listed; ' +
      'unassessed: articles returned without a judgement; error: the call failed (see status).',
  },
);

export const UsageSubjectView = Type.Union(
  [
    Type.Object({
      text: Type.String({ description: 'The first (often only) name or address sent.' }),
      count: Type.Integer({ description: 'How many names or addresses were sent.' }),
    }),
    Type.Null(),
  ],
  { title: 'UsageSubject', description: 'What a screening call screened; null for other calls.' },
);

export const UsageKindParam = stringEnum(USAGE_KINDS, {
  description: 'screening: only the screening endpoints (no list catalog or history reads)',
});
