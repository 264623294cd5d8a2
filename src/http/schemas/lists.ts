// The list catalog row as the API returns it (GET /api/v2/lists and the admin review routes).
import { Type } from 'typebox';

/** The version a list holds for review, with its delta against the serving version. */
export const HeldVersionView = Type.Object(
  {
    id: Type.String(),
    fetched_at: Type.String(),
    data_date: Type.Union([Type.String(), Type.Null()]),
    record_count: Type.Integer(),
    removed: Type.Integer({ description: 'entries of the serving version it no longer has (by source_uid)' }),
    added: Type.Integer(),
    changed: Type.Integer({ description: 'same source_uid, different published record' }),
    reason: Type.String(),
  },
  {
    title: 'HeldVersion',
    description: 'A new version stored but not served until an admin accepts or rejects it',
  },
);

/** A catalog row as the examples show it. */
export const LIST_VIEW_EXAMPLE = {
  slug: 'ofac_sdn',
  title: 'OFAC Specially Designated Nationals',
  publisher: 'US Treasury, Office of Foreign Assets Control (OFAC)',
  legacy: true,
  format: 'XML (sdnList)',
  cadence: 'On each OFAC action',
  status: 'fresh',
  reason: null,
  record_count: 17843,
  data_date: '2025-03-04',
  data_age_days: 1,
  fetched_at: '2025-03-05T06:00:12.000Z',
  last_attempt_at: '2025-03-05T06:00:12.000Z',
  last_success_at: '2025-03-05T06:00:12.000Z',
  last_error: null,
  held_version: null,
  version_id: '0193c4f2-7a10-7c3e-9d41-5b8e2f6a1c07',
  served_version_id: '0193c4f2-7a10-7c3e-9d41-5b8e2f6a1c07',
  facts_coverage: { entries: 17843, birth_date: 5120, country: 12604, entity_type: 17843 },
};

export const FactsCoverage = Type.Object(
  {
    entries: Type.Integer({ minimum: 0, description: 'entries of the serving version' }),
    birth_date: Type.Integer({ minimum: 0, description: 'entries with at least one date or year of birth' }),
    country: Type.Integer({
      minimum: 0,
      description:
        'entries with at least one country (nationality, citizenship, address, incorporation, listing)',
    }),
    entity_type: Type.Integer({
      minimum: 0,
      description: 'entries whose kind of party (person, entity, vessel, aircraft) the list states',
    }),
  },
  {
    title: 'FactsCoverage',
    description:
      'Extension: how many entries carry each fact the qualifiers of a search (birth_date, country, ' +
      'entity_type) are checked against; null until the list is loaded and indexed, and for lists not carried.',
  },
);

export const ListView = Type.Object(
  {
    slug: Type.String(),
    title: Type.String(),
    publisher: Type.String(),
    legacy: Type.Boolean(),
    format: Type.String(),
    cadence: Type.String(),
    status: Type.Union(
      [
        Type.Literal('fresh'),
        Type.Literal('stale'),
        Type.Literal('held_for_review'),
        Type.Literal('failed'),
        Type.Literal('never_loaded'),
        Type.Literal('not_carried'),
      ],
      {
        description:
          'fresh; stale (last refresh failed; previous version serving); held_for_review (a new version removes ' +
          'too many entries and waits for an admin; previous version serving); failed (never loaded, last_error ' +
          'says why); never_loaded (no attempt finished yet); not_carried (registered but left out of this ' +
          'deployment: reason says why, and screening does not wait for it)',
      },
    ),
    reason: Type.Union([Type.String(), Type.Null()], {
      description:
        'why the list is not carried (status not_carried), e.g. a publisher key or file not provided',
    }),
    record_count: Type.Union([Type.Integer(), Type.Null()]),
    data_date: Type.Union([Type.String(), Type.Null()], {
      description: 'the date the publication itself states (YYYY-MM-DD), when it states one',
    }),
    data_age_days: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description:
        'whole days from data_date to now: how old the data is (fetched_at says when it was fetched)',
    }),
    fetched_at: Type.Union([Type.String(), Type.Null()]),
    last_attempt_at: Type.Union([Type.String(), Type.Null()]),
    last_success_at: Type.Union([Type.String(), Type.Null()]),
    last_error: Type.Union([Type.String(), Type.Null()]),
    held_version: Type.Union([HeldVersionView, Type.Null()]),
    version_id: Type.Union([Type.String(), Type.Null()], {
      description:
        'the version current in the store, the one every process of the deployment serves once loaded',
    }),
    served_version_id: Type.Union([Type.String(), Type.Null()], {
      description:
        'the version the process that answered serves; with several processes it equals version_id within about ' +
        'a second of a commit (null: not loaded in this process yet)',
    }),
    facts_coverage: Type.Union([FactsCoverage, Type.Null()]),
  },
  { title: 'ListView' },
);
