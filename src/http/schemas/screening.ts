// Request and response schemas of name screening (v2 and legacy v1), exactly as the spec names the fields.
import { Type } from 'typebox';
import { QUERY_ENTITY_TYPES } from '../../domain/facts.js';
import { BULK_SEARCH_TYPES, SEARCH_TYPES } from '../../domain/screening.js';
import { AdditionalCallInfo, listField, MAX_ITEMS_KEY, MAX_ITEMS_SETTING, stringEnum } from './common.js';
import { EntryData } from './entry-records.js';

export const Match = Type.Object(
  {
    id: Type.String({ description: '"<list>:<source_uid>", stable across re-ingestion.' }),
    name: Type.String({ description: 'The listed name that matched; resolves through entry details.' }),
    list: Type.String(),
    source_uid: Type.String(),
    match_score: Type.Number({ minimum: 0, maximum: 100 }),
    explanation: Type.Optional(
      Type.Unknown({
        description:
          'Present only when the request sets explain: true. Besides the name scoring, `facts` of the listed ' +
          'entry ({birth_dates, countries, entity_type}: what the qualifiers are checked against) and, when ' +
          'qualifiers were given, `qualifiers` ({name_score, adjustment, checks: [{fact, outcome: match | ' +
          'contradicts | unknown, effect, detail}]}).',
      }),
    ),
  },
  { title: 'Match' },
);

const PENALTIES =
  'A contradicting fact lowers the match score: birth year more than one year from every listed date -25, no ' +
  'listed country in common -15, another kind of party -30 (points on the 0-100 score). A birth_date without an ' +
  'entity_type implies a person (only a natural person has a date of birth): against a listed entity, vessel or ' +
  'aircraft it takes off the -30 of another kind of party. A fact the listing does ' +
  'not publish changes nothing; a matching fact never raises a score. Matches that fall under the search type ' +
  "threshold are left out; with explain, the explanation's `qualifiers` names every check and its effect.";

/** The qualifiers a name may carry (our extension; optional, spec clients are unaffected). */
export const QualifierFields = {
  birth_date: Type.Optional(
    Type.String({
      pattern: '^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$',
      maxLength: 10,
      description: `Extension: date or year of birth of the party screened, YYYY, YYYY-MM or YYYY-MM-DD. ${PENALTIES}`,
      examples: ['1952-10-07'],
    }),
  ),
  country: Type.Optional(
    Type.Union(
      [
        Type.String({ minLength: 1, maxLength: 100 }),
        Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 1, maxItems: 20 }),
      ],
      {
        description:
          'Extension: country or countries of the party (nationality, residence, incorporation): ISO 3166 alpha-2 ' +
          'or alpha-3 codes, English, French, German or Spanish names, or English demonyms ("Iranian"). ' +
          'An unknown country is a 400. ' +
          PENALTIES,
        examples: [['RU', 'Russia']],
      },
    ),
  ),
  entity_type: Type.Optional(
    stringEnum(QUERY_ENTITY_TYPES, {
      description: `Extension: the kind of party screened. ${PENALTIES}`,
    }),
  ),
};

export const SearchBody = Type.Object(
  {
    prompt: Type.String({ description: 'Name or entity to search.', maxLength: 512 }),
    search_type: Type.Optional(stringEnum(SEARCH_TYPES, { default: 'fuzzy_search' })),
    additional_call_info: Type.Optional(AdditionalCallInfo),
    explain: Type.Optional(Type.Boolean({ description: 'Extension: attach an explanation to each match.' })),
    ...QualifierFields,
  },
  {
    additionalProperties: false,
    examples: [
      { prompt: 'Vladimir Putin', search_type: 'fuzzy_search', additional_call_info: { case: 'A-1' } },
      {
        prompt: 'Vladimir Putin',
        search_type: 'standard_match',
        birth_date: '1952-10-07',
        country: 'RU',
        entity_type: 'person',
        explain: true,
      },
    ],
  },
);

export const SearchResponse = Type.Object(
  { 'search results': Type.Array(Match), api_usage_id: Type.String() },
  {
    examples: [
      {
        'search results': [
          {
            id: 'uk_sanctions:RUS0251',
            name: 'PUTIN, Vladimir Vladimirovich',
            list: 'uk_sanctions',
            source_uid: 'RUS0251',
            match_score: 97.5,
          },
        ],
        api_usage_id: '0b7c2a4e-8f1d-4c1e-9a3b-2d5e6f708192',
      },
    ],
  },
);

/** One name of a bulk request with its own qualifiers (the alternative to `names`). */
export const BulkRecord = Type.Object(
  { name: Type.String({ description: 'Name or entity to search.', maxLength: 512 }), ...QualifierFields },
  { title: 'BulkRecord', additionalProperties: false },
);

export const BulkSearchBody = Type.Object(
  {
    names: Type.Optional(
      listField(
        'Names as ONE comma-separated string (not an array): at most x-max-items names of at most 512 characters ' +
          'each. Give either names or records.',
        512,
      ),
    ),
    records: Type.Optional(
      Type.Array(BulkRecord, {
        minItems: 1,
        [MAX_ITEMS_KEY]: MAX_ITEMS_SETTING,
        description:
          'Extension, instead of names: at most x-max-items names, each with its optional birth_date, country and ' +
          'entity_type. Give either names or records, never both (400). The response rows are the same.',
      }),
    ),
    search_type: Type.Optional(stringEnum(BULK_SEARCH_TYPES, { default: 'permissive_match' })),
    additional_call_info: Type.Optional(AdditionalCallInfo),
    explain: Type.Optional(Type.Boolean()),
  },
  {
    additionalProperties: false,
    examples: [
      { names: 'Vladimir Putin, Jane Doe', search_type: 'standard_match' },
      {
        records: [
          { name: 'Vladimir Putin', birth_date: '1952', country: 'RU', entity_type: 'person' },
          { name: 'Jane Doe', country: ['GB', 'IE'] },
        ],
        search_type: 'standard_match',
      },
    ],
  },
);

/** The first row of each submitted name: how many matches follow it, or why it was not screened. */
export const BulkSummaryRow = Type.Object(
  {
    row_type: stringEnum(['summary'] as const),
    search_term: Type.String(),
    total_matches: Type.Integer(),
    error: Type.Optional(
      Type.String({
        description:
          'Set when the name was NOT screened (e.g. "no letters or digits to screen"): total_matches is then 0 but the name is not clear.',
      }),
    ),
  },
  { title: 'BulkSummaryRow' },
);

/** One match of the name of the summary row before it. */
export const BulkMatchRow = Type.Object(
  {
    row_type: stringEnum(['match'] as const),
    search_term: Type.String(),
    ...Match.properties,
  },
  { title: 'BulkMatchRow' },
);

/** A bulk result row: a summary per name, followed by its matches; `row_type` tells them apart. */
export const BulkRow = Type.Union([BulkSummaryRow, BulkMatchRow], {
  title: 'BulkRow',
  discriminator: { propertyName: 'row_type' },
});

export const BulkSearchResponse = Type.Object(
  {
    param: Type.String({ description: 'Diagnostic; ignorable.' }),
    results: Type.Array(BulkRow),
    api_usage_id: Type.String(),
  },
  {
    examples: [
      {
        param: 'standard_match',
        results: [
          { row_type: 'summary', search_term: 'Vladimir Putin', total_matches: 1 },
          {
            row_type: 'match',
            search_term: 'Vladimir Putin',
            ...{
              id: 'uk_sanctions:RUS0251',
              name: 'PUTIN, Vladimir Vladimirovich',
              list: 'uk_sanctions',
              source_uid: 'RUS0251',
              match_score: 97.5,
            },
          },
          { row_type: 'summary', search_term: 'Jane Doe', total_matches: 0 },
        ],
        api_usage_id: '0b7c2a4e-8f1d-4c1e-9a3b-2d5e6f708192',
      },
    ],
  },
);

export const V1SearchBody = Type.Object(
  {
    prompt: Type.String({ maxLength: 512 }),
    search_type: Type.Optional(stringEnum(SEARCH_TYPES, { default: 'fuzzy_search' })),
  },
  { additionalProperties: false, examples: [{ prompt: 'Vladimir Putin', search_type: 'fuzzy_search' }] },
);

export const V1Item = Type.Object(
  {
    search_result: Type.Object({
      match_type: Type.String(),
      name: Type.String(),
      source_lists: Type.Array(Type.String()),
    }),
  },
  { title: 'V1Item' },
);

const V1_ITEM_EX = {
  search_result: {
    match_type: 'fuzzy',
    name: 'PUTIN, Vladimir Vladimirovich',
    source_lists: ['uk_sanctions'],
  },
};

export const V1SearchResponse = Type.Object(
  { 'search results': Type.Array(V1Item) },
  { examples: [{ 'search results': [V1_ITEM_EX] }] },
);

export const V1BulkBody = Type.Object(
  {
    names: listField(
      'Names, comma-separated: at most x-max-items names of at most 512 characters each.',
      512,
    ),
    search_type: Type.Optional(stringEnum(BULK_SEARCH_TYPES, { default: 'permissive_match' })),
  },
  { additionalProperties: false, examples: [{ names: 'Vladimir Putin, Jane Doe' }] },
);

export const V1BulkResponse = Type.Object(
  {
    'search results': Type.Array(
      Type.Object({
        search_term: Type.String(),
        'search results': Type.Array(V1Item),
        error: Type.Optional(Type.String({ description: 'Set when the name was not screened.' })),
      }),
    ),
  },
  {
    examples: [
      {
        'search results': [
          { search_term: 'Vladimir Putin', 'search results': [V1_ITEM_EX] },
          { search_term: 'Jane Doe', 'search results': [] },
        ],
      },
    ],
  },
);

export const EntryDetailsBody = Type.Object(
  { name: Type.String({ maxLength: 512, description: 'The exact name, as screening returned it.' }) },
  { additionalProperties: false, examples: [{ name: 'PUTIN, Vladimir Vladimirovich' }] },
);

export const EntryDetailsResponse = Type.Object(
  { entryData: EntryData },
  {
    examples: [
      {
        entryData: {
          possible_pep: [
            {
              name: 'PUTIN, Vladimir Vladimirovich',
              person: 'Q7747',
              position_qid: 'Q218295',
              start_date: '2012-05-07',
              end_date: null,
            },
          ],
        },
      },
    ],
  },
);
