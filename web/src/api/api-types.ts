// The API's shapes as the dashboard reads them, named from the typed client's generated types (packages/client,
// generated from the served OpenAPI document): nothing here is copied by hand, so a route schema change that
// the dashboard does not follow fails its type check.
import type { OkBody, operations, RequestBody, Schemas } from '@screening/client';

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

export type CompareRequest = RequestBody<'compareNames'>;
export type CompareResponse = OkBody<'compareNames'>;

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

export type SubjectView = OkBody<'listSubjects'>['subjects'][number];
export type SubjectInput = RequestBody<'upsertSubjects'>['subjects'][number];
export type SubjectsQuery = NonNullable<operations['listSubjects']['parameters']['query']>;
export type SearchType = NonNullable<SubjectInput['search_type']>;
/** The subject search types, in the order the forms offer them (checked against the API's set). */
export const SEARCH_TYPES = [
  'standard_match',
  'strict_match',
  'permissive_match',
  'fuzzy_search',
] as const satisfies readonly SearchType[];

export type AlertView = OkBody<'listAlerts'>['alerts'][number];
export type AlertStatus = AlertView['status'];
export type AlertsQuery = NonNullable<operations['listAlerts']['parameters']['query']>;
export type AlertDetail = OkBody<'getAlert'>;
export type AlertHistoryLine = AlertDetail['history'][number];
export type DecisionStatus = RequestBody<'decideAlert'>['status'];
/** Every alert status, in the order the inbox sorts and offers them (checked against the API's set). */
export const ALERT_STATUSES = [
  'open',
  'escalated',
  'confirmed',
  'cleared',
  'delisted',
] as const satisfies readonly AlertStatus[];

export type WebhookView = OkBody<'listWebhooks'>['webhooks'][number];
export type CreatedWebhook = OkBody<'createWebhook'>['webhook'];
export type WebhookDelivery = OkBody<'listWebhookDeliveries'>['deliveries'][number];

export type EffectivenessRequest = RequestBody<'measureEffectiveness'>;
export type EffectivenessReport = OkBody<'measureEffectiveness'>;

export type UsageEvidence = OkBody<'getUsageEvidence'>;
export type ListVersionRef = Schemas['ListVersionRef'];
