// Request and response schemas of wallet screening; the descriptions are the OpenAPI reference's text.
import { Type } from 'typebox';
import { AdditionalCallInfo } from './common.js';

export const WalletSearchBody = Type.Object(
  {
    address: Type.String({
      description:
        'The address exactly as the source publishes it. It is looked up first: a listed address is reported ' +
        'listed whatever its format. An unlisted address that cannot be an address on any supported chain, or ' +
        'whose checksum fails (EIP-55 mixed case, base58check, bech32/bech32m, CashAddr, XRP, Monero), is a ' +
        '400 naming the problem, e.g. "invalid address: bech32 checksum fails: a typo? (...)". An address of ' +
        'a format we do not validate is looked up exactly.',
    }),
    additional_call_info: Type.Optional(AdditionalCallInfo),
  },
  { additionalProperties: false },
);

export const BulkWalletSearchBody = Type.Object(
  {
    addresses: Type.String({
      description:
        'Addresses separated by commas or newlines (not an array). A bad address does not fail the request: ' +
        'see the result `info` and `summary.invalid`.',
    }),
    additional_call_info: Type.Optional(AdditionalCallInfo),
  },
  { additionalProperties: false },
);

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const WalletResult = Type.Object({
  address: Type.String({ description: 'The address as sent (trimmed).' }),
  listed: Type.Boolean(),
  network: Nullable(Type.String({ description: 'Chain of the listed address; null when not listed.' })),
  info: Nullable(
    Type.String({
      description:
        'Why it is flagged: a source list slug (`ofac_sdn`) or a free-text reason. Null for a clear address. ' +
        'In bulk results, an unlisted address that is not a valid address has `listed` false and `info` ' +
        '"invalid address: <problem>" (for example "invalid address: EIP-55 checksum fails: a typo? (...)"): ' +
        'it was not screened as clear. A result is clear only when `listed` is false and `info` is null.',
    }),
  ),
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
  summary: Type.Object({
    screened: Type.Integer({ description: 'Distinct addresses screened: listed + clear + invalid.' }),
    listed: Type.Integer(),
    clear: Type.Integer({ description: 'Unlisted addresses that are valid (or of a format not validated).' }),
    invalid: Type.Integer({
      description:
        'Unlisted addresses that are not valid addresses (their `info` says why); never counted clear.',
    }),
  }),
  api_usage_id: Type.String(),
});
