// Request and response schemas of wallet screening.
import { Type } from 'typebox';
import { AdditionalCallInfo } from './common.js';

export const WalletSearchBody = Type.Object(
  {
    address: Type.String({ description: 'The address exactly as the source publishes it.' }),
    additional_call_info: Type.Optional(AdditionalCallInfo),
  },
  { additionalProperties: false },
);

export const BulkWalletSearchBody = Type.Object(
  {
    addresses: Type.String({ description: 'Addresses separated by commas or newlines (not an array).' }),
    additional_call_info: Type.Optional(AdditionalCallInfo),
  },
  { additionalProperties: false },
);

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const WalletResult = Type.Object({
  address: Type.String(),
  listed: Type.Boolean(),
  network: Nullable(Type.String()),
  info: Nullable(Type.String()),
  entity_uid: Type.Union([Type.Number(), Type.Null()]),
  entity: Type.Union([
    Type.Object({ id: Type.String(), name: Type.String(), list: Type.String(), source_uid: Type.String() }),
    Type.Null(),
  ]),
});

export const WalletSearchResponse = Type.Object({
  'wallet screening result': WalletResult,
  api_usage_id: Type.String(),
});

export const BulkWalletSearchResponse = Type.Object({
  results: Type.Array(WalletResult),
  summary: Type.Object({ screened: Type.Integer(), listed: Type.Integer(), clear: Type.Integer() }),
  api_usage_id: Type.String(),
});
