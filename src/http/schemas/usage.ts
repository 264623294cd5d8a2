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

export const ListVersionRefView = Type.Object(
  {
    slug: Type.String(),
    version_id: Type.String(),
    data_date: Type.Union([Type.String(), Type.Null()], {
      description: "The publisher's data date, if stated.",
    }),
  },
  { title: 'ListVersionRef', description: 'One list version a screening ran against (the index it asked).' },
);

export const ListVersionsView = Type.Union([Type.Array(ListVersionRefView), Type.Null()], {
  description:
    'The list versions a screening call ran against ([] for adverse media, which screens news); null for ' +
    'other calls and for records written before evidence was kept.',
});

export const EngineVersionView = Type.Union([Type.String(), Type.Null()], {
  description: "The matching engine's version a screening call ran on; null as for list_versions.",
});

export const ChainPositionView = Type.Union(
  [
    Type.Object({
      form: Type.String({ description: 'The canonical form hashed, e.g. usage-chain/1.' }),
      seq: Type.Integer({ description: "The batch's place in the chain." }),
      batch_id: Type.String(),
      prev_hash: Type.String({
        description: "SHA-256 (hex) of the batch before, or of retention's checkpoint.",
      }),
      hash: Type.String({ description: 'SHA-256 (hex) over prev_hash, the batch and every record in it.' }),
      record_count: Type.Integer(),
      committed_at: Type.String(),
      batch_intact: Type.Boolean({
        description: "The batch's records, hashed again at this read, equal its hash.",
      }),
    }),
    Type.Null(),
  ],
  {
    title: 'UsageChainPosition',
    description:
      'Where the record sits in the tamper-evident usage chain; null only for a record no batch holds.',
  },
);
