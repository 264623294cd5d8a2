// The API's shapes as the dashboard reads them, named from the typed client's generated types (packages/client,
// generated from the served OpenAPI document): nothing here is copied by hand, so a route schema change that
// the dashboard does not follow fails its type check.
import type { OkBody, RequestBody, Schemas } from '@screening/client';

export type Session = Schemas['Session'];
export type Me = Schemas['Me'];
export type ApiKeyView = Schemas['ApiKey'];
export type CreatedKey = Schemas['CreatedApiKey'];

export type BulkSearchType = NonNullable<RequestBody<'bulkSearchNames'>['search_type']>;
/** The bulk match strictness values, in the order the form offers them (checked against the API's set). */
export const BULK_SEARCH_TYPES = [
  'permissive_match',
  'standard_match',
  'strict_match',
] as const satisfies readonly BulkSearchType[];

export type BulkRow = Schemas['BulkRow'];
export type BulkMatchRow = Schemas['BulkMatchRow'];
export type BulkSearchRequest = RequestBody<'bulkSearchNames'>;
export type BulkSearchResponse = OkBody<'bulkSearchNames'>;

export type WalletEntity = Schemas['WalletEntity'];
export type WalletResult = Schemas['WalletResult'];
export type BulkWalletResponse = OkBody<'bulkSearchWallets'>;

export type Assessment = Schemas['Assessment'];
export type Article = Schemas['Article'];
export type RiskBlock = Schemas['RiskBlock'];
export type AdverseMediaRequest = RequestBody<'searchAdverseMedia'>;
export type AdverseMediaResponse = OkBody<'searchAdverseMedia'>;

export type EntryDetailsResponse = OkBody<'getEntryDetails'>;
/** One published record of any list (each list's own shape is in `Schemas['<List>Record']`). */
export type EntryRecord = Readonly<Record<string, unknown>>;

export type UsageRecord = Schemas['UsageRecord'];
export type UsageOutcome = NonNullable<Schemas['UsageOutcome']>;
export type UsageOutcomeKind = UsageOutcome['kind'];
export type UsageSubject = NonNullable<Schemas['UsageSubject']>;
export type UsagePage = OkBody<'listUsage'>;

export type ListView = Schemas['ListView'];

export type UsageEvidence = OkBody<'getUsageEvidence'>;
export type ListVersionRef = Schemas['ListVersionRef'];
