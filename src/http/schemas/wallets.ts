// Request and response schemas of wallet screening; the descriptions are the OpenAPI reference's text.
import { Type } from 'typebox';
import { MAX_ADDRESS_LENGTH } from '../../wallets/address-formats/not-an-address.js';
import { AdditionalCallInfo, listField } from './common.js';

export const WalletSearchBody = Type.Object(
  {
    address: Type.String({
      description:
        'The address exactly as the source publishes it. It is looked up first: a listed address is reported ' +
        'listed whatever its format. An unlisted address that cannot be an address on any supported chain, or ' +
        'whose checksum fails (EIP-55 mixed case, base58check, bech32/bech32m, CashAddr, XRP, Monero), is a ' +
        '400 naming the problem, e.g. "invalid address: bech32 checksum fails: a typo? (...)". An address of ' +
        'a format we do not validate is looked up exactly. At most 128 characters once trimmed ' +
        '(x-max-trimmed-length; no supported chain has a longer address).',
      'x-max-trimmed-length': MAX_ADDRESS_LENGTH,
    }),
    additional_call_info: Type.Optional(AdditionalCallInfo),
  },
  { additionalProperties: false, examples: [{ address: '0x8589427373D6D84E98730D7795D8f6f8731FDA16' }] },
);

export const BulkWalletSearchBody = Type.Object(
  {
    addresses: listField(
      'Addresses separated by commas or newlines (not an array), at most x-max-items. A bad address does not fail ' +
        'the request: see the result `info` and `summary.invalid`.',
    ),
    additional_call_info: Type.Optional(AdditionalCallInfo),
  },
  {
    additionalProperties: false,
    examples: [
      { addresses: '0x8589427373D6D84E98730D7795D8f6f8731FDA16, bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
    ],
  },
);

const LISTED_EX = {
  address: '0x8589427373D6D84E98730D7795D8f6f8731FDA16',
  listed: true,
  network: 'ETH',
  info: 'ofac_sdn',
  entity_uid: 32514,
  entity: { id: 'ofac_sdn:32514', name: 'TORNADO CASH', list: 'ofac_sdn', source_uid: '32514' },
};
const CLEAR_EX = {
  address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  listed: false,
  network: null,
  info: null,
  entity_uid: null,
  entity: null,
};
const USAGE_ID_EX = '0b7c2a4e-8f1d-4c1e-9a3b-2d5e6f708192';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const WalletResult = Type.Object(
  {
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
      Type.Object(
        { id: Type.String(), name: Type.String(), list: Type.String(), source_uid: Type.String() },
        { title: 'WalletEntity' },
      ),
      Type.Null(),
    ]),
  },
  { title: 'WalletResult' },
);

export const WalletSearchResponse = Type.Object(
  { 'wallet screening result': WalletResult, api_usage_id: Type.String() },
  { examples: [{ 'wallet screening result': LISTED_EX, api_usage_id: USAGE_ID_EX }] },
);

export const BulkWalletSearchResponse = Type.Object(
  {
    results: Type.Array(WalletResult),
    summary: Type.Object({
      screened: Type.Integer({ description: 'Distinct addresses screened: listed + clear + invalid.' }),
      listed: Type.Integer(),
      clear: Type.Integer({
        description: 'Unlisted addresses that are valid (or of a format not validated).',
      }),
      invalid: Type.Integer({
        description:
          'Unlisted addresses that are not valid addresses (their `info` says why); never counted clear.',
      }),
    }),
    api_usage_id: Type.String(),
  },
  {
    examples: [
      {
        results: [LISTED_EX, CLEAR_EX],
        summary: { screened: 2, listed: 1, clear: 1, invalid: 0 },
        api_usage_id: USAGE_ID_EX,
      },
    ],
  },
);
