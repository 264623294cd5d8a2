// Request and response schemas of name screening (v2 and legacy v1), exactly as the spec names the fields.
import { Type } from 'typebox';
import { BULK_SEARCH_TYPES, SEARCH_TYPES } from '../../domain/screening.js';
import { AdditionalCallInfo, stringEnum } from './common.js';

export const Match = Type.Object({
  id: Type.String({ description: '"<list>:<source_uid>", stable across re-ingestion.' }),
  name: Type.String({ description: 'The listed name that matched; resolves through entry details.' }),
  list: Type.String(),
  source_uid: Type.String(),
  match_score: Type.Number({ minimum: 0, maximum: 100 }),
  explanation: Type.Optional(
    Type.Unknown({ description: 'Present only when the request sets explain: true.' }),
  ),
});

export const SearchBody = Type.Object(
  {
    prompt: Type.String({ description: 'Name or entity to search.', maxLength: 512 }),
    search_type: Type.Optional(stringEnum(SEARCH_TYPES, { default: 'fuzzy_search' })),
    additional_call_info: Type.Optional(AdditionalCallInfo),
    explain: Type.Optional(Type.Boolean({ description: 'Extension: attach an explanation to each match.' })),
  },
  { additionalProperties: false },
);

export const SearchResponse = Type.Object({
  'search results': Type.Array(Match),
  api_usage_id: Type.String(),
});

export const BulkSearchBody = Type.Object(
  {
    names: Type.String({ description: 'Names as ONE comma-separated string (not an array).' }),
    search_type: Type.Optional(stringEnum(BULK_SEARCH_TYPES, { default: 'permissive_match' })),
    additional_call_info: Type.Optional(AdditionalCallInfo),
    explain: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const BulkRow = Type.Object({
  row_type: stringEnum(['summary', 'match'] as const),
  search_term: Type.String(),
  total_matches: Type.Optional(Type.Integer()),
  error: Type.Optional(
    Type.String({
      description:
        'Summary rows only, when the name was NOT screened (e.g. "no letters or digits to screen"): total_matches is then 0 but the name is not clear.',
    }),
  ),
  id: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  list: Type.Optional(Type.String()),
  source_uid: Type.Optional(Type.String()),
  match_score: Type.Optional(Type.Number()),
  explanation: Type.Optional(Type.Unknown()),
});

export const BulkSearchResponse = Type.Object({
  param: Type.String({ description: 'Diagnostic; ignorable.' }),
  results: Type.Array(BulkRow),
  api_usage_id: Type.String(),
});

export const V1SearchBody = Type.Object(
  {
    prompt: Type.String({ maxLength: 512 }),
    search_type: Type.Optional(stringEnum(SEARCH_TYPES, { default: 'fuzzy_search' })),
  },
  { additionalProperties: false },
);

export const V1Item = Type.Object({
  search_result: Type.Object({
    match_type: Type.String(),
    name: Type.String(),
    source_lists: Type.Array(Type.String()),
  }),
});

export const V1SearchResponse = Type.Object({ 'search results': Type.Array(V1Item) });

export const V1BulkBody = Type.Object(
  {
    names: Type.String(),
    search_type: Type.Optional(stringEnum(BULK_SEARCH_TYPES, { default: 'permissive_match' })),
  },
  { additionalProperties: false },
);

export const V1BulkResponse = Type.Object({
  'search results': Type.Array(
    Type.Object({
      search_term: Type.String(),
      'search results': Type.Array(V1Item),
      error: Type.Optional(Type.String({ description: 'Set when the name was not screened.' })),
    }),
  ),
});

export const EntryDetailsBody = Type.Object(
  { name: Type.String({ maxLength: 512, description: 'The exact name, as screening returned it.' }) },
  { additionalProperties: false },
);

export const EntryDetailsResponse = Type.Object({
  entryData: Type.Record(Type.String(), Type.Array(Type.Record(Type.String(), Type.Unknown()))),
});
